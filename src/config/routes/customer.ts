import type { RouteMeta } from './types';

/** Customer center (issue 5, PRODUCT.md §6.5). The public form page /f/:code is in config/routes.ts (no layout, no login). */
export const customerRoutes: RouteMeta[] = [
  { path: '/customer', component: './Customer/List', title: 'menu.customer', access: 'customerCenter', menu: 'customerCenter', icon: 'ContactsOutlined', list: true },
  { path: '/lead', component: './Lead', title: 'menu.lead', access: 'customerCenter', menu: 'customerCenter', icon: 'InboxOutlined', list: true },
  { path: '/customer/formal', component: './Customer/Formal', title: 'menu.customerFormal', access: 'customerCenter', menu: 'customerCenter', icon: 'SolutionOutlined', list: true },
  { path: '/customer/data', component: './Customer/Data', title: 'menu.customerData', access: 'customerCenter', menu: 'customerCenter', icon: 'FunnelPlotOutlined' },
  { path: '/customer/TimeSelect', component: './Customer/TimeSelect', title: 'menu.customerData', access: 'customerCenter' },
  { path: '/gather', component: './Gather', title: 'menu.gather', access: 'customerCenter', menu: 'customerCenter', icon: 'FormOutlined', list: true },
  { path: '/wdc-customer', component: './WdcCustomer', title: 'menu.wdcCustomer', access: 'customerCenter', menu: 'customerCenter', icon: 'GlobalOutlined', list: true },
  { path: '/market_merchant', component: './MarketMerchant', title: 'menu.marketMerchant', access: 'customerCenter', menu: 'customerCenter', icon: 'ShopOutlined', list: true },
];
