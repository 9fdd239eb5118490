/**
 * Notices to parents and what the notification rules produce (docs/rules.md#notices-and-notifications): a notice
 * with the receivers it was written for (their texts rendered when it was sent), each user's inbox, the SMS outbox
 * (logged, never sent), the company's saved cells of the rules matrix, and the days whose time-based reminders were
 * produced.
 *
 * A scheduled notice is delivered by time, not by a write: its inbox rows are written with the notice, dated at its
 * send time, and every inbox read shows only rows dated up to now (so no read ever writes, and two servers deliver
 * it once). Its status is derived the same way (`sent` once its time has come).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { NOTIFY_CHANNELS, NOTIFY_EVENTS, NOTIFY_RECEIVERS, type NotifyChannel, type NotifyEvent, type NotifyReceiver } from '../../../src/domain/notifyRules';
import type { ReceiverSegment } from '../../../src/types/notice';
import { ofCompany } from './companies';

type Values = Record<string, string | number>;
const list = (xs: readonly string[]) => sql.raw(xs.map((x) => `'${x}'`).join(', '));

export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    title: text('title').notNull(),
    /** As written (may contain template variables). */
    text: text('text').notNull(),
    templateId: integer('template_id'),
    segment: text('segment').$type<ReceiverSegment>().notNull(),
    classIds: integer('class_ids').array().notNull(),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull(),
    senderName: text('sender_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    unique('notices_company_id_key').on(t.companyId, t.id),
    index('notices_company_send_idx').on(t.companyId, t.sendAt, t.id),
    check('notices_send_check', sql`${t.sendAt} >= ${t.createdAt}`),
  ],
);

/** Who a notice was written for, as they were then (a later change of the student does not rewrite a sent notice). */
export const noticeReceivers = pgTable(
  'notice_receivers',
  {
    companyId: ofCompany(),
    noticeId: integer('notice_id').notNull(),
    studentId: integer('student_id').notNull(),
    studentName: text('student_name').notNull(),
    parentName: text('parent_name').notNull(),
    mobile: text('mobile').notNull(),
    /** The text rendered for this receiver. */
    text: text('text').notNull(),
    /** The order the receivers were chosen in. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.studentId] }),
    foreignKey({ columns: [t.companyId, t.noticeId], foreignColumns: [notices.companyId, notices.id], name: 'notice_receivers_notice_fk' }).onDelete('cascade'),
    index('notice_receivers_student_idx').on(t.companyId, t.studentId),
  ],
);

export const inbox = pgTable(
  'inbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['notice', 'event'] }).notNull(),
    noticeId: integer('notice_id'),
    /** The student a notice's message is for (its read state per receiver). */
    studentId: integer('student_id'),
    event: text('event').$type<NotifyEvent>(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    values: jsonb('values').$type<Values>(),
    studentName: text('student_name'),
    /** When it reaches the inbox (a scheduled notice's send time: shown from then on). */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.noticeId], foreignColumns: [notices.companyId, notices.id], name: 'inbox_notice_fk' }).onDelete('cascade'),
    index('inbox_user_idx').on(t.userId, t.companyId, t.id),
    index('inbox_notice_idx').on(t.noticeId, t.studentId),
    // A deleted company's rows are found by it (the key's cascade).
    index('inbox_company_idx').on(t.companyId),
    check('inbox_kind_check', sql`(${t.kind} = 'notice' and ${t.noticeId} is not null) or (${t.kind} = 'event' and ${t.event} is not null)`),
    check('inbox_event_check', sql`${t.event} is null or ${t.event} in (${list(NOTIFY_EVENTS)})`),
    check('inbox_read_check', sql`${t.readAt} is null or ${t.readAt} >= ${t.createdAt}`),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    event: text('event').$type<NotifyEvent | 'notice'>().notNull(),
    receiver: text('receiver').$type<NotifyReceiver>().notNull(),
    receiverName: text('receiver_name').notNull(),
    mobile: text('mobile').notNull(),
    /** The student an SMS to a parent is about (the outbox's access scope). */
    studentId: integer('student_id'),
    values: jsonb('values').$type<Values>().notNull(),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('outbox_company_created_idx').on(t.companyId, t.createdAt, t.id),
    check('outbox_receiver_check', sql`${t.receiver} in (${list(NOTIFY_RECEIVERS)})`),
  ],
);

/** The saved cells of a company's rules matrix (a cell not saved takes its default). */
export const notifyRules = pgTable(
  'notify_rules',
  {
    companyId: ofCompany(),
    event: text('event').$type<NotifyEvent>().notNull(),
    channel: text('channel').$type<NotifyChannel>().notNull(),
    receiver: text('receiver').$type<NotifyReceiver>().notNull(),
    on: boolean('on').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.event, t.channel, t.receiver] }),
    check('notify_rules_event_check', sql`${t.event} in (${list(NOTIFY_EVENTS)})`),
    check('notify_rules_channel_check', sql`${t.channel} in (${list(NOTIFY_CHANNELS)})`),
    check('notify_rules_receiver_check', sql`${t.receiver} in (${list(NOTIFY_RECEIVERS)})`),
  ],
);

/** A company's day whose reminders (lesson tomorrow, card expiring, follow-up due) were produced: once, by whichever server got the row. */
export const reminderSweeps = pgTable('reminder_sweeps', {
  companyId: ofCompany(),
  day: date('day', { mode: 'string' }).notNull(),
  sweptAt: timestamp('swept_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [primaryKey({ columns: [t.companyId, t.day] })]);
