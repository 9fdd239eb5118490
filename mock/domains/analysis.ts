/**
 * Analysis (PRODUCT.md §5.16, §6.10; SPEC §7): the analyze calls, and the drill-down filters the list calls apply
 * (`drillRows`), both from the same definitions (src/domain/metrics.ts, src/domain/revenue.ts) over the same
 * records, so that every figure equals the total (or the sum) of the list it opens.
 *
 * Campus of a record: lessons and classes have their own; students' records (cards, hour records, orders) take the
 * student's campus; leads have their own.
 */
import type { Db } from '../db';
import { api, companyCampuses, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { defineMessages, message } from '../messages';
import { listQuery } from '../list';
import { parseBody } from '../schema';
import { addDays, today } from '../clock';
import type { CampusRow } from '../db';
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
  attendance,
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
  renewalDueStudents,
  renewalRate,
  renewedStudents,
  renewingStudents,
  salesBySeller,
  teacherLoad,
  trend,
  type DayRange,
} from '../../src/domain/metrics';
import { cashIn, recordRecognised, recognisedValue, refundsOut, sumMoney } from '../../src/domain/revenue';
import { cardStatus, moneyValue, round1 } from '../../src/domain/ledger';

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

/* ------------------------------------------------------------ the company's records, scoped ------------------------------------------------------------ */

interface Scoped {
  companyId: number;
  campusId?: number;
  students: Student[];
  studentCampus: Map<number, number>;
  inCampusStudent: (studentId: number) => boolean;
  cards: StudentCard[];
  records: HourRecord[];
  orders: CardOrder[];
  lessons: Lesson[];
  attendances: Attendance[];
  classes: SchoolClass[];
  leads: Lead[];
}

/** Every table of a company, narrowed to one campus when asked (one pass each). */
export function scopedData(db: Db, companyId: number, campusId?: number): Scoped {
  const studentCampus = new Map<number, number>();
  const students: Student[] = [];
  for (const s of db.students) {
    if (s.companyId !== companyId) continue;
    studentCampus.set(s.id, s.campusId);
    if (campusId === undefined || s.campusId === campusId) students.push(s);
  }
  const inCampusStudent = (id: number) => campusId === undefined || studentCampus.get(id) === campusId;
  const own = <T extends { companyId: number; studentId: number }>(rows: T[] | undefined) =>
    (rows ?? []).filter((r) => r.companyId === companyId && inCampusStudent(r.studentId));
  const lessons = (db.lessons ?? []).filter((l) => l.companyId === companyId && (campusId === undefined || l.campusId === campusId));
  const lessonIds = new Set(lessons.map((l) => l.id));
  return {
    companyId,
    campusId,
    students,
    studentCampus,
    inCampusStudent,
    cards: own(db.studentCards),
    records: own(db.hourRecords),
    orders: own(db.cardOrders),
    lessons,
    attendances: (db.attendances ?? []).filter((a) => a.companyId === companyId && lessonIds.has(a.lessonId)),
    classes: db.classes.filter((c) => c.companyId === companyId && (campusId === undefined || c.campusId === campusId)),
    leads: (db.leads ?? []).filter((l) => l.companyId === companyId && (campusId === undefined || l.campusId === campusId)),
  };
}

/* ------------------------------------------------------------ the figures ------------------------------------------------------------ */

/** Active marks of the lessons dated in the range. */
function marksIn(d: Scoped, r: DayRange): Attendance[] {
  const ids = new Set(d.lessons.filter((l) => inRange(l.date, r)).map((l) => l.id));
  return d.attendances.filter((a) => ids.has(a.lessonId) && !a.undoneAt);
}

const consumedIn = (d: Scoped, r: DayRange) => d.records.filter((x) => isConsumption(x) && inRange(x.createdAt, r));

interface Sets {
  active: Set<number>;
  fresh: Set<number>;
  renewing: Set<number>;
  due: Set<number>;
}

function studentSets(d: Scoped, r: DayRange): Sets {
  const renewing = renewingStudents(d.orders, r);
  return {
    active: activeStudentsOn(d.cards, d.records, r.end),
    fresh: newStudents(d.orders, r),
    renewing,
    due: renewalDueStudents(d.cards, d.records, r),
  };
}

