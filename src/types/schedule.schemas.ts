/**
 * Request bodies and query parameters of the schedule domain (lessons, batch scheduling, roll call, leave,
 * reservations, trials) as zod schemas (src/types/schema.ts): strict, existing days only, closed enums.
 */
import { bool, date, hours, id, int, mobile, oneOf, optDate, optText, text, time, z } from './schema';
import type { Weekday } from '@/utils/dates';

export const LESSON_KIND_VALUES = ['normal', 'trial', 'makeup'] as const;
export const MARK_VALUES = ['present', 'leave', 'truant'] as const;
export const TRIAL_STATUS_VALUES = ['booked', 'attended', 'noShow', 'converted', 'cancelled'] as const;

/** A date range in the query string (`/v2/lesson/range`). */
export const LessonRangeQuery = z.object({ startDate: date(), endDate: date() });

/** Optional dates of a list's query string (`startDate`, `endDate`). */
export const ListDatesQuery = z.object({ startDate: optDate(), endDate: optDate() });

export const SlotBody = z.object({
  weekday: int(1, 7).transform((n) => n as Weekday),
  start: time(),
  end: time(),
});

const lessonFields = {
  teacherId: id().nullish(),
  roomId: id().nullish(),
  hours: hours({ min: 0.5, max: 8 }).nullish(),
  kind: oneOf(LESSON_KIND_VALUES).nullish(),
  overrideRoom: bool().optional(),
};

export const BatchScheduleBody = z.object({
  classId: id(),
  startDate: date(),
  endDate: date(),
  /** Empty is refused by the handler with its own message (no slot chosen). */
  slots: z.array(SlotBody).max(50),
  ...lessonFields,
  skipHolidays: bool().optional(),
  dryRun: bool().optional(),
});

export const LessonBody = z.object({
  classId: id(),
  date: date(),
  start: time(),
  end: time(),
  ...lessonFields,
  remark: optText(200),
});
export const LessonUpdateBody = LessonBody.omit({ classId: true }).extend({ id: id() });

export const CancelLessonBody = z.object({ id: id(), reason: optText(200) });

export const RollCallBody = z.object({
  lessonId: id(),
  /** Empty is refused by the handler with its own message. */
  marks: z.array(z.object({ studentId: id(), mark: oneOf(MARK_VALUES) })).max(500),
});
export const UndoRollCallBody = z.object({ lessonId: id() });

export const LeaveBody = z.object({ lessonId: id(), studentId: id(), reason: text(200) });
export const LeaveReviewBody = z.object({ id: id(), remark: optText(200) });

export const ReservationBody = z.object({ lessonId: id(), studentId: id(), remark: optText(200) });
export const ReservationCancelBody = z.object({ id: id() });

export const TrialBody = z.object({
  leadId: id().nullish(),
  leadName: optText(32),
  mobile: mobile().nullish(),
  lessonId: id().nullish(),
  date: optDate(),
  start: time().nullish(),
  end: time().nullish(),
  teacherId: id().nullish(),
  course: optText(32),
  remark: optText(200),
});
export const TrialStatusBody = z.object({ id: id(), status: oneOf(TRIAL_STATUS_VALUES) });
