/**
 * The schedule (docs/rules.md#scheduling, #roll-call, docs/screens.md#students, #schedule): lessons, free trials,
 * reservations (a student booked into a lesson of another class), leave requests and the roll call's lines.
 *
 * A lesson is a record of what was planned and taught: it keeps the names of its campus, class, teacher and room as
 * they were when it was scheduled (the timetable and the roll-call history show them), and names its class, teacher
 * and room by id without a key, as a class with only past lessons, a room and a staff member who taught may be
 * deleted while their lessons stay. Its campus is a key (a campus goes with its lessons).
 *
 * Bookings and lines name their lesson with a key (lessons are never deleted, only cancelled) and their student by
 * id, with the names they showed stored beside them as before. A trial names its lead by id without a key: a lead may
 * be deleted while its trials stay (as before), and a trial keeps the name and mobile it was booked with.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campuses, companies } from './accounts';
import type { Attendance, AttendanceMark, Lesson, Reservation, Trial } from '../../../src/types/schedule';
import type { LeaveRequest } from '../../../src/types/school';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const company = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
/** A time of day 'HH:mm'. */
const hhmm = (column: unknown) => sql`${column} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`;

export const lessons = pgTable(
  'lessons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: company(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    campusName: text('campus_name').notNull(),
    classId: integer('class_id').notNull(),
    className: text('class_name').notNull(),
    course: text('course').notNull(),
    teacherId: integer('teacher_id').notNull(),
    teacherName: text('teacher_name').notNull(),
    roomId: integer('room_id').notNull(),
    roomName: text('room_name').notNull(),
    date: day('date').notNull(),
    start: text('start').notNull(),
    end: text('end').notNull(),
    /** Hours each present student consumes: one decimal. */
    hours: numeric('hours', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    kind: text('kind').$type<Lesson['kind']>().notNull(),
    status: text('status').$type<Lesson['status']>().notNull(),
    capacity: integer('capacity').notNull(),
    rollCalledAt: at('roll_called_at'),
    rollCallBy: text('roll_call_by'),
    presentCount: integer('present_count'),
    remark: text('remark'),
    createdAt: at('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('lessons_company_date_idx').on(t.companyId, t.date, t.start, t.id),
    index('lessons_company_class_idx').on(t.companyId, t.classId, t.date),
    index('lessons_company_teacher_idx').on(t.companyId, t.teacherId, t.date),
    index('lessons_campus_idx').on(t.campusId),
    check('lessons_kind_check', sql`${t.kind} in ('normal', 'trial', 'makeup')`),
    check('lessons_status_check', sql`${t.status} in ('scheduled', 'finished', 'cancelled')`),
    check('lessons_times_check', sql`${hhmm(t.start)} and ${hhmm(t.end)} and ${t.start} < ${t.end}`),
    check('lessons_hours_check', sql`${t.hours} > 0`),
    check('lessons_capacity_check', sql`${t.capacity} > 0`),
    // A roll-called lesson is finished, and a finished one was roll-called.
    check('lessons_roll_call_check', sql`(${t.status} = 'finished') = (${t.rollCalledAt} is not null)`),
  ],
);

/** A key to the lesson a booking or line is about (lessons are never deleted, only cancelled; a campus's go with it, and theirs with them). */
const lessonKey = (name: string) => integer(name).references(() => lessons.id, { onDelete: 'cascade' });

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
    lessonId: lessonKey('lesson_id'),
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
    lessonId: lessonKey('lesson_id').notNull(),
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
    lessonId: lessonKey('lesson_id'),
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
 * wrote (`record_id`, `card_id` and `undo_record_id` name them by id: the request writes its cards and records before
 * its commit, after the lines; `lesson_id` names its lesson with a key, `student_id` its student by id). An undone line keeps its row with its undo time and
 * proof record; one live (not undone) line per lesson and student.
 */
export const attendances = pgTable(
  'attendances',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: company(),
    lessonId: lessonKey('lesson_id').notNull(),
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
