/** fast-check (docs/rules.md#leads): look a mobile up before adding a lead; shows who owns an existing lead. */
import React, { useState } from 'react';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fastCheckMobile } from '@/services/customer';
import type { FastCheckResult } from '@/types/customer';
import { StatusTag } from '@/components/customer/labels';

/** What fast-check found, as a message (used by the standalone lookup and by add-customer). */
export function FastCheckAlert({ result, mobile }: { result: FastCheckResult; mobile: string }) {
  const { t } = useIntl();
  if (!result.exists || !result.lead) {
    return <Alert type="success" showIcon message={t('cu.fast.free', { mobile })} />;
  }
  const l = result.lead;
  const who = l.inPool ? t('cu.fast.inPool') : l.mine ? t('cu.fast.mine') : t('cu.fast.ownedBy', { owner: l.ownerName ?? '' });
  return (
    <Alert
      type={l.mine ? 'info' : 'warning'}
      showIcon
      data-testid="fast-check-result"
      message={t('cu.fast.exists', { mobile, name: l.name })}
      description={
        <Space wrap>
          <span>{who}</span>
          <StatusTag status={l.status} />
          <span>{t('cu.fast.createdAt', { date: l.createdAt.slice(0, 10) })}</span>
          {l.inPool && <Link to="/lead">{t('cu.fast.goPool')}</Link>}
        </Space>
      }
    />
  );
}

export default function FastCheck() {
  const { t } = useIntl();
  const [open, setOpen] = useState(false);
  const [mobile, setMobile] = useState('');
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<{ mobile: string; res: FastCheckResult }>();
  const valid = /^1\d{10}$/.test(mobile);
  const check = async () => {
    if (!valid) return;
    setLoading(true);
    try {
      setResult({ mobile, res: await fastCheckMobile(mobile) });
    } catch {
      /* shown by the request layer */
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button icon={<SearchOutlined />} onClick={() => setOpen(true)}>
        {t('cu.fast.title')}
      </Button>
      <Modal open={open} title={t('cu.fast.title')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.Search
            aria-label={t('cu.field.mobile')}
            placeholder={t('cu.field.mobile.placeholder')}
            value={mobile}
            maxLength={11}
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
            enterButton={t('cu.fast.check')}
            loading={loading}
            onSearch={check}
            status={mobile && !valid ? 'error' : undefined}
          />
          {mobile && !valid && <span style={{ color: '#ff4d4f' }}>{t('cu.field.mobile.invalid')}</span>}
          {result && <FastCheckAlert result={result.res} mobile={result.mobile} />}
        </Space>
      </Modal>
    </>
  );
}
