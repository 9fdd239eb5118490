/**
 * Calls of the schedule domain (docs/rules.md#roll-call, #scheduling, docs/screens.md#students leave/reserve, docs/screens.md#schedule). The typed client is
 * src/services/schedule.ts. Teachers see and roll-call only their own lessons (403 / filtered lists).
 */
import { leadIdsOf, narrowsScope, scopeLessons } from './dataScope';
import { assertCampusOpen } from './campus';
import { emit } from './notify';
import type { HttpHandler } from 'msw';
import type { Db } from '../db';
import { nextId } from '../db';
import { api, definePolicy, HttpError, json, type AuthedCtx, type Session } from '../http';
import { listQuery } from '../list';
import { defineMessages, message, type Lang } from '../messages';
import { parseBody } from '../schema';
import { indexOf } from '../indexes';
import { nowStamp, today } from '../clock';
import type { Access } from '../../src/access';
import type {
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
import { clashesBlock, detectClashes, generateLessons, holidayOf, isOpenForBooking, lessonLabel, MAX_BATCH_DAYS, minutesOf, slotProblems, type ClashLesson } from '../../src/domain/schedule';
import { canManageSchedule, canRollCall, canSeeLesson, canUndoRollCall, limitedToOwnLessons } from '../../src/domain/schedulePermissions';
import { dateRange } from '../../src/utils/dates';
import {
  actorOf,
  ensureScheduleTables,
  expectedStudentIds,
  findLesson,
  indexesOf,
  insertLesson,
  makeLesson,
  rollCallStudents,
  scheduleOperator,
  undoRollCall,
  viewLesson,
  writeRollCall,
  type LessonIndexes,
} from './schedule';
import { settingsOf } from './companySettings';
import { findLead, insertLead, leadScope, setLeadStatus, sweepPool } from './customer';
import { and, asc, eq, ilike, like, notInArray, or } from 'drizzle-orm';
import { tx } from '../../server/db';
import { leads } from '../../server/db/schema';
import { contains } from '../../server/db/list';
import { seesAllLeads } from '../../src/domain/leads';
import { drillRows } from './analysis';
import { campusesOf } from './campusRows';
import { classesOf, roomsOf } from './schoolRows';

const manage = (a: Access) => a.isDealer || a.isManager;

/** The mock's "now" as 'YYYY-MM-DD HH:mm' (the date follows MOCK_TODAY when pinned). */
const nowMinute = () => `${today()} ${nowStamp().slice(11, 16)}`;

/** A lesson that has not started yet (today's lessons count until their start time). */
function notStarted(l: Pick<Lesson, 'date' | 'start'>): boolean {
  return isOpenForBooking({ ...l, status: 'scheduled' }, nowMinute());
}
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
  if (!db.staff.some((st) => st.id === id && st.companyId === s.company.id && st.status === 'active')) {
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
  return scopeLessons(db, s, indexOf(db, 'lessons', s.company.id).filter((l) => canSeeLesson(actor, l)));
}
/** Former name of `lessonRows`. */
export const visibleLessons = lessonRows;

function clashInput(l: Lesson, ix: LessonIndexes): ClashLesson {
  return { id: l.id || undefined, className: l.className, teacherId: l.teacherId, teacherName: l.teacherName, roomId: l.roomId, roomName: l.roomName, date: l.date, start: l.start, end: l.end, studentIds: expectedStudentIds(l, ix), status: l.status };
}

/** Clashes of planned lessons with the company's lessons on the same dates. */
function clashesFor(db: Db, s: Session, planned: Lesson[], ix: LessonIndexes): Clash[] {
  const dates = new Set(planned.map((p) => p.date));
  const existing = db.lessons.filter((l) => l.companyId === s.company.id && dates.has(l.date));
  const names = new Map(db.students.filter((st) => st.companyId === s.company.id).map((st) => [st.id, st.name]));
  return detectClashes(
    planned.map((p) => clashInput(p, ix)),
    existing.map((e) => clashInput(e, ix)),
    (id) => names.get(id) ?? String(id),
  );
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

/** Leave requests the caller may see: those of the lessons they see. */
export function leaveRows(db: Db, s: Session): LeaveRequest[] {
  ensureScheduleTables(db);
  const rows = indexOf(db, 'leaveRequests', s.company.id);
  // Teachers and a narrowed data scope: the leave of the lessons they see (issue 29: one scope for the lesson's rows).
  if (!limitedToOwnLessons(actorOf(db, s)) && !narrowsScope(db, s)) return rows;
  const own = new Set(lessonRows(db, s).map((l) => l.id));
  return rows.filter((r) => r.lessonId !== undefined && own.has(r.lessonId));
}
const leaveVisible = leaveRows;

/** Reservations the caller may see: those of the lessons they see. */
export function reservationRows(db: Db, s: Session): Reservation[] {
  ensureScheduleTables(db);
  const rows = indexOf(db, 'reservations', s.company.id);
  if (!limitedToOwnLessons(actorOf(db, s)) && !narrowsScope(db, s)) return rows;
  const own = new Set(lessonRows(db, s).map((l) => l.id));
  return rows.filter((r) => own.has(r.lessonId));
}

/**
 * Trials the caller may see: teachers those they teach; whoever does not see every lead (sales, a narrowed data
 * scope) the trials of the leads of their lead lists (the leads and the pool: their ids read before the call,
 * `leadIdsOf`), as a trial shows its lead's name and mobile (issue 29); the others every trial.
 */
export function trialRows(db: Db, s: Session): Trial[] {
  ensureScheduleTables(db);
  const actor = actorOf(db, s);
  const rows = indexOf(db, 'trials', s.company.id);
  if (limitedToOwnLessons(actor)) return rows.filter((r) => r.teacherId === actor.staffId);
  if (seesAllLeads(s.membership.role) && !narrowsScope(db, s)) return rows;
  const seen = leadIdsOf(s, 'seen');
  return rows.filter((r) => r.leadId === undefined || seen.has(r.leadId));
}

const lessonScope = (db: Db, s: Session) => {
  ensureScheduleTables(db);
  return lessonRows(db, s);
};

/** Lessons: the timetable, roll call, overview and filter options. Writes add `manage` (dealer, managers) except roll call. */
export const lessonPolicy = definePolicy<Lesson>({ name: 'lessons', read: 'scheduleManagement', rows: lessonScope });
/** Lessons to pick in the leave, reservation and trial forms: the same scope, for the student or schedule screens. */
export const lessonPickPolicy = definePolicy<Lesson>({ name: 'lessons to pick', read: (a) => a.scheduleManagement || a.studentManagement, rows: lessonScope });
/** The dashboard's month calendar: every role with a workbench; counts only of the lessons of the caller's scope. */
export const lessonCalendarPolicy = definePolicy<Lesson>({
  name: 'lesson calendar',
  read: 'staging',
  rows: (db, s) => (s.access.scheduleManagement ? lessonScope(db, s) : []),
});
export const attendancePolicy = definePolicy({
  name: 'attendance',
  read: 'scheduleManagement',
  rows: (db: Db, s: Session) => {
    ensureScheduleTables(db);
    const own = new Set(lessonRows(db, s).map((l) => l.id));
    return indexOf(db, 'attendances', s.company.id).filter((a) => own.has(a.lessonId));
  },
});
export const leavePolicy = definePolicy<LeaveRequest>({ name: 'leave requests', read: 'studentManagement', rows: leaveRows });
export const reservationPolicy = definePolicy<Reservation>({
  name: 'reservations',
  read: 'studentManagement',
  write: (a) => !a.isCustomer,
  rows: reservationRows,
});
export const trialPolicy = definePolicy<Trial>({
  name: 'trials',
  read: 'scheduleManagement',
  write: (a) => a.isDealer || a.isManager || a.isSales || a.isTeacher,
  rows: trialRows,
});
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
  api('get', '/v2/lesson', { read: lessonPolicy }, (ctx) => {
    const { db, session, query, lang } = ctx;
    const ix = indexesOf(db, session.company.id);
    const t = today();
    const rows = ctx
      .rows(lessonPolicy)
      .map((l) => viewLesson(l, ix, t))
      .sort((a, b) => (b.date + b.start).localeCompare(a.date + a.start));
    return listQuery(
      drillRows(db, session, 'lesson', rows, query, lang),
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
  }),

  // Every lesson of a date range (timetable grids, export). At most 62 days.
  api('get', '/v2/lesson/range', { read: lessonPolicy }, (ctx) => {
    const { db, session, query, lang } = ctx;
    const { startDate, endDate } = parseQuery(ctx, LessonRangeQuery);
    if (endDate < startDate) throw new HttpError(400, message(lang, 'common.badRange'));
    if (dateRange(startDate, endDate).length > 62) throw new HttpError(400, message(lang, 'sch.rangeTooLong', { days: 62 }));
    const ix = indexesOf(db, session.company.id);
    const day = today();
    const num = (k: string) => (query[k] ? Number(query[k]) : undefined);
    const [teacherId, classId, roomId, campusId] = [num('teacherId'), num('classId'), num('roomId'), num('campusId')];
    return ctx
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
      )
      .map((l) => viewLesson(l, ix, day))
      .sort((a, b) => (a.date + a.start).localeCompare(b.date + b.start));
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
  api('get', '/v2/lesson/overview', { read: lessonPolicy }, (ctx): ScheduleOverview => {
    const { db, session } = ctx;
    const ix = indexesOf(db, session.company.id);
    const day = today();
    const mine = ctx.rows(lessonPolicy).map((l) => viewLesson(l, ix, day));
    const waiting = mine.filter((l) => l.rollCall === 'waiting').sort((a, b) => (b.date + b.start).localeCompare(a.date + a.start));
    return {
      today: mine.filter((l) => l.date === day && l.status !== 'cancelled').sort((a, b) => a.start.localeCompare(b.start)),
      waitingRollCall: waiting.length,
      waitingLessons: waiting.slice(0, 5),
      pendingLeave: session.access.studentManagement ? leaveVisible(db, session).filter((r) => r.status === 'pending').length : 0,
    };
  }),

  // Options for filters and forms: teachers, rooms, classes, campuses (teachers see themselves and their classes).
  api('get', '/v2/lesson/filter_options', { read: lessonPolicy }, ({ db, session }) => {
    const actor = actorOf(db, session);
    const own = limitedToOwnLessons(actor);
    const cid = session.company.id;
    return {
      teachers: indexOf(db, 'staff', cid)
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
  api('get', '/v2/lesson/options', { read: lessonPickPolicy }, (ctx) => {
    const { db, session, query } = ctx;
    const ix = indexesOf(db, session.company.id);
    const day = today();
    const kw = (query.keyword ?? '').trim().toLowerCase();
    const studentId = query.studentId ? Number(query.studentId) : undefined;
    return ctx
      .rows(lessonPickPolicy)
      .filter((l) => l.status === 'scheduled' && !l.rollCalledAt && notStarted(l))
      .filter((l) => !kw || `${l.className} ${l.teacherName} ${l.date}`.toLowerCase().includes(kw))
      .filter((l) => studentId === undefined || expectedStudentIds(l, ix).includes(studentId))
      .sort((a, b) => (a.date + a.start).localeCompare(b.date + b.start))
      .slice(0, 50)
      .map((l) => {
        viewLesson(l, ix, day);
        return { value: l.id, label: `${lessonLabel(l)} · ${l.teacherName}`, date: l.date, free: Math.max(0, l.capacity - l.studentCount) };
      });
  }),

  // One lesson with its students and roll-call lines.
  api<{ id: string }>('get', '/v2/lesson/:id', { read: lessonPolicy }, ({ db, session, params, lang }) => {
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, Number(params.id), lang);
    const actor = actorOf(db, session);
    if (!canSeeLesson(actor, lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    // Outside the schedule's scope (the permission group's data scope): 404, as the lesson list does not show it.
    if (!lessonRows(db, session).includes(lesson)) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'sch.lesson') }));
    const ix = indexesOf(db, session.company.id);
    viewLesson(lesson, ix);
    return { lesson, students: rollCallStudents(db, lesson, ix) };
  }),

  // Batch scheduling (docs/rules.md#scheduling): generate, check clashes, save unless refused.
  api('post', '/v2/lesson/batch', { write: lessonPolicy, access: manage, body: BatchScheduleBody, labels: LABELS }, (ctx) => {
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
    const ix = indexesOf(db, session.company.id);
    const clashes = clashesFor(db, session, planned, ix);
    const result: BatchScheduleResult = { created: [], planned: gen.lessons, skipped: gen.skipped, clashes, saved: false };
    if (dryRun) return result;
    if (clashesBlock(clashes, overrideRoom)) return clashResponse(lang, clashes);
    result.created = planned.map((p) => viewLesson(insertLesson(db, p), ix));
    result.saved = true;
    return result;
  }),

  // Add one lesson, with the same checks.
  api('post', '/v2/lesson', { write: lessonPolicy, access: manage, body: LessonBody, labels: LABELS }, (ctx) => {
    const { db, session, lang } = ctx;
    const cls = classOf(db, session, ctx.body.classId, lang);
    assertCampusOpen(db, cls.campusId, lang);
    const f = readLessonFields(ctx, ctx.body);
    const lesson = makeLesson(db, cls, { ...f, createdAt: nowStamp(), createdBy: scheduleOperator(db, session).name });
    const ix = indexesOf(db, session.company.id);
    const clashes = clashesFor(db, session, [lesson], ix);
    if (clashesBlock(clashes, f.overrideRoom)) return clashResponse(lang, clashes);
    return viewLesson(insertLesson(db, lesson), ix);
  }),

  // Move / change one lesson (date, time, teacher, room, hours), with the same checks.
  api('put', '/v2/lesson', { write: lessonPolicy, access: manage, body: LessonUpdateBody, labels: LABELS }, (ctx) => {
    const { db, session, lang } = ctx;
    const lesson = ctx.target(lessonPolicy, ctx.body.id, 'sch.lesson');
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
    const ix = indexesOf(db, session.company.id);
    const clashes = clashesFor(db, session, [moved], ix);
    if (clashesBlock(clashes, f.overrideRoom)) return clashResponse(lang, clashes);
    Object.assign(lesson, { ...moved, id: lesson.id });
    for (const r of db.reservations) if (r.lessonId === lesson.id) Object.assign(r, { lessonLabel: lessonLabel(lesson), lessonDate: lesson.date });
    for (const r of db.leaveRequests) if (r.lessonId === lesson.id) Object.assign(r, { lessonLabel: lessonLabel(lesson), date: lesson.date });
    return viewLesson(lesson, ix);
  }),

  api('post', '/v2/lesson/cancel', { write: lessonPolicy, access: manage, body: CancelLessonBody, labels: LABELS }, (ctx) => {
    const { db, session } = ctx;
    const lesson = ctx.target(lessonPolicy, ctx.body.id, 'sch.lesson');
    const reason = ctx.body.reason;
    if (lesson.rollCalledAt) throw ctx.bad('sch.rollCalledNoChange');
    if (lesson.status === 'cancelled') throw ctx.bad('sch.alreadyCancelled');
    lesson.status = 'cancelled';
    if (reason) lesson.remark = reason;
    for (const r of db.reservations) if (r.lessonId === lesson.id && r.status === 'booked') r.status = 'cancelled';
    return viewLesson(lesson, indexesOf(db, session.company.id));
  }),

  /* --------------------------------------------------------------- roll call --------------------------------------------------------------- */

  api<{ id: string }>('get', '/v2/lesson/:id/roll_call', { read: lessonPolicy }, ({ db, session, params, lang }): RollCallView => {
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, Number(params.id), lang);
    const actor = actorOf(db, session);
    if (!canSeeLesson(actor, lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    // Outside the schedule's scope (the permission group's data scope): 404, as the lesson list does not show it.
    if (!lessonRows(db, session).includes(lesson)) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'sch.lesson') }));
    const ix = indexesOf(db, session.company.id);
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

  api('post', '/v2/lesson/roll_call', { write: lessonPolicy, body: RollCallBody, labels: LABELS }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, ctx.body.lessonId, lang);
    const actor = actorOf(db, session);
    if (!canRollCall(actor, lesson)) throw new HttpError(403, message(lang, 'sch.notYourLesson'));
    if (lesson.status === 'cancelled') throw ctx.bad('sch.cancelled');
    if (lesson.date > today()) throw ctx.bad('sch.notDue');
    assertCampusOpen(db, lesson.campusId, lang);
    const marks = ctx.body.marks;
    if (marks.length === 0) throw ctx.bad('sch.noMarks');
    const ix = indexesOf(db, session.company.id);
    const expected = new Set(rollCallStudents(db, lesson, ix).map((r) => r.studentId));
    const stranger = marks.find((m) => !expected.has(m.studentId));
    if (stranger) {
      const name = db.students.find((s) => s.id === stranger.studentId && s.companyId === session.company.id)?.name ?? String(stranger.studentId);
      throw ctx.bad('sch.notInLesson', { name });
    }
    const res = writeRollCall(db, lesson, marks, scheduleOperator(db, session), { lang, ix });
    if (!res.attendances.length) throw ctx.bad('sch.nothingNew');
    emit(db, session.company.id, 'rollCallResult', { studentIds: res.attendances.map((a) => a.studentId), perStudent: Object.fromEntries(res.attendances.map((a) => [a.studentId, { status: a.mark }])), classId: lesson.classId, values: { className: lesson.className, date: lesson.date } });
    return { lesson: viewLesson(lesson, ix), attendances: res.attendances, failed: res.failed };
  }),

  api('post', '/v2/lesson/roll_call/undo', { write: lessonPolicy, access: manage, body: UndoRollCallBody, labels: LABELS }, (ctx) => {
    const { db, session, lang } = ctx;
    const lesson = ctx.target(lessonPolicy, ctx.body.lessonId, 'sch.lesson');
    if (!canUndoRollCall(actorOf(db, session))) throw new HttpError(403, message(lang, 'sch.undoRoles'));
    const proofs = undoRollCall(db, lesson, scheduleOperator(db, session), { lang });
    return { lesson: viewLesson(lesson, indexesOf(db, session.company.id)), proofs };
  }),

  // A student's lesson history (attendance lines).
  api('get', '/v2/attendance', { read: attendancePolicy }, ({ rows: rowsOf, query, lang }) => {
    const rows = rowsOf(attendancePolicy);
    return listQuery(rows, query, { equalFields: ['studentId', 'lessonId', 'mark'], dateField: 'createdAt', sortable: ['createdAt'], defaultSort: { field: 'createdAt', order: 'descend' } }, lang);
  }),

  /* ------------------------------------------------------------ leave requests ------------------------------------------------------------ */

  api('get', '/v2/leave', { read: leavePolicy }, ({ rows, query, lang }) => {
    return listQuery(
      rows(leavePolicy),
      query,
      {
        keywordFields: ['studentName', 'lessonLabel', 'reason'],
        equalFields: ['status', 'studentId', 'lessonId', 'classId'],
        dateField: 'date',
        sortable: ['createdAt', 'date'],
        defaultSort: { field: 'createdAt', order: 'descend' },
      },
      lang,
    );
  }),

  api('post', '/v2/leave', { write: leavePolicy, body: LeaveBody, labels: LABELS }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, ctx.body.lessonId, lang);
    const { studentId, reason } = ctx.body;
    if (!ctx.rows(lessonPickPolicy).includes(lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    if (!isOpenForBooking(lesson, nowMinute())) throw ctx.bad('sch.pastLesson');
    const student = db.students.find((s) => s.id === studentId && s.companyId === session.company.id);
    if (!student) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.student') }));
    const ix = indexesOf(db, session.company.id);
    if (!expectedStudentIds(lesson, ix).includes(studentId)) throw ctx.bad('sch.notInLesson', { name: student.name });
    if (db.leaveRequests.some((r) => r.lessonId === lesson.id && r.studentId === studentId && r.status !== 'rejected')) throw ctx.bad('sch.leaveExists', { name: student.name });
    const row: LeaveRequest = {
      id: nextId(db, 'leaveRequests'),
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
    db.leaveRequests.push(row);
    return row;
  }),

  ...(['approve', 'reject'] as const).map((action) =>
    api('post', `/v2/leave/${action}`, { write: leavePolicy, access: manage, body: LeaveReviewBody, labels: LABELS }, (ctx) => {
      const { db, session, lang } = ctx;
      const { remark } = ctx.body;
      const row = ctx.target(leavePolicy, ctx.body.id, 'sch.leave');
      if (row.status !== 'pending') throw ctx.bad('sch.leaveReviewed');
      if (!canManageSchedule(actorOf(db, session))) throw new HttpError(403, message(lang, 'common.forbidden'));
      row.status = action === 'approve' ? 'approved' : 'rejected';
      row.reviewerName = scheduleOperator(db, session).name;
      row.reviewedAt = nowStamp();
      if (remark) row.reviewRemark = remark;
      emit(db, session.company.id, 'leaveReviewed', { studentIds: [row.studentId], classId: row.classId, values: { decision: row.status, date: row.date } });
      return row;
    }),
  ),

  /* ------------------------------------------------------------- reservations ------------------------------------------------------------- */

  api('get', '/v2/reservation', { read: reservationPolicy }, ({ rows, query, lang }) => {
    return listQuery(
      rows(reservationPolicy),
      query,
      {
        keywordFields: ['studentName', 'lessonLabel'],
        equalFields: ['status', 'studentId', 'lessonId'],
        dateField: 'lessonDate',
        sortable: ['createdAt', 'lessonDate'],
        defaultSort: { field: 'lessonDate', order: 'descend' },
      },
      lang,
    );
  }),

  api('post', '/v2/reservation', { write: reservationPolicy, body: ReservationBody, labels: LABELS }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, ctx.body.lessonId, lang);
    const { studentId, remark } = ctx.body;
    if (!ctx.rows(lessonPickPolicy).includes(lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    if (!isOpenForBooking(lesson, nowMinute())) throw ctx.bad('sch.pastLesson');
    const student = db.students.find((s) => s.id === studentId && s.companyId === session.company.id);
    if (!student) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.student') }));
    const ix = indexesOf(db, session.company.id);
    const expected = expectedStudentIds(lesson, ix);
    if (expected.includes(studentId)) throw ctx.bad('sch.alreadyIn', { name: student.name });
    if (expected.length >= lesson.capacity) throw ctx.bad('sch.full', { capacity: lesson.capacity });
    const row: Reservation = {
      id: nextId(db, 'reservations'),
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
    db.reservations.push(row);
    return row;
  }),

  // The reservation must be in the caller's scope: a teacher cancels only reservations of their own lessons.
  api('post', '/v2/reservation/cancel', { write: reservationPolicy, body: ReservationCancelBody, labels: LABELS }, (ctx) => {
    const row = ctx.target(reservationPolicy, ctx.body.id, 'sch.reservation');
    if (row.status !== 'booked') throw ctx.bad('sch.reservationClosed');
    row.status = 'cancelled';
    return row;
  }),

  /* ---------------------------------------------------------------- trials ---------------------------------------------------------------- */

  api('get', '/v2/trial', { read: trialPolicy }, ({ rows, query, lang }) => {
    return listQuery(
      rows(trialPolicy),
      query,
      {
        keywordFields: ['leadName', 'mobile', 'className', 'course'],
        equalFields: ['status', 'teacherId', 'campusId', 'leadId'],
        dateField: 'date',
        sortable: ['date', 'createdAt'],
        defaultSort: { field: 'date', order: 'descend' },
      },
      lang,
    );
  }),

  // Leads to book (customer center data), by name or mobile.
  // The customer center's scope: teachers (no customer center) get 403, sales only their own leads.
  api('get', '/v2/trial/lead_options', { read: trialLeadPolicy }, async (ctx) => {
    const kw = (ctx.query.keyword ?? '').trim();
    await sweepPool(ctx.db, ctx.session.company.id);
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
      const lesson = findLesson(db, session, lessonId, lang);
      if (!isOpenForBooking(lesson, nowMinute())) throw ctx.bad('sch.pastLesson');
      const ix = indexesOf(db, session.company.id);
      const taken = expectedStudentIds(lesson, ix).length + db.trials.filter((x) => x.lessonId === lesson.id && x.status === 'booked').length;
      if (taken >= lesson.capacity) throw ctx.bad('sch.full', { capacity: lesson.capacity });
      trial = { companyId: session.company.id, campusId: lesson.campusId, lessonId: lesson.id, classId: lesson.classId, className: lesson.className, course: lesson.course, teacherId: lesson.teacherId, teacherName: lesson.teacherName, date: lesson.date, start: lesson.start, end: lesson.end, remark };
    } else {
      if (!body.date || !body.start || !body.end || !body.teacherId) throw ctx.bad('sch.trialNeedsSlot');
      const { date, start, end, teacherId } = body;
      if (minutesOf(end) <= minutesOf(start)) throw ctx.bad('sch.endBeforeStart');
      if (date < today()) throw ctx.bad('sch.pastLesson');
      checkStaff(db, session, teacherId, lang);
      const teacher = db.staff.find((s) => s.id === teacherId)!;
      // The teacher must be free in that slot.
      const busy = db.lessons.filter((l) => l.companyId === session.company.id && l.date === date && l.status !== 'cancelled' && l.teacherId === teacherId);
      const clashes = detectClashes(
        [{ className: body.course ?? '', teacherId, teacherName: teacher.name, roomId: -1, roomName: '', date, start, end, studentIds: [] }],
        busy.map((l) => ({ id: l.id, className: l.className, teacherId: l.teacherId, teacherName: l.teacherName, roomId: l.roomId, roomName: l.roomName, date: l.date, start: l.start, end: l.end, studentIds: [] })),
      );
      if (clashes.length) return clashResponse(lang, clashes);
      trial = { companyId: session.company.id, campusId: teacher.campusId, teacherId, teacherName: teacher.name, course: body.course, date, start, end, remark };
    }
    const dup = db.trials.find((x) => x.companyId === session.company.id && x.mobile === mobile && x.date === trial.date && x.start === trial.start && x.status === 'booked');
    if (dup) throw ctx.bad('sch.trialExists', { name: leadName ?? '' });
    if (!lead) {
      // A new name and mobile becomes a lead of the customer center (400 when the mobile already belongs to one).
      lead = await insertLead(db, { companyId: session.company.id, campusId: trial.campusId, name: leadName!, mobile: mobile!, source: 'walk_in', course: trial.course, ownerId: session.access.isSales || session.access.isManager || session.access.isDealer ? session.user.id : undefined, createdBy: operator.name }, lang);
    }
    const row: Trial = { ...trial, id: nextId(db, 'trials'), leadId: lead.id, leadName: lead.name, mobile: lead.mobile, status: 'booked', createdAt: nowStamp(), createdBy: operator.name };
    if (lead.status !== 'trial') await setLeadStatus(db, session.company.id, lead.id, 'trial', { id: session.user.id, name: operator.name }, lang);
    db.trials.push(row);
    return row;
  }),

  api('post', '/v2/trial/status', { write: trialPolicy, body: TrialStatusBody, labels: LABELS }, async (ctx) => {
    const { db, session, lang } = ctx;
    const row = ctx.target(trialPolicy, ctx.body.id, 'sch.trial');
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
    return row;
  }),
];
