/**
 * Analysis (docs/rules.md#analysis-metrics, docs/screens.md#analysis; docs/api.md#calls-named-by-the-spec): the analyze calls, and the drill-down filters the list calls apply
 * (`drillRows`), both from the same definitions (src/domain/metrics.ts, src/domain/revenue.ts) over the same
 * records, so that every figure equals the total (or the sum) of the list it opens.
 *
 * Campus of a record: lessons and classes have their own; students' records (cards, hour records, orders) take the
 * student's campus; leads have their own.
 */
import type { Db } from '../db';
import { api, beforeCall, companyCampuses, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { dataStamp } from '../dataStamp';
import { indexOf } from '../indexes';
import { CompanyIndex, dayFigures, emptyFigures, recordDay, type DayFigures } from './analysisIndex';
import { classRows, visibleStudentIds } from './schoolPolicies';
import { companyStudentsOf, loadCompanyStudents } from './studentRows';
import { lessonRows } from './scheduleApi';
import { loadCompanyLessons, lessonsOf } from './lessonRows';
import { loadCompanyMarks } from './scheduleRows';
import { companyLeadsOf, visibleLeads } from './customer';
import { defineMessages, message } from '../messages';
import { listQuery } from '../list';
import { isValidDate } from '../../src/utils/dates';
import { parseBody } from '../schema';
import { addDays, today } from '../clock';
import type { CampusRow } from '../db';
import { campusesOf } from './campusRows';
import { classesOf } from './schoolRows';
import { staffById, staffRowsOf } from './staffRows';
import type {
  AnalyzeCard,
  AnalyzeCore,
  AnalyzeQuery,
  AnalyzeRecords,
  AnalyzeStaff,
  CardProgress,
  ClassProgress,
  DayPoint,
  DrillKind,
  DrillParams,
  Kpi,
  RecordBreakdownRow,
  RecordDimension,
  StaffRow,
  TemplateMonthSales,
} from '../../src/types/analysis';
import { AnalyzeRangeQuery, ConsumeProgressQuery, MAX_ANALYZE_DAYS, RecordsQuery } from '../../src/types/analysis.schemas';
import type { CardOrder, HourRecord, SchoolClass, Student, StudentCard } from '../../src/types/school';
import type { Attendance, Lesson } from '../../src/types/schedule';
import type { Lead } from '../../src/types/customer';
import {
  activeStudentsOn,
  firstOrders,
  type FirstOrder,
  attendance,
  attendanceOf,
  classFill,
  consumedHours,
  daysOf,
  inRange,
  isConsumption,
  isTaught,
  leadConversion,
  newStudents,
  previousRange,
  rangeDays,
  renewalCohort,
  renewalRate,
  renewingStudents,
  salesBySeller,
  teacherLoad,
  trend,
  type AttendanceCount,
  type DayRange,
} from '../../src/domain/metrics';
import { cashIn, recognisedValue, revenueOfFigures, sumMoney } from '../../src/domain/revenue';
import { figureRanges, figuresOfCard } from './financeIndex';
import { cardStatus, round1 } from '../../src/domain/ledger';

defineMessages({
  'an.rangeTooLong': { en: 'The range may cover at most {days} days.', zh: '时间范围最多 {days} 天。' },
  'an.badCampus': { en: 'Campus not found.', zh: '校区不存在。' },
  'an.badDrill': { en: 'Unknown drill-down: {drill}.', zh: '未知的明细筛选：{drill}。' },
  'field.view': { en: 'View', zh: '视图' },
  'field.by': { en: 'Breakdown', zh: '维度' },
});

/** Who may read the analysis: the dataAnalysis permission; the scope is the caller's company (its campuses). */
export const analysisPolicy = definePolicy<CampusRow>({
  name: 'analysis',
  read: 'dataAnalysis',
  rows: (db, s) => companyCampuses(db, s),
});

/* ------------------------------------------------------------ the caller's records ------------------------------------------------------------ */

/**
 * Who the figures are for: a company, and within it the rows the caller may see (docs/rules.md#permission-groups-and-data-scope data scope and
 * the role's rules), from the same scope functions as the lists (`studentRows`, `lessonRows`, `classRows`,
 * `leadRows`), so that a figure equals the total of the list it opens for a scoped user too. Hour records, card
 * orders and cards follow their student (as `hourRecordRows`, `cardOrderRows`, `cardRows`). A bare company id
 * means the whole company.
 */
export interface Viewer {
  companyId: number;
  /** Visible students; undefined = every student of the company. */
  students?: Set<number>;
  /** Visible lessons; undefined = every lesson of the company. */
  lessons?: Set<number>;
  /** Visible classes and leads; undefined = all of the company's. */
  classes?: SchoolClass[];
  leads?: Lead[];
}

/** The caller's viewer: the scope functions of the lists (the leads read from the database). */
export async function viewerOfSession(db: Db, s: Session): Promise<Viewer> {
  const cid = s.company.id;
  await loadCompanyLessons(cid);
  const lessons = lessonRows(db, s);
  await loadCompanyMarks(cid);
  await loadCompanyStudents(db, cid);
  return {
    companyId: cid,
    students: visibleStudentIds(db, s),
    lessons: lessons.length === lessonsOf(db, cid).length ? undefined : new Set(lessons.map((l) => l.id)),
    classes: classRows(db, s),
    leads: await visibleLeads(db, s),
  };
}

interface Scoped {
  db: Db;
  companyId: number;
  campusId?: number;
  /** The student is visible and of the campus asked for. */
  seeStudent: (studentId: number) => boolean;
  /** The lesson is visible and of the campus asked for. */
  seeLesson: (l: Pick<Lesson, 'id' | 'campusId'>) => boolean;
  students: Student[];
  cards: StudentCard[];
  orders: CardOrder[];
  lessons: Lesson[];
  classes: SchoolClass[];
  leads: Lead[];
  index: CompanyIndex;
  /** Campuses whose records (by student) and whose marks (by lesson) the caller sees whole: read from the index. */
  recordCampuses: number[];
  markCampuses: number[];
  /** Figures by day of the visible rows of the other campuses (a scope that sees part of a campus), same functions. */
  extra: Map<string, DayFigures>;
}

const indexes = new WeakMap<Db, Map<number, CompanyIndex>>();

/** The company's index, brought up to date after any write (only the changed rows are moved; a reset builds a new one). */
export function companyIndex(db: Db, companyId: number, force = false): CompanyIndex {
  const byCompany = indexCacheOf(db);
  let ix = byCompany.get(companyId);
  // The lessons are read per request (`lessonsOf`): every refresh reads them again; they change only through calls.
  const tables = [db.hourRecords, db.cardOrders];
  if (!ix || tables.some((t, i) => t !== ix!.tables[i])) byCompany.set(companyId, (ix = new CompanyIndex(companyId)));
  // Any write, or a table grown by a public call, makes the next analyze call refresh the index (incrementally).
  const key = dataStamp(db);
  if (force || ix.key !== key) {
    ix.refresh(db);
    ix.key = key;
  }
  return ix;
}

/** The cached indexes of a db by company (tests compare a maintained index with a fresh one). */
export function indexCacheOf(db: Db): Map<number, CompanyIndex> {
  let byCompany = indexes.get(db);
  if (!byCompany) indexes.set(db, (byCompany = new Map()));
  return byCompany;
}

const asViewer = (who: Viewer | number): Viewer => (typeof who === 'number' ? { companyId: who } : who);

/** The caller's rows of the company's tables, narrowed to one campus when asked. */
export function scopedData(db: Db, who: Viewer | number, campusId?: number): Scoped {
  const v = asViewer(who);
  const companyId = v.companyId;
  const index = companyIndex(db, companyId);
  const { studentCampus } = index;
  const seeStudent = (id: number) => (campusId === undefined || studentCampus.get(id) === campusId) && (!v.students || v.students.has(id));
  const seeLesson = (l: Pick<Lesson, 'id' | 'campusId'>) => (campusId === undefined || l.campusId === campusId) && (!v.lessons || v.lessons.has(l.id));
  const own = <T extends { studentId: number }>(rows: T[]) => rows.filter((r) => seeStudent(r.studentId));
  const students = companyStudentsOf(db, companyId).filter((s) => seeStudent(s.id));
  const lessons = lessonsOf(db, companyId).filter(seeLesson);

  // A campus is read whole from the index when the caller sees all of its students (records, orders) or lessons
  // (marks); the visible rows of the other campuses are added up by day with the same functions.
  const campuses = campusId === undefined ? [...index.campuses, 0] : [campusId];
  const visiblePer = (rows: { campusId: number }[]) => {
    const m = new Map<number, number>();
    for (const x of rows) m.set(x.campusId, (m.get(x.campusId) ?? 0) + 1);
    return m;
  };
  const seenStudents = v.students ? visiblePer(students) : undefined;
  const seenLessons = v.lessons ? visiblePer(lessons) : undefined;
  // Campus 0 holds records of students no longer in the table: only a viewer who sees every student sees them.
  const recordCampuses = campuses.filter((c) => !seenStudents || (c !== 0 && seenStudents.get(c) === (index.studentsPerCampus.get(c) ?? 0)));
  const markCampuses = campuses.filter((c) => !seenLessons || seenLessons.get(c) === (index.lessonsPerCampus.get(c) ?? 0));
  const extra = new Map<string, DayFigures>();
  if (seenStudents || seenLessons) {
    const whole = new Set(recordCampuses);
    const cons = new Map<string, HourRecord[]>();
    const refs = new Map<string, HourRecord[]>();
    const ords = new Map<string, CardOrder[]>();
    const marks = new Map<string, Attendance[]>();
    const days = new Set<string>();
    const at = <V>(m: Map<string, V[]>, day: string, x: V) => {
      days.add(day);
      const l = m.get(day);
      if (l) l.push(x);
      else m.set(day, [x]);
    };
    for (const s of students) {
      if (whole.has(s.campusId)) continue;
      for (const r of index.recordsByStudent.get(s.id) ?? []) {
        const { kind, day } = recordDay(r);
        if (kind) at(kind === 'consumption' ? cons : refs, day, r);
      }
      for (const o of index.ordersByStudent.get(s.id) ?? []) at(ords, o.createdAt.slice(0, 10), o);
    }
    const wholeMarks = new Set(markCampuses);
    for (const l of lessons) {
      if (wholeMarks.has(l.campusId)) continue;
      for (const a of index.marksByLesson.get(l.id) ?? []) at(marks, l.date, a);
    }
    for (const day of days) extra.set(day, dayFigures(day, cons.get(day) ?? [], refs.get(day) ?? [], ords.get(day) ?? [], marks.get(day) ?? []));
  }

  return {
    db,
    companyId,
    campusId,
    seeStudent,
    seeLesson,
    students,
    cards: own(indexOf(db, 'studentCards', companyId)),
    orders: own(indexOf(db, 'cardOrders', companyId)),
    lessons,
    classes: (v.classes ?? classesOf(db, companyId)).filter((c) => campusId === undefined || c.campusId === campusId),
    // Read when a figure needs them (a bare company id: the leads the request loaded, `loadCompanyLeads`).
    get leads() {
      return (v.leads ?? companyLeadsOf(db, companyId)).filter((l) => campusId === undefined || l.campusId === campusId);
    },
    index,
    recordCampuses,
    markCampuses,
    extra,
  };
}

/* ------------------------------------------------------------ the figures ------------------------------------------------------------ */

interface RangeFigures {
  consumedHours: number;
  /** Recognised revenue (src/domain/revenue.ts): the records' value (lessons, corrections) + `periodCards`. */
  recognised: number;
  /** What period cards recognised by day in the range (up to today). */
  periodCards: number;
  cashIn: number;
  refunds: number;
  attendance: AttendanceCount;
}

/**
 * What the visible period cards recognised by day in each range (cents; days up to today), from the same per-card
 * figures as the finance screens (./financeIndex.ts, src/domain/revenue.ts `revenueOfFigures`).
 */
function periodCardsCents(d: Scoped, ranges: DayRange[]): number[] {
  const t = today();
  const fr = figureRanges(ranges.map((x) => ({ from: x.start, to: x.end })), t);
  const out = new Array<number>(ranges.length).fill(0);
  for (const c of d.cards) {
    if (c.kind !== 'period') continue;
    const figs = figuresOfCard(d.db, c, fr, t);
    for (let i = 0; i < figs.length; i += 1) out[i] += Math.round(revenueOfFigures('period', figs[i]).recognised * 100);
  }
  return out;
}

/** The per-day figures of a range added up (the caller's campuses and rows). */
function rangeFigures(d: Scoped, r: DayRange, periodC = periodCardsCents(d, [r])[0]): RangeFigures {
  const sum = emptyFigures();
  const addRecords = (f: DayFigures) => {
    sum.consumedT += f.consumedT;
    sum.recognisedC += f.recognisedC;
    sum.cashC += f.cashC;
    sum.refundC += f.refundC;
  };
  const addMarks = (f: DayFigures) => {
    sum.present += f.present;
    sum.leave += f.leave;
    sum.truant += f.truant;
  };
  for (const day of daysOf(r)) {
    for (const c of d.recordCampuses) {
      const f = d.index.days.get(`${c}|${day}`);
      if (f) addRecords(f);
    }
    for (const c of d.markCampuses) {
      const f = d.index.days.get(`${c}|${day}`);
      if (f) addMarks(f);
    }
    const x = d.extra.get(day);
    if (x) {
      addRecords(x);
      addMarks(x);
    }
  }
  return { consumedHours: sum.consumedT / 10, recognised: (sum.recognisedC + periodC) / 100, periodCards: periodC / 100, cashIn: sum.cashC / 100, refunds: sum.refundC / 100, attendance: attendanceOf(sum) };
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** Active marks of the visible lessons dated in the range. */
function marksIn(d: Scoped, r: DayRange): Attendance[] {
  const out: Attendance[] = [];
  for (const day of daysOf(r)) {
    for (const a of d.index.marksByDay.get(day) ?? []) {
      const l = d.index.lessonById.get(a.lessonId);
      if (l && d.seeLesson(l)) out.push(a);
    }
  }
  return out;
}

/** Consuming records written for lessons, dated in the range, of the visible students of the campus. */
function lessonConsumptionIn(d: Scoped, r: DayRange): HourRecord[] {
  const out: HourRecord[] = [];
  for (const day of daysOf(r)) for (const x of d.index.lessonRecordsByDay.get(day) ?? []) if (d.seeStudent(x.studentId)) out.push(x);
  return out;
}

/** The visible students' first orders, worked out once per call (the current and the previous period share them). */
const firsts = new WeakMap<Scoped, Map<number, FirstOrder>>();
function firstOf(d: Scoped): Map<number, FirstOrder> {
  let f = firsts.get(d);
  if (!f) firsts.set(d, (f = firstOrders(d.orders)));
  return f;
}

type StudentSetKind = 'active' | 'new' | 'renewing' | 'renewDue' | 'renewed';

function studentSet(d: Scoped, r: DayRange, kind: StudentSetKind): Set<number> {
  if (kind === 'active') return activeStudentsOn(d.cards, d.index.balanceAt, r.end);
  if (kind === 'new') return newStudents(d.orders, r, firstOf(d));
  const renewing = renewingStudents(d.orders, r, firstOf(d));
  if (kind === 'renewing') return renewing;
  const cohort = renewalCohort(d.cards, d.index.emptying, renewing, r);
  return kind === 'renewDue' ? cohort.due : cohort.renewed;
}

interface Figures extends RangeFigures {
  active: number;
  fresh: number;
  renewing: number;
  renewal: ReturnType<typeof renewalRate>;
  /** The days in which a card ending puts its student in the renewal rate's cohort. */
  renewalWindow: DayRange;
  fill: ReturnType<typeof classFill>;
  leads: ReturnType<typeof leadConversion>;
}

function figures(d: Scoped, r: DayRange): Figures {
  const renewing = renewingStudents(d.orders, r, firstOf(d));
  const cohort = renewalCohort(d.cards, d.index.emptying, renewing, r);
  return {
    ...rangeFigures(d, r),
    active: studentSet(d, r, 'active').size,
    fresh: studentSet(d, r, 'new').size,
    renewing: renewing.size,
    renewal: renewalRate(cohort.due, cohort.renewed),
    renewalWindow: cohort.window,
    fill: classFill(d.classes),
    leads: leadConversion(d.leads.filter((l) => inRange(l.createdAt, r))),
  };
}

/** Buckets of a range: days, or months when the range is longer than 92 days. */
function buckets(r: DayRange): { bucket: string; from: string; to: string }[] {
  const days = daysOf(r);
  if (days.length <= 92) return days.map((x) => ({ bucket: x, from: x, to: x }));
  const out: { bucket: string; from: string; to: string }[] = [];
  for (const x of days) {
    const m = x.slice(0, 7);
    const last = out[out.length - 1];
    if (last && last.bucket === m) last.to = x;
    else out.push({ bucket: m, from: x, to: x });
  }
  return out;
}

function series(d: Scoped, r: DayRange): DayPoint[] {
  const bs = buckets(r);
  const periodC = periodCardsCents(d, bs.map((b) => ({ start: b.from, end: b.to })));
  return bs.map((b, i) => {
    const f = rangeFigures(d, { start: b.from, end: b.to }, periodC[i]);
    return { ...b, consumedHours: f.consumedHours, recognised: f.recognised, cashIn: f.cashIn, present: f.attendance.present, marked: f.attendance.marked, attendanceRate: f.attendance.rate };
  });
}

/* ------------------------------------------------------------ query ------------------------------------------------------------ */

function rangeOf(ctx: AuthedCtx, schema: typeof AnalyzeRangeQuery | typeof ConsumeProgressQuery | typeof RecordsQuery = AnalyzeRangeQuery) {
  const t = today();
  const raw = { startDate: ctx.query.startDate ?? `${t.slice(0, 7)}-01`, endDate: ctx.query.endDate ?? t, ...ctx.query };
  const q = parseBody(schema, raw, ctx.lang, { startDate: 'field.startDate', endDate: 'field.endDate', campusId: 'field.campusId' }) as AnalyzeQuery & Record<string, unknown>;
  if (q.startDate > q.endDate) throw ctx.bad('common.badRange');
  if (rangeDays({ start: q.startDate, end: q.endDate }) > MAX_ANALYZE_DAYS) throw ctx.bad('an.rangeTooLong', { days: MAX_ANALYZE_DAYS });
  if (q.campusId !== undefined && !ctx.rows(analysisPolicy).some((c) => c.id === q.campusId)) throw ctx.bad('an.badCampus');
  const range: AnalyzeQuery = { startDate: q.startDate, endDate: q.endDate, ...(q.campusId !== undefined ? { campusId: q.campusId } : {}) };
  return { range, r: { start: q.startDate, end: q.endDate } as DayRange, q };
}

function drillOf(drill: DrillKind, range: AnalyzeQuery, extra: Partial<DrillParams> = {}): DrillParams {
  return {
    drill,
    from: range.startDate,
    to: range.endDate,
    ...(range.campusId !== undefined ? { campus: range.campusId } : {}),
    ...extra,
  };
}

/* ------------------------------------------------------------ drill-down filters of the lists ------------------------------------------------------------ */

const DRILL_KINDS: DrillKind[] = ['consumed', 'refund', 'sales', 'active', 'new', 'renewing', 'renewDue', 'renewed', 'marked', 'taught', 'fill', 'leads', 'converted', 'holding', 'expiring', 'exhausted'];

export type DrillEntity = 'hour_record' | 'card_order' | 'student' | 'student_card' | 'lesson' | 'company_class' | 'customer';

const ENTITY_KINDS: Record<DrillEntity, DrillKind[]> = {
  hour_record: ['consumed', 'refund'],
  card_order: ['sales'],
  student: ['active', 'new', 'renewing', 'renewDue', 'renewed'],
  student_card: ['holding', 'expiring', 'exhausted'],
  lesson: ['marked', 'taught'],
  company_class: ['fill'],
  customer: ['leads', 'converted'],
};

/** A lesson row of the `marked` drill-down carries its marks, so the list can sum them. */
export type MarkedLesson = Lesson & { presentMarks: number; markedCount: number };

function num(v: string | undefined): number | undefined {
  return v && /^\d+$/.test(v) ? Number(v) : undefined;
}

/**
 * Narrows a list's rows (already scoped to the caller) to the records of a figure, when the query carries
 * `drill=<kind>` (with `from`, `to`, `campus`, `teacher`, `class`, `template`, `seller`, `owner`).
 * Rows without `drill` pass unchanged. A drill kind the list does not know is a 400. The lists of cards, hour records
 * and card orders narrow in SQL instead (`drillQuery`, ./cardLists.ts).
 */
export async function drillRows<T>(db: Db, session: Pick<Session, 'company'>, entity: DrillEntity, rows: T[], query: Record<string, string>, lang: 'en' | 'zh' = 'en'): Promise<T[]> {
  const kind = query.drill as DrillKind | undefined;
  if (!kind) return rows;
  await loadCompanyStudents(db, session.company.id);
  await loadCompanyLessons(session.company.id);
  if (!DRILL_KINDS.includes(kind) || !ENTITY_KINDS[entity].includes(kind)) throw new HttpError(400, message(lang, 'an.badDrill', { drill: String(kind) }));
  const t = today();
  const r: DayRange = { start: query.from || '0000-01-01', end: query.to || t };
  const campus = num(query.campus);
  const teacher = num(query.teacher);
  const cls = num(query.class);
  const owner = num(query.owner);
  const d = scopedData(db, session.company.id, campus);
  const keep = (pred: (row: any) => boolean) => rows.filter(pred);
  switch (kind) {
    case 'active':
    case 'new':
    case 'renewing':
    case 'renewDue':
    case 'renewed': {
      const ids = studentSet(d, r, kind);
      return keep((s: Student) => ids.has(s.id));
    }
    case 'taught':
      return keep((l: Lesson) => isTaught(l) && inRange(l.date, r) && (campus === undefined || l.campusId === campus) && (teacher === undefined || l.teacherId === teacher) && (cls === undefined || l.classId === cls));
    case 'marked': {
      const byLesson = new Map<number, Attendance[]>();
      for (const a of marksIn(d, r)) push(byLesson, a.lessonId, a);
      const out: MarkedLesson[] = [];
      for (const l of rows as unknown as Lesson[]) {
        if (!inRange(l.date, r) || (campus !== undefined && l.campusId !== campus) || (teacher !== undefined && l.teacherId !== teacher) || (cls !== undefined && l.classId !== cls)) continue;
        const marks = byLesson.get(l.id);
        if (!marks?.length) continue;
        const a = attendance(marks);
        out.push({ ...l, presentMarks: a.present, markedCount: a.marked });
      }
      return out as unknown as T[];
    }
    case 'fill':
      return keep((c: SchoolClass) => c.status === 'open' && (campus === undefined || c.campusId === campus));
    case 'leads':
    case 'converted':
      return keep((l: Lead) => inRange(l.createdAt, r) && (campus === undefined || l.campusId === campus) && (owner === undefined || l.ownerId === owner) && (kind === 'leads' || l.status === 'formal'));
    default:
      return rows;
  }
}

/** The lead list's drill-down (`drill=leads|converted` with `from`, `to`, `campus`, `owner`), checked as `drillRows` checks it, for its SQL; undefined without `drill`. */
export function leadDrill(query: Record<string, string>, lang: 'en' | 'zh' = 'en'): { converted: boolean; range: DayRange; campus?: number; owner?: number } | undefined {
  const kind = query.drill as DrillKind | undefined;
  if (!kind) return undefined;
  if (!DRILL_KINDS.includes(kind) || !ENTITY_KINDS.customer.includes(kind)) throw new HttpError(400, message(lang, 'an.badDrill', { drill: String(kind) }));
  return { converted: kind === 'converted', range: { start: query.from || '0000-01-01', end: query.to || today() }, campus: num(query.campus), owner: num(query.owner) };
}

/** A drill-down of a list in SQL (`drill=<kind>` and its parameters), checked as `drillRows` checks it. */
export interface DrillQuery {
  kind: DrillKind;
  /** The range's first day, when the query names one (every day before it otherwise). */
  from?: string;
  /** The range's last day (today when the query names none). */
  to: string;
  campus?: number;
  teacher?: number;
  cls?: number;
  template?: number;
  seller?: number;
}

/** The drill-down of an `entity` list, for its SQL conditions; undefined without `drill`. A bad kind or date is a 400. */
export function drillQuery(entity: DrillEntity, query: Record<string, string>, lang: 'en' | 'zh' = 'en'): DrillQuery | undefined {
  const kind = query.drill as DrillKind | undefined;
  if (!kind) return undefined;
  if (!DRILL_KINDS.includes(kind) || !ENTITY_KINDS[entity].includes(kind)) throw new HttpError(400, message(lang, 'an.badDrill', { drill: String(kind) }));
  for (const f of ['from', 'to']) {
    const v = query[f];
    if (v && !(/^\d{4}-\d{2}-\d{2}$/.test(v) && isValidDate(v))) throw new HttpError(400, message(lang, 'common.badDate', { field: f }));
  }
  return { kind, from: query.from || undefined, to: query.to || today(), campus: num(query.campus), teacher: num(query.teacher), cls: num(query.class), template: num(query.template), seller: num(query.seller) };
}

/* ------------------------------------------------------------ the calls ------------------------------------------------------------ */

function kpi(key: Kpi['key'], unit: Kpi['unit'], value: number, previous: number, drill: DrillParams, extra: Partial<Kpi> = {}): Kpi {
  const tr = trend(value, previous);
  return { key, unit, value, previous, ...(tr !== undefined ? { trend: tr } : {}), drill, ...extra };
}

export function analyzeCore(db: Db, who: Viewer | number, range: AnalyzeQuery): AnalyzeCore {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const p = previousRange(r);
  const d = scopedData(db, who, range.campusId);
  const cur = figures(d, r);
  const prev = figures(d, p);
  const dr = (k: DrillKind, extra: Partial<DrillParams> = {}) => drillOf(k, range, extra);
  return {
    range,
    previous: { startDate: p.start, endDate: p.end },
    kpis: [
      kpi('consumedHours', 'hours', cur.consumedHours, prev.consumedHours, dr('consumed')),
      kpi('recognised', 'money', cur.recognised, prev.recognised, dr('consumed'), { periodCards: cur.periodCards }),
      kpi('cashIn', 'money', cur.cashIn, prev.cashIn, dr('sales')),
      kpi('refunds', 'money', cur.refunds, prev.refunds, dr('refund')),
      kpi('activeStudents', 'count', cur.active, prev.active, dr('active')),
      kpi('newStudents', 'count', cur.fresh, prev.fresh, dr('new')),
      kpi('renewingStudents', 'count', cur.renewing, prev.renewing, dr('renewing')),
      kpi('renewalRate', 'rate', cur.renewal.rate, prev.renewal.rate, dr('renewed'), { part: cur.renewal.renewed, whole: cur.renewal.due, wholeDrill: dr('renewDue'), cohort: { startDate: cur.renewalWindow.start, endDate: cur.renewalWindow.end } }),
      kpi('attendanceRate', 'rate', cur.attendance.rate, prev.attendance.rate, dr('marked'), { part: cur.attendance.present, whole: cur.attendance.marked }),
      // Enrolment is a state, not a flow: no previous period.
      { key: 'fillRate', unit: 'rate', value: cur.fill.rate, previous: cur.fill.rate, part: cur.fill.enrolled, whole: cur.fill.capacity, drill: { drill: 'fill', ...(range.campusId !== undefined ? { campus: range.campusId } : {}) } },
      kpi('leadConversion', 'rate', cur.leads.rate, prev.leads.rate, dr('converted'), { part: cur.leads.formal, whole: cur.leads.total, wholeDrill: dr('leads') }),
    ],
    series: series(d, r),
  };
}

export function analyzeCard(db: Db, who: Viewer | number, range: AnalyzeQuery): AnalyzeCard {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const d = scopedData(db, who, range.campusId);
  const t = today();
  const sold = d.orders.filter((o) => inRange(o.createdAt, r));
  const byKey = new Map<string, TemplateMonthSales>();
  for (const o of sold) {
    const month = o.createdAt.slice(0, 7);
    const k = `${month}|${o.templateId}`;
    const row = byKey.get(k) ?? { month, templateId: o.templateId, templateName: o.templateName, orders: 0, amount: 0 };
    row.orders += 1;
    row.amount += o.amount;
    byKey.set(k, row);
  }
  const sales = [...byKey.values()].map((x) => ({ ...x, amount: sumMoney([x.amount]) })).sort((a, b) => a.month.localeCompare(b.month) || a.templateId - b.templateId);
  const holdingCards = d.cards.filter((c) => cardStatus(c, t) === 'active');
  const byTpl = new Map<number, AnalyzeCard['byTemplate'][number]>();
  let hours = 0;
  const values: number[] = [];
  // A card's value is its deferred revenue today (src/domain/revenue.ts, the finance screens' per-card figures): the
  // hours still owed at its pool's price, a period card's days left (issue 30: one definition per figure).
  const todayRange = figureRanges([{ from: t, to: t }], t);
  for (const c of holdingCards) {
    // Period cards hold no hours (their ledger only logs attendance).
    const rem = c.remainingHours;
    const value = figuresOfCard(db, c, todayRange, t)[0].closing;
    hours += rem;
    values.push(value);
    const row = byTpl.get(c.templateId) ?? { templateId: c.templateId, templateName: c.templateName, cards: 0, remainingHours: 0, remainingValue: 0 };
    row.cards += 1;
    row.remainingHours = round1(row.remainingHours + rem);
    row.remainingValue = sumMoney([row.remainingValue, value]);
    byTpl.set(c.templateId, row);
  }
  const soon = addDays(t, 30);
  return {
    range,
    sales,
    salesTotal: { orders: sold.length, amount: cashIn(sold, r.start, r.end) },
    holding: { cards: holdingCards.length, remainingHours: round1(hours), remainingValue: sumMoney(values) },
    byTemplate: [...byTpl.values()].sort((a, b) => b.remainingValue - a.remainingValue),
    expiring: holdingCards.filter((c) => c.expiryDate >= t && c.expiryDate <= soon).length,
    exhausted: d.cards.filter((c) => cardStatus(c, t) === 'exhausted').length,
  };
}

export function consumeProgress(db: Db, who: Viewer | number, range: AnalyzeQuery, view: 'class' | 'card'): (ClassProgress | CardProgress)[] {
  const d = scopedData(db, who, range.campusId);
  const t = today();
  const usable = d.cards.filter((c) => c.kind === 'count' && cardStatus(c, t) === 'active');
  const total = (c: StudentCard) => round1(c.boughtHours + c.giftHours);
  const progressOf = (tot: number, rem: number) => (tot > 0 ? Math.round(((tot - rem) / tot) * 10000) / 10000 : 0);
  if (view === 'card') {
    return usable.map((c) => ({
      cardId: c.id,
      cardNo: c.cardNo,
      studentId: c.studentId,
      studentName: c.studentName,
      templateName: c.templateName,
      totalHours: total(c),
      remainingHours: c.remainingHours,
      progress: progressOf(total(c), c.remainingHours),
      expiryDate: c.expiryDate,
    }));
  }
  const cardsOf = new Map<number, StudentCard[]>();
  for (const c of usable) push(cardsOf, c.studentId, c);
  const membersOf = new Map<number, Student[]>();
  for (const st of d.students) for (const id of st.classIds) push(membersOf, id, st);
  return d.classes.map((cls) => {
    const members = membersOf.get(cls.id) ?? [];
    const cards = members.flatMap((s) => cardsOf.get(s.id) ?? []);
    const tot = round1(cards.reduce((s, c) => s + total(c), 0));
    const rem = round1(cards.reduce((s, c) => s + c.remainingHours, 0));
    return { classId: cls.id, className: cls.name, campusId: cls.campusId, students: members.length, cards: cards.length, totalHours: tot, remainingHours: rem, consumedHours: round1(tot - rem), progress: progressOf(tot, rem) };
  });
}

export function analyzeRecords(db: Db, who: Viewer | number, range: AnalyzeQuery, by: RecordDimension): AnalyzeRecords {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const d = scopedData(db, who, range.campusId);
  const total = rangeFigures(d, r);
  const row = (id: number, name: string, f: Pick<RangeFigures, 'consumedHours' | 'recognised' | 'attendance'>): RecordBreakdownRow => ({
    id,
    name,
    consumedHours: f.consumedHours,
    recognised: f.recognised,
    present: f.attendance.present,
    marked: f.attendance.marked,
    attendanceRate: f.attendance.rate,
  });
  let rows: RecordBreakdownRow[];
  if (by === 'campus') {
    rows = campusesOf(db, d.companyId)
      .filter((x) => range.campusId === undefined || x.id === range.campusId)
      .map((c) => row(c.id, c.name, range.campusId === c.id ? total : rangeFigures(scopedData(db, who, c.id), r)));
  } else {
    // Class or teacher: the records written for taught lessons (hours consumed outside a lesson have neither), of
    // the visible students, whoever may see the lesson (as the record list's drill-down); marks of visible lessons.
    const lessonOf = (id: number) => {
      const l = d.index.lessonById.get(id);
      return l && (range.campusId === undefined || l.campusId === range.campusId) ? l : undefined;
    };
    const keyOf = (l: Lesson) => (by === 'class' ? { id: l.classId, name: l.className } : { id: l.teacherId, name: l.teacherName });
    const groups = new Map<number, { name: string; recs: HourRecord[]; marks: Attendance[] }>();
    const group = (l: Lesson) => {
      const k = keyOf(l);
      let g = groups.get(k.id);
      if (!g) groups.set(k.id, (g = { name: k.name, recs: [], marks: [] }));
      return g;
    };
    for (const x of lessonConsumptionIn(d, r)) {
      const l = x.lessonId === undefined ? undefined : lessonOf(x.lessonId);
      if (l && isTaught(l)) group(l).recs.push(x);
    }
    for (const a of marksIn(d, r)) {
      const l = lessonOf(a.lessonId);
      if (l) group(l).marks.push(a);
    }
    rows = [...groups.entries()].map(([id, g]) => row(id, g.name, { consumedHours: consumedHours(g.recs), recognised: recognisedValue(g.recs, r.start, r.end), attendance: attendance(g.marks) }));
  }
  rows.sort((a, b) => b.consumedHours - a.consumedHours || a.id - b.id);
  return {
    range,
    by,
    series: series(d, r),
    rows,
    total: { consumedHours: total.consumedHours, recognised: total.recognised, present: total.attendance.present, marked: total.attendance.marked, attendanceRate: total.attendance.rate },
  };
}

export function analyzeStaff(db: Db, who: Viewer | number, range: AnalyzeQuery): AnalyzeStaff {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const d = scopedData(db, who, range.campusId);
  // Lessons taught: the visible lessons (the lesson list); consumed hours and value: the visible students' records
  // written for lessons the teacher taught in the campus, whoever may see the lesson (the record list).
  const campusLessons = range.campusId === undefined ? [...d.index.lessonById.values()] : [...d.index.lessonById.values()].filter((l) => l.campusId === range.campusId);
  const consumed = new Map(teacherLoad(campusLessons, lessonConsumptionIn(d, r), r).map((x) => [x.teacherId, x]));
  const taught = d.lessons.length === campusLessons.length ? consumed : new Map(teacherLoad(d.lessons, [], r).map((x) => [x.teacherId, x]));
  const sales = new Map(salesBySeller(d.orders.filter((o) => inRange(o.createdAt, r))).map((x) => [x.sellerId, x]));
  const leadsIn = d.leads.filter((l) => inRange(l.createdAt, r));
  const rows: StaffRow[] = staffRowsOf(db, d.companyId)
    .map((s) => {
      const l = taught.get(s.id);
      const c = consumed.get(s.id);
      const sale = sales.get(s.id);
      const mine = s.userId === undefined ? [] : leadsIn.filter((x) => x.ownerId === s.userId);
      const conv = leadConversion(mine);
      return {
        staffId: s.id,
        userId: s.userId,
        name: s.name,
        role: s.role,
        campusName: s.campusName,
        lessons: l?.lessons ?? 0,
        hours: l?.hours ?? 0,
        consumedHours: c?.consumedHours ?? 0,
        consumedValue: c?.consumedValue ?? 0,
        cardsSold: sale?.orders ?? 0,
        salesAmount: sale?.amount ?? 0,
        leadsFollowed: conv.total,
        leadsConverted: conv.formal,
      };
    })
    .filter((x) => x.lessons || x.cardsSold || x.leadsFollowed || (range.campusId === undefined || staffById(db, x.staffId)?.campusId === range.campusId))
    .sort((a, b) => b.consumedValue + b.salesAmount - (a.consumedValue + a.salesAmount) || a.staffId - b.staffId);
  return { range, rows };
}

// A list narrowed to a figure's rows (`drill`, `drillRows`) reads the figures' marks first.
beforeCall.push(async (_db, s, query) => {
  if (query.drill) await loadCompanyMarks(s.company.id);
});

export const analysisHandlers = [
  api('get', '/v2/company_kt/analyze_core', { read: analysisPolicy }, async (ctx) => analyzeCore(ctx.db, await viewerOfSession(ctx.db, ctx.session), rangeOf(ctx).range)),

  api('get', '/v2/company_kt/analyze/card', { read: analysisPolicy }, async (ctx) => analyzeCard(ctx.db, await viewerOfSession(ctx.db, ctx.session), rangeOf(ctx).range)),

  api('get', '/v2/company_kt/analyze_consume_progress', { read: analysisPolicy }, async (ctx) => {
    const { range, q } = rangeOf(ctx, ConsumeProgressQuery);
    const view = (q.view as 'class' | 'card' | undefined) ?? 'class';
    const rows = consumeProgress(ctx.db, await viewerOfSession(ctx.db, ctx.session), range, view) as (ClassProgress & CardProgress)[];
    const { startDate: _s, endDate: _e, campusId: _c, view: _v, ...rest } = ctx.query;
    return listQuery(rows, rest, {
      keywordFields: view === 'card' ? ['studentName', 'cardNo', 'templateName'] : ['className'],
      sortable: ['progress', 'remainingHours', 'totalHours', 'consumedHours', 'students', 'expiryDate'],
      defaultSort: { field: 'progress', order: 'descend' },
    }, ctx.lang);
  }),

  api('get', '/v2/company_kt/analyzes', { read: analysisPolicy }, async (ctx) => {
    const { range, q } = rangeOf(ctx, RecordsQuery);
    return analyzeRecords(ctx.db, await viewerOfSession(ctx.db, ctx.session), range, (q.by as RecordDimension | undefined) ?? 'campus');
  }),

  api('get', '/v2/company_kt/analyze/contact_user', { read: analysisPolicy }, async (ctx) => analyzeStaff(ctx.db, await viewerOfSession(ctx.db, ctx.session), rangeOf(ctx).range)),
];
