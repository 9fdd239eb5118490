/** Dashboard widget (docs/screens.md#shell): the caller's follow-ups due today and overdue, from the same lead list. */
import React from 'react';
import { Card, List, Space, Tag, Typography } from 'antd';
import { Link } from 'umi';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchLeads } from '@/services/customer';
import { formatMobile, StatusTag } from '@/components/customer/labels';

export default function FollowUpsDue() {
  const { t } = useIntl();
  const today = useRequest(() => fetchLeads({ due: 'today', pageSize: 5, sortField: 'intention', sortOrder: 'ascend' }));
  const overdue = useRequest(() => fetchLeads({ due: 'overdue', pageSize: 1 }));
  return (
    <Card
      title={t('cu.widget.title')}
      loading={today.loading && !today.data}
      extra={
        <Space>
          <Link to="/customer?due=today">{t('cu.widget.today', { n: today.data?.total ?? 0 })}</Link>
          <Link to="/customer?due=overdue">
            <Tag color="red">{t('cu.widget.overdue', { n: overdue.data?.total ?? 0 })}</Tag>
          </Link>
        </Space>
      }
    >
      <List
        size="small"
        dataSource={today.data?.list ?? []}
        locale={{ emptyText: t('cu.widget.none') }}
        renderItem={(l) => (
          <List.Item>
            <Space>
              <Typography.Text strong>{l.name}</Typography.Text>
              <Typography.Text type="secondary">{formatMobile(l.mobile)}</Typography.Text>
              <StatusTag status={l.status} />
              <Tag>{l.intention}</Tag>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
