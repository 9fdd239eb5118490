/**
 * Dashboard widget: students running low (≤ company threshold hours over all their usable cards) or whose cards end
 * within the reminder days (`renewalState`, the student list's and the notice segments' rule), with their cards.
 */
import React from 'react';
import { Card, List, Skeleton, Space, Tag } from 'antd';
import { useRequest } from 'ahooks';
import { Link } from 'umi';
import { useIntl } from '@/locales/useIntl';
import { fetchRenewRemind } from '@/services/school';
import { formatHours } from '@/utils/format';

export default function RenewAlerts() {
  const { t } = useIntl();
  const low = useRequest(() => fetchRenewRemind({ pageSize: 5, reason: 'low', sortField: 'remainingHours', sortOrder: 'ascend' }));
  const expiring = useRequest(() => fetchRenewRemind({ pageSize: 1, reason: 'expiring' }));
  return (
    <Card
      title={t('widget.renew.title')}
      extra={<Link to="/student/list?tab=class-card-list">{t('widget.renew.all')}</Link>}
      data-testid="widget-renew"
    >
      {!low.data || !expiring.data ? (
        <Skeleton active />
      ) : (
        <>
          <Space size={24} style={{ marginBottom: 12 }}>
            <Link to="/student/list?tab=class-card-list&renew=low" data-testid="renew-low-link">
              {t('widget.renew.low', { n: low.data.students, hours: low.data.threshold })}
            </Link>
            <Link to="/student/list?tab=class-card-list&renew=expiring" data-testid="renew-expiring-link">
              {t('widget.renew.expiring', { n: expiring.data.students, days: expiring.data.days })}
            </Link>
          </Space>
          <List
            size="small"
            dataSource={low.data.list}
            renderItem={(c) => (
              <List.Item>
                <span>
                  {c.studentName} · {c.templateName}
                </span>
                <Tag color="orange">{t('widget.renew.left', { hours: formatHours(c.remainingHours) })}</Tag>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