interface Figures {
  consumedHours: number;
  recognised: number;
  cashIn: number;
  refunds: number;
  active: number;
  fresh: number;
  renewing: number;
  renewal: ReturnType<typeof renewalRate>;
  attendance: ReturnType<typeof attendance>;
  fill: ReturnType<typeof classFill>;
  leads: ReturnType<typeof leadConversion>;
}

function figures(d: Scoped, r: DayRange): Figures {
  const sets = studentSets(d, r);
  return {
    consumedHours: consumedHours(consumedIn(d, r)),
    recognised: recognisedValue(d.records, r.start, r.end),
    cashIn: cashIn(d.orders, r.start, r.end),
    refunds: refundsOut(d.records, r.start, r.end),
    active: sets.active.size,
    fresh: sets.fresh.size,
    renewing: sets.renewing.size,
    renewal: renewalRate(sets.due, sets.renewing),
    attendance: attendance(marksIn(d, r)),
    fill: classFill(d.classes),
    leads: leadConversion(d.leads.filter((l) => inRange(l.createdAt, r))),
  };
}

/** Buckets of a range: days, or months when the range is longer than 92 days. */
function buckets(r: DayRange): { bucket: string; from: string; to: string }[] {
  const days = daysOf(r);
  if (days.length <= 92) return days.map((d) => ({ bucket: d, from: d, to: d }));
  const out: { bucket: string; from: string; to: string }[] = [];
  for (const d of days) {
    const m = d.slice(0, 7);
    const last = out[out.length - 1];
    if (last && last.bucket === m) last.to = d;
    else out.push({ bucket: m, from: d, to: d });
  }
  return out;
}

