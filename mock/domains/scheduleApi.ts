/**
 * Calls of the schedule domain (docs/rules.md#roll-call, #scheduling, docs/screens.md#students leave/reserve, docs/screens.md#schedule). The typed client is
 * src/services/schedule.ts. Teachers see and roll-call only their own lessons (403 / filtered lists).
 */
import { loadLessonArrears } from './arrears';
import { leadIdsOf, narrowsScope, scopeLessons } from './dataScope';
import { activeEnrolments, studentNames, studentsByIds } from './studentRows';
import { assertCampusOpen } from './campus';
import { emit } from './notify';
import type { HttpHandler } from 'msw';
import type { Db } from '../db';
import { api, definePolicy, HttpError, json, type AuthedCtx, type Session } from '../http';
import { listQuery } from '../list';
import { defineMessages, message, type Lang } from '../messages';
import { parseBody } from '../schema';
import { indexOf } from '../indexes';
import { nowStamp, today } from '../clock';
import type { Access } from '../../src/access';
import type {
  Attendance,
  BatchScheduleResult,
  Clash,
  Lesson,
  LessonKind,
  Reservation,
  RollCallView,
  ScheduleOverview,
  ScheduleSlot,
  Trial,
  TrialStatus,
} from '../../src/types/schedule';
import type { LeaveRequest, SchoolClass } from '../../src/types/school';
import type { Lead } from '../../src/types/customer';
import {
  BatchScheduleBody,
  CancelLessonBody,
  LeaveBody,
  LeaveReviewBody,
  LessonBody,
  LessonRangeQuery,
  LessonUpdateBody,
  ReservationBody,
  ReservationCancelBody,
  RollCallBody,
  TrialBody,
  TrialStatusBody,
  UndoRollCallBody,
} from '../../src/types/schedule.schemas';
import { clashesBlock, detectClashes, generateLessons, holidayOf, isOpenForBooking, lessonLabel, MAX_BATCH_DAYS, minutesOf, rollCallStateOf, slotProblems, type ClashLesson } from '../../src/domain/schedule';
import { canManageSchedule, canRollCall, canSeeLesson, canUndoRollCall, limitedToOwnLessons } from '../../src/domain/schedulePermissions';
import { dateRange } from '../../src/utils/dates';
import {
  actorOf,
  ensureScheduleTables,
  expectedStudentIds,
  findLesson,
  indexesOf,
  makeLesson,
  reservationAfterMark,
  rollCallStudents,
  scheduleOperator,
  undoRollCall,
  viewLesson,
  writeRollCall,
  type LessonIndexes,
} from './schedule';
import { settingsOf } from './companySettings';
import { findLead, insertLead, leadScope, setLeadStatus, sweepPool } from './customer';
import { and, asc, eq, ilike, inArray, isNull, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { tx } from '../../server/db';
import { attendances, leads, leaveRequests, reservations, trials } from '../../server/db/schema';
import { contains, sqlList, type SqlListSpec } from '../../server/db/list';
import { created } from './audit';
import {
  attendanceOf,
  bookedTrialCount,
  findLeave,
  findReservation,
  findTrial,
  idIn,
  insertAttendances,
  insertTrial,
  leaveOf,
  leaveValues,
  liveReservations,
  loadApprovedLeave,
  loadAttendances,
  relabelLessonBookings,
  reservationOf,
  reservationValues,
  trialOf,
} from './scheduleRows';
import { seesAllLeads } from '../../src/domain/leads';
import { drillRows } from './analysis';
import { campusesOf } from './campusRows';
import { classesOf, roomsOf } from './schoolRows';
import { insertLessonRow, loadCompanyLessons, lessonsOf, lockLesson, updateLessonRow } from './lessonRows';
import { staffById, staffRowsOf } from './staffRows';

const manage = (a: Access) => a.isDealer || a.isManager;

/** The mock's "now" as 'YYYY-MM-DD HH:mm' (the date follows MOCK_TODAY when pinned). */
const nowMinute = () => `${today()} ${nowStamp().slice(11, 16)}`;

/** Field labels of the bodies: field → message key. */
const LABELS: Record<string, string> = {
  id: 'sch.lesson',
  lessonId: 'sch.lesson',
  classId: 'sch.class',
  teacherId: 'sch.teacher',
  roomId: 'sch.room',
  studentId: 'sch.student',
  date: 'sch.date',
  startDate: 'sch.startDate',
  endDate: 'sch.endDate',
  start: 'sch.start',
  end: 'sch.end',
  hours: 'sch.hours',
  kind: 'sch.kind',
  slots: 'sch.slots',
  reason: 'sch.reason',
  remark: 'sch.reason',
  month: 'sch.month',
  mobile: 'sch.mobile',
  leadName: 'sch.name',
  status: 'sch.status',
  leadId: 'sch.name',
};

defineMessages({
  'sch.notYourLead': { en: 'This trial belongs to another owner\'s lead.', zh: '该试听属于其他负责人的客户。' },
  'sch.leave': { en: 'Leave request', zh: '请假申请' },
  'sch.reservation': { en: 'Reservation', zh: '预约' },
  'sch.trial': { en: 'Trial', zh: '试听' },
});

function classOf(db: Db, s: Session, id: number, lang: Lang): SchoolClass {
  const cls = classesOf(db, s.company.id).find((c) => c.id === id);
  if (!cls) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.class') }));
  return cls;
}

function checkStaff(db: Db, s: Session, id: number | undefined, lang: Lang) {
  if (id === undefined) return;
  if (!staffRowsOf(db, s.company.id).some((st) => st.id === id && st.status === 'active')) {
    throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.teacher') }));
  }
}

function checkRoom(db: Db, s: Session, id: number | undefined, lang: Lang) {
  if (id === undefined) return;
  if (!roomsOf(db, s.company.id).some((r) => r.id === id)) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.room') }));
}

/** The company's lessons the caller may see (teachers: their own). The one scope of every lesson call. */
export function lessonRows(db: Db, s: Session): Lesson[] {
  const actor = actorOf(db, s);
  // The data scope of the caller's permission group (own / campus / company), mock/domains/dataScope.ts.
  return scopeLessons(db, s, lessonsOf(db, s.company.id).filter((l) => canSeeLesson(actor, l)));
}
/** Former name of `lessonRows`. */
export const visibleLessons = lessonRows;

function clashInput(l: Lesson, ix: LessonIndexes): ClashLesson {
  return { id: l.id || undefined, className: l.className, teacherId: l.teacherId, teacherName: l.teacherName, roomId: l.roomId, roomName: l.roomName, date: l.date, start: l.start, end: l.end, studentIds: expectedStudentIds(l, ix), status: l.status };
}

/**
 * Clashes of planned lessons with the company's lessons on the same dates, and the students of those lessons (their
 * reservations read for the call).
 */
async function clashesFor(db: Db, s: Session, planned: Lesson[]): Promise<{ clashes: Clash[]; ix: LessonIndexes }> {
  const dates = new Set(planned.map((p) => p.date));
  const existing = lessonsOf(db, s.company.id).filter((l) => dates.has(l.date));
  const ix = await indexesFor(db, s, [...existing, ...planned]);
  // The students of the lessons are the enrolled and the reserved: their names come with them.
  const names = new Map<number, string>();
  for (const list of ix.enrolled.values()) for (const st of list) names.set(st.id, st.name);
  for (const list of ix.reserved.values()) for (const r of list) if (!names.has(r.studentId)) names.set(r.studentId, r.studentName);
  const clashes = detectClashes(
    planned.map((p) => clashInput(p, ix)),
    existing.map((e) => clashInput(e, ix)),
    (id) => names.get(id) ?? String(id),
  );
  return { clashes, ix };
}

/** The students of these lessons (enrolled, and reserved: their live reservations read from the database). */
async function indexesFor(db: Db, s: Session, lessons: readonly Lesson[]): Promise<LessonIndexes> {
  return indexesOf(db, s.company.id, await liveReservations(s.company.id, lessons.map((l) => l.id)), await activeEnrolments(s.company.id, lessons.map((l) => l.classId)));
}

/** A lesson as its screens show it, its students read for the call. */
async function viewed(db: Db, s: Session, lesson: Lesson): Promise<Lesson> {
  return viewLesson(lesson, await indexesFor(db, s, [lesson]));
}

/** Every lesson of the company the caller sees, with its roll-call state of today (its student count comes with a page). */
function lessonsWithState(ctx: AuthedCtx, policy: typeof lessonPolicy): Lesson[] {
  const day = today();
  return ctx.rows(policy).map((l) => {
    l.rollCall = rollCallStateOf(l, day);
    return l;
  });
}

function clashResponse(lang: Lang, clashes: Clash[]) {
  return json({ code: 400, msg: message(lang, 'sch.clashes', { n: clashes.length }), clashes }, 400);
}

function checkSlotProblems(slots: ScheduleSlot[], lang: Lang) {
  const problems = slotProblems(slots);
  if (problems.length) throw new HttpError(400, message(lang, `sch.${problems[0]}`));
}

type LessonFieldsInput = {
  date: string;
  start: string;
  end: string;
  teacherId?: number | null;
  roomId?: number | null;
  hours?: number | null;
  kind?: Lesson['kind'] | null;
  remark?: string;
  overrideRoom?: boolean;
};

function readLessonFields(ctx: AuthedCtx, b: LessonFieldsInput) {
  const { date, start, end } = b;
  if (minutesOf(end) <= minutesOf(start)) throw ctx.bad('sch.endBeforeStart');
  const teacherId = b.teacherId ?? undefined;
  const roomId = b.roomId ?? undefined;
  checkStaff(ctx.db, ctx.session, teacherId, ctx.lang);
  checkRoom(ctx.db, ctx.session, roomId, ctx.lang);
  return { date, start, end, teacherId, roomId, hours: b.hours ?? undefined, kind: b.kind ?? undefined, remark: b.remark, overrideRoom: b.overrideRoom ?? false };
}

/**
 * The lessons whose bookings the caller sees, when that narrows the company's: teachers and a narrowed data scope see
 * the leave and reservations of the lessons they see (issue 29: one scope for the lesson's rows); undefined: all.
 */
function bookedLessonIds(db: Db, s: Session): number[] | undefined {
  if (!limitedToOwnLessons(actorOf(db, s)) && !narrowsScope(db, s)) return undefined;
  return lessonRows(db, s).map((l) => l.id);
}

/** Leave requests the caller may see: those of the lessons they see. */
export function leaveScope(s: Session, db: Db): SQL {
  const own = bookedLessonIds(db, s);
  return and(eq(leaveRequests.companyId, s.company.id), own && idIn(leaveRequests.lessonId, own))!;
}

/** Reservations the caller may see: those of the lessons they see. */
export function reservationScope(s: Session, db: Db): SQL {
  const own = bookedLessonIds(db, s);
  return and(eq(reservations.companyId, s.company.id), own && idIn(reservations.lessonId, own))!;
}

/**
 * Trials the caller may see: teachers those they teach; whoever does not see every lead (sales, a narrowed data
 * scope) the trials of the leads of their lead lists (the leads and the pool: their ids read before the call,
 * `leadIdsOf`), as a trial shows its lead's name and mobile (issue 29); the others every trial.
 */
export function trialScope(s: Session, db: Db): SQL {
  const actor = actorOf(db, s);
  const company = eq(trials.companyId, s.company.id);
  if (limitedToOwnLessons(actor)) return and(company, actor.staffId === undefined ? isNull(trials.teacherId) : eq(trials.teacherId, actor.staffId))!;
  if (seesAllLeads(s.membership.role) && !narrowsScope(db, s)) return company;
  return and(company, or(isNull(trials.leadId), idIn(trials.leadId, leadIdsOf(s, 'seen'))))!;
}

const lessonScope = (db: Db, s: Session) => {
  ensureScheduleTables(db);
  return lessonRows(db, s);
};
/** The company's lessons, read for the call (`lessonsOf`). */
const loadLessons = async (_db: Db, s: Session) => {
  await loadCompanyLessons(s.company.id);
};
/** The lessons, when the caller's bookings are narrowed to the lessons they see (`bookedLessonIds`). */
const loadBookedLessons = async (db: Db, s: Session) => {
  if (limitedToOwnLessons(actorOf(db, s)) || narrowsScope(db, s)) await loadCompanyLessons(s.company.id);
};

/** Lessons: the timetable, roll call, overview and filter options. Writes add `manage` (dealer, managers) except roll call. */
export const lessonPolicy = definePolicy<Lesson>({ name: 'lessons', read: 'scheduleManagement', rows: lessonScope, load: loadLessons });
/** Lessons to pick in the leave, reservation and trial forms: the same scope, for the student or schedule screens. */
export const lessonPickPolicy = definePolicy<Lesson>({ name: 'lessons to pick', read: (a) => a.scheduleManagement || a.studentManagement, rows: lessonScope, load: loadLessons });
/** The dashboard's month calendar: every role with a workbench; counts only of the lessons of the caller's scope. */
export const lessonCalendarPolicy = definePolicy<Lesson>({
  name: 'lesson calendar',
  read: 'staging',
  rows: (db, s) => (s.access.scheduleManagement ? lessonScope(db, s) : []),
  load: loadLessons,
});
/** Roll-call lines the caller may see: those of the lessons they see. */
export function attendanceScope(s: Session, db: Db): SQL {
  ensureScheduleTables(db);
  const own = bookedLessonIds(db, s);
  return and(eq(attendances.companyId, s.company.id), own && idIn(attendances.lessonId, own))!;
}
export const attendancePolicy = definePolicy<Attendance>({ name: 'attendance', read: 'scheduleManagement', where: attendanceScope, load: loadBookedLessons });
export const leavePolicy = definePolicy<LeaveRequest>({ name: 'leave requests', read: 'studentManagement', where: leaveScope, find: findLeave, load: loadBookedLessons });
export const reservationPolicy = definePolicy<Reservation>({
  name: 'reservations',
  read: 'studentManagement',
  write: (a) => !a.isCustomer,
  where: reservationScope,
  find: findReservation,
  load: loadBookedLessons,
});
export const trialPolicy = definePolicy<Trial>({
  name: 'trials',
  read: 'scheduleManagement',
  write: (a) => a.isDealer || a.isManager || a.isSales || a.isTeacher,
  where: trialScope,
  find: findTrial,
});

const LEAVE_LIST: SqlListSpec = {
  keyword: [leaveRequests.studentName, leaveRequests.lessonLabel, leaveRequests.reason],
  equal: { status: leaveRequests.status, studentId: leaveRequests.studentId, lessonId: leaveRequests.lessonId, classId: leaveRequests.classId },
  day: leaveRequests.date,
  sortable: { createdAt: leaveRequests.createdAt, date: leaveRequests.date },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(leaveRequests.id)],
};
const RESERVATION_LIST: SqlListSpec = {
  keyword: [reservations.studentName, reservations.lessonLabel],
  equal: { status: reservations.status, studentId: reservations.studentId, lessonId: reservations.lessonId },
  day: reservations.lessonDate,
  sortable: { createdAt: reservations.createdAt, lessonDate: reservations.lessonDate },
  defaultSort: { field: 'lessonDate', order: 'descend' },
  tiebreak: [asc(reservations.id)],
};
const ATTENDANCE_LIST: SqlListSpec = {
  equal: { studentId: attendances.studentId, lessonId: attendances.lessonId, mark: attendances.mark },
  date: attendances.createdAt,
  sortable: { createdAt: attendances.createdAt },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(attendances.id)],
};
const TRIAL_LIST: SqlListSpec = {
  keyword: [trials.leadName, trials.mobile, trials.className, trials.course],
  equal: { status: trials.status, teacherId: trials.teacherId, campusId: trials.campusId, leadId: trials.leadId },
  day: trials.date,
  sortable: { date: trials.date, createdAt: trials.createdAt },
  defaultSort: { field: 'date', order: 'descend' },
  tiebreak: [asc(trials.id)],
};

