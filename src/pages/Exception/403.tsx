import React from 'react';
import { Button, Result } from 'antd';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';

/** Shown when the user opens a route they lack access to (SPEC §2). */
export default function Forbidden() {
  const { t } = useIntl();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('exception.403')}
      extra={
        <Link to="/dashboard">
          <Button type="primary">{t('exception.backHome')}</Button>
        </Link>
      }
    />
  );
}