/** The figures per bucket, from one pass over each table (grouped by day first). */
function series(d: Scoped, r: DayRange, lessonFilter: (l: Lesson) => boolean = () => true, recordFilter: (x: HourRecord) => boolean = () => true): DayPoint[] {
  const bs = buckets(r);
  const key = new Map<string, number>();
  bs.forEach((b, i) => daysOf({ start: b.from, end: b.to }).forEach((day) => key.set(day, i)));
  const consumption = bs.map(() => [] as HourRecord[]);
  for (const x of d.records) {
    if (!isConsumption(x) || !recordFilter(x)) continue;
    const i = key.get(x.createdAt.slice(0, 10));
    if (i !== undefined) consumption[i].push(x);
  }
  const cash = bs.map(() => [] as CardOrder[]);
  for (const o of d.orders) {
    const i = key.get(o.createdAt.slice(0, 10));
    if (i !== undefined) cash[i].push(o);
  }
  const lessonBucket = new Map<number, number>();
  for (const l of d.lessons) {
    const i = key.get(l.date);
    if (i !== undefined && lessonFilter(l)) lessonBucket.set(l.id, i);
  }
  const marks = bs.map(() => [] as Attendance[]);
  for (const a of d.attendances) {
    const i = lessonBucket.get(a.lessonId);
    if (i !== undefined && !a.undoneAt) marks[i].push(a);
  }
  return bs.map((b, i) => {
    const att = attendance(marks[i]);
    return {
      ...b,
      consumedHours: consumedHours(consumption[i]),
      recognised: sumMoney(consumption[i].map(recordRecognised)),
      cashIn: cashIn(cash[i], b.from, b.to),
      present: att.present,
      marked: att.marked,
      attendanceRate: att.rate,
    };
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
 * Rows without `drill` pass unchanged. A drill kind the list does not know is a 400.
 */
export function drillRows<T>(db: Db, session: Pick<Session, 'company'>, entity: DrillEntity, rows: T[], query: Record<string, string>, lang: 'en' | 'zh' = 'en'): T[] {
  const kind = query.drill as DrillKind | undefined;
  if (!kind) return rows;
  if (!DRILL_KINDS.includes(kind) || !ENTITY_KINDS[entity].includes(kind)) throw new HttpError(400, message(lang, 'an.badDrill', { drill: String(kind) }));
  const t = today();
  const r: DayRange = { start: query.from || '0000-01-01', end: query.to || t };
  const campus = num(query.campus);
  const teacher = num(query.teacher);
  const cls = num(query.class);
  const template = num(query.template);
  const seller = num(query.seller);
  const owner = num(query.owner);
  const d = scopedData(db, session.company.id, campus);
  const keep = (pred: (row: any) => boolean) => rows.filter(pred);
  switch (kind) {
    case 'consumed': {
      const lessonOf = new Map(d.lessons.map((l) => [l.id, l]));
      return keep((x: HourRecord) => {
        if (!isConsumption(x) || !inRange(x.createdAt, r) || !d.inCampusStudent(x.studentId)) return false;
        if (teacher === undefined && cls === undefined) return true;
        const l = x.lessonId === undefined ? undefined : lessonOf.get(x.lessonId);
        return !!l && isTaught(l) && (teacher === undefined || l.teacherId === teacher) && (cls === undefined || l.classId === cls);
      });
    }
    case 'refund':
      return keep((x: HourRecord) => x.type === 'back' && inRange(x.reviewedAt ?? x.createdAt, r) && d.inCampusStudent(x.studentId));
    case 'sales':
      return keep((o: CardOrder) => inRange(o.createdAt, r) && d.inCampusStudent(o.studentId) && (template === undefined || o.templateId === template) && (seller === undefined || o.sellerId === seller));
    case 'active':
    case 'new':
    case 'renewing':
    case 'renewDue':
    case 'renewed': {
      const sets = studentSets(d, r);
      const ids =
        kind === 'active' ? sets.active : kind === 'new' ? sets.fresh : kind === 'renewing' ? sets.renewing : kind === 'renewDue' ? sets.due : renewedStudents(sets.due, sets.renewing);
      return keep((s: Student) => ids.has(s.id));
    }
    case 'taught':
      return keep((l: Lesson) => isTaught(l) && inRange(l.date, r) && (campus === undefined || l.campusId === campus) && (teacher === undefined || l.teacherId === teacher) && (cls === undefined || l.classId === cls));
    case 'marked': {
      const byLesson = new Map<number, Attendance[]>();
      for (const a of d.attendances) if (!a.undoneAt) byLesson.set(a.lessonId, [...(byLesson.get(a.lessonId) ?? []), a]);
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
    case 'holding':
    case 'expiring':
    case 'exhausted': {
      const enrolled = cls === undefined ? undefined : new Set(d.students.filter((s) => s.classIds.includes(cls)).map((s) => s.id));
      const soon = addDays(t, 30);
      return keep((c: StudentCard) => {
        if (!d.inCampusStudent(c.studentId) || (template !== undefined && c.templateId !== template) || (enrolled && !enrolled.has(c.studentId))) return false;
        const status = cardStatus(c, t);
        if (kind === 'exhausted') return status === 'exhausted';
        if (status !== 'active') return false;
        return kind === 'holding' || (c.expiryDate >= t && c.expiryDate <= soon);
      });
    }
    default:
      return rows;
  }
}

/* ------------------------------------------------------------ the calls ------------------------------------------------------------ */

function kpi(key: Kpi['key'], unit: Kpi['unit'], value: number, previous: number, drill: DrillParams, extra: Partial<Kpi> = {}): Kpi {
  const tr = trend(value, previous);
  return { key, unit, value, previous, ...(tr !== undefined ? { trend: tr } : {}), drill, ...extra };
}

export function analyzeCore(db: Db, companyId: number, range: AnalyzeQuery): AnalyzeCore {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const p = previousRange(r);
  const d = scopedData(db, companyId, range.campusId);
  const cur = figures(d, r);
  const prev = figures(d, p);
  const dr = (k: DrillKind, extra: Partial<DrillParams> = {}) => drillOf(k, range, extra);
  return {
    range,
    previous: { startDate: p.start, endDate: p.end },
    kpis: [
      kpi('consumedHours', 'hours', cur.consumedHours, prev.consumedHours, dr('consumed')),
      kpi('recognised', 'money', cur.recognised, prev.recognised, dr('consumed')),
      kpi('cashIn', 'money', cur.cashIn, prev.cashIn, dr('sales')),
      kpi('refunds', 'money', cur.refunds, prev.refunds, dr('refund')),
      kpi('activeStudents', 'count', cur.active, prev.active, dr('active')),
      kpi('newStudents', 'count', cur.fresh, prev.fresh, dr('new')),
      kpi('renewingStudents', 'count', cur.renewing, prev.renewing, dr('renewing')),
      kpi('renewalRate', 'rate', cur.renewal.rate, prev.renewal.rate, dr('renewed'), { part: cur.renewal.renewed, whole: cur.renewal.due, wholeDrill: dr('renewDue') }),
      kpi('attendanceRate', 'rate', cur.attendance.rate, prev.attendance.rate, dr('marked'), { part: cur.attendance.present, whole: cur.attendance.marked }),
      // Enrolment is a state, not a flow: no previous period.
      { key: 'fillRate', unit: 'rate', value: cur.fill.rate, previous: cur.fill.rate, part: cur.fill.enrolled, whole: cur.fill.capacity, drill: { drill: 'fill', ...(range.campusId !== undefined ? { campus: range.campusId } : {}) } },
      kpi('leadConversion', 'rate', cur.leads.rate, prev.leads.rate, dr('converted'), { part: cur.leads.formal, whole: cur.leads.total, wholeDrill: dr('leads') }),
    ],
    series: series(d, r),
  };
}

export function analyzeCard(db: Db, companyId: number, range: AnalyzeQuery): AnalyzeCard {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const d = scopedData(db, companyId, range.campusId);
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
  for (const c of holdingCards) {
    // Period cards hold no hours (their ledger only logs attendance), and their unit price is 0.
    const rem = c.remainingHours;
    const value = moneyValue(rem, c.unitPrice);
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

export function consumeProgress(db: Db, companyId: number, range: AnalyzeQuery, view: 'class' | 'card'): (ClassProgress | CardProgress)[] {
  const d = scopedData(db, companyId, range.campusId);
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
  for (const c of usable) cardsOf.set(c.studentId, [...(cardsOf.get(c.studentId) ?? []), c]);
  return d.classes.map((cls) => {
    const members = d.students.filter((s) => s.classIds.includes(cls.id));
    const cards = members.flatMap((s) => cardsOf.get(s.id) ?? []);
    const tot = round1(cards.reduce((s, c) => s + total(c), 0));
    const rem = round1(cards.reduce((s, c) => s + c.remainingHours, 0));
    return { classId: cls.id, className: cls.name, campusId: cls.campusId, students: members.length, cards: cards.length, totalHours: tot, remainingHours: rem, consumedHours: round1(tot - rem), progress: progressOf(tot, rem) };
  });
}

export function analyzeRecords(db: Db, companyId: number, range: AnalyzeQuery, by: RecordDimension): AnalyzeRecords {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const d = scopedData(db, companyId, range.campusId);
  const lessonOf = new Map(d.lessons.map((l) => [l.id, l]));
  const consumed = consumedIn(d, r);
  const marks = marksIn(d, r);
  const groups = new Map<number, { name: string; recs: HourRecord[]; marks: Attendance[] }>();
  const group = (id: number, name: string) => {
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { name, recs: [], marks: [] }));
    return g;
  };
  if (by === 'campus') {
    for (const c of db.campuses.filter((x) => x.companyId === companyId && (range.campusId === undefined || x.id === range.campusId))) group(c.id, c.name);
    for (const x of consumed) {
      const cid = d.studentCampus.get(x.studentId);
      if (cid !== undefined) groups.get(cid)?.recs.push(x);
    }
    for (const a of marks) {
      const l = lessonOf.get(a.lessonId);
      if (l) groups.get(l.campusId)?.marks.push(a);
    }
  } else {
    // Class or teacher: the records written for taught lessons (hours consumed outside a lesson have neither).
    const keyOf = (l: Lesson) => (by === 'class' ? { id: l.classId, name: l.className } : { id: l.teacherId, name: l.teacherName });
    for (const x of consumed) {
      const l = x.lessonId === undefined ? undefined : lessonOf.get(x.lessonId);
      if (!l || !isTaught(l)) continue;
      const k = keyOf(l);
      group(k.id, k.name).recs.push(x);
    }
    for (const a of marks) {
      const l = lessonOf.get(a.lessonId);
      if (!l) continue;
      const k = keyOf(l);
      group(k.id, k.name).marks.push(a);
    }
  }
  const rows: RecordBreakdownRow[] = [...groups.entries()].map(([id, g]) => {
    const att = attendance(g.marks);
    return { id, name: g.name, consumedHours: consumedHours(g.recs), recognised: sumMoney(g.recs.map(recordRecognised)), present: att.present, marked: att.marked, attendanceRate: att.rate };
  });
  rows.sort((a, b) => b.consumedHours - a.consumedHours || a.id - b.id);
  const att = attendance(marks);
  return {
    range,
    by,
    series: series(d, r),
    rows,
    total: { consumedHours: consumedHours(consumed), recognised: recognisedValue(consumed, r.start, r.end), present: att.present, marked: att.marked, attendanceRate: att.rate },
  };
}

export function analyzeStaff(db: Db, companyId: number, range: AnalyzeQuery): AnalyzeStaff {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const d = scopedData(db, companyId, range.campusId);
  const lessonsIn = d.lessons.filter((l) => inRange(l.date, r));
  const load = new Map(teacherLoad(lessonsIn, d.records).map((x) => [x.teacherId, x]));
  const sales = new Map(salesBySeller(d.orders.filter((o) => inRange(o.createdAt, r))).map((x) => [x.sellerId, x]));
  const leadsIn = d.leads.filter((l) => inRange(l.createdAt, r));
  const rows: StaffRow[] = db.staff
    .filter((s) => s.companyId === companyId)
    .map((s) => {
      const l = load.get(s.id);
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
        consumedHours: l?.consumedHours ?? 0,
        consumedValue: l?.consumedValue ?? 0,
        cardsSold: sale?.orders ?? 0,
        salesAmount: sale?.amount ?? 0,
        leadsFollowed: conv.total,
        leadsConverted: conv.formal,
      };
    })
    .filter((x) => x.lessons || x.cardsSold || x.leadsFollowed || (range.campusId === undefined || db.staff.find((s) => s.id === x.staffId)?.campusId === range.campusId))
    .sort((a, b) => b.consumedValue + b.salesAmount - (a.consumedValue + a.salesAmount) || a.staffId - b.staffId);
  return { range, rows };
}

export const analysisHandlers = [
  api('get', '/v2/company_kt/analyze_core', { read: analysisPolicy }, (ctx) => analyzeCore(ctx.db, ctx.session.company.id, rangeOf(ctx).range)),

  api('get', '/v2/company_kt/analyze/card', { read: analysisPolicy }, (ctx) => analyzeCard(ctx.db, ctx.session.company.id, rangeOf(ctx).range)),

  api('get', '/v2/company_kt/analyze_consume_progress', { read: analysisPolicy }, (ctx) => {
    const { range, q } = rangeOf(ctx, ConsumeProgressQuery);
    const view = (q.view as 'class' | 'card' | undefined) ?? 'class';
    const rows = consumeProgress(ctx.db, ctx.session.company.id, range, view) as (ClassProgress & CardProgress)[];
    const { startDate: _s, endDate: _e, campusId: _c, view: _v, ...rest } = ctx.query;
    return listQuery(rows, rest, {
      keywordFields: view === 'card' ? ['studentName', 'cardNo', 'templateName'] : ['className'],
      sortable: ['progress', 'remainingHours', 'totalHours', 'consumedHours', 'students', 'expiryDate'],
      defaultSort: { field: 'progress', order: 'descend' },
    }, ctx.lang);
  }),

  api('get', '/v2/company_kt/analyzes', { read: analysisPolicy }, (ctx) => {
    const { range, q } = rangeOf(ctx, RecordsQuery);
    return analyzeRecords(ctx.db, ctx.session.company.id, range, (q.by as RecordDimension | undefined) ?? 'campus');
  }),

  api('get', '/v2/company_kt/analyze/contact_user', { read: analysisPolicy }, (ctx) => analyzeStaff(ctx.db, ctx.session.company.id, rangeOf(ctx).range)),
];