/** The advisory lock class of a trial's mobile (with a hash of it): "tr" in ASCII. */
const TRIAL_MOBILE_LOCK = 0x7472;
/** Leads a trial may be booked for: the customer center's scope (sales: their own leads), open ones only. */
export const trialLeadPolicy = definePolicy<Lead>({
  name: 'trial leads',
  read: (a) => a.scheduleManagement && a.customerCenter,
  where: (s, db) => and(leadScope(s, db), notInArray(leads.status, ['formal', 'invalid'])),
  find: findLead,
});

/** Parses the query string with a schema (400 naming the parameter). */
function parseQuery<S extends Parameters<typeof parseBody>[0]>(ctx: AuthedCtx, schema: S) {
  return parseBody(schema, ctx.query, ctx.lang, LABELS);
}

const TRIAL_NEXT: Record<TrialStatus, TrialStatus[]> = {
  booked: ['attended', 'noShow', 'cancelled'],
  attended: ['converted'],
  noShow: ['booked', 'cancelled'],
  converted: [],
  cancelled: [],
};

function leadStatusFor(status: TrialStatus): 'trial' | 'formal' | 'following' {
  if (status === 'converted') return 'formal';
  if (status === 'noShow' || status === 'cancelled') return 'following';
  return 'trial';
}

