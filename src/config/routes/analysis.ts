import type { RouteMeta } from './types';

/** Analysis (issue 15, docs/screens.md#analysis): KPIs, cards, records and staff over a range, with drill-downs to the lists. */
export const analysisRoutes: RouteMeta[] = [
  { path: '/analyze/core', title: 'menu.analyzeCore', access: 'dataAnalysis', menu: 'dataAnalysis', icon: 'LineChartOutlined' },
  { path: '/analyze/card', title: 'menu.analyzeCard', access: 'dataAnalysis', menu: 'dataAnalysis', icon: 'CreditCardOutlined', list: false },
  { path: '/analyze/record', title: 'menu.analyzeRecord', access: 'dataAnalysis', menu: 'dataAnalysis', icon: 'HistoryOutlined' },
  { path: '/analyze/staff', title: 'menu.analyzeStaff', access: 'dataAnalysis', menu: 'dataAnalysis', icon: 'TeamOutlined' },
];
