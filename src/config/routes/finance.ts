import type { RouteMeta } from './types';

/** Finance (issue 11, PRODUCT.md §6.6). Salary lines and slips: teachers and sales reach their own (ownSalary). */
export const financeRoutes: RouteMeta[] = [
  { path: '/finance/revenue', component: './Finance/Revenue', title: 'menu.financeRevenue', access: 'financialManagement', menu: 'financialManagement', icon: 'LineChartOutlined', list: false },
  { path: '/finance/accrual', component: './Finance/Accrual', title: 'menu.financeAccrual', access: 'financialManagement', menu: 'financialManagement', icon: 'ProfileOutlined' },
  { path: '/bill', component: './Finance/Bill', title: 'menu.bill', access: 'financialManagement', menu: 'financialManagement', icon: 'AccountBookOutlined', list: true },
  { path: '/finance/base-salary', component: './Finance/BaseSalary', title: 'menu.baseSalary', access: 'financialManagement', menu: 'financialManagement', icon: 'IdcardOutlined' },
  { path: '/finance/salary', component: './Finance/Salary', title: 'menu.salary', access: 'ownSalary', menu: 'financialManagement', icon: 'TableOutlined' },
  { path: '/finance/salary/view-salary', component: './Finance/Salary/ViewSalary', title: 'menu.viewSalary', access: 'ownSalary' },
  { path: '/finance/pay-slip', component: './Finance/PaySlip', title: 'menu.paySlip', access: 'ownSalary', menu: 'financialManagement', icon: 'SolutionOutlined' },
  { path: '/finance/pay-slip/detail', component: './Finance/PaySlip/Detail', title: 'menu.paySlipDetail', access: 'ownSalary' },
];
