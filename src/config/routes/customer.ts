import type { RouteMeta } from './types';

/** Customer center (issue 5, docs/screens.md#customer-center). The public form page /f/:code is in config/routes.ts (no layout, no login). */
export const customerRoutes: RouteMeta[] = [
  { path: '/customer', title: 'menu.customer', access: 'customerCenter', menu: 'customerCenter', icon: 'ContactsOutlined', list: true },
  { path: '/lead', title: 'menu.lead', access: 'customerCenter', menu: 'customerCenter', icon: 'InboxOutlined', list: true },
  { path: '/customer/formal', title: 'menu.customerFormal', access: 'customerCenter', menu: 'customerCenter', icon: 'SolutionOutlined', list: true },
  { path: '/customer/data', title: 'menu.customerData', access: 'customerCenter', menu: 'customerCenter', icon: 'FunnelPlotOutlined' },
  { path: '/customer/TimeSelect', title: 'menu.customerData', access: 'customerCenter' },
  { path: '/gather', title: 'menu.gather', access: 'customerCenter', menu: 'customerCenter', icon: 'FormOutlined', list: true },
  { path: '/wdc-customer', title: 'menu.wdcCustomer', access: 'customerCenter', menu: 'customerCenter', icon: 'GlobalOutlined', list: true },
  { path: '/market_merchant', title: 'menu.marketMerchant', access: 'customerCenter', menu: 'customerCenter', icon: 'ShopOutlined', list: true },
];
