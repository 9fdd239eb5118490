/** A poster form's QR field: which of the `useQrTargets` targets the poster's QR code points at. */
import React from 'react';
import { Form, Select } from 'antd';
import { useIntl } from '@/locales/useIntl';

export default function QrTargetField({ value, targets, onChange }: { value: string; targets: { value: string; label: string }[]; onChange: (v: string) => void }) {
  const { t } = useIntl();
  return (
    <Form.Item label={t('poster.qr')} htmlFor="poster-qr">
      <Select id="poster-qr" style={{ width: 280 }} value={value} options={targets} onChange={onChange} />
    </Form.Item>
  );
}
