import type { RouteMeta } from './types';

/** Teaching and communication (issue 13): homework, scores, notices, templates, rules, inbox, bulletins, posters, feedback. */
export const teachingRoutes: RouteMeta[] = [
  { path: '/home-work/work', component: './HomeWork/Work', title: 'menu.homework', access: 'educationalManagement', menu: 'educationalManagement', icon: 'FormOutlined' },
  { path: '/home-work/score', component: './HomeWork/Score', title: 'menu.score', access: 'educationalManagement', menu: 'educationalManagement', icon: 'TableOutlined' },
  { path: '/student/home-work', component: './Student/HomeWork', title: 'menu.studentHomework', access: 'studentManagement', menu: 'studentManagement', icon: 'FormOutlined' },
  { path: '/student/score', component: './Student/Score', title: 'menu.studentScore', access: 'studentManagement', menu: 'studentManagement', icon: 'TableOutlined' },
  { path: '/service-message', component: './Notice/ServiceMessage', title: 'menu.serviceMessage', access: 'notifyStaff', menu: 'serviceNotification', icon: 'NotificationOutlined' },
  { path: '/template-message', component: './Notice/TemplateMessage', title: 'menu.templateMessage', access: 'notifyStaff', menu: 'serviceNotification', icon: 'ProfileOutlined' },
  { path: '/notify', component: './Notice/Notify', title: 'menu.notify', access: 'notifyStaff', menu: 'serviceNotification', icon: 'SettingOutlined' },
  { path: '/notice', component: './Notice/Inbox', title: 'menu.notice', access: 'everyone', menu: 'serviceNotification', icon: 'InboxOutlined' },
  { path: '/system_bulletin', component: './Notice/Bulletin', title: 'menu.bulletin', access: 'everyone', menu: 'serviceNotification', icon: 'GlobalOutlined' },
  { path: '/poster/clock-in', component: './Poster/ClockIn', title: 'menu.posterClockIn', access: 'notifyStaff', menu: 'serviceNotification', icon: 'PictureOutlined' },
  { path: '/poster/co_branded_poster', component: './Poster/CoBranded', title: 'menu.posterCoBranded', access: 'notifyStaff', menu: 'serviceNotification', icon: 'PictureOutlined' },
  { path: '/poster/festival', component: './Poster/Festival', title: 'menu.posterFestival', access: 'notifyStaff', menu: 'serviceNotification', icon: 'PictureOutlined' },
  { path: '/user/feedback/opinion-fill', component: './User/Feedback', title: 'menu.feedback', access: 'everyone', menu: 'serviceNotification', icon: 'SolutionOutlined' },
];
