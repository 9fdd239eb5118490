import type { RouteMeta } from './types';

/** Teaching and communication (issue 13): homework, scores, notices, templates, rules, inbox, bulletins, posters, feedback. */
export const teachingRoutes: RouteMeta[] = [
  { path: '/home-work/work', title: 'menu.homework', access: 'educationalManagement', menu: 'educationalManagement', icon: 'FormOutlined' },
  { path: '/home-work/score', title: 'menu.score', access: 'educationalManagement', menu: 'educationalManagement', icon: 'TableOutlined' },
  { path: '/student/home-work', title: 'menu.studentHomework', access: 'studentManagement', menu: 'studentManagement', icon: 'FormOutlined' },
  { path: '/student/score', title: 'menu.studentScore', access: 'studentManagement', menu: 'studentManagement', icon: 'TableOutlined' },
  { path: '/service-message', title: 'menu.serviceMessage', access: 'notifyStaff', menu: 'serviceNotification', icon: 'NotificationOutlined' },
  { path: '/template-message', title: 'menu.templateMessage', access: 'notifyStaff', menu: 'serviceNotification', icon: 'ProfileOutlined' },
  { path: '/notify', title: 'menu.notify', access: 'notifyStaff', menu: 'serviceNotification', icon: 'SettingOutlined' },
  { path: '/notice', title: 'menu.notice', access: 'everyone', menu: 'serviceNotification', icon: 'InboxOutlined' },
  { path: '/system_bulletin', title: 'menu.bulletin', access: 'everyone', menu: 'serviceNotification', icon: 'GlobalOutlined' },
  { path: '/poster/clock-in', title: 'menu.posterClockIn', access: 'notifyStaff', menu: 'serviceNotification', icon: 'PictureOutlined' },
  { path: '/poster/co_branded_poster', title: 'menu.posterCoBranded', access: 'notifyStaff', menu: 'serviceNotification', icon: 'PictureOutlined' },
  { path: '/poster/festival', title: 'menu.posterFestival', access: 'notifyStaff', menu: 'serviceNotification', icon: 'PictureOutlined' },
  { path: '/user/feedback/opinion-fill', title: 'menu.feedback', access: 'everyone', menu: 'serviceNotification', icon: 'SolutionOutlined' },
];
