/**
 * Calls of the schedule domain (PRODUCT.md §5.2, §5.3, §6.3 leave/reserve, §6.4). The typed client is
 * src/services/schedule.ts. Teachers see and roll-call only their own lessons (403 / filtered lists).
 */
import { scopeLessons } from './dataScope';
import { HttpResponse, type HttpHandler } from 'msw';
import type { Db } from '../db';
import { nextId } from '../db';
import { api, HttpError, type AuthedCtx, type Session } from '../http';
import { listQuery } from '../list';
import { message, type Lang } from '../messages';
import { asBody, Validator } from '../validate';
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
import { clashesBlock, detectClashes, generateLessons, holidayOf, isOpenForBooking, lessonLabel, MAX_BATCH_DAYS, minutesOf, slotProblems, type ClashLesson } from '../../src/domain/schedule';
import { canManageSchedule, canRollCall, canSeeLesson, canUndoRollCall, limitedToOwnLessons } from '../../src/domain/schedulePermissions';
import { dateRange, type Weekday } from '../../src/utils/dates';
import {
  actorOf,
  ensureScheduleTables,
  expectedStudentIds,
  findLesson,
  indexesOf,
  insertLesson,
  LESSON_KINDS,
  makeLesson,
  MARKS,
  rollCallStudents,
  scheduleOperator,
  undoRollCall,
  viewLesson,
  writeRollCall,
  type LessonIndexes,
} from './schedule';
import { settingsOf } from '../db';
import { insertLead, setLeadStatus } from './customer';

const manage = (a: Access) => a.isDealer || a.isManager;

/** The mock's "now" as 'YYYY-MM-DD HH:mm' (the date follows MOCK_TODAY when pinned). */
const nowMinute = () => `${today()} ${nowStamp().slice(11, 16)}`;

/** A lesson that has not started yet (today's lessons count until their start time). */
function notStarted(l: Pick<Lesson, 'date' | 'start'>): boolean {
  return isOpenForBooking({ ...l, status: 'scheduled' }, nowMinute());
}
const LABELS = (t: AuthedCtx['t']): Record<string, string> => ({
  id: t('sch.lesson'),
  lessonId: t('sch.lesson'),
  classId: t('sch.class'),
  teacherId: t('sch.teacher'),
  roomId: t('sch.room'),
  studentId: t('sch.student'),
  date: t('sch.date'),
  startDate: t('sch.startDate'),
  endDate: t('sch.endDate'),
  start: t('sch.start'),
  end: t('sch.end'),
  hours: t('sch.hours'),
  kind: t('sch.kind'),
  slots: t('sch.slots'),
  reason: t('sch.reason'),
  remark: t('sch.reason'),
  month: t('sch.month'),
  mobile: t('sch.mobile'),
  leadName: t('sch.name'),
  status: t('sch.status'),
  leadId: t('sch.name'),
});

function validator(ctx: AuthedCtx): Validator {
  return new Validator(asBody(ctx.body), ctx.lang, LABELS(ctx.t));
}

function classOf(db: Db, s: Session, id: number, lang: Lang): SchoolClass {
  const cls = db.classes.find((c) => c.id === id && c.companyId === s.company.id);
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
  if (!db.rooms.some((r) => r.id === id && r.companyId === s.company.id)) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.room') }));
}

/** The company's lessons the caller may see (teachers: their own). */
function visibleLessons(db: Db, s: Session): Lesson[] {
  const actor = actorOf(db, s);
  // The data scope of the caller's permission group (own / campus / company), mock/domains/dataScope.ts.
  return scopeLessons(db, s, db.lessons.filter((l) => l.companyId === s.company.id && canSeeLesson(actor, l)));
}

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
  return HttpResponse.json({ code: 400, msg: message(lang, 'sch.clashes', { n: clashes.length }), clashes }, { status: 400 });
}

function checkSlotProblems(slots: ScheduleSlot[], lang: Lang) {
  const problems = slotProblems(slots);
  if (problems.length) throw new HttpError(400, message(lang, `sch.${problems[0]}`));
}

function readSlots(v: Validator, lang: Lang): ScheduleSlot[] {
  const raw = v.body.slots;
  if (!Array.isArray(raw) || raw.length === 0) throw new HttpError(400, message(lang, 'sch.noSlots'));
  return raw.map((x) => {
    const o = asBody(x);
    const sv = new Validator(o, lang, v.labels);
    const weekday = sv.num('weekday', { integer: true, min: 1, max: 7 }) as Weekday;
    return { weekday, start: sv.time('start'), end: sv.time('end') };
  });
}

