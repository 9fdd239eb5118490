/**
 * Dashboard widgets contributed by the domains (docs/screens.md#shell). Each domain adds its widget here; the dashboard
 * shows those whose access key the user has.
 * Fast first screen (issue 10): widgets are imported with `webpackMode: "eager"` so that their code is part of the
 * dashboard's route chunk (preloaded with the HTML, all widgets render and fetch in parallel at once), and each
 * widget gets a slot of fixed height (`height`, default WIDGET_HEIGHT; its card body scrolls) so that nothing
 * shifts while they arrive (CLS < 0.02). Heavy libraries (charts) stay behind the widget's own dynamic import().
 */
import React from 'react';
import type { AccessKey } from '@/access';
import { eagerLazy } from '@/utils/eagerLazy';

export interface DashboardWidget {
  key: string;
  access: AccessKey;
  /** Grid width out of 24. */
  span: number;
  /** Height of the widget's slot in px (default WIDGET_HEIGHT). */
  height?: number;
  component: React.ComponentType;
}

export const WIDGET_HEIGHT = 400;

export const DASHBOARD_WIDGETS: DashboardWidget[] = [
  { key: 'renewAlerts', access: 'studentManagement', span: 12, component: eagerLazy(() => import(/* webpackMode: "eager" */ '@/components/widgets/RenewAlerts')) },
  { key: 'todayLessons', access: 'scheduleManagement', span: 12, component: eagerLazy(() => import(/* webpackMode: "eager" */ '@/components/widgets/TodayLessons')) },
  { key: 'scheduleTodo', access: 'scheduleManagement', span: 12, component: eagerLazy(() => import(/* webpackMode: "eager" */ '@/components/widgets/ScheduleTodo')) },
  { key: 'followUpsDue', access: 'customerCenter', span: 12, component: eagerLazy(() => import(/* webpackMode: "eager" */ '@/components/widgets/FollowUpsDue')) },
  { key: 'arrears', access: 'studentManagement', span: 12, height: 200, component: eagerLazy(() => import(/* webpackMode: "eager" */ '@/components/widgets/Arrears')) },
  { key: 'monthKpis', access: 'dataAnalysis', span: 12, component: eagerLazy(() => import(/* webpackMode: "eager" */ '@/components/widgets/MonthKpis')) },
];
