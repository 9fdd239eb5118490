import type { RouteMeta } from './types';

/** The shell's own pages. /404 is also what unknown paths show (src/pages/404). */
export const foundationRoutes: RouteMeta[] = [
  { path: '/404', title: 'menu.notFound' },
  { path: '/dashboard', title: 'menu.dashboard', access: 'staging', menu: 'staging', icon: 'DashboardOutlined' },
  { path: '/user/setting', title: 'menu.userSetting', access: 'loggedIn' },
  { path: '/campus/order', title: 'menu.campusOrder', access: 'subscription', menu: 'campusManagement', icon: 'ShoppingOutlined', list: true },
  { path: '/renew', title: 'menu.renew', access: 'subscription', menu: 'campusManagement', icon: 'FieldTimeOutlined' },
];
