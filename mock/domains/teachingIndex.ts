/** Teaching and communication (issue 13): homework and scores, notification rules and inboxes, notices, bulletins, feedback. */
import type { Db } from '../db';
import { seedTeaching, teachingHandlers } from './teaching';
import { notifyHandlers, seedNotify } from './notify';
import { noticeHandlers, seedNotice } from './notice';

export function seedTeachingAndNotices(db: Db) {
  seedTeaching(db);
  seedNotify(db);
  seedNotice(db);
}

export const teachingAndNoticeHandlers = [...teachingHandlers, ...notifyHandlers, ...noticeHandlers];
