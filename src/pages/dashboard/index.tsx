/** /dashboard (workbench, docs/screens.md#shell): subscription, month calendar, and the domains' widgets. */
import React, { Suspense, useState } from 'react';
import { Card, Col, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRequest } from 'ahooks';
import { fetchLessonCalendar } from '@/services/schedule';
import { useIntl } from '@/locales/useIntl';
import { useAppAccess, useSession } from '@/hooks/useSession';
import MonthCalendar from '@/components/MonthCalendar';
import CampusExpiryNotice from '@/components/CampusExpiryNotice';
import { ROLE_LABEL_KEYS } from '@/utils/constants';
import { expiryState } from '@/utils/expiry';
import { DASHBOARD_WIDGETS, WIDGET_HEIGHT } from './components/widgets';
import ParentDashboard from '@/components/parent/ParentDashboard';
import styles from './index.less';

export default function Dashboard() {
  const { t } = useIntl();
  const { currentUser } = useSession();
  const access = useAppAccess();
  const today = dayjs().format('YYYY-MM-DD');
  const [month, setMonth] = useState(today.slice(0, 7));
  const { data: counts } = useRequest(() => fetchLessonCalendar(month), { refreshDeps: [month], ready: !!currentUser && access.staging && !access.isPlatform && !access.isCustomer });
  if (!currentUser) return null;
  // A parent (customer role) sees their children, not the school's subscription or calendar (issue 31).
  if (access.isCustomer) {
    return (
      <div style={{ padding: 24 }}>
        <Typography.Title level={3}>{t('dashboard.hello', { name: currentUser.name })}</Typography.Title>
        <ParentDashboard />
      </div>
    );
  }
  const state = expiryState(currentUser.company.day, currentUser.role);
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={3}>{t('dashboard.hello', { name: currentUser.name })}</Typography.Title>
      {access.campusManagement && <CampusExpiryNotice />}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.company')} value={currentUser.company.name} />
            <Tag color="cyan" style={{ marginTop: 8 }}>
              {t(ROLE_LABEL_KEYS[currentUser.role])}
            </Tag>
          </Card>
        </Col>
        {!access.isPlatform && (
          <Col xs={24} md={8}>
            <Card>
              <Statistic
                title={t('dashboard.daysLeft')}
                value={currentUser.company.day}
                suffix={t('dashboard.days')}
                valueStyle={{ color: state === 'ok' ? undefined : '#cf1322' }}
              />
            </Card>
          </Col>
        )}
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.today')} value={today} />
          </Card>
        </Col>
        {DASHBOARD_WIDGETS.filter((w) => access[w.access]).map((w) => (
          <Col key={w.key} xs={24} lg={w.span}>
            <div className={styles.slot} style={{ height: w.height ?? WIDGET_HEIGHT }}>
              <Suspense fallback={<Card><Skeleton active /></Card>}>
                <w.component />
              </Suspense>
            </div>
          </Col>
        ))}
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.calendar')}>
            <MonthCalendar month={today.slice(0, 7)} today={today} counts={counts} countLabel={t('schedule.table.lessons')} onMonthChange={setMonth} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
