import type { RouteMeta } from './types';

/** Campus management (issue 12; docs/screens.md#campus-management). */
export const campusRoutes: RouteMeta[] = [
  { path: '/campus/list', title: 'menu.campusList', access: 'campusManagement', menu: 'campusManagement', icon: 'BankOutlined', list: true },
  { path: '/campus/permissions', title: 'menu.campusPermissions', access: 'campusManagement', menu: 'campusManagement', icon: 'SolutionOutlined' },
  { path: '/campus/permissions/add', title: 'menu.campusPermissionsAdd', access: 'campusManagement' },
  { path: '/account/staff', title: 'menu.accountStaff', access: 'campusManagement', menu: 'campusManagement', icon: 'IdcardOutlined', list: true },
  { path: '/account/student', title: 'menu.accountStudent', access: 'campusManagement', menu: 'campusManagement', icon: 'TeamOutlined', list: true },
  { path: '/access', title: 'menu.access', access: 'campusManagement', menu: 'campusManagement', icon: 'UserOutlined', list: true },
  { path: '/campus/theme-color', title: 'menu.themeColor', access: 'campusManagement', menu: 'campusManagement', icon: 'PictureOutlined' },
  { path: '/setting', title: 'menu.setting', access: 'functionSetting', menu: 'functionSetting', icon: 'SettingOutlined' },
  { path: '/campus/web', title: 'menu.campusWeb', access: 'campusManagement', menu: 'campusManagement', icon: 'GlobalOutlined' },
  { path: '/campus/online-order', title: 'menu.onlineOrder', access: 'campusManagement', menu: 'campusManagement', icon: 'ShoppingOutlined', list: true },
  { path: '/campus/settlement', title: 'menu.settlement', access: 'campusManagement', menu: 'campusManagement', icon: 'AccountBookOutlined', list: true },
  { path: '/campus/invoice', title: 'menu.invoice', access: 'campusManagement', menu: 'campusManagement', icon: 'ProfileOutlined' },
  { path: '/pact', title: 'menu.pact', access: 'functionSetting', menu: 'functionSetting', icon: 'FormOutlined' },
];
