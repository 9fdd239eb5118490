/** Teaching and communication (issue 13): homework and scores (their seed is in the database: `seedTeaching`, mock/domains/index.ts), notification rules and inboxes, notices, bulletins, feedback. */
import type { Db } from '../db';
import { teachingHandlers } from './teaching';
import { notifyHandlers, seedNotify } from './notify';
import { noticeHandlers, seedNotice } from './notice';

export function seedTeachingAndNotices(db: Db) {
  seedNotify(db);
  seedNotice(db);
}

export const teachingAndNoticeHandlers = [...teachingHandlers, ...notifyHandlers, ...noticeHandlers];
