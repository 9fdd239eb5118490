/**
 * Dashboard widget: open arrears (docs/rules.md#arrears), lessons attended without usable hours, their count and value at
 * standard prices, linking to the arrears view of /student/list.
 */
import React from 'react';
import { Card, Skeleton, Space, Statistic } from 'antd';
import { useRequest } from 'ahooks';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchArrearsSummary } from '@/services/arrears';
import { formatHours, formatMoney } from '@/utils/format';

export const ARREARS_LINK = '/student/list?tab=arrears&status=open';

export default function ArrearsWidget() {
  const { t } = useIntl();
  const { data } = useRequest(() => fetchArrearsSummary());
  return (
    <Card title={t('widget.arrears.title')} extra={<Link to={ARREARS_LINK}>{t('widget.arrears.all')}</Link>} data-testid="widget-arrears">
      {!data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Link to={ARREARS_LINK} data-testid="arrears-count-link">
          <Space size={32} align="start">
            <Statistic title={t('widget.arrears.open')} value={data.open} valueStyle={data.open ? { color: '#cf1322' } : undefined} />
            <Statistic title={t('widget.arrears.hours')} value={formatHours(data.hours)} />
            <Statistic title={t('widget.arrears.value')} value={formatMoney(data.value)} />
          </Space>
        </Link>
      )}
    </Card>
  );
}