function readLessonFields(ctx: AuthedCtx, v: Validator) {
  const date = v.date('date');
  const start = v.time('start');
  const end = v.time('end');
  if (minutesOf(end) <= minutesOf(start)) throw ctx.bad('sch.endBeforeStart');
  const teacherId = v.optNum('teacherId', { integer: true });
  const roomId = v.optNum('roomId', { integer: true });
  checkStaff(ctx.db, ctx.session, teacherId, ctx.lang);
  checkRoom(ctx.db, ctx.session, roomId, ctx.lang);
  const hours = v.optNum('hours', { min: 0.5, max: 8, decimals: 1 });
  const kind = v.has('kind') ? v.oneOf('kind', LESSON_KINDS) : undefined;
  const remark = v.optStr('remark', { max: 200 });
  const overrideRoom = v.bool('overrideRoom', false);
  return { date, start, end, teacherId, roomId, hours, kind, remark, overrideRoom };
}

function leaveVisible(db: Db, s: Session): LeaveRequest[] {
  const actor = actorOf(db, s);
  const rows = db.leaveRequests.filter((r) => r.companyId === s.company.id);
  if (!limitedToOwnLessons(actor)) return rows;
  const own = new Set(db.lessons.filter((l) => l.companyId === s.company.id && canSeeLesson(actor, l)).map((l) => l.id));
  return rows.filter((r) => r.lessonId !== undefined && own.has(r.lessonId));
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
  api('get', '/v2/lesson', { access: 'scheduleManagement' }, ({ db, session, query, lang }) => {
    ensureScheduleTables(db);
    const ix = indexesOf(db, session.company.id);
    const t = today();
    const rows = visibleLessons(db, session)
      .map((l) => viewLesson(l, ix, t))
      .sort((a, b) => (b.date + b.start).localeCompare(a.date + a.start));
    return listQuery(
      rows,
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
  api('get', '/v2/lesson/range', { access: 'scheduleManagement' }, ({ db, session, query, lang, t }) => {
    ensureScheduleTables(db);
    const v = new Validator(query, lang, LABELS(t));
    const startDate = v.date('startDate');
    const endDate = v.date('endDate');
    if (endDate < startDate) throw new HttpError(400, message(lang, 'common.badRange'));
    if (dateRange(startDate, endDate).length > 62) throw new HttpError(400, message(lang, 'sch.rangeTooLong', { days: 62 }));
    const ix = indexesOf(db, session.company.id);
    const day = today();
    const num = (k: string) => (query[k] ? Number(query[k]) : undefined);
    const [teacherId, classId, roomId, campusId] = [num('teacherId'), num('classId'), num('roomId'), num('campusId')];
    return visibleLessons(db, session)
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
  api('get', '/v2/lesson/calendar', { access: 'staging' }, ({ db, session, query, lang, t }) => {
    ensureScheduleTables(db);
    const month = query.month ?? '';
    if (!/^\d{4}-\d{2}$/.test(month)) throw new HttpError(400, message(lang, 'v.date', { field: t('sch.month') }));
    const counts: Record<string, number> = {};
    for (const l of visibleLessons(db, session)) {
      if (l.status === 'cancelled' || !l.date.startsWith(month)) continue;
      counts[l.date] = (counts[l.date] ?? 0) + 1;
    }
    return counts;
  }),

  // Dashboard: today's lessons, lessons waiting for roll call, pending leave.
  api('get', '/v2/lesson/overview', { access: 'staging' }, ({ db, session }): ScheduleOverview => {
    ensureScheduleTables(db);
    const ix = indexesOf(db, session.company.id);
    const day = today();
    const mine = visibleLessons(db, session).map((l) => viewLesson(l, ix, day));
    const waiting = mine.filter((l) => l.rollCall === 'waiting').sort((a, b) => (b.date + b.start).localeCompare(a.date + a.start));
    return {
      today: mine.filter((l) => l.date === day && l.status !== 'cancelled').sort((a, b) => a.start.localeCompare(b.start)),
      waitingRollCall: waiting.length,
      waitingLessons: waiting.slice(0, 5),
      pendingLeave: leaveVisible(db, session).filter((r) => r.status === 'pending').length,
    };
  }),

  // Options for filters and forms: teachers, rooms, classes, campuses (teachers see themselves and their classes).
  api('get', '/v2/lesson/filter_options', { access: 'scheduleManagement' }, ({ db, session }) => {
    const actor = actorOf(db, session);
    const own = limitedToOwnLessons(actor);
    const cid = session.company.id;
    return {
      teachers: db.staff
        .filter((s) => s.companyId === cid && s.role === 'teacher' && s.status === 'active' && (!own || s.id === actor.staffId))
        .map((s) => ({ value: s.id, label: s.name, campusId: s.campusId })),
      rooms: db.rooms.filter((r) => r.companyId === cid).map((r) => ({ value: r.id, label: r.name, campusId: r.campusId, capacity: r.capacity })),
      classes: db.classes
        .filter((c) => c.companyId === cid && (!own || c.teacherId === actor.staffId))
        .map((c) => ({ value: c.id, label: c.name, campusId: c.campusId, teacherId: c.teacherId, roomId: c.roomId, hours: c.hoursPerLesson, status: c.status })),
      campuses: db.campuses.filter((c) => c.companyId === cid).map((c) => ({ value: c.id, label: c.name })),
    };
  }),

  // Future lessons to pick (leave, reservation, trial forms).
  api('get', '/v2/lesson/options', { access: 'loggedIn' }, ({ db, session, query }) => {
    ensureScheduleTables(db);
    const ix = indexesOf(db, session.company.id);
    const day = today();
    const kw = (query.keyword ?? '').trim().toLowerCase();
    const studentId = query.studentId ? Number(query.studentId) : undefined;
    return visibleLessons(db, session)
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
  api<{ id: string }>('get', '/v2/lesson/:id', { access: 'scheduleManagement' }, ({ db, session, params, lang }) => {
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, Number(params.id), lang);
    const actor = actorOf(db, session);
    if (!canSeeLesson(actor, lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    const ix = indexesOf(db, session.company.id);
    viewLesson(lesson, ix);
    return { lesson, students: rollCallStudents(db, lesson, ix) };
  }),

  // Batch scheduling (§5.3): generate, check clashes, save unless refused.
  api('post', '/v2/lesson/batch', { access: ['scheduleManagement', manage] }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const cls = classOf(db, session, v.num('classId', { integer: true }), lang);
    if (cls.status !== 'open') throw ctx.bad('sch.classClosed', { name: cls.name });
    const startDate = v.date('startDate');
    const endDate = v.date('endDate');
    if (endDate < startDate) throw ctx.bad('common.badRange');
    if (dateRange(startDate, endDate).length > MAX_BATCH_DAYS) throw ctx.bad('sch.rangeTooLong', { days: MAX_BATCH_DAYS });
    const slots = readSlots(v, lang);
    checkSlotProblems(slots, lang);
    const teacherId = v.optNum('teacherId', { integer: true });
    const roomId = v.optNum('roomId', { integer: true });
    checkStaff(db, session, teacherId, lang);
    checkRoom(db, session, roomId, lang);
    const hours = v.optNum('hours', { min: 0.5, max: 8, decimals: 1 });
    const kind: LessonKind = v.has('kind') ? v.oneOf('kind', LESSON_KINDS) : 'normal';
    const skipHolidays = v.bool('skipHolidays', true);
    const overrideRoom = v.bool('overrideRoom', false);
    const dryRun = v.bool('dryRun', false);
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
  api('post', '/v2/lesson', { access: ['scheduleManagement', manage] }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const cls = classOf(db, session, v.num('classId', { integer: true }), lang);
    const f = readLessonFields(ctx, v);
    const lesson = makeLesson(db, cls, { ...f, createdAt: nowStamp(), createdBy: scheduleOperator(db, session).name });
    const ix = indexesOf(db, session.company.id);
    const clashes = clashesFor(db, session, [lesson], ix);
    if (clashesBlock(clashes, f.overrideRoom)) return clashResponse(lang, clashes);
    return viewLesson(insertLesson(db, lesson), ix);
  }),

  // Move / change one lesson (date, time, teacher, room, hours), with the same checks.
  api('put', '/v2/lesson', { access: ['scheduleManagement', manage] }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const lesson = findLesson(db, session, v.num('id', { integer: true }), lang);
    if (lesson.rollCalledAt) throw ctx.bad('sch.rollCalledNoChange');
    if (lesson.status === 'cancelled') throw ctx.bad('sch.cancelled');
    const f = readLessonFields(ctx, v);
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

  api('post', '/v2/lesson/cancel', { access: ['scheduleManagement', manage] }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const lesson = findLesson(db, session, v.num('id', { integer: true }), lang);
    const reason = v.optStr('reason', { max: 200 });
    if (lesson.rollCalledAt) throw ctx.bad('sch.rollCalledNoChange');
    if (lesson.status === 'cancelled') throw ctx.bad('sch.alreadyCancelled');
    lesson.status = 'cancelled';
    if (reason) lesson.remark = reason;
    for (const r of db.reservations) if (r.lessonId === lesson.id && r.status === 'booked') r.status = 'cancelled';
    return viewLesson(lesson, indexesOf(db, session.company.id));
  }),

  /* --------------------------------------------------------------- roll call --------------------------------------------------------------- */

  api<{ id: string }>('get', '/v2/lesson/:id/roll_call', { access: 'scheduleManagement' }, ({ db, session, params, lang }): RollCallView => {
    ensureScheduleTables(db);
    const lesson = findLesson(db, session, Number(params.id), lang);
    const actor = actorOf(db, session);
    if (!canSeeLesson(actor, lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
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

  api('post', '/v2/lesson/roll_call', { access: 'scheduleManagement' }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const lesson = findLesson(db, session, v.num('lessonId', { integer: true }), lang);
    const actor = actorOf(db, session);
    if (!canRollCall(actor, lesson)) throw new HttpError(403, message(lang, 'sch.notYourLesson'));
    if (lesson.status === 'cancelled') throw ctx.bad('sch.cancelled');
    if (lesson.date > today()) throw ctx.bad('sch.notDue');
    const raw = v.body.marks;
    if (!Array.isArray(raw) || raw.length === 0) throw ctx.bad('sch.noMarks');
    const marks = raw.map((x) => {
      const mv = new Validator(asBody(x), lang, LABELS(ctx.t));
      return { studentId: mv.num('studentId', { integer: true }), mark: mv.oneOf('mark', MARKS) };
    });
    const ix = indexesOf(db, session.company.id);
    const expected = new Set(rollCallStudents(db, lesson, ix).map((r) => r.studentId));
    const stranger = marks.find((m) => !expected.has(m.studentId));
    if (stranger) {
      const name = db.students.find((s) => s.id === stranger.studentId && s.companyId === session.company.id)?.name ?? String(stranger.studentId);
      throw ctx.bad('sch.notInLesson', { name });
    }
    const res = writeRollCall(db, lesson, marks, scheduleOperator(db, session), { lang, ix });
    if (!res.attendances.length) throw ctx.bad('sch.nothingNew');
    return { lesson: viewLesson(lesson, ix), attendances: res.attendances, failed: res.failed };
  }),

  api('post', '/v2/lesson/roll_call/undo', { access: ['scheduleManagement', manage] }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const lesson = findLesson(db, session, v.num('lessonId', { integer: true }), lang);
    if (!canUndoRollCall(actorOf(db, session))) throw new HttpError(403, message(lang, 'sch.undoRoles'));
    const proofs = undoRollCall(db, lesson, scheduleOperator(db, session), { lang });
    return { lesson: viewLesson(lesson, indexesOf(db, session.company.id)), proofs };
  }),

  // A student's lesson history (attendance lines).
  api('get', '/v2/attendance', { access: 'scheduleManagement' }, ({ db, session, query, lang }) => {
    ensureScheduleTables(db);
    const own = new Set(visibleLessons(db, session).map((l) => l.id));
    const rows = db.attendances.filter((a) => a.companyId === session.company.id && own.has(a.lessonId));
    return listQuery(rows, query, { equalFields: ['studentId', 'lessonId', 'mark'], dateField: 'createdAt', sortable: ['createdAt'], defaultSort: { field: 'createdAt', order: 'descend' } }, lang);
  }),

  /* ------------------------------------------------------------ leave requests ------------------------------------------------------------ */

  api('get', '/v2/leave', { access: 'studentManagement' }, ({ db, session, query, lang }) => {
    ensureScheduleTables(db);
    return listQuery(
      leaveVisible(db, session),
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

  api('post', '/v2/leave', { access: 'studentManagement' }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const lesson = findLesson(db, session, v.num('lessonId', { integer: true }), lang);
    const studentId = v.num('studentId', { integer: true });
    const reason = v.str('reason', { max: 200 });
    if (!canSeeLesson(actorOf(db, session), lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
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
    api('post', `/v2/leave/${action}`, { access: ['studentManagement', manage] }, (ctx) => {
      const { db, session, lang } = ctx;
      ensureScheduleTables(db);
      const v = validator(ctx);
      const id = v.num('id', { integer: true });
      const remark = v.optStr('remark', { max: 200 });
      const row = db.leaveRequests.find((r) => r.id === id && r.companyId === session.company.id);
      if (!row) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'sch.reason') }));
      if (row.status !== 'pending') throw ctx.bad('sch.leaveReviewed');
      if (!canManageSchedule(actorOf(db, session))) throw new HttpError(403, message(lang, 'common.forbidden'));
      row.status = action === 'approve' ? 'approved' : 'rejected';
      row.reviewerName = scheduleOperator(db, session).name;
      row.reviewedAt = nowStamp();
      if (remark) row.reviewRemark = remark;
      return row;
    }),
  ),

  /* ------------------------------------------------------------- reservations ------------------------------------------------------------- */

  api('get', '/v2/reservation', { access: 'studentManagement' }, ({ db, session, query, lang }) => {
    ensureScheduleTables(db);
    const own = new Set(visibleLessons(db, session).map((l) => l.id));
    return listQuery(
      db.reservations.filter((r) => r.companyId === session.company.id && own.has(r.lessonId)),
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

  api('post', '/v2/reservation', { access: ['studentManagement', (a) => !a.isCustomer] }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const lesson = findLesson(db, session, v.num('lessonId', { integer: true }), lang);
    const studentId = v.num('studentId', { integer: true });
    const remark = v.optStr('remark', { max: 200 });
    if (!canSeeLesson(actorOf(db, session), lesson)) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
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

  api('post', '/v2/reservation/cancel', { access: ['studentManagement', (a) => !a.isCustomer] }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const row = db.reservations.find((r) => r.id === v.num('id', { integer: true }) && r.companyId === session.company.id);
    if (!row) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'sch.lesson') }));
    if (row.status !== 'booked') throw ctx.bad('sch.reservationClosed');
    row.status = 'cancelled';
    return row;
  }),

  /* ---------------------------------------------------------------- trials ---------------------------------------------------------------- */

  api('get', '/v2/trial', { access: 'scheduleManagement' }, ({ db, session, query, lang }) => {
    ensureScheduleTables(db);
    const actor = actorOf(db, session);
    const rows = db.trials.filter((r) => r.companyId === session.company.id && (!limitedToOwnLessons(actor) || r.teacherId === actor.staffId));
    return listQuery(
      rows,
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
  api('get', '/v2/trial/lead_options', { access: 'scheduleManagement' }, ({ db, session, query }) => {
    const kw = (query.keyword ?? '').trim().toLowerCase();
    return (db.leads ?? [])
      .filter((l) => l.companyId === session.company.id && l.status !== 'formal' && l.status !== 'invalid')
      .filter((l) => !kw || l.name.toLowerCase().includes(kw) || l.mobile.includes(kw))
      .slice(0, 30)
      .map((l) => ({ value: l.id, label: `${l.name} ${l.mobile}`, status: l.status }));
  }),

  api('post', '/v2/trial', { access: ['scheduleManagement', (a) => a.isDealer || a.isManager || a.isSales] }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const operator = scheduleOperator(db, session);
    const leadIdIn = v.optNum('leadId', { integer: true });
    const remark = v.optStr('remark', { max: 200 });
    let lead = leadIdIn !== undefined ? (db.leads ?? []).find((l) => l.id === leadIdIn && l.companyId === session.company.id) : undefined;
    if (leadIdIn !== undefined && !lead) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'sch.name') }));
    let leadName = lead?.name;
    let mobile = lead?.mobile;
    if (!lead) {
      if (!v.has('leadName') || !v.has('mobile')) throw ctx.bad('sch.trialNeedsLead');
      leadName = v.str('leadName', { max: 32 });
      mobile = v.mobile('mobile');
    }
    // Where: a lesson, or a slot.
    const lessonId = v.optNum('lessonId', { integer: true });
    let trial: Omit<Trial, 'id' | 'leadId' | 'leadName' | 'mobile' | 'createdAt' | 'createdBy' | 'status'>;
    if (lessonId !== undefined) {
      const lesson = findLesson(db, session, lessonId, lang);
      if (!isOpenForBooking(lesson, nowMinute())) throw ctx.bad('sch.pastLesson');
      const ix = indexesOf(db, session.company.id);
      const taken = expectedStudentIds(lesson, ix).length + db.trials.filter((x) => x.lessonId === lesson.id && x.status === 'booked').length;
      if (taken >= lesson.capacity) throw ctx.bad('sch.full', { capacity: lesson.capacity });
      trial = { companyId: session.company.id, campusId: lesson.campusId, lessonId: lesson.id, classId: lesson.classId, className: lesson.className, course: lesson.course, teacherId: lesson.teacherId, teacherName: lesson.teacherName, date: lesson.date, start: lesson.start, end: lesson.end, remark };
    } else {
      if (!v.has('date') || !v.has('start') || !v.has('end') || !v.has('teacherId')) throw ctx.bad('sch.trialNeedsSlot');
      const date = v.date('date');
      const start = v.time('start');
      const end = v.time('end');
      if (minutesOf(end) <= minutesOf(start)) throw ctx.bad('sch.endBeforeStart');
      if (date < today()) throw ctx.bad('sch.pastLesson');
      const teacherId = v.num('teacherId', { integer: true });
      checkStaff(db, session, teacherId, lang);
      const teacher = db.staff.find((s) => s.id === teacherId)!;
      // The teacher must be free in that slot.
      const busy = db.lessons.filter((l) => l.companyId === session.company.id && l.date === date && l.status !== 'cancelled' && l.teacherId === teacherId);
      const clashes = detectClashes(
        [{ className: v.optStr('course', { max: 32 }) ?? '', teacherId, teacherName: teacher.name, roomId: -1, roomName: '', date, start, end, studentIds: [] }],
        busy.map((l) => ({ id: l.id, className: l.className, teacherId: l.teacherId, teacherName: l.teacherName, roomId: l.roomId, roomName: l.roomName, date: l.date, start: l.start, end: l.end, studentIds: [] })),
      );
      if (clashes.length) return clashResponse(lang, clashes);
      trial = { companyId: session.company.id, campusId: teacher.campusId, teacherId, teacherName: teacher.name, course: v.optStr('course', { max: 32 }), date, start, end, remark };
    }
    const dup = db.trials.find((x) => x.companyId === session.company.id && x.mobile === mobile && x.date === trial.date && x.start === trial.start && x.status === 'booked');
    if (dup) throw ctx.bad('sch.trialExists', { name: leadName ?? '' });
    if (!lead) {
      // A new name and mobile becomes a lead of the customer center (400 when the mobile already belongs to one).
      lead = insertLead(db, { companyId: session.company.id, campusId: trial.campusId, name: leadName!, mobile: mobile!, source: 'walk_in', course: trial.course, ownerId: session.access.isSales || session.access.isManager || session.access.isDealer ? session.user.id : undefined, createdBy: operator.name }, lang);
    }
    const row: Trial = { ...trial, id: nextId(db, 'trials'), leadId: lead.id, leadName: lead.name, mobile: lead.mobile, status: 'booked', createdAt: nowStamp(), createdBy: operator.name };
    if (lead.status !== 'trial') setLeadStatus(db, lead.id, 'trial', { id: session.user.id, name: operator.name }, lang);
    db.trials.push(row);
    return row;
  }),

  api('post', '/v2/trial/status', { access: ['scheduleManagement', (a) => a.isDealer || a.isManager || a.isSales || a.isTeacher] }, (ctx) => {
    const { db, session, lang } = ctx;
    ensureScheduleTables(db);
    const v = validator(ctx);
    const row = db.trials.find((r) => r.id === v.num('id', { integer: true }) && r.companyId === session.company.id);
    if (!row) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'sch.lesson') }));
    const actor = actorOf(db, session);
    if (limitedToOwnLessons(actor) && row.teacherId !== actor.staffId) throw new HttpError(403, message(lang, 'sch.notYourLessonView'));
    const status = v.oneOf('status', ['booked', 'attended', 'noShow', 'converted', 'cancelled'] as const);
    if (!TRIAL_NEXT[row.status].includes(status)) throw ctx.bad('sch.trialStatus');
    if (status === 'converted' && limitedToOwnLessons(actor)) throw new HttpError(403, message(lang, 'common.forbidden'));
    if (row.leadId !== undefined && (db.leads ?? []).some((l) => l.id === row.leadId)) {
      setLeadStatus(db, row.leadId, leadStatusFor(status), { id: session.user.id, name: scheduleOperator(db, session).name }, lang);
    }
    row.status = status;
    return row;
  }),
];
