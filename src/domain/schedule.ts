/**
 * Scheduling rules (docs/rules.md#scheduling), pure: holidays, batch generation over a date range on weekdays 1–7 with times,
 * clash detection (teacher, room, student; every clash listed), and the roll-call state of a lesson.
 * Used by the mock backend and by the client (previews).
 */
import type { Clash, ClashKind, Lesson, LessonStatus, RollCallState, ScheduleSlot } from '@/types/schedule';
import { dateRange, weekdayOf } from '@/utils/dates';
import { dayRecord } from '@/utils/calendar';

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isTime(s: string): boolean {
  return TIME_RE.test(s);
}

/** Minutes since midnight of 'HH:mm'. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Whether [aStart, aEnd) and [bStart, bEnd) overlap on the same day (touching ends do not clash). */
export function overlaps(aStart: string, aEnd: string, bStart: string, bEnd: string): boolean {
  return minutesOf(aStart) < minutesOf(bEnd) && minutesOf(bStart) < minutesOf(aEnd);
}

/**
 * Public holidays on which batch scheduling skips lessons: New Year's Day, the Spring Festival (eve to the 6th
 * day), Qingming, Labour Day (1–5 May), Dragon Boat, Mid-Autumn and National Day (1–7 Oct). Lunar dates come from
 * the calendar helper. Returns the holiday's key (festival key, or 'qingming') or undefined.
 */
export function holidayOf(date: string): string | undefined {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (month === 1 && day === 1) return 'newYear';
  if (month === 5 && day >= 1 && day <= 5) return 'labourDay';
  if (month === 10 && day >= 1 && day <= 7) return 'nationalDay';
  let rec;
  try {
    rec = dayRecord(date);
  } catch {
    return undefined; // outside the lunar tables: only the solar holidays apply
  }
  if (rec.festivals.includes('newYearsEve')) return 'springFestival';
  if (!rec.isLeapMonth && rec.lunarMonth === 1 && rec.lunarDay <= 6) return 'springFestival';
  if (rec.festivals.includes('dragonBoat')) return 'dragonBoat';
  if (rec.festivals.includes('midAutumn')) return 'midAutumn';
  if (rec.solarTerm === 'qingming') return 'qingming';
  return undefined;
}

export interface GeneratedLesson {
  date: string;
  start: string;
  end: string;
}

export interface GenerateResult {
  lessons: GeneratedLesson[];
  skipped: { date: string; holiday: string }[];
}

/** Problems of a batch request before any date is generated (keys of the schedule messages). */
export function slotProblems(slots: ScheduleSlot[]): string[] {
  const problems: string[] = [];
  if (slots.length === 0) problems.push('noSlots');
  for (const s of slots) {
    if (!Number.isInteger(s.weekday) || s.weekday < 1 || s.weekday > 7) problems.push('badWeekday');
    else if (!isTime(s.start) || !isTime(s.end)) problems.push('badTime');
    else if (minutesOf(s.end) <= minutesOf(s.start)) problems.push('endBeforeStart');
  }
  for (let i = 0; i < slots.length; i += 1) {
    for (let j = i + 1; j < slots.length; j += 1) {
      const a = slots[i];
      const b = slots[j];
      if (a.weekday === b.weekday && isTime(a.start) && isTime(b.start) && overlaps(a.start, a.end, b.start, b.end)) problems.push('slotsOverlap');
    }
  }
  return [...new Set(problems)];
}

/** Most days one batch may span (a school year). */
export const MAX_BATCH_DAYS = 366;

/**
 * Every lesson of a batch: each day from `startDate` to `endDate` whose weekday (1 = Monday … 7 = Sunday) has
 * slots, one lesson per slot, in date then time order. Holidays (by `isHoliday`) are skipped and reported.
 */
export function generateLessons(
  startDate: string,
  endDate: string,
  slots: ScheduleSlot[],
  isHoliday: (date: string) => string | undefined = () => undefined,
): GenerateResult {
  const lessons: GeneratedLesson[] = [];
  const skipped: { date: string; holiday: string }[] = [];
  const byDay = new Map<number, ScheduleSlot[]>();
  for (const s of slots) byDay.set(s.weekday, [...(byDay.get(s.weekday) ?? []), s]);
  for (const list of byDay.values()) list.sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  for (const date of dateRange(startDate, endDate)) {
    const daySlots = byDay.get(weekdayOf(date));
    if (!daySlots) continue;
    const holiday = isHoliday(date);
    if (holiday) {
      skipped.push({ date, holiday });
      continue;
    }
    for (const s of daySlots) lessons.push({ date, start: s.start, end: s.end });
  }
  return { lessons, skipped };
}

