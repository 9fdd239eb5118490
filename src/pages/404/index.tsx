import React from 'react';
import { Button, Result } from 'antd';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';

export default function NotFound() {
  const { t } = useIntl();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('exception.404')}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('exception.backHome')}</Button>
        </Link>
      }
    />
  );
}
