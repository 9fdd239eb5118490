/** Dashboard warning: branch campuses expired or expiring within 30 days (docs/rules.md#campuses-and-online-sales), with a link to renew. */
import React from 'react';
import { Alert } from 'antd';
import { Link } from 'umi';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchExpiringCampuses } from '@/services/campus';

export default function CampusExpiryNotice() {
  const { t } = useIntl();
  const { data } = useRequest(fetchExpiringCampuses);
  if (!data?.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={data.map((c) => (c.day <= 0 ? t('campusList.expiredNotice', { name: c.name }) : t('campusList.expiringNotice', { name: c.name, n: c.day, date: c.validUntil }))).join(' ')}
      action={<Link to="/campus/list">{t('campusList.renewLink')}</Link>}
    />
  );
}
