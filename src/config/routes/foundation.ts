import type { RouteMeta } from './types';

export const foundationRoutes: RouteMeta[] = [
  { path: '/dashboard', component: './Dashboard', title: 'menu.dashboard', access: 'staging', menu: 'staging', icon: 'DashboardOutlined' },
  { path: '/user/setting', component: './User/Setting', title: 'menu.userSetting', access: 'loggedIn' },
  { path: '/campus/order', component: './Campus/Order', title: 'menu.campusOrder', access: 'subscription', menu: 'campusManagement', icon: 'ShoppingOutlined', list: true },
  { path: '/renew', component: './Renew', title: 'menu.renew', access: 'subscription', menu: 'campusManagement', icon: 'FieldTimeOutlined' },
];
