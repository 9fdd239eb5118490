import type { RouteMeta } from './types';

/** Analysis (issue 15, PRODUCT.md §6.10): KPIs, cards, records and staff over a range, with drill-downs to the lists. */
export const analysisRoutes: RouteMeta[] = [
  { path: '/analyze/core', component: './Analyze/Core', title: 'menu.analyzeCore', access: 'dataAnalysis', menu: 'dataAnalysis', icon: 'LineChartOutlined' },
  { path: '/analyze/card', component: './Analyze/Card', title: 'menu.analyzeCard', access: 'dataAnalysis', menu: 'dataAnalysis', icon: 'CreditCardOutlined', list: false },
  { path: '/analyze/record', component: './Analyze/Record', title: 'menu.analyzeRecord', access: 'dataAnalysis', menu: 'dataAnalysis', icon: 'HistoryOutlined' },
  { path: '/analyze/staff', component: './Analyze/Staff', title: 'menu.analyzeStaff', access: 'dataAnalysis', menu: 'dataAnalysis', icon: 'TeamOutlined' },
];
