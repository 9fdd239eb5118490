/**
 * Schedule domain (docs/rules.md#roll-call, #scheduling, docs/screens.md#schedule): lessons, roll calls (attendances), reservations, free trials.
 * Shared by the client and the mock backend. Dates 'YYYY-MM-DD', times of day 'HH:mm', stamps 'YYYY-MM-DD HH:mm:ss'.
 */
import type { Weekday } from '@/utils/dates';
import type { HourRecordType } from '@/utils/constants';
import type { ArrearsStatus } from './arrears';

export type LessonKind = 'normal' | 'trial' | 'makeup';
export type LessonStatus = 'scheduled' | 'finished' | 'cancelled';
/** notDue: a future lesson; waiting: held (today or past) and not roll-called; done: roll-called. */
export type RollCallState = 'notDue' | 'waiting' | 'done';

export interface Lesson {
  id: number;
  companyId: number;
  campusId: number;
  campusName: string;
  classId: number;
  className: string;
  course: string;
  teacherId: number;
  teacherName: string;
  roomId: number;
  roomName: string;
  date: string;
  start: string;
  end: string;
  /** Hours each present student consumes (1 decimal). */
  hours: number;
  kind: LessonKind;
  status: LessonStatus;
  /** Derived from status, date and the roll call. */
  rollCall: RollCallState;
  /** Students expected: enrolled in the class plus booked reservations (derived). */
  studentCount: number;
  /** Capacity of the lesson (the class capacity, at most the room's). */
  capacity: number;
  rollCalledAt?: string;
  rollCallBy?: string;
  /** Number of students marked present in the last roll call. */
  presentCount?: number;
  remark?: string;
  createdAt: string;
  createdBy: string;
}

export type AttendanceMark = 'present' | 'leave' | 'truant';

/** One student's line of a lesson's roll call. Undone lines stay (history) with `undoneAt` set. */
export interface Attendance {
  id: number;
  companyId: number;
  lessonId: number;
  studentId: number;
  studentName: string;
  mark: AttendanceMark;
  /** The ledger record written for this mark (absent when no card could take it). */
  recordId?: number;
  recordType?: HourRecordType;
  cardId?: number;
  cardNo?: string;
  /** Signed hours of the record (0 for leave / fail). */
  hours: number;
  operatorName: string;
  createdAt: string;
  undoneAt?: string;
  /** Proof record that reversed it. */
  undoRecordId?: number;
}

/**
 * The roll-call drawer's view of a lesson: every expected student with their card and current mark. A saved line's
 * card and remaining hours are those of its record (the balance after it), not the card's state today.
 */
export interface RollCallStudent {
  studentId: number;
  studentName: string;
  /** Why the student is expected: enrolled in the class, or booked in (reservation / trial student). */
  source: 'enrolled' | 'reserved';
  /** Card a deduction would use (active, applicable, expiring first). */
  cardId?: number;
  cardNo?: string;
  cardName?: string;
  cardKind?: 'count' | 'period';
  remainingHours?: number;
  /** Mark already saved (active attendance) or pre-marked by an approved leave. */
  mark?: AttendanceMark;
  saved: boolean;
  /** An approved leave request for this lesson. */
  approvedLeave: boolean;
  attendanceId?: number;
  recordType?: HourRecordType;
  hours?: number;
  /** A saved line without hours taken: its arrears item (docs/rules.md#arrears). */
  arrears?: { id: number; status: ArrearsStatus; hours: number; settledCardNo?: string };
}

export interface RollCallView {
  lesson: Lesson;
  students: RollCallStudent[];
  settings: { truantConsumes: boolean; leaveConsumes: boolean; allowNegative: boolean };
  /** Whether the caller may save / undo this roll call. */
  canSave: boolean;
  canUndo: boolean;
}

export interface RollCallSaveInput {
  lessonId: number;
  marks: { studentId: number; mark: AttendanceMark }[];
}

export interface RollCallResult {
  lesson: Lesson;
  attendances: Attendance[];
  /** Students whose deduction failed (fail records / no card), to resolve. */
  failed: { studentId: number; studentName: string; reason: string }[];
}

/** Batch scheduling (docs/rules.md#scheduling): one or more weekday + time slots over a date range. */
export interface ScheduleSlot {
  weekday: Weekday;
  start: string;
  end: string;
}

export interface BatchScheduleInput {
  classId: number;
  startDate: string;
  endDate: string;
  slots: ScheduleSlot[];
  /** Teacher / room for these lessons (default: the class's). */
  teacherId?: number;
  roomId?: number;
  /** Hours per lesson (default: the class's). */
  hours?: number;
  kind?: LessonKind;
  skipHolidays?: boolean;
  /** Save despite room clashes (teacher and student clashes always refuse). */
  overrideRoom?: boolean;
  /** Only check, never save. */
  dryRun?: boolean;
}

export type ClashKind = 'teacher' | 'room' | 'student';

/** One clash: `who` (teacher, room or student) is in two overlapping lessons. */
export interface Clash {
  kind: ClashKind;
  /** Id and name of the teacher, room or student. */
  whoId: number;
  who: string;
  date: string;
  /** The lesson being planned. */
  start: string;
  end: string;
  className: string;
  /** The lesson it clashes with (an existing one, or another of the same batch when otherLessonId is absent). */
  otherLessonId?: number;
  otherClassName: string;
  otherStart: string;
  otherEnd: string;
}

export interface BatchScheduleResult {
  /** Lessons created (empty on a dry run or when refused). */
  created: Lesson[];
  /** Planned lessons (date, start, end). */
  planned: { date: string; start: string; end: string }[];
  /** Dates skipped as holidays. */
  skipped: { date: string; holiday: string }[];
  clashes: Clash[];
  saved: boolean;
}

/** A single lesson added or changed. */
export interface LessonInput {
  id?: number;
  classId: number;
  teacherId?: number;
  roomId?: number;
  date: string;
  start: string;
  end: string;
  hours?: number;
  kind?: LessonKind;
  remark?: string;
  overrideRoom?: boolean;
}

/** 400 body of a refused schedule: the message and every clash. */
export interface ClashErrorBody {
  code: 400;
  msg: string;
  clashes: Clash[];
}

export type ReservationStatus = 'booked' | 'cancelled' | 'attended' | 'absent';

export interface Reservation {
  id: number;
  companyId: number;
  lessonId: number;
  lessonLabel: string;
  lessonDate: string;
  studentId: number;
  studentName: string;
  status: ReservationStatus;
  remark?: string;
  createdAt: string;
  createdBy: string;
}

export type TrialStatus = 'booked' | 'attended' | 'noShow' | 'converted' | 'cancelled';

export interface Trial {
  id: number;
  companyId: number;
  campusId: number;
  leadId?: number;
  leadName: string;
  mobile: string;
  /** Booked into an existing lesson, or into a free slot (date, time, teacher). */
  lessonId?: number;
  classId?: number;
  className?: string;
  course?: string;
  teacherId?: number;
  teacherName?: string;
  date: string;
  start: string;
  end: string;
  status: TrialStatus;
  remark?: string;
  createdAt: string;
  createdBy: string;
}

export interface TrialInput {
  leadId?: number;
  leadName?: string;
  mobile?: string;
  lessonId?: number;
  /** For a slot: */
  date?: string;
  start?: string;
  end?: string;
  teacherId?: number;
  course?: string;
  remark?: string;
}

/** Dashboard numbers of the schedule domain. */
export interface ScheduleOverview {
  today: Lesson[];
  waitingRollCall: number;
  waitingLessons: Lesson[];
  pendingLeave: number;
}
