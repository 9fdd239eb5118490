import type { RouteMeta } from './types';

/** Campus management (issue 12; PRODUCT.md §6.8). */
export const campusRoutes: RouteMeta[] = [
  { path: '/campus/list', component: './Campus/List', title: 'menu.campusList', access: 'campusManagement', menu: 'campusManagement', icon: 'BankOutlined', list: true },
  { path: '/campus/permissions', component: './Campus/Permissions', title: 'menu.campusPermissions', access: 'campusManagement', menu: 'campusManagement', icon: 'SolutionOutlined' },
  { path: '/campus/permissions/add', component: './Campus/PermissionsAdd', title: 'menu.campusPermissionsAdd', access: 'campusManagement' },
  { path: '/account/staff', component: './Account/Staff', title: 'menu.accountStaff', access: 'campusManagement', menu: 'campusManagement', icon: 'IdcardOutlined', list: true },
  { path: '/account/student', component: './Account/Student', title: 'menu.accountStudent', access: 'campusManagement', menu: 'campusManagement', icon: 'TeamOutlined', list: true },
  { path: '/access', component: './Access', title: 'menu.access', access: 'campusManagement', menu: 'campusManagement', icon: 'UserOutlined', list: true },
  { path: '/campus/theme-color', component: './Campus/ThemeColor', title: 'menu.themeColor', access: 'campusManagement', menu: 'campusManagement', icon: 'PictureOutlined' },
  { path: '/setting', component: './Setting', title: 'menu.setting', access: 'functionSetting', menu: 'functionSetting', icon: 'SettingOutlined' },
  { path: '/campus/web', component: './Campus/Web', title: 'menu.campusWeb', access: 'campusManagement', menu: 'campusManagement', icon: 'GlobalOutlined' },
  { path: '/campus/online-order', component: './Campus/OnlineOrder', title: 'menu.onlineOrder', access: 'campusManagement', menu: 'campusManagement', icon: 'ShoppingOutlined', list: true },
  { path: '/campus/settlement', component: './Campus/Settlement', title: 'menu.settlement', access: 'campusManagement', menu: 'campusManagement', icon: 'AccountBookOutlined', list: true },
  { path: '/campus/invoice', component: './Campus/Invoice', title: 'menu.invoice', access: 'campusManagement', menu: 'campusManagement', icon: 'ProfileOutlined' },
  { path: '/pact', component: './Pact', title: 'menu.pact', access: 'functionSetting', menu: 'functionSetting', icon: 'FormOutlined' },
];
