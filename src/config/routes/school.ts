import type { RouteMeta } from './types';
import { STUDENT_LIST } from '../../services/listCalls';

/** School setup, students, the getting-started checklist (issue 3). */
export const schoolRoutes: RouteMeta[] = [
  { path: '/Welcome', title: 'menu.welcome', access: 'staging', menu: 'staging', icon: 'SmileOutlined' },
  { path: '/student/list', title: 'menu.studentList', access: 'studentManagement', menu: 'studentManagement', icon: 'TeamOutlined', list: true, prefetch: STUDENT_LIST },
  { path: '/school/staff', title: 'menu.schoolStaff', access: 'educationalManagement', menu: 'educationalManagement', icon: 'IdcardOutlined', list: true },
  { path: '/school/room', title: 'menu.schoolRoom', access: 'educationalManagement', menu: 'educationalManagement', icon: 'HomeOutlined', list: true },
  { path: '/school/class', title: 'menu.schoolClass', access: 'educationalManagement', menu: 'educationalManagement', icon: 'ReadOutlined', list: true },
  { path: '/school/class-card', title: 'menu.schoolClassCard', access: 'educationalManagement', menu: 'educationalManagement', icon: 'CreditCardOutlined', list: true },
];
