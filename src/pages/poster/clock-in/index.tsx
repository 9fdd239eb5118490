/** /poster/clock-in (docs/rules.md#posters): a student's clock-in poster: name, class, attended lessons, company, QR. */
import React, { useState } from 'react';
import { Form, Input } from 'antd';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchClockIn } from '@/services/notice';
import { StudentPicker } from '@/components/Teaching';
import PosterStudio from '@/components/Poster/PosterStudio';
import { useQrTargets } from '@/components/Poster/useQrTargets';
import QrTargetField from '@/components/Poster/QrTargetField';
import { brandHeader, qrFooter, type PosterTemplate } from '@/components/Poster/draw';

export default function ClockInPoster() {
  const { t } = useIntl();
  const { info, targets, qrValue, setQr } = useQrTargets();
  const [studentId, setStudentId] = useState<number>();
  const [slogan, setSlogan] = useState('');
  const loaded = useRequest(() => fetchClockIn(studentId!), { ready: !!studentId, refreshDeps: [studentId] }).data;
  // A cleared choice draws (and downloads) nothing of the student chosen before.
  const data = studentId ? loaded : undefined;
  const text = slogan || t('poster.clockIn.defaultSlogan');
  const build = ({ qr: qrCanvas, logo }: { qr?: HTMLCanvasElement; logo?: HTMLImageElement }): PosterTemplate => ({
    background: ['#7b2ff7', '#f107a3'],
    elements: [
      ...brandHeader(info?.companyName ?? '', logo),
      { kind: 'text', text: t('poster.clockIn.heading'), x: 24, y: 110, width: 327, height: 60, maxSize: 44, color: '#ffffff', weight: 'bold', align: 'center' },
      { kind: 'text', text: data?.studentName ?? t('poster.clockIn.pickStudent'), x: 24, y: 190, width: 327, height: 56, maxSize: 40, color: '#fff7cc', weight: 'bold', align: 'center' },
      { kind: 'text', text: data ? data.className : '', x: 24, y: 252, width: 327, height: 30, maxSize: 20, color: '#ffffff', align: 'center' },
      { kind: 'text', text: data ? t('poster.clockIn.attended', { n: data.attended }) : '', x: 24, y: 292, width: 327, height: 48, maxSize: 30, color: '#ffffff', weight: 'bold', align: 'center' },
      { kind: 'text', text, x: 32, y: 356, width: 311, height: 70, maxSize: 20, color: '#ffffff', align: 'center' },
      ...qrFooter(qrCanvas, t('poster.scan'), info?.campuses[0] ? `${info.campuses[0].name} · ${info.campuses[0].address}` : ''),
    ],
  });
  return (
    <PosterStudio
      build={build}
      qrValue={qrValue}
      fileName={`clock-in-${data?.studentName ?? 'poster'}.png`}
      deps={[data, slogan, info, t]}
      logoUrl={info?.companyLogo}
      notReady={data ? undefined : t('poster.pickStudentFirst')}
    >
      <Form layout="vertical">
        <Form.Item label={t('hw.student')} htmlFor="poster-student">
          <StudentPicker id="poster-student" value={studentId} onChange={setStudentId} />
        </Form.Item>
        <Form.Item label={t('poster.slogan')} htmlFor="poster-slogan">
          <Input.TextArea id="poster-slogan" maxLength={80} showCount value={slogan} placeholder={t('poster.clockIn.defaultSlogan')} onChange={(e) => setSlogan(e.target.value)} />
        </Form.Item>
        <QrTargetField value={qrValue} targets={targets} onChange={setQr} />
      </Form>
    </PosterStudio>
  );
}
