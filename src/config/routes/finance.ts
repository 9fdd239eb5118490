import type { RouteMeta } from './types';

/** Finance (issue 11, docs/screens.md#finance). Salary lines and slips: teachers and sales reach their own (ownSalary). */
export const financeRoutes: RouteMeta[] = [
  { path: '/finance/revenue', title: 'menu.financeRevenue', access: 'financialManagement', menu: 'financialManagement', icon: 'LineChartOutlined', list: false },
  { path: '/finance/accrual', title: 'menu.financeAccrual', access: 'financialManagement', menu: 'financialManagement', icon: 'ProfileOutlined' },
  { path: '/bill', title: 'menu.bill', access: 'financialManagement', menu: 'financialManagement', icon: 'AccountBookOutlined', list: true },
  { path: '/finance/base-salary', title: 'menu.baseSalary', access: 'financialManagement', menu: 'financialManagement', icon: 'IdcardOutlined' },
  { path: '/finance/salary', title: 'menu.salary', access: 'ownSalary', menu: 'financialManagement', icon: 'TableOutlined' },
  { path: '/finance/salary/view-salary', title: 'menu.viewSalary', access: 'ownSalary' },
  { path: '/finance/pay-slip', title: 'menu.paySlip', access: 'ownSalary', menu: 'financialManagement', icon: 'SolutionOutlined' },
  { path: '/finance/pay-slip/detail', title: 'menu.paySlipDetail', access: 'ownSalary' },
];
