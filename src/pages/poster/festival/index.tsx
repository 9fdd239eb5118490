/** /poster/festival (docs/rules.md#posters): a poster for one of the upcoming festivals and solar terms (calendar helper). */
import React, { useMemo, useState } from 'react';
import { Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useIntl } from '@/locales/useIntl';
import { festivalLabelKey, solarTermLabelKey, upcomingFestivals } from '@/utils/calendar';
import PosterStudio from '@/components/Poster/PosterStudio';
import { useQrTargets } from '@/components/Poster/useQrTargets';
import QrTargetField from '@/components/Poster/QrTargetField';
import { brandHeader, qrFooter, type PosterTemplate } from '@/components/Poster/draw';

export default function FestivalPoster() {
  const { t } = useIntl();
  const { info, targets, qrValue, setQr } = useQrTargets();
  const days = useMemo(() => upcomingFestivals(dayjs().format('YYYY-MM-DD'), 12), []);
  const options = days.map((d) => {
    const name = d.festival ? t(festivalLabelKey(d.festival)) : d.solarTerm ? t(solarTermLabelKey(d.solarTerm)) : '';
    return { value: d.date, label: `${name} · ${d.date}`, name };
  });
  const [date, setDate] = useState<string>();
  const [text, setText] = useState('');
  const chosen = options.find((o) => o.value === date) ?? options[0];
  const body = text || t('poster.festival.defaultText', { name: chosen?.name ?? '' });
  const build = ({ qr: qrCanvas, logo }: { qr?: HTMLCanvasElement; logo?: HTMLImageElement }): PosterTemplate => ({
    background: ['#b91c1c', '#f59e0b'],
    elements: [
      ...brandHeader(info?.companyName ?? '', logo),
      { kind: 'text', text: chosen?.name ?? '', x: 24, y: 120, width: 327, height: 90, maxSize: 64, color: '#fff7cc', weight: 'bold', align: 'center' },
      { kind: 'text', text: chosen?.value ?? '', x: 24, y: 216, width: 327, height: 30, maxSize: 20, color: '#ffffff', align: 'center' },
      { kind: 'text', text: body, x: 36, y: 270, width: 303, height: 150, maxSize: 24, color: '#ffffff', align: 'center' },
      ...qrFooter(qrCanvas, t('poster.scan'), info?.campuses.map((c) => c.name).join(' · ') ?? ''),
    ],
  });
  return (
    <PosterStudio build={build} qrValue={qrValue} fileName={`festival-${chosen?.value ?? 'poster'}.png`} deps={[chosen?.value, text, info, t]} logoUrl={info?.companyLogo}>
      <Form layout="vertical">
        <Form.Item label={t('poster.festival.pick')} htmlFor="poster-festival">
          <Select id="poster-festival" style={{ width: 280 }} value={chosen?.value} options={options.map(({ value, label }) => ({ value, label }))} onChange={setDate} />
        </Form.Item>
        <Form.Item label={t('poster.text')} htmlFor="poster-text">
          <Input.TextArea id="poster-text" maxLength={200} showCount rows={4} value={text} placeholder={t('poster.festival.defaultText', { name: chosen?.name ?? '' })} onChange={(e) => setText(e.target.value)} />
        </Form.Item>
        <QrTargetField value={qrValue} targets={targets} onChange={setQr} />
      </Form>
    </PosterStudio>
  );
}
