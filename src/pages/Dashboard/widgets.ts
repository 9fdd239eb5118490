/**
 * Dashboard widgets contributed by the domains (PRODUCT.md §6.1). Each domain adds its lazily loaded widget here;
 * the dashboard shows those whose access key the user has.
 */
import React from 'react';
import type { AccessKey } from '@/access';

export interface DashboardWidget {
  key: string;
  access: AccessKey;
  /** Grid width out of 24. */
  span: number;
  component: React.LazyExoticComponent<React.ComponentType>;
}

export const DASHBOARD_WIDGETS: DashboardWidget[] = [
  { key: 'renewAlerts', access: 'studentManagement', span: 12, component: React.lazy(() => import('@/pages/School/Widgets/RenewAlerts')) },
  { key: 'todayLessons', access: 'scheduleManagement', span: 12, component: React.lazy(() => import('@/pages/Schedule/Widgets/TodayLessons')) },
  { key: 'scheduleTodo', access: 'scheduleManagement', span: 12, component: React.lazy(() => import('@/pages/Schedule/Widgets/ScheduleTodo')) },
  { key: 'followUpsDue', access: 'customerCenter', span: 12, component: React.lazy(() => import('@/pages/Customer/Widgets/FollowUpsDue')) },
];
