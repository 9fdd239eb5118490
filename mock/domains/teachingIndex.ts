/** Teaching and communication (issue 13): homework and scores (their seed is in the database: `seedTeaching`, mock/domains/index.ts), notification rules and inboxes, notices, bulletins, feedback (their rows in the database too; the in-process seed only links the demo parent to children). */
import type { Db } from '../db';
import { teachingHandlers } from './teaching';
import { notifyHandlers, seedNotify } from './notify';
import { noticeHandlers } from './notice';

export function seedTeachingAndNotices(db: Db) {
  seedNotify(db);
}

export const teachingAndNoticeHandlers = [...teachingHandlers, ...notifyHandlers, ...noticeHandlers];
