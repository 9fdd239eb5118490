import type { RouteMeta } from './types';

/** Timetable, scheduling, roll call, the drawn timetable and free trials (issue 4). */
export const scheduleRoutes: RouteMeta[] = [
  { path: '/schedule-table', component: './Schedule/Table', title: 'menu.scheduleTable', access: 'scheduleManagement', menu: 'scheduleManagement', icon: 'CalendarOutlined' },
  { path: '/schedule/class-record', component: './Schedule/ClassRecord', title: 'menu.classRecord', access: 'scheduleManagement', menu: 'scheduleManagement', icon: 'CheckSquareOutlined', list: true },
  { path: '/schedule/common', component: './Schedule/Common', title: 'menu.scheduleCommon', access: 'scheduleManagement', menu: 'scheduleManagement', icon: 'TableOutlined', list: false },
  { path: '/schedule/free/list', component: './Schedule/Free/List', title: 'menu.freeList', access: 'scheduleManagement', menu: 'scheduleManagement', icon: 'GiftOutlined', list: true },
  { path: '/schedule/free/add', component: './Schedule/Free/Add', title: 'menu.freeAdd', access: 'scheduleManagement' },
];
