/**
 * The schedule's bookings (docs/rules.md#scheduling, docs/screens.md#students, #schedule): free trials, reservations
 * (a student booked into a lesson of another class) and leave requests. Lessons, students and staff are still in the
 * process: `lesson_id`, `student_id` and `teacher_id` name them by id, with the names they showed stored beside them
 * as before. A trial names its lead by id without a key: a lead may be deleted while its trials stay (as before),
 * and a trial keeps the name and mobile it was booked with.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import type { Attendance, AttendanceMark, Reservation, Trial } from '../../../src/types/schedule';
import type { LeaveRequest } from '../../../src/types/school';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const company = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
/** A time of day 'HH:mm'. */
const hhmm = (column: unknown) => sql`${column} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`;

export const trials = pgTable(
  'trials',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: company(),
    campusId: integer('campus_id').notNull(),
    leadId: integer('lead_id'),
    leadName: text('lead_name').notNull(),
    mobile: text('mobile').notNull(),
    /** Booked into a lesson (its class, teacher and times copied), or into a free slot (date, times, teacher). */
    lessonId: integer('lesson_id'),
    classId: integer('class_id'),
    className: text('class_name'),
    course: text('course'),
    teacherId: integer('teacher_id'),
    teacherName: text('teacher_name'),
    date: day('date').notNull(),
    start: text('start').notNull(),
    end: text('end').notNull(),
    status: text('status').$type<Trial['status']>().notNull(),
    remark: text('remark'),
    createdAt: at('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('trials_company_date_idx').on(t.companyId, t.date, t.id),
    index('trials_company_lead_idx').on(t.companyId, t.leadId),
    index('trials_company_lesson_idx').on(t.companyId, t.lessonId),
    index('trials_company_mobile_idx').on(t.companyId, t.mobile, t.date),
    check('trials_status_check', sql`${t.status} in ('booked', 'attended', 'noShow', 'converted', 'cancelled')`),
    check('trials_times_check', sql`${hhmm(t.start)} and ${hhmm(t.end)} and ${t.start} < ${t.end}`),
  ],
);

export const reservations = pgTable(
  'reservations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: company(),
    lessonId: integer('lesson_id').notNull(),
    lessonLabel: text('lesson_label').notNull(),
    lessonDate: day('lesson_date').notNull(),
    studentId: integer('student_id').notNull(),
    studentName: text('student_name').notNull(),
    status: text('status').$type<Reservation['status']>().notNull(),
    remark: text('remark'),
    createdAt: at('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('reservations_company_date_idx').on(t.companyId, t.lessonDate, t.id),
    index('reservations_company_student_idx').on(t.companyId, t.studentId),
    // One live reservation (booked, or roll-called) per lesson and student; a cancelled one may be booked again.
    uniqueIndex('reservations_live_key')
      .on(t.companyId, t.lessonId, t.studentId)
      .where(sql`${t.status} in ('booked', 'attended', 'absent')`),
    index('reservations_company_lesson_idx').on(t.companyId, t.lessonId),
    check('reservations_status_check', sql`${t.status} in ('booked', 'cancelled', 'attended', 'absent')`),
  ],
);

export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: company(),
    studentId: integer('student_id').notNull(),
    studentName: text('student_name').notNull(),
    lessonId: integer('lesson_id'),
    lessonLabel: text('lesson_label'),
    classId: integer('class_id'),
    date: day('date').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<LeaveRequest['status']>().notNull(),
    createdAt: at('created_at').notNull(),
    createdBy: text('created_by'),
    reviewerName: text('reviewer_name'),
    reviewedAt: at('reviewed_at'),
    reviewRemark: text('review_remark'),
  },
  (t) => [
    index('leave_requests_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('leave_requests_company_status_idx').on(t.companyId, t.status),
    index('leave_requests_company_lesson_idx').on(t.companyId, t.lessonId),
    // One leave request per lesson and student unless rejected (the call's rule, `sch.leaveExists`).
    uniqueIndex('leave_requests_open_key')
      .on(t.companyId, t.lessonId, t.studentId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    check('leave_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('leave_requests_reviewed_check', sql`${t.status} = 'pending' or ${t.reviewedAt} is not null`),
  ],
);

/**
 * The roll call's lines (docs/rules.md#roll-call): one per student marked in a lesson, naming the hour record it
 * wrote (the card and hour records are still in the process: `record_id`, `card_id` and `undo_record_id` name them
 * by id, as `lesson_id` its lesson and `student_id` its student). An undone line keeps its row with its undo time and
 * proof record; one live (not undone) line per lesson and student.
 */
export const attendances = pgTable(
  'attendances',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: company(),
    lessonId: integer('lesson_id').notNull(),
    studentId: integer('student_id').notNull(),
    studentName: text('student_name').notNull(),
    mark: text('mark').$type<AttendanceMark>().notNull(),
    recordId: integer('record_id'),
    recordType: text('record_type').$type<NonNullable<Attendance['recordType']>>(),
    cardId: integer('card_id'),
    cardNo: text('card_no'),
    /** Signed hours of its record (0 for leave or a failed line): exact. */
    hours: numeric('hours', { mode: 'number' }).notNull(),
    operatorName: text('operator_name').notNull(),
    createdAt: at('created_at').notNull(),
    undoneAt: at('undone_at'),
    undoRecordId: integer('undo_record_id'),
  },
  (t) => [
    // One live line per lesson and student (a second roll call of a marked student is refused: `sch.nothingNew`).
    uniqueIndex('attendances_live_key').on(t.companyId, t.lessonId, t.studentId).where(sql`${t.undoneAt} is null`),
    index('attendances_company_lesson_idx').on(t.companyId, t.lessonId),
    index('attendances_company_student_idx').on(t.companyId, t.studentId, t.createdAt),
    index('attendances_company_created_idx').on(t.companyId, t.createdAt, t.id),
    check('attendances_mark_check', sql`${t.mark} in ('present', 'leave', 'truant')`),
    check('attendances_undo_check', sql`${t.undoRecordId} is null or ${t.undoneAt} is not null`),
  ],
);
