/** /poster/co_branded_poster (docs/rules.md#posters): the company and a partner merchant together, with a text and a QR. */
import React, { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useIntl } from '@/locales/useIntl';
import PosterStudio from '@/components/Poster/PosterStudio';
import { useQrTargets } from '@/components/Poster/useQrTargets';
import QrTargetField from '@/components/Poster/QrTargetField';
import { qrFooter, type PosterTemplate } from '@/components/Poster/draw';

export default function CoBrandedPoster() {
  const { t } = useIntl();
  const { info, targets, qrValue, setQr } = useQrTargets();
  const [merchantId, setMerchantId] = useState<number>();
  const [text, setText] = useState('');
  const merchant = info?.merchants.find((m) => m.id === merchantId) ?? info?.merchants[0];
  const body = text || t('poster.coBranded.defaultText');
  // Top row: the company's logo × the partner's logo (issue 31); either one missing: its name in text instead.
  const build = ({ qr: qrCanvas, logo, partnerLogo }: { qr?: HTMLCanvasElement; logo?: HTMLImageElement; partnerLogo?: HTMLImageElement }): PosterTemplate => ({
    background: ['#0f766e', '#134e4a'],
    elements: [
      logo
        ? { kind: 'image', id: 'companyLogo', source: logo, x: 60, y: 48, width: 56, height: 56, card: true }
        : { kind: 'text', id: 'companyBrand', text: info?.companyName ?? '', x: 24, y: 48, width: 130, height: 60, maxSize: 22, color: '#ffffff', weight: 'bold', align: 'center' },
      { kind: 'text', text: '×', x: 160, y: 56, width: 56, height: 44, maxSize: 36, color: '#ffffff', weight: 'bold', align: 'center' },
      partnerLogo
        ? { kind: 'image', id: 'partnerLogo', source: partnerLogo, x: 259, y: 48, width: 56, height: 56, card: true }
        : { kind: 'text', id: 'partnerName', text: merchant?.name ?? '', x: 222, y: 48, width: 129, height: 60, maxSize: 22, color: '#ffffff', weight: 'bold', align: 'center' },
      { kind: 'text', id: 'companyName', text: info?.companyName ?? '', x: 24, y: 136, width: 327, height: 44, maxSize: 30, color: '#ffffff', weight: 'bold', align: 'center' },
      { kind: 'text', id: 'partnerWith', text: t('poster.coBranded.with', { name: merchant?.name ?? '' }), x: 24, y: 186, width: 327, height: 48, maxSize: 18, color: '#ccfbf1', align: 'center' },
      { kind: 'text', text: body, x: 36, y: 244, width: 303, height: 176, maxSize: 26, color: '#ffffff', align: 'center' },
      ...qrFooter(qrCanvas, t('poster.scan'), info?.campuses[0] ? `${info.campuses[0].address} · ${info.campuses[0].phone}` : ''),
    ],
  });
  return (
    <PosterStudio build={build} qrValue={qrValue} fileName={`co-branded-${merchant?.name ?? 'poster'}.png`} deps={[merchant, text, info, t]} logoUrl={info?.companyLogo} partnerLogoUrl={merchant?.logo}>
      <Form layout="vertical">
        <Form.Item label={t('poster.merchant')} htmlFor="poster-merchant">
          <Select id="poster-merchant" style={{ width: 280 }} value={merchant?.id} options={(info?.merchants ?? []).map((m) => ({ value: m.id, label: `${m.name} · ${m.category}` }))} onChange={setMerchantId} />
        </Form.Item>
        <Form.Item label={t('poster.text')} htmlFor="poster-text">
          <Input.TextArea id="poster-text" maxLength={200} showCount rows={4} value={text} placeholder={t('poster.coBranded.defaultText')} onChange={(e) => setText(e.target.value)} />
        </Form.Item>
        <QrTargetField value={qrValue} targets={targets} onChange={setQr} />
      </Form>
    </PosterStudio>
  );
}
