import React from 'react';
import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'umi';
import { useIntl } from '@/locales/useIntl';

/** Target of redirect-type errors (docs/screens.md#routes-and-shell, docs/api.md#error-catalogue). The message is shown as text, never as HTML. */
export default function ExceptionPage() {
  const { t } = useIntl();
  const [params] = useSearchParams();
  const msg = params.get('msg');
  return (
    <Result
      status="error"
      title={t('exception.title')}
      subTitle={msg ? msg.slice(0, 300) : t('request.fallback')}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('exception.backHome')}</Button>
        </Link>
      }
    />
  );
}
