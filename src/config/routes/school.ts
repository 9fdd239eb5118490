import type { RouteMeta } from './types';

/** School setup, students, the getting-started checklist (issue 3). */
export const schoolRoutes: RouteMeta[] = [
  { path: '/Welcome', component: './Welcome', title: 'menu.welcome', access: 'staging', menu: 'staging', icon: 'SmileOutlined' },
  { path: '/student/list', component: './Student/List', title: 'menu.studentList', access: 'studentManagement', menu: 'studentManagement', icon: 'TeamOutlined', list: true, prefetch: '/v2/student?page=1&pageSize=10' },
  { path: '/school/staff', component: './School/Staff', title: 'menu.schoolStaff', access: 'educationalManagement', menu: 'educationalManagement', icon: 'IdcardOutlined', list: true },
  { path: '/school/room', component: './School/Room', title: 'menu.schoolRoom', access: 'educationalManagement', menu: 'educationalManagement', icon: 'HomeOutlined', list: true },
  { path: '/school/class', component: './School/Class', title: 'menu.schoolClass', access: 'educationalManagement', menu: 'educationalManagement', icon: 'ReadOutlined', list: true },
  { path: '/school/class-card', component: './School/ClassCard', title: 'menu.schoolClassCard', access: 'educationalManagement', menu: 'educationalManagement', icon: 'CreditCardOutlined', list: true },
];
