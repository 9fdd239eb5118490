/**
 * The tabs of /student/list, in order (docs/screens.md#students). Data-driven so that other domains append theirs
 * (the schedule domain adds `leave` and `reserve`). The active tab is in the URL (`?tab=<key>`).
 * Tabs are imported with `webpackMode: "eager"`: their table code is part of the route chunk, which Umi's preload
 * helper fetches with the HTML, instead of a second wave of files after the page has rendered (issue 10); `eagerLazy`
 * makes the active tab render with the page instead of one suspended round later.
 */
import React from 'react';
import type { AccessKey } from '@/access';
import { eagerLazy } from '@/utils/eagerLazy';

export interface StudentTab {
  key: string;
  /** Locale key of the tab label. */
  labelKey: string;
  /** Access key from src/access.ts; absent = everyone who reaches the page. */
  access?: AccessKey;
  component: React.ComponentType;
}

export const STUDENT_TABS: StudentTab[] = [
  { key: 'StudentList', labelKey: 'student.tab.list', component: eagerLazy(() => import(/* webpackMode: "eager" */ './tabs/StudentList')) },
  { key: 'class-card-list', labelKey: 'student.tab.cards', component: eagerLazy(() => import(/* webpackMode: "eager" */ './tabs/CardList')) },
  { key: 'class-card-op', labelKey: 'student.tab.op', component: eagerLazy(() => import(/* webpackMode: "eager" */ './tabs/CardOp')) },
  { key: 'class-card-record', labelKey: 'student.tab.records', component: eagerLazy(() => import(/* webpackMode: "eager" */ './tabs/RecordList')) },
  { key: 'leave', labelKey: 'student.tab.leave', component: eagerLazy(() => import(/* webpackMode: "eager" */ './tabs/Leave')) },
  { key: 'reserve', labelKey: 'student.tab.reserve', component: eagerLazy(() => import(/* webpackMode: "eager" */ './tabs/Reserve')) },
  { key: 'arrears', labelKey: 'student.tab.arrears', access: 'studentManagement', component: eagerLazy(() => import(/* webpackMode: "eager" */ './tabs/Arrears')) },
];
