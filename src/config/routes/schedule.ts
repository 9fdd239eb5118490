import type { RouteMeta } from './types';

/** Timetable, scheduling, roll call, the drawn timetable and free trials (issue 4). */
export const scheduleRoutes: RouteMeta[] = [
  { path: '/schedule-table', title: 'menu.scheduleTable', access: 'scheduleManagement', menu: 'scheduleManagement', icon: 'CalendarOutlined' },
  { path: '/schedule/class-record', title: 'menu.classRecord', access: 'scheduleManagement', menu: 'scheduleManagement', icon: 'CheckSquareOutlined', list: true },
  { path: '/schedule/common', title: 'menu.scheduleCommon', access: 'scheduleManagement', menu: 'scheduleManagement', icon: 'TableOutlined', list: false },
  { path: '/schedule/free/list', title: 'menu.freeList', access: 'scheduleManagement', menu: 'scheduleManagement', icon: 'GiftOutlined', list: true },
  { path: '/schedule/free/add', title: 'menu.freeAdd', access: 'scheduleManagement' },
];
