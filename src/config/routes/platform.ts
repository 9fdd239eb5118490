import type { RouteMeta } from './types';

/** Platform administration (issue 14; docs/screens.md#platform): admin, service and operation. */
export const platformRoutes: RouteMeta[] = [
  { path: '/Admin', title: 'menu.platformAdmin', access: 'isPlatform', menu: 'platform', icon: 'DashboardOutlined' },
  { path: '/company', title: 'menu.company', access: 'isPlatform', menu: 'platform', icon: 'BankOutlined' },
  { path: '/package', title: 'menu.package', access: 'isPlatform', menu: 'platform', icon: 'GiftOutlined' },
  { path: '/admin-order', title: 'menu.adminOrder', access: 'isPlatform', menu: 'platform', icon: 'ShoppingOutlined' },
  { path: '/admin-settlement', title: 'menu.adminSettlement', access: 'isPlatform', menu: 'platform', icon: 'AccountBookOutlined' },
  { path: '/admin-student-order', title: 'menu.adminStudentOrder', access: 'isPlatform', menu: 'platform', icon: 'CreditCardOutlined' },
  { path: '/account/user', title: 'menu.accountUser', access: 'isPlatform', menu: 'platform', icon: 'UserOutlined' },
  { path: '/operate', title: 'menu.operate', access: 'auditLog', menu: 'platform', icon: 'HistoryOutlined' },
  { path: '/cool', title: 'menu.cool', access: 'isPlatform', menu: 'platform', icon: 'SettingOutlined' },
  { path: '/cool/system', title: 'menu.coolSystem', access: 'isPlatform', menu: 'platform', icon: 'ProfileOutlined' },
];
