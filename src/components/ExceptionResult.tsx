/** The error pages (403, 404): the code, what happened, and the way back to the dashboard. */
import React from 'react';
import { Button, Result } from 'antd';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';

export default function ExceptionResult({ status }: { status: '403' | '404' }) {
  const { t } = useIntl();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`exception.${status}`)}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('exception.backHome')}</Button>
        </Link>
      }
    />
  );
}