export const scheduleHandlers: HttpHandler[] = [
  /* ---------------------------------------------------------------- lessons ---------------------------------------------------------------- */

  // Paged list (roll-call screen, new lessons).
  api('get', '/v2/lesson', { read: lessonPolicy }, async (ctx) => {
    const { db, session, query, lang } = ctx;
    const t = today();
    const rows = lessonsWithState(ctx, lessonPolicy).sort((a, b) => (b.date + b.start).localeCompare(a.date + a.start));
    const page = listQuery(
      await drillRows(db, session, 'lesson', rows, query, lang),
      query,
      {
        keywordFields: ['className', 'teacherName', 'roomName', 'course'],
        equalFields: ['classId', 'teacherId', 'roomId', 'campusId', 'status', 'rollCall', 'kind'],
        filters: { createdFrom: (r, v) => r.createdAt.slice(0, 10) >= v },
        dateField: 'date',
        sortable: ['date', 'createdAt', 'hours', 'className', 'teacherName'],
      },
      lang,
    );
    // The students of the page's lessons (their reservations read for them).
    const ix = await indexesFor(db, session, page.list);
    for (const l of page.list) viewLesson(l, ix, t);
    return page;
  }),

  // Every lesson of a date range (timetable grids, export). At most 62 days.
  api('get', '/v2/lesson/range', { read: lessonPolicy }, async (ctx) => {
    const { db, session, query, lang } = ctx;
    const { startDate, endDate } = parseQuery(ctx, LessonRangeQuery);
    if (endDate < startDate) throw new HttpError(400, message(lang, 'common.badRange'));
    if (dateRange(startDate, endDate).length > 62) throw new HttpError(400, message(lang, 'sch.rangeTooLong', { days: 62 }));
    const day = today();
    const num = (k: string) => (query[k] ? Number(query[k]) : undefined);
    const [teacherId, classId, roomId, campusId] = [num('teacherId'), num('classId'), num('roomId'), num('campusId')];
    const inRange = ctx
      .rows(lessonPolicy)
      .filter(
        (l) =>
          l.date >= startDate &&
          l.date <= endDate &&
          (teacherId === undefined || l.teacherId === teacherId) &&
          (classId === undefined || l.classId === classId) &&
          (roomId === undefined || l.roomId === roomId) &&
          (campusId === undefined || l.campusId === campusId) &&
          (query.includeCancelled === 'true' || l.status !== 'cancelled'),
      );
    const ix = await indexesFor(db, session, inRange);
    return inRange.map((l) => viewLesson(l, ix, day)).sort((a, b) => (a.date + a.start).localeCompare(b.date + b.start));
  }),

  // Lessons per day of a month (dashboard calendar, month view).
  api('get', '/v2/lesson/calendar', { read: lessonCalendarPolicy }, (ctx) => {
    const { query, lang, t } = ctx;
    const month = query.month ?? '';
    if (!/^\d{4}-\d{2}$/.test(month)) throw new HttpError(400, message(lang, 'v.date', { field: t('sch.month') }));
    const counts: Record<string, number> = {};
    for (const l of ctx.rows(lessonCalendarPolicy)) {
      if (l.status === 'cancelled' || !l.date.startsWith(month)) continue;
      counts[l.date] = (counts[l.date] ?? 0) + 1;
    }
    return counts;
  }),

  // Dashboard: today's lessons, lessons waiting for roll call, pending leave.
  // The same scope as the timetable: the parent account and roles without the schedule get 403.
  api('get', '/v2/lesson/overview', { read: lessonPolicy }, async (ctx): Promise<ScheduleOverview> => {
    const { db, session } = ctx;
    const day = today();
    const mine = lessonsWithState(ctx, lessonPolicy);
    const waiting = mine.filter((l) => l.rollCall === 'waiting').sort((a, b) => (b.date + b.start).localeCompare(a.date + a.start));
    const todays = mine.filter((l) => l.date === day && l.status !== 'cancelled').sort((a, b) => a.start.localeCompare(b.start));
    const shown = [...todays, ...waiting.slice(0, 5)];
    const ix = await indexesFor(db, session, shown);
    for (const l of shown) viewLesson(l, ix, day);
    let pendingLeave = 0;
    if (session.access.studentManagement) {
      const [{ n }] = await (await tx())
        .select({ n: sql<number>`count(*)::int` })
        .from(leaveRequests)
        .where(and(ctx.scope(leavePolicy), eq(leaveRequests.status, 'pending')));
      pendingLeave = Number(n);
    }
    return { today: todays, waitingRollCall: waiting.length, waitingLessons: waiting.slice(0, 5), pendingLeave };
  }),

  // Options for filters and forms: teachers, rooms, classes, campuses (teachers see themselves and their classes).
  api('get', '/v2/lesson/filter_options', { read: lessonPolicy }, ({ db, session }) => {
    const actor = actorOf(db, session);
    const own = limitedToOwnLessons(actor);
    const cid = session.company.id;
    return {
      teachers: staffRowsOf(db, cid)
        .filter((s) => s.role === 'teacher' && s.status === 'active' && (!own || s.id === actor.staffId))
        .map((s) => ({ value: s.id, label: s.name, campusId: s.campusId })),
      rooms: roomsOf(db, cid).map((r) => ({ value: r.id, label: r.name, campusId: r.campusId, capacity: r.capacity })),
      classes: classesOf(db, cid)
        .filter((c) => !own || c.teacherId === actor.staffId)
        .map((c) => ({ value: c.id, label: c.name, campusId: c.campusId, teacherId: c.teacherId, roomId: c.roomId, hours: c.hoursPerLesson, status: c.status })),
      campuses: campusesOf(db, cid).map((c) => ({ value: c.id, label: c.name })),
    };
  }),

  // Future lessons to pick (leave, reservation, trial forms).
  // Same scope as the timetable, and flags (so an expired company or the parent account get 403).
  api('get', '/v2/lesson/options', { read: lessonPickPolicy }, async (ctx) => {
    const { db, session, query } = ctx;
    const day = today();
    const kw = (query.keyword ?? '').trim().toLowerCase();
    const studentId = query.studentId ? Number(query.studentId) : undefined;
    // Not started yet (today's lessons count until their start time), the minute read once for the call.
    const now = nowMinute();
    const open = ctx
      .rows(lessonPickPolicy)
      .filter((l) => isOpenForBooking(l, now) && (!kw || `${l.className} ${l.teacherName} ${l.date}`.toLowerCase().includes(kw)));
    // By date and start (fixed-width strings: compared as they are, without building a key per comparison).
    open.sort((a, b) => (a.date === b.date ? (a.start < b.start ? -1 : a.start > b.start ? 1 : 0) : a.date < b.date ? -1 : 1));
    // The students of the lessons still to come (their reservations read for them): of the first 50 shown, or of every
    // one when the pick is a given student's lessons.
    const ix = await indexesFor(db, session, studentId === undefined ? open.slice(0, 50) : open);
    return open
      .filter((l) => studentId === undefined || expectedStudentIds(l, ix).includes(studentId))
      .slice(0, 50)
      .map((l) => {
        viewLesson(l, ix, day);
        return { value: l.id, label: `${lessonLabel(l)} · ${l.teacherName}`, date: l.date, free: Math.max(0, l.capacity - l.studentCount) };
      });
  }),

  // One lesson with its students and roll-call lines.
  api<{ id: string }>('get', '/v2/lesson/:id', { read: lessonPolicy }, async ({ db, session, params, lang }) => {
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, Number(params.id), lang);
    const actor = actorOf(db, session);
    if (!canSeeLesson(actor, lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    // Outside the schedule's scope (the permission group's data scope): 404, as the lesson list does not show it.
    if (!lessonRows(db, session).includes(lesson)) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'sch.lesson') }));
    const ix = await indexesFor(db, session, [lesson]);
    await loadApprovedLeave(session.company.id, [lesson.id]);
    await loadAttendances(session.company.id, [lesson.id]);
    await loadLessonArrears(session.company.id, [lesson.id]);
    viewLesson(lesson, ix);
    return { lesson, students: rollCallStudents(db, lesson, ix) };
  }),

  // Batch scheduling (docs/rules.md#scheduling): generate, check clashes, save unless refused.
  api('post', '/v2/lesson/batch', { write: lessonPolicy, access: manage, body: BatchScheduleBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang, body } = ctx;
    const cls = classOf(db, session, body.classId, lang);
    assertCampusOpen(db, cls.campusId, lang);
    if (cls.status !== 'open') throw ctx.bad('sch.classClosed', { name: cls.name });
    const { startDate, endDate } = body;
    if (endDate < startDate) throw ctx.bad('common.badRange');
    if (dateRange(startDate, endDate).length > MAX_BATCH_DAYS) throw ctx.bad('sch.rangeTooLong', { days: MAX_BATCH_DAYS });
    if (body.slots.length === 0) throw ctx.bad('sch.noSlots');
    const slots: ScheduleSlot[] = body.slots;
    checkSlotProblems(slots, lang);
    const teacherId = body.teacherId ?? undefined;
    const roomId = body.roomId ?? undefined;
    checkStaff(db, session, teacherId, lang);
    checkRoom(db, session, roomId, lang);
    const hours = body.hours ?? undefined;
    const kind: LessonKind = body.kind ?? 'normal';
    const skipHolidays = body.skipHolidays ?? true;
    const overrideRoom = body.overrideRoom ?? false;
    const dryRun = body.dryRun ?? false;
    const gen = generateLessons(startDate, endDate, slots, skipHolidays ? holidayOf : undefined);
    if (!gen.lessons.length) throw ctx.bad('sch.nothingToCreate');
    const at = nowStamp();
    const creator = scheduleOperator(db, session).name;
    const planned = gen.lessons.map((g) => makeLesson(db, cls, { ...g, teacherId, roomId, hours, kind, createdAt: at, createdBy: creator }));
    const { clashes, ix } = await clashesFor(db, session, planned);
    const result: BatchScheduleResult = { created: [], planned: gen.lessons, skipped: gen.skipped, clashes, saved: false };
    if (dryRun) return result;
    if (clashesBlock(clashes, overrideRoom)) return clashResponse(lang, clashes);
    for (const p of planned) result.created.push(viewLesson(await insertLessonRow(p), ix));
    result.saved = true;
    return result;
  }),

  // Add one lesson, with the same checks.
  api('post', '/v2/lesson', { write: lessonPolicy, access: manage, body: LessonBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang } = ctx;
    const cls = classOf(db, session, ctx.body.classId, lang);
    assertCampusOpen(db, cls.campusId, lang);
    const f = readLessonFields(ctx, ctx.body);
    const lesson = makeLesson(db, cls, { ...f, createdAt: nowStamp(), createdBy: scheduleOperator(db, session).name });
    const { clashes, ix } = await clashesFor(db, session, [lesson]);
    if (clashesBlock(clashes, f.overrideRoom)) return clashResponse(lang, clashes);
    return viewLesson(await insertLessonRow(lesson), ix);
  }),

  // Move / change one lesson (date, time, teacher, room, hours), with the same checks.
  api('put', '/v2/lesson', { write: lessonPolicy, access: manage, body: LessonUpdateBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang } = ctx;
    const lesson = ctx.target(lessonPolicy, ctx.body.id, 'sch.lesson');
    await lockLesson(lesson);
    if (lesson.rollCalledAt) throw ctx.bad('sch.rollCalledNoChange');
    if (lesson.status === 'cancelled') throw ctx.bad('sch.cancelled');
    const f = readLessonFields(ctx, ctx.body);
    const cls = classOf(db, session, lesson.classId, lang);
    const moved = makeLesson(db, cls, {
      ...f,
      teacherId: f.teacherId ?? lesson.teacherId,
      roomId: f.roomId ?? lesson.roomId,
      hours: f.hours ?? lesson.hours,
      kind: f.kind ?? lesson.kind,
      remark: f.remark ?? lesson.remark,
      createdAt: lesson.createdAt,
      createdBy: lesson.createdBy,
    });
    moved.id = lesson.id;
    const { clashes, ix } = await clashesFor(db, session, [moved]);
    if (clashesBlock(clashes, f.overrideRoom)) return clashResponse(lang, clashes);
    Object.assign(lesson, { ...moved, id: lesson.id });
    await updateLessonRow(lesson);
    await relabelLessonBookings(session.company.id, lesson.id, lessonLabel(lesson), lesson.date);
    return viewLesson(lesson, ix);
  }),

  api('post', '/v2/lesson/cancel', { write: lessonPolicy, access: manage, body: CancelLessonBody, labels: LABELS }, async (ctx) => {
    const { db, session } = ctx;
    const lesson = ctx.target(lessonPolicy, ctx.body.id, 'sch.lesson');
    await lockLesson(lesson);
    const reason = ctx.body.reason;
    if (lesson.rollCalledAt) throw ctx.bad('sch.rollCalledNoChange');
    if (lesson.status === 'cancelled') throw ctx.bad('sch.alreadyCancelled');
    lesson.status = 'cancelled';
    if (reason) lesson.remark = reason;
    await updateLessonRow(lesson);
    await (await tx())
      .update(reservations)
      .set({ status: 'cancelled' })
      .where(and(eq(reservations.companyId, session.company.id), eq(reservations.lessonId, lesson.id), eq(reservations.status, 'booked')));
    return viewed(db, session, lesson);
  }),

  /* --------------------------------------------------------------- roll call --------------------------------------------------------------- */

  api<{ id: string }>('get', '/v2/lesson/:id/roll_call', { read: lessonPolicy }, async ({ db, session, params, lang }): Promise<RollCallView> => {
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, Number(params.id), lang);
    const actor = actorOf(db, session);
    if (!canSeeLesson(actor, lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    // Outside the schedule's scope (the permission group's data scope): 404, as the lesson list does not show it.
    if (!lessonRows(db, session).includes(lesson)) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'sch.lesson') }));
    const ix = await indexesFor(db, session, [lesson]);
    await loadApprovedLeave(session.company.id, [lesson.id]);
    await loadAttendances(session.company.id, [lesson.id]);
    await loadLessonArrears(session.company.id, [lesson.id]);
    viewLesson(lesson, ix);
    const s = settingsOf(db, session.company.id);
    return {
      lesson,
      students: rollCallStudents(db, lesson, ix),
      settings: { truantConsumes: s.truantConsumes, leaveConsumes: s.leaveConsumes, allowNegative: s.allowNegative },
      canSave: canRollCall(actor, lesson) && lesson.status !== 'cancelled' && lesson.date <= today(),
      canUndo: canUndoRollCall(actor) && !!lesson.rollCalledAt,
    };
  }),

  api('post', '/v2/lesson/roll_call', { write: lessonPolicy, body: RollCallBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, ctx.body.lessonId, lang);
    // Two roll calls of the lesson at once (or a roll call and a cancel): the second waits for the first and sees
    // what it wrote (the lesson's state, its marked students).
    await lockLesson(lesson);
    const actor = actorOf(db, session);
    if (!canRollCall(actor, lesson)) throw new HttpError(403, message(lang, 'sch.notYourLesson'));
    if (lesson.status === 'cancelled') throw ctx.bad('sch.cancelled');
    if (lesson.date > today()) throw ctx.bad('sch.notDue');
    assertCampusOpen(db, lesson.campusId, lang);
    const marks = ctx.body.marks;
    if (marks.length === 0) throw ctx.bad('sch.noMarks');
    const ix = await indexesFor(db, session, [lesson]);
    await loadApprovedLeave(session.company.id, [lesson.id]);
    await loadAttendances(session.company.id, [lesson.id]);
    await loadLessonArrears(session.company.id, [lesson.id]);
    const expected = new Set(rollCallStudents(db, lesson, ix).map((r) => r.studentId));
    const stranger = marks.find((m) => !expected.has(m.studentId));
    if (stranger) {
      const name = (await studentNames(db, session.company.id, [stranger.studentId])).get(stranger.studentId) ?? String(stranger.studentId);
      throw ctx.bad('sch.notInLesson', { name });
    }
    const res = writeRollCall(db, lesson, marks, scheduleOperator(db, session), { lang, ix });
    if (!res.attendances.length) throw ctx.bad('sch.nothingNew');
    try {
      await insertAttendances(res.attendances);
      await updateLessonRow(lesson);
      // Reservations follow the roll call.
      for (const mark of ['present', 'leave', 'truant'] as const) {
        const ids = res.attendances.filter((a) => a.mark === mark).map((a) => a.studentId);
        if (!ids.length) continue;
        await (await tx())
          .update(reservations)
          .set({ status: reservationAfterMark(mark) })
          .where(and(eq(reservations.companyId, session.company.id), eq(reservations.lessonId, lesson.id), eq(reservations.status, 'booked'), inArray(reservations.studentId, ids)));
      }
    } catch (e) {
      // The request's transaction drops the lines: the process's cards and records go back too.
      res.restore();
      throw e;
    }
    emit(db, session.company.id, 'rollCallResult', { studentIds: res.attendances.map((a) => a.studentId), perStudent: Object.fromEntries(res.attendances.map((a) => [a.studentId, { status: a.mark }])), classId: lesson.classId, values: { className: lesson.className, date: lesson.date } });
    return { lesson: viewLesson(lesson, ix), attendances: res.attendances, failed: res.failed };
  }),

  api('post', '/v2/lesson/roll_call/undo', { write: lessonPolicy, access: manage, body: UndoRollCallBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang } = ctx;
    const lesson = ctx.target(lessonPolicy, ctx.body.lessonId, 'sch.lesson');
    if (!canUndoRollCall(actorOf(db, session))) throw new HttpError(403, message(lang, 'sch.undoRoles'));
    await lockLesson(lesson);
    await loadAttendances(session.company.id, [lesson.id]);
    await loadLessonArrears(session.company.id, [lesson.id]);
    const proofs = await undoRollCall(db, lesson, scheduleOperator(db, session), { lang });
    // Its reservations are booked again.
    await (await tx())
      .update(reservations)
      .set({ status: 'booked' })
      .where(and(eq(reservations.companyId, session.company.id), eq(reservations.lessonId, lesson.id), inArray(reservations.status, ['attended', 'absent'])));
    return { lesson: await viewed(db, session, lesson), proofs };
  }),

  // A student's lesson history (attendance lines).
  api('get', '/v2/attendance', { read: attendancePolicy }, async (ctx) => {
    const page = await sqlList(await tx(), attendances, ctx.scope(attendancePolicy), ctx.query, ATTENDANCE_LIST, ctx.lang);
    return { list: page.list.map(attendanceOf), total: page.total };
  }),

  /* ------------------------------------------------------------ leave requests ------------------------------------------------------------ */

  api('get', '/v2/leave', { read: leavePolicy }, async (ctx) => {
    const page = await sqlList(await tx(), leaveRequests, ctx.scope(leavePolicy), ctx.query, LEAVE_LIST, ctx.lang);
    return { list: page.list.map(leaveOf), total: page.total };
  }),

  api('post', '/v2/leave', { write: leavePolicy, body: LeaveBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    await loadCompanyLessons(session.company.id);
    const lesson = findLesson(db, session, ctx.body.lessonId, lang);
    const { studentId, reason } = ctx.body;
    if (!ctx.rows(lessonPickPolicy).includes(lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    if (!isOpenForBooking(lesson, nowMinute())) throw ctx.bad('sch.pastLesson');
    const [student] = await studentsByIds(db, session.company.id, [studentId]);
    if (!student) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.student') }));
    // The lesson's bookings are checked and written one request at a time.
    await lockLesson(lesson);
    const ix = await indexesFor(db, session, [lesson]);
    if (!expectedStudentIds(lesson, ix).includes(studentId)) throw ctx.bad('sch.notInLesson', { name: student.name });
    const t = await tx();
    const [open] = await t
      .select({ id: leaveRequests.id })
      .from(leaveRequests)
      .where(and(eq(leaveRequests.companyId, session.company.id), eq(leaveRequests.lessonId, lesson.id), eq(leaveRequests.studentId, studentId), inArray(leaveRequests.status, ['pending', 'approved'])));
    if (open) throw ctx.bad('sch.leaveExists', { name: student.name });
    const row: LeaveRequest = {
      id: 0,
      companyId: session.company.id,
      studentId,
      studentName: student.name,
      lessonId: lesson.id,
      lessonLabel: lessonLabel(lesson),
      classId: lesson.classId,
      date: lesson.date,
      reason,
      status: 'pending',
      createdAt: nowStamp(),
      createdBy: scheduleOperator(db, session).name,
    };
    const [written] = await t.insert(leaveRequests).values(leaveValues(row)).returning();
    return created(leaveOf(written));
  }),

  ...(['approve', 'reject'] as const).map((action) =>
    api('post', `/v2/leave/${action}`, { write: leavePolicy, access: manage, body: LeaveReviewBody, labels: LABELS }, async (ctx) => {
      const { db, session, lang } = ctx;
      const { remark } = ctx.body;
      // Locked: of two reviews at once, the second finds it reviewed.
      const row = await ctx.find(leavePolicy, ctx.body.id, 'sch.leave');
      if (row.status !== 'pending') throw ctx.bad('sch.leaveReviewed');
      if (!canManageSchedule(actorOf(db, session))) throw new HttpError(403, message(lang, 'common.forbidden'));
      row.status = action === 'approve' ? 'approved' : 'rejected';
      row.reviewerName = scheduleOperator(db, session).name;
      row.reviewedAt = nowStamp();
      if (remark) row.reviewRemark = remark;
      await (await tx())
        .update(leaveRequests)
        .set({ status: row.status, reviewerName: row.reviewerName, reviewedAt: leaveValues(row).reviewedAt, reviewRemark: row.reviewRemark ?? null })
        .where(and(eq(leaveRequests.companyId, session.company.id), eq(leaveRequests.id, row.id)));
      emit(db, session.company.id, 'leaveReviewed', { studentIds: [row.studentId], classId: row.classId, values: { decision: row.status, date: row.date } });
      return row;
    }),
  ),

  /* ------------------------------------------------------------- reservations ------------------------------------------------------------- */

  api('get', '/v2/reservation', { read: reservationPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), reservations, ctx.scope(reservationPolicy), ctx.query, RESERVATION_LIST, ctx.lang);
    return { list: page.list.map(reservationOf), total: page.total };
  }),

  api('post', '/v2/reservation', { write: reservationPolicy, body: ReservationBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    await loadCompanyLessons(session.company.id);
    const lesson = findLesson(db, session, ctx.body.lessonId, lang);
    const { studentId, remark } = ctx.body;
    if (!ctx.rows(lessonPickPolicy).includes(lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    if (!isOpenForBooking(lesson, nowMinute())) throw ctx.bad('sch.pastLesson');
    const [student] = await studentsByIds(db, session.company.id, [studentId]);
    if (!student) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.student') }));
    // Two bookings of the lesson's last place count one after the other.
    await lockLesson(lesson);
    const ix = await indexesFor(db, session, [lesson]);
    const expected = expectedStudentIds(lesson, ix);
    if (expected.includes(studentId)) throw ctx.bad('sch.alreadyIn', { name: student.name });
    if (expected.length >= lesson.capacity) throw ctx.bad('sch.full', { capacity: lesson.capacity });
    const row: Reservation = {
      id: 0,
      companyId: session.company.id,
      lessonId: lesson.id,
      lessonLabel: lessonLabel(lesson),
      lessonDate: lesson.date,
      studentId,
      studentName: student.name,
      status: 'booked',
      remark,
      createdAt: nowStamp(),
      createdBy: scheduleOperator(db, session).name,
    };
    const [written] = await (await tx()).insert(reservations).values(reservationValues(row)).returning();
    return created(reservationOf(written));
  }),

  // The reservation must be in the caller's scope: a teacher cancels only reservations of their own lessons.
  api('post', '/v2/reservation/cancel', { write: reservationPolicy, body: ReservationCancelBody, labels: LABELS }, async (ctx) => {
    const row = await ctx.find(reservationPolicy, ctx.body.id, 'sch.reservation');
    if (row.status !== 'booked') throw ctx.bad('sch.reservationClosed');
    row.status = 'cancelled';
    await (await tx())
      .update(reservations)
      .set({ status: row.status })
      .where(and(eq(reservations.companyId, row.companyId), eq(reservations.id, row.id)));
    return row;
  }),

  /* ---------------------------------------------------------------- trials ---------------------------------------------------------------- */

  api('get', '/v2/trial', { read: trialPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), trials, ctx.scope(trialPolicy), ctx.query, TRIAL_LIST, ctx.lang);
    return { list: page.list.map(trialOf), total: page.total };
  }),

  // Leads to book (customer center data), by name or mobile.
  // The customer center's scope: teachers (no customer center) get 403, sales only their own leads.
  api('get', '/v2/trial/lead_options', { read: trialLeadPolicy }, async (ctx) => {
    const kw = (ctx.query.keyword ?? '').trim();
    const rows = await (await tx())
      .select({ id: leads.id, name: leads.name, mobile: leads.mobile, status: leads.status })
      .from(leads)
      .where(and(ctx.scope(trialLeadPolicy), kw ? or(ilike(leads.name, contains(kw)), like(leads.mobile, contains(kw))) : undefined))
      .orderBy(asc(leads.id))
      .limit(30);
    return rows.map((l) => ({ value: l.id, label: `${l.name} ${l.mobile}`, status: l.status }));
  }),

  api('post', '/v2/trial', { write: trialPolicy, access: (a) => a.isDealer || a.isManager || a.isSales, body: TrialBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang, body } = ctx;
    ensureScheduleTables(db);
    const operator = scheduleOperator(db, session);
    const leadIdIn = body.leadId ?? undefined;
    const remark = body.remark;
    // The lead must be in the caller's customer-center scope (sales: their own leads).
    if (leadIdIn !== undefined) await sweepPool(db, session.company.id);
    let lead = leadIdIn !== undefined ? await findLead(leadIdIn, ctx.scope(trialLeadPolicy), true) : undefined;
    if (leadIdIn !== undefined && !lead) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.name') }));
    let leadName = lead?.name;
    let mobile = lead?.mobile;
    if (!lead) {
      if (!body.leadName || !body.mobile) throw ctx.bad('sch.trialNeedsLead');
      leadName = body.leadName;
      mobile = body.mobile;
    }
    // Where: a lesson, or a slot.
    const lessonId = body.lessonId ?? undefined;
    let trial: Omit<Trial, 'id' | 'leadId' | 'leadName' | 'mobile' | 'createdAt' | 'createdBy' | 'status'>;
    if (lessonId !== undefined) {
      await loadCompanyLessons(session.company.id);
      const lesson = findLesson(db, session, lessonId, lang);
      if (!isOpenForBooking(lesson, nowMinute())) throw ctx.bad('sch.pastLesson');
      // Two bookings of the lesson's last place count one after the other.
      await lockLesson(lesson);
      const ix = await indexesFor(db, session, [lesson]);
      const taken = expectedStudentIds(lesson, ix).length + (await bookedTrialCount(session.company.id, lesson.id));
      if (taken >= lesson.capacity) throw ctx.bad('sch.full', { capacity: lesson.capacity });
      trial = { companyId: session.company.id, campusId: lesson.campusId, lessonId: lesson.id, classId: lesson.classId, className: lesson.className, course: lesson.course, teacherId: lesson.teacherId, teacherName: lesson.teacherName, date: lesson.date, start: lesson.start, end: lesson.end, remark };
    } else {
      if (!body.date || !body.start || !body.end || !body.teacherId) throw ctx.bad('sch.trialNeedsSlot');
      const { date, start, end, teacherId } = body;
      if (minutesOf(end) <= minutesOf(start)) throw ctx.bad('sch.endBeforeStart');
      if (date < today()) throw ctx.bad('sch.pastLesson');
      checkStaff(db, session, teacherId, lang);
      const teacher = staffById(db, teacherId)!;
      // The teacher must be free in that slot.
      const busy = lessonsOf(db, session.company.id).filter((l) => l.date === date && l.status !== 'cancelled' && l.teacherId === teacherId);
      const clashes = detectClashes(
        [{ className: body.course ?? '', teacherId, teacherName: teacher.name, roomId: -1, roomName: '', date, start, end, studentIds: [] }],
        busy.map((l) => ({ id: l.id, className: l.className, teacherId: l.teacherId, teacherName: l.teacherName, roomId: l.roomId, roomName: l.roomName, date: l.date, start: l.start, end: l.end, studentIds: [] })),
      );
      if (clashes.length) return clashResponse(lang, clashes);
      trial = { companyId: session.company.id, campusId: teacher.campusId, teacherId, teacherName: teacher.name, course: body.course, date, start, end, remark };
    }
    // Two bookings of one mobile at once are checked one after the other.
    await (await tx()).execute(sql`select pg_advisory_xact_lock(${TRIAL_MOBILE_LOCK}, hashtext(${mobile ?? ''}))`);
    const [dup] = await (await tx())
      .select({ id: trials.id })
      .from(trials)
      .where(and(eq(trials.companyId, session.company.id), eq(trials.mobile, mobile ?? ''), eq(trials.date, trial.date), eq(trials.start, trial.start), eq(trials.status, 'booked')));
    if (dup) throw ctx.bad('sch.trialExists', { name: leadName ?? '' });
    if (!lead) {
      // A new name and mobile becomes a lead of the customer center (400 when the mobile already belongs to one).
      lead = await insertLead(db, { companyId: session.company.id, campusId: trial.campusId, name: leadName!, mobile: mobile!, source: 'walk_in', course: trial.course, ownerId: session.access.isSales || session.access.isManager || session.access.isDealer ? session.user.id : undefined, createdBy: operator.name }, lang);
    }
    if (lead.status !== 'trial') await setLeadStatus(db, session.company.id, lead.id, 'trial', { id: session.user.id, name: operator.name }, lang);
    return created(await insertTrial({ ...trial, leadId: lead.id, leadName: lead.name, mobile: lead.mobile, status: 'booked', createdAt: nowStamp(), createdBy: operator.name }));
  }),

  api('post', '/v2/trial/status', { write: trialPolicy, body: TrialStatusBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang } = ctx;
    const row = await ctx.find(trialPolicy, ctx.body.id, 'sch.trial');
    const actor = actorOf(db, session);
    // Sales change only the trials of their own leads (the customer center's scope); teachers those they teach.
    if (session.access.isSales && row.leadId !== undefined && !(await findLead(row.leadId, leadScope(session, db), false))) {
      throw new HttpError(403, message(lang, 'sch.notYourLead'));
    }
    const status = ctx.body.status;
    if (!TRIAL_NEXT[row.status].includes(status)) throw ctx.bad('sch.trialStatus');
    if (status === 'converted' && limitedToOwnLessons(actor)) throw new HttpError(403, message(lang, 'common.forbidden'));
    if (row.leadId !== undefined && (await findLead(row.leadId, eq(leads.companyId, session.company.id), false))) {
      await setLeadStatus(db, session.company.id, row.leadId, leadStatusFor(status), { id: session.user.id, name: scheduleOperator(db, session).name }, lang);
    }
    row.status = status;
    await (await tx())
      .update(trials)
      .set({ status })
      .where(and(eq(trials.companyId, row.companyId), eq(trials.id, row.id)));
    return row;
  }),
];