/** What clash detection needs to know of a lesson. */
export interface ClashLesson {
  /** Existing lessons carry their id; planned ones do not. */
  id?: number;
  className: string;
  teacherId: number;
  teacherName: string;
  roomId: number;
  roomName: string;
  date: string;
  start: string;
  end: string;
  studentIds: number[];
  status?: LessonStatus;
}

/**
 * Every clash of the planned lessons with the existing ones and among themselves: same teacher, same room or a
 * shared student at overlapping times on the same day. Cancelled lessons never clash; an existing lesson with the
 * same id as a planned one (a lesson being moved) is ignored. `studentName` names students in the report.
 */
export function detectClashes(planned: ClashLesson[], existing: ClashLesson[], studentName: (id: number) => string = String): Clash[] {
  const clashes: Clash[] = [];
  const byDate = new Map<string, ClashLesson[]>();
  const movedIds = new Set(planned.map((p) => p.id).filter((id): id is number => id !== undefined));
  for (const e of existing) {
    if (e.status === 'cancelled' || (e.id !== undefined && movedIds.has(e.id))) continue;
    byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);
  }
  const push = (kind: ClashKind, whoId: number, who: string, p: ClashLesson, o: ClashLesson) =>
    clashes.push({
      kind,
      whoId,
      who,
      date: p.date,
      start: p.start,
      end: p.end,
      className: p.className,
      ...(o.id !== undefined && !movedIds.has(o.id) ? { otherLessonId: o.id } : {}),
      otherClassName: o.className,
      otherStart: o.start,
      otherEnd: o.end,
    });
  const compare = (p: ClashLesson, o: ClashLesson) => {
    if (p.date !== o.date || !overlaps(p.start, p.end, o.start, o.end)) return;
    if (p.teacherId === o.teacherId) push('teacher', p.teacherId, p.teacherName, p, o);
    if (p.roomId === o.roomId) push('room', p.roomId, p.roomName, p, o);
    if (p.studentIds.length && o.studentIds.length) {
      const other = new Set(o.studentIds);
      for (const s of p.studentIds) if (other.has(s)) push('student', s, studentName(s), p, o);
    }
  };
  planned.forEach((p, i) => {
    if (p.status === 'cancelled') return;
    for (const o of byDate.get(p.date) ?? []) compare(p, o);
    for (let j = i + 1; j < planned.length; j += 1) if (planned[j].status !== 'cancelled') compare(p, planned[j]);
  });
  return clashes;
}

/** Whether the clashes block saving: any teacher or student clash, or a room clash not overridden. */
export function clashesBlock(clashes: Clash[], overrideRoom: boolean): boolean {
  return clashes.some((c) => c.kind !== 'room' || !overrideRoom);
}

/** Roll-call state of a lesson on `today`. */
export function rollCallStateOf(l: { status: LessonStatus; date: string; rollCalledAt?: string }, today: string): RollCallState {
  if (l.rollCalledAt) return 'done';
  if (l.status === 'cancelled' || l.date > today) return 'notDue';
  return 'waiting';
}

/** Label of a lesson for lists: 'YYYY-MM-DD HH:mm–HH:mm Class'. */
/**
 * Leave, bookings and trials are only for lessons that are still scheduled, not roll-called and not started yet
 * (`now` = 'YYYY-MM-DD HH:mm'; today's lessons count until their start time).
 */
export function isOpenForBooking(l: { status: LessonStatus; date: string; start: string; rollCalledAt?: string }, now: string): boolean {
  if (l.status !== 'scheduled' || l.rollCalledAt) return false;
  const day = now.slice(0, 10);
  if (l.date !== day) return l.date > day;
  return l.start > now.slice(11, 16);
}

export function lessonLabel(l: Pick<Lesson, 'date' | 'start' | 'end' | 'className'>): string {
  return `${l.date} ${l.start}–${l.end} ${l.className}`;
}

/** Hours between two times, 1 decimal (a default for a lesson's hours). */
export function hoursBetween(start: string, end: string): number {
  return Math.round(((minutesOf(end) - minutesOf(start)) / 60) * 10) / 10;
}
