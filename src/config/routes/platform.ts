import type { RouteMeta } from './types';

/** Platform administration (issue 14; PRODUCT.md §6.9): admin, service and operation. */
export const platformRoutes: RouteMeta[] = [
  { path: '/Admin', component: './Platform/Admin', title: 'menu.platformAdmin', access: 'isPlatform', menu: 'platform', icon: 'DashboardOutlined' },
  { path: '/company', component: './Platform/Company', title: 'menu.company', access: 'isPlatform', menu: 'platform', icon: 'BankOutlined' },
  { path: '/package', component: './Platform/Package', title: 'menu.package', access: 'isPlatform', menu: 'platform', icon: 'GiftOutlined' },
  { path: '/admin-order', component: './Platform/AdminOrder', title: 'menu.adminOrder', access: 'isPlatform', menu: 'platform', icon: 'ShoppingOutlined' },
  { path: '/admin-settlement', component: './Platform/AdminSettlement', title: 'menu.adminSettlement', access: 'isPlatform', menu: 'platform', icon: 'AccountBookOutlined' },
  { path: '/admin-student-order', component: './Platform/AdminStudentOrder', title: 'menu.adminStudentOrder', access: 'isPlatform', menu: 'platform', icon: 'CreditCardOutlined' },
  { path: '/account/user', component: './Platform/AccountUser', title: 'menu.accountUser', access: 'isPlatform', menu: 'platform', icon: 'UserOutlined' },
  { path: '/operate', component: './Platform/Operate', title: 'menu.operate', access: 'auditLog', menu: 'platform', icon: 'HistoryOutlined' },
  { path: '/cool', component: './Platform/Cool', title: 'menu.cool', access: 'isPlatform', menu: 'platform', icon: 'SettingOutlined' },
  { path: '/cool/system', component: './Platform/CoolSystem', title: 'menu.coolSystem', access: 'isPlatform', menu: 'platform', icon: 'ProfileOutlined' },
];
