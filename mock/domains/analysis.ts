/**
 * Analysis (docs/rules.md#analysis-metrics, docs/screens.md#analysis; docs/api.md#calls-named-by-the-spec): the analyze calls, and the drill-down filters the list calls apply
 * (`drillRows`), both from the same definitions (src/domain/metrics.ts, src/domain/revenue.ts) over the same
 * records, so that every figure equals the total (or the sum) of the list it opens.
 *
 * Campus of a record: lessons and classes have their own; students' records (cards, hour records, orders) take the
 * student's campus; leads have their own.
 */
import { and, asc, eq, exists, gte, inArray, isNotNull, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { api, companyCampuses, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { classRows } from './schoolPolicies';
import { narrowsStudents, studentWhere } from './studentRows';
import { actorOf } from './schedule';
import { narrowsScope } from './dataScope';
import { limitedToOwnLessons } from '../../src/domain/schedulePermissions';
import { lessonRows } from './scheduleApi';
import { loadCompanyLessons, lessonsOf } from './lessonRows';
import { leadScope } from './customer';
import { defineMessages, message, type Lang } from '../messages';
import { listQuery } from '../list';
import { isValidDate } from '../../src/utils/dates';
import { parseBody } from '../schema';
import { addDays, today } from '../clock';
import type { CampusRow } from '../db';
import { campusesOf } from './campusRows';
import { classesOf } from './schoolRows';
import { staffById, staffRowsOf } from './staffRows';
import { tx } from '../../server/db';
import { stampOf } from '../../server/db/time';
import { localDay, sqlList, type SqlListSpec } from '../../server/db/list';
import { attendances, cardOrders, cardSums, leads, hourRecords, ledgerDaySums, lessons, studentCards, studentClasses, students } from '../../server/db/schema';
import { periodFiguresOf } from './cardFigures';
import { cardStatusSql } from './cardLists';
import { cardOf, orderOf } from './cardRows';
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
import type { AttendanceMark, Lesson } from '../../src/types/schedule';
import type { Lead } from '../../src/types/customer';
import {
  addDay,
  attendanceOf,
  classFill,
  consumedHours,
  CONSUMING_TYPES,
  daysOf,
  inRange,
  isTaught,
  leadConversion,
  previousRange,
  rangeDays,
  renewalRate,
  renewalWindow,
  renewedStudents,
  salesBySeller,
  teacherLoad,
  trend,
  type AttendanceCount,
  type DayRange,
} from '../../src/domain/metrics';
import { cashIn, RECOGNISED_TYPES, recognisedValue, revenueOfFigures, sumMoney } from '../../src/domain/revenue';
import { round1 } from '../../src/domain/ledger';

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
 * the role's rules), from the same scope functions as the lists (`studentWhere`, `lessonRows`, `classRows`,
 * `leadRows`), so that a figure equals the total of the list it opens for a scoped user too. Hour records, card
 * orders and cards follow their student (as the lists of cards, records and orders, ./cardLists.ts). A bare company
 * id means the whole company.
 */
export interface Viewer {
  companyId: number;
  /** Visible students as a condition over the students' table; undefined = every student of the company. */
  studentWhere?: SQL;
  /** Visible lessons; undefined = every lesson of the company. */
  lessons?: Set<number>;
  /** Visible classes; undefined = all of the company's. */
  classes?: SchoolClass[];
  /** Visible leads as a condition over the leads' table; undefined = the company's. */
  leadWhere?: SQL;
}

/** The caller's viewer: the scope functions of the lists (the lessons read only when the caller's scope narrows them). */
export async function viewerOfSession(db: Db, s: Session): Promise<Viewer> {
  const cid = s.company.id;
  let lessons: Set<number> | undefined;
  if (limitedToOwnLessons(actorOf(db, s)) || narrowsScope(db, s)) {
    await loadCompanyLessons(cid);
    lessons = new Set(lessonRows(db, s).map((l) => l.id));
  }
  return {
    companyId: cid,
    studentWhere: narrowsStudents(db, s) ? studentWhere(s, db) : undefined,
    lessons,
    classes: classRows(db, s),
    leadWhere: leadScope(s, db),
  };
}

type StudentTable = typeof studentCards | typeof hourRecords | typeof cardOrders;

interface Scoped {
  db: Db;
  companyId: number;
  campusId?: number;
  /** The caller's students on the campus asked for, as a condition over the students' table (undefined: the company's). */
  studentCond?: SQL;
  /** The rows of a card table whose student the caller sees, on the campus asked for (a condition). */
  rowsOf: (table: StudentTable) => SQL;
  /** The caller sees every student: the day sums (`ledger_day_sums`) hold their figures. */
  summed: boolean;
  /** The lessons the caller sees (undefined: every lesson of the company; the campus is a condition of its own). */
  lessonIds?: number[];
  classes: SchoolClass[];
  /** The caller's leads on the campus created in a range (what the conversion figures read of them). */
  leads: (r: DayRange) => Promise<Pick<Lead, 'status' | 'ownerId' | 'createdAt'>[]>;
  /**
   * The company's lessons: the caller's on the campus (`visible`), and all of them by id (a record counts for the
   * lesson it was written for, whoever sees it); read when a breakdown by lesson needs them.
   */
  lessons: () => Promise<{ visible: Lesson[]; byId: Map<number, Lesson> }>;
}

const asViewer = (who: Viewer | number): Viewer => (typeof who === 'number' ? { companyId: who } : who);

/** The caller's rows of the company's tables, narrowed to one campus when asked. */
export async function scopedData(db: Db, who: Viewer | number, campusId?: number): Promise<Scoped> {
  const v = asViewer(who);
  const companyId = v.companyId;
  const studentCond = and(v.studentWhere, campusId === undefined ? undefined : eq(students.campusId, campusId));
  const onCampus = <T extends { campusId: number }>(rows: T[]) => rows.filter((x) => campusId === undefined || x.campusId === campusId);
  return {
    db,
    companyId,
    campusId,
    studentCond,
    // Campus and visibility are the student's (a row of a student no longer in the table counts for the whole company only).
    rowsOf: (t) => and(eq(t.companyId, companyId), studentCond && exists(sql`(select 1 from ${students} where ${students.id} = ${t.studentId} and ${studentCond})`))!,
    summed: !v.studentWhere,
    lessonIds: v.lessons ? [...v.lessons] : undefined,
    classes: onCampus(v.classes ?? classesOf(db, companyId)),
    leads: async (r) =>
      (
        await (await tx())
          .select({ status: leads.status, ownerId: leads.ownerId, createdAt: leads.createdAt })
          .from(leads)
          .where(and(v.leadWhere ?? eq(leads.companyId, companyId), campusId === undefined ? undefined : eq(leads.campusId, campusId), within(leads.createdAt, r)))
      ).map((l) => ({ status: l.status, ownerId: l.ownerId ?? undefined, createdAt: stampOf(l.createdAt) })),
    lessons: async () => {
      await loadCompanyLessons(companyId);
      const all = lessonsOf(db, companyId);
      return { visible: onCampus(all).filter((l) => !v.lessons || v.lessons.has(l.id)), byId: new Map(all.map((l) => [l.id, l])) };
    },
  };
}

/* ------------------------------------------------------------ the figures ------------------------------------------------------------ */

/** Figures of one day (hours in tenths, money in cents, counts: exact, so that ranges add up exactly). */
interface DayFigures {
  consumedT: number;
  recognisedC: number;
  cashC: number;
  refundC: number;
  present: number;
  leave: number;
  truant: number;
}

const emptyFigures = (): DayFigures => ({ consumedT: 0, recognisedC: 0, cashC: 0, refundC: 0, present: 0, leave: 0, truant: 0 });
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const tenths = (v: unknown) => Math.round(Number(v ?? 0) * 10);
const endOf = (day: string) => localDay(addDays(day, 1)).toISOString();
const startOf = (day: string) => localDay(day).toISOString();
/** A timestamp's local day, as text (the session's time zone is the server's: server/db/index.ts). */
const dayOf = (col: SQL | PgColumn) => sql<string>`((${col})::date)::text`;
/** A timestamp within the local days of a range. */
const within = (col: SQL | PgColumn, r: DayRange) => sql`(${col}) >= ${startOf(r.start)}::timestamptz and (${col}) < ${endOf(r.end)}::timestamptz`;
const list = (values: readonly string[]) => sql.join(values.map((x) => sql`${x}`), sql`, `);

/** A record's consumed hours (`consumedHours`: minus the signed hours of a consuming record) and recognised value (`recordRecognised`). */
const consumedSql = sql`(case when ${hourRecords.type} in (${list(CONSUMING_TYPES)}) then -${hourRecords.hours} else 0 end)`;
const recognisedSql = sql`(case when ${hourRecords.type} in (${list(RECOGNISED_TYPES)}) and ${hourRecords.amount} < 0 then -${hourRecords.amount} when ${hourRecords.type} = 'proof' then -${hourRecords.amount} else 0 end)`;

/**
 * The figures of each day of a range, summed by the database over the caller's rows with the metric definitions: the
 * consuming records by their day (`consumedHours`, `recognisedValue`), the approved returns by their review day
 * (`refundsOut`), the card orders by their day (`cashIn`) and the marks in force of the visible lessons dated that day
 * (`attendance`).
 */
async function dayFiguresOf(d: Scoped, r: DayRange): Promise<Map<string, DayFigures>> {
  const t = await tx();
  const out = new Map<string, DayFigures>();
  const at = (day: string) => {
    let f = out.get(day);
    if (!f) out.set(day, (f = emptyFigures()));
    return f;
  };
  if (d.summed) {
    const x = ledgerDaySums;
    const rows = await t
        .select({ day: sql<string>`${x.day}::text`, consumed: sql<string>`sum(${x.consumed})`, recognised: sql<string>`sum(${x.recognised})`, refunds: sql<string>`sum(${x.refunds})`, cash: sql<string>`sum(${x.cash})` })
        .from(x)
        .where(and(eq(x.companyId, d.companyId), d.campusId === undefined ? undefined : eq(x.campusId, d.campusId), gte(x.day, r.start), lte(x.day, r.end)))
        .groupBy(x.day);
    for (const y of rows) Object.assign(at(y.day), { consumedT: tenths(y.consumed), recognisedC: cents(y.recognised), refundC: cents(y.refunds), cashC: cents(y.cash) });
  } else await rawDayFigures(d, r, at);
  for (const x of await marksOfDays(d, r, 'day')) {
    const f = at(x.key as string);
    f[x.mark] += x.n;
  }
  return out;
}

/** `dayFiguresOf` over the rows themselves (a caller who sees part of the students). */
async function rawDayFigures(d: Scoped, r: DayRange, at: (day: string) => DayFigures): Promise<void> {
  const t = await tx();
  const hr = hourRecords;
  const consumed = await t
    .select({ day: dayOf(hr.createdAt), hours: sql<string>`sum(${consumedSql})`, value: sql<string>`sum(${recognisedSql})` })
    .from(hr)
    .where(and(d.rowsOf(hr), inArray(hr.type, [...CONSUMING_TYPES]), within(hr.createdAt, r)))
    .groupBy(sql`1`);
  for (const x of consumed) Object.assign(at(x.day), { consumedT: tenths(x.hours), recognisedC: cents(x.value) });
  const reviewed = sql`coalesce(${hr.reviewedAt}, ${hr.createdAt})`;
  const refunds = await t
    .select({ day: dayOf(reviewed), value: sql<string>`sum(-${hr.amount})` })
    .from(hr)
    .where(and(d.rowsOf(hr), eq(hr.type, 'back'), within(reviewed, r)))
    .groupBy(sql`1`);
  for (const x of refunds) at(x.day).refundC = cents(x.value);
  const o = cardOrders;
  const sales = await t
    .select({ day: dayOf(o.createdAt), value: sql<string>`sum(${o.amount})` })
    .from(o)
    .where(and(d.rowsOf(o), within(o.createdAt, r)))
    .groupBy(sql`1`);
  for (const x of sales) at(x.day).cashC = cents(x.value);
}

/**
 * The marks in force of the caller's lessons on the campus dated in the range, counted by lesson date or by lesson
 * (a mark counts on its lesson's campus and date).
 */
async function marksOfDays(d: Scoped, r: DayRange, by: 'day' | 'lesson'): Promise<{ key: string | number; mark: AttendanceMark; n: number }[]> {
  if (d.lessonIds && !d.lessonIds.length) return [];
  const a = attendances;
  const key = by === 'day' ? sql<string>`${lessons.date}` : sql<number>`${lessons.id}`;
  const rows = await (await tx())
    .select({ key, mark: a.mark, n: sql<number>`count(*)::int` })
    .from(a)
    .innerJoin(lessons, eq(lessons.id, a.lessonId))
    .where(
      and(
        eq(a.companyId, d.companyId),
        isNull(a.undoneAt),
        eq(lessons.companyId, d.companyId),
        gte(lessons.date, r.start),
        lte(lessons.date, r.end),
        d.campusId === undefined ? undefined : eq(lessons.campusId, d.campusId),
        d.lessonIds ? inArray(a.lessonId, d.lessonIds) : undefined,
      ),
    )
    .groupBy(sql`1`, a.mark);
  return rows.map((x) => ({ key: x.key, mark: x.mark, n: Number(x.n) }));
}

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
 * figures as the finance screens (./cardFigures.ts, src/domain/revenue.ts `revenueOfFigures`).
 */
async function periodCardsCents(d: Scoped, ranges: DayRange[]): Promise<number[]> {
  const out = new Array<number>(ranges.length).fill(0);
  const cards = await periodFiguresOf(d.rowsOf(studentCards), ranges.map((x) => ({ from: x.start, to: x.end })), today());
  for (const c of cards) for (let i = 0; i < ranges.length; i += 1) out[i] += Math.round(revenueOfFigures('period', c.figures[i]).recognised * 100);
  return out;
}

/** The per-day figures of a range added up (`days`: the days' figures, from `dayFiguresOf` over a range that holds it). */
function rangeFigures(days: Map<string, DayFigures>, r: DayRange, periodC: number): RangeFigures {
  const sum = emptyFigures();
  for (const day of daysOf(r)) {
    const f = days.get(day);
    if (!f) continue;
    sum.consumedT += f.consumedT;
    sum.recognisedC += f.recognisedC;
    sum.cashC += f.cashC;
    sum.refundC += f.refundC;
    sum.present += f.present;
    sum.leave += f.leave;
    sum.truant += f.truant;
  }
  return { consumedHours: sum.consumedT / 10, recognised: (sum.recognisedC + periodC) / 100, periodCards: periodC / 100, cashIn: sum.cashC / 100, refunds: sum.refundC / 100, attendance: attendanceOf(sum) };
}

/** Each range's figures (the days read once over the span of the ranges). */
async function figuresOfRanges(d: Scoped, ranges: DayRange[]): Promise<RangeFigures[]> {
  if (!ranges.length) return [];
  const span = { start: ranges.reduce((m, x) => (x.start < m ? x.start : m), ranges[0].start), end: ranges.reduce((m, x) => (x.end > m ? x.end : m), ranges[0].end) };
  const days = await dayFiguresOf(d, span);
  const period = await periodCardsCents(d, ranges);
  return ranges.map((x, i) => rangeFigures(days, x, period[i]));
}

/**
 * The consumption of the visible students' records written for lessons, dated in the range, summed by the database per
 * lesson: one row per lesson, shaped as a correction record of the lesson (its hours minus the consumed hours, its
 * amount minus the recognised value) so that the metric functions (`teacherLoad`, `consumedHours`, `recognisedValue`)
 * count it as they count the records it sums.
 */
async function lessonConsumptionIn(d: Scoped, r: DayRange): Promise<Pick<HourRecord, 'lessonId' | 'type' | 'hours' | 'amount' | 'createdAt'>[]> {
  const shaped = (rows: { lessonId: number | null; hours: string; value: string }[]) =>
    rows.map((x) => ({ lessonId: x.lessonId ?? undefined, type: 'proof' as const, hours: -tenths(x.hours) / 10, amount: -cents(x.value) / 100, createdAt: r.start }));
  if (d.summed) {
    const x = ledgerDaySums;
    return shaped(
      await (await tx())
        .select({ lessonId: x.lessonId, hours: sql<string>`sum(${x.consumed})`, value: sql<string>`sum(${x.recognised})` })
        .from(x)
        .where(and(eq(x.companyId, d.companyId), d.campusId === undefined ? undefined : eq(x.campusId, d.campusId), gte(x.day, r.start), lte(x.day, r.end), sql`${x.lessonId} <> 0`))
        .groupBy(x.lessonId),
    );
  }
  const hr = hourRecords;
  const rows = await (await tx())
    .select({ lessonId: hr.lessonId, hours: sql<string>`sum(${consumedSql})`, value: sql<string>`sum(${recognisedSql})` })
    .from(hr)
    .where(and(d.rowsOf(hr), isNotNull(hr.lessonId), inArray(hr.type, [...CONSUMING_TYPES]), within(hr.createdAt, r)))
    .groupBy(hr.lessonId);
  return shaped(rows);
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

type StudentSetKind = 'active' | 'new' | 'renewing' | 'renewDue' | 'renewed';

/**
 * The students of a figure, found by the database with the metric definitions: holding a usable card at the end of
 * the range (`activeStudentsOn`: a count card's balance that day from its records), whose first order falls in the
 * range (`newStudents`, first by day then id), who bought a further card in it (`renewingStudents`), whose card ran
 * out or expired in the renewal window (`renewalDueStudents`) and, of those, who renewed (`renewedStudents`).
 */
async function studentSet(d: Scoped, r: DayRange, kind: StudentSetKind): Promise<Set<number>> {
  return studentSet0(d, r, kind);
}
async function studentSet0(d: Scoped, r: DayRange, kind: StudentSetKind): Promise<Set<number>> {
  const t = await tx();
  if (kind === 'active') {
    const c = studentCards;
    const day = r.end;
    const t0 = today();
    const usableOn = and(d.rowsOf(c), sql`not ${c.invalid}`, lte(c.startDate, day), gte(c.expiryDate, day));
    // The students as one json list (ten thousand rows read one by one cost more than finding them).
    const students = sql<number[]>`coalesce(json_agg(distinct ${c.studentId}), '[]'::json)`;
    const list = async (rows: Promise<{ ids: number[] }[]>) => new Set((await rows)[0]?.ids ?? []);
    // A count card's balance at the end of the day: its hours now when the day has come (no record is dated later); a
    // recent day: its hours now less those of its records dated after it; an older day: the sum of its records up to it.
    if (day >= t0) return list(t.select({ ids: students }).from(c).where(and(usableOn, sql`(${c.kind} <> 'count' or ${c.remainingHours} > 0)`)));
    if (day >= addDays(t0, -62)) {
      const hr = hourRecords;
      const after = t
        .select({ cardId: hr.cardId, hours: sql<string>`sum(${hr.hours})`.as('hours') })
        .from(hr)
        .where(and(eq(hr.companyId, d.companyId), sql`${hr.createdAt} >= ${endOf(day)}::timestamptz`))
        .groupBy(hr.cardId)
        .as('after');
      return list(t.select({ ids: students }).from(c).leftJoin(after, eq(after.cardId, c.id)).where(and(usableOn, sql`(${c.kind} <> 'count' or ${c.remainingHours} - coalesce(${after.hours}, 0) > 0)`)));
    }
    const balance = sql`(select coalesce(sum(${hourRecords.hours}), 0) from ${hourRecords} where ${hourRecords.cardId} = ${c.id} and ${hourRecords.createdAt} < ${endOf(day)}::timestamptz)`;
    return list(t.select({ ids: students }).from(c).where(and(usableOn, sql`(${c.kind} <> 'count' or ${balance} > 0)`)));
  }
  const [sets] = await orderSets(d, [r]);
  if (kind === 'new') return sets.fresh;
  if (kind === 'renewing') return sets.renewing;
  return kind === 'renewDue' ? sets.due : renewedStudents(sets.due, sets.renewing);
}

const span = (ranges: DayRange[]): DayRange => ({
  start: ranges.reduce((m, x) => (x.start < m ? x.start : m), ranges[0].start),
  end: ranges.reduce((m, x) => (x.end > m ? x.end : m), ranges[0].end),
});

/**
 * For each range: the students whose first order falls in it (`newStudents`: first by day then id), who bought a
 * further card in it (`renewingStudents`), and those due for renewal (`renewalDueStudents`: a card expired in the
 * renewal window, the day after its expiry date in it, or a record took a count card to 0 or below in it), found by
 * the database over the span of the ranges at once.
 */
async function orderSets(d: Scoped, ranges: DayRange[]): Promise<{ fresh: Set<number>; renewing: Set<number>; due: Set<number> }[]> {
  const o = cardOrders;
  const c = studentCards;
  const hr = hourRecords;
  const all = span(ranges);
  const windows = ranges.map(renewalWindow);
  const w = span(windows);
  const idsIn = (table: string, distinct: boolean, from: string, to: string) =>
    sql`(select coalesce(json_agg(${sql.raw(distinct ? 'distinct ' : '')}student_id), '[]'::json) from ${sql.raw(table)} where day >= ${from} and day <= ${to})`;
  // One statement, each set as one json list: the students' first orders (by day, then id), the further orders of the
  // span, the cards that expired and the records that emptied a card in the renewal windows.
  const [row] = await (await tx())
      .execute(
        sql`with first as (select distinct on (${o.studentId}) ${o.id} as id, ${o.studentId} as student_id, ${dayOf(o.createdAt)} as day from ${o} where ${d.rowsOf(o)} order by ${o.studentId}, ${dayOf(o.createdAt)}, ${o.id}),
        again as (select ${o.studentId} as student_id, ${dayOf(o.createdAt)} as day from ${o} where ${and(d.rowsOf(o), within(o.createdAt, all))} and not exists (select 1 from first where first.id = ${o.id})),
        expired as (select ${c.studentId} as student_id, ${c.expiryDate}::text as day from ${c} where ${and(d.rowsOf(c), gte(c.expiryDate, addDay(w.start, -1)), lte(c.expiryDate, addDay(w.end, -1)))}),
        emptied as (select ${hr.studentId} as student_id, ${dayOf(hr.createdAt)} as day from ${hr} where ${and(d.rowsOf(hr), sql`${hr.hours} < 0`, sql`${hr.balanceAfter} <= 0`, within(hr.createdAt, w))})
        select json_build_array(${sql.join(
          ranges.map((r, i) => sql`json_build_array(${idsIn('first', false, r.start, r.end)}, ${idsIn('again', true, r.start, r.end)}, ${idsIn('expired', true, addDay(windows[i].start, -1), addDay(windows[i].end, -1))}, ${idsIn('emptied', true, windows[i].start, windows[i].end)})`),
          sql`, `,
        )}) as sets`,
      )
      .then((res) => (res as unknown as { rows: { sets: [number[], number[], number[], number[]][] }[] }).rows);
  return row.sets.map(([fresh, again, expired, emptied]) => ({ fresh: new Set(fresh), renewing: new Set(again), due: new Set([...expired, ...emptied]) }));
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

async function figures(d: Scoped, r: DayRange, range: RangeFigures, sets: { fresh: Set<number>; renewing: Set<number>; due: Set<number> }): Promise<Figures> {
  return {
    ...range,
    active: (await studentSet(d, r, 'active')).size,
    fresh: sets.fresh.size,
    renewing: sets.renewing.size,
    renewal: renewalRate(sets.due, sets.renewing),
    renewalWindow: renewalWindow(r),
    fill: classFill(d.classes),
    leads: leadConversion(await d.leads(r)),
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

/** The range's figures and its series (one bucket a day, or a month). */
async function rangeAndSeries(d: Scoped, r: DayRange, more: DayRange[] = []): Promise<{ total: RangeFigures; series: DayPoint[]; more: RangeFigures[] }> {
  const bs = buckets(r);
  const all = await figuresOfRanges(d, [r, ...more, ...bs.map((b) => ({ start: b.from, end: b.to }))]);
  const series = bs.map((b, i) => {
    const f = all[1 + more.length + i];
    return { ...b, consumedHours: f.consumedHours, recognised: f.recognised, cashIn: f.cashIn, present: f.attendance.present, marked: f.attendance.marked, attendanceRate: f.attendance.rate };
  });
  return { total: all[0], series, more: all.slice(1, 1 + more.length) };
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
  if (!DRILL_KINDS.includes(kind) || !ENTITY_KINDS[entity].includes(kind)) throw new HttpError(400, message(lang, 'an.badDrill', { drill: String(kind) }));
  const t = today();
  // No `from`: every day before `to` (no row of the console is dated before 1900).
  const r: DayRange = { start: query.from || '1900-01-01', end: query.to || t };
  const campus = num(query.campus);
  const teacher = num(query.teacher);
  const cls = num(query.class);
  const owner = num(query.owner);
  const d = await scopedData(db, session.company.id, campus);
  const keep = (pred: (row: any) => boolean) => rows.filter(pred);
  switch (kind) {
    case 'active':
    case 'new':
    case 'renewing':
    case 'renewDue':
    case 'renewed': {
      const ids = await studentSet(d, r, kind);
      return keep((s: Student) => ids.has(s.id));
    }
    case 'taught':
      return keep((l: Lesson) => isTaught(l) && inRange(l.date, r) && (campus === undefined || l.campusId === campus) && (teacher === undefined || l.teacherId === teacher) && (cls === undefined || l.classId === cls));
    case 'marked': {
      const byLesson = new Map<number, Record<AttendanceMark, number>>();
      for (const m of await marksOfDays(d, r, 'lesson')) {
        const n = byLesson.get(m.key as number) ?? { present: 0, leave: 0, truant: 0 };
        n[m.mark] += m.n;
        byLesson.set(m.key as number, n);
      }
      const out: MarkedLesson[] = [];
      for (const l of rows as unknown as Lesson[]) {
        if (!inRange(l.date, r) || (campus !== undefined && l.campusId !== campus) || (teacher !== undefined && l.teacherId !== teacher) || (cls !== undefined && l.classId !== cls)) continue;
        const marks = byLesson.get(l.id);
        if (!marks) continue;
        const a = attendanceOf(marks);
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

export async function analyzeCore(db: Db, who: Viewer | number, range: AnalyzeQuery): Promise<AnalyzeCore> {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const p = previousRange(r);
  const d = await scopedData(db, who, range.campusId);
  const { total, series, more } = await rangeAndSeries(d, r, [p]);
  const [setsNow, setsBefore] = await orderSets(d, [r, p]);
  const cur = await figures(d, r, total, setsNow);
  const prev = await figures(d, p, more[0], setsBefore);
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
    series,
  };
}

/** Local 'YYYY-MM' of a timestamp. */
const monthOf = (col: PgColumn) => sql<string>`to_char(${col}, 'YYYY-MM')`;

/**
 * A card's deferred value today as an expression (src/domain/revenue.ts `totalsFromSums` for a card in use today:
 * nothing forfeited): a count card's sold less recognised and refunded plus corrections (`card_sums`); a period
 * card's sold less its days elapsed to today at the daily price (`periodRecognisedThrough`, rounded to the cent).
 */
function deferredTodaySql(t: string): SQL<string> {
  const c = studentCards;
  const k = cardSums;
  const sold = sql`coalesce(${k.sold}, 0)`;
  const total = sql`(${c.expiryDate} - ${c.startDate} + 1)`;
  const elapsed = sql`least(greatest(${t}::date - ${c.startDate} + 1, 0), ${total})`;
  return sql<string>`(case when ${c.kind} = 'period' then (case when ${total} <= 0 then ${sold} else ${sold} - round(${sold} * 100 * ${elapsed} / ${total}) / 100 end) else ${sold} - coalesce(${k.recognised}, 0) - coalesce(${k.refunded}, 0) + coalesce(${k.corrections}, 0) end)`;
}

export async function analyzeCard(db: Db, who: Viewer | number, range: AnalyzeQuery): Promise<AnalyzeCard> {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const d = await scopedData(db, who, range.campusId);
  const t = today();
  const q = await tx();
  const o = cardOrders;
  // Sales by month and template (the name of the template's first order), summed by the database.
  const byMonth = await q
      .select({ month: monthOf(o.createdAt), templateId: o.templateId, templateName: sql<string>`(array_agg(${o.templateName} order by ${o.id}))[1]`, orders: sql<number>`count(*)::int`, amount: sql<string>`sum(${o.amount})` })
      .from(o)
      .where(and(d.rowsOf(o), within(o.createdAt, r)))
      .groupBy(sql`1`, o.templateId);
  const sales: TemplateMonthSales[] = byMonth
    .map((x) => ({ month: x.month, templateId: x.templateId, templateName: x.templateName, orders: Number(x.orders), amount: cents(x.amount) / 100 }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.templateId - b.templateId);
  // The cards in use today by template (a card's value: its deferred revenue today, issue 30: one definition per figure).
  const c = studentCards;
  const soon = addDays(t, 30);
  const held = await q
      .select({
        templateId: c.templateId,
        templateName: sql<string>`(array_agg(${c.templateName} order by ${c.id}))[1]`,
        first: sql<number>`min(${c.id})`,
        cards: sql<number>`count(*)::int`,
        // Period cards hold no hours (their ledger only logs attendance).
        hours: sql<string>`sum(${c.remainingHours})`,
        value: sql<string>`sum(${deferredTodaySql(t)})`,
        expiring: sql<number>`(count(*) filter (where ${c.expiryDate} >= ${t} and ${c.expiryDate} <= ${soon}))::int`,
      })
      .from(c)
      .leftJoin(cardSums, eq(cardSums.cardId, c.id))
      .where(and(d.rowsOf(c), sql`${cardStatusSql(t)} = 'active'`))
      .groupBy(c.templateId)
      .orderBy(sql`3`);
  const byTemplate = held.map((x) => ({ templateId: x.templateId, templateName: x.templateName, cards: Number(x.cards), remainingHours: tenths(x.hours) / 10, remainingValue: cents(x.value) / 100 }));
  const [exhausted] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(studentCards)
    .where(and(d.rowsOf(studentCards), sql`${cardStatusSql(t)} = 'exhausted'`));
  return {
    range,
    sales,
    salesTotal: { orders: sales.reduce((n, x) => n + x.orders, 0), amount: sumMoney(sales.map((x) => x.amount)) },
    holding: { cards: byTemplate.reduce((n, x) => n + x.cards, 0), remainingHours: tenths(held.reduce((h, x) => h + Number(x.hours), 0)) / 10, remainingValue: sumMoney(byTemplate.map((x) => x.remainingValue)) },
    byTemplate: byTemplate.sort((a, b) => b.remainingValue - a.remainingValue),
    expiring: held.reduce((n, x) => n + Number(x.expiring), 0),
    exhausted: Number(exhausted?.n ?? 0),
  };
}

/** A count card's total hours (bought and given) and the share of them used, as the progress rows show them. */
const totalHoursSql = sql`(${studentCards.boughtHours} + ${studentCards.giftHours})`;
const progressSql = sql`(case when ${totalHoursSql} > 0 then round((${totalHoursSql} - ${studentCards.remainingHours}) / ${totalHoursSql}, 4) else 0 end)`;
const progressOf = (tot: number, rem: number) => (tot > 0 ? Math.round(((tot - rem) / tot) * 10000) / 10000 : 0);

/** The card view of the consumption progress: the caller's count cards in use today, paged by the database. */
const CARD_PROGRESS_LIST: SqlListSpec = {
  keyword: [studentCards.studentName, studentCards.cardNo, studentCards.templateName],
  // `students` is a field of the class view: sorting cards by it keeps their order, as it always did.
  sortable: { progress: progressSql, remainingHours: studentCards.remainingHours, totalHours: totalHoursSql, consumedHours: sql`(${totalHoursSql} - ${studentCards.remainingHours})`, students: sql`0`, expiryDate: studentCards.expiryDate },
  defaultSort: { field: 'progress', order: 'descend' },
  sums: { remainingHours: studentCards.remainingHours, totalHours: totalHoursSql },
  tiebreak: [asc(studentCards.id)],
};

/** The usable count cards of the caller's scope today (the progress rows' cards). */
const usableCount = (d: Scoped, t: string) => and(d.rowsOf(studentCards), eq(studentCards.kind, 'count'), sql`${cardStatusSql(t)} = 'active'`);

export async function cardProgressPage(db: Db, who: Viewer | number, range: AnalyzeQuery, query: Record<string, string>, lang: Lang): Promise<{ list: CardProgress[]; total: number }> {
  const d = await scopedData(db, who, range.campusId);
  const page = await sqlList(await tx(), studentCards, usableCount(d, today()), query, CARD_PROGRESS_LIST, lang);
  return {
    total: page.total,
    list: page.list.map((x) => {
      const total = round1(x.boughtHours + x.giftHours);
      return { cardId: x.id, cardNo: x.cardNo, studentId: x.studentId, studentName: x.studentName, templateName: x.templateName, totalHours: total, remainingHours: x.remainingHours, progress: progressOf(total, x.remainingHours), expiryDate: x.expiryDate };
    }),
  };
}

/** The class view: per class of the caller's, its visible students and their usable count cards (summed by the database). */
export async function classProgress(db: Db, who: Viewer | number, range: AnalyzeQuery): Promise<ClassProgress[]> {
  const d = await scopedData(db, who, range.campusId);
  const c = studentCards;
  const sums = await (await tx())
      .select({ classId: studentClasses.classId, cards: sql<number>`count(*)::int`, total: sql<string>`sum(${totalHoursSql})`, remaining: sql<string>`sum(${c.remainingHours})` })
      .from(c)
      .innerJoin(studentClasses, eq(studentClasses.studentId, c.studentId))
      .where(usableCount(d, today()))
      .groupBy(studentClasses.classId);
  const byClass = new Map(sums.map((x) => [x.classId, x]));
  const enrolled = await (await tx())
    .select({ classId: studentClasses.classId, n: sql<number>`count(*)::int` })
    .from(studentClasses)
    .innerJoin(students, eq(students.id, studentClasses.studentId))
    .where(and(eq(students.companyId, d.companyId), d.studentCond))
    .groupBy(studentClasses.classId);
  const members = new Map(enrolled.map((x) => [x.classId, Number(x.n)]));
  return d.classes.map((cls) => {
    const x = byClass.get(cls.id);
    const tot = x ? tenths(x.total) / 10 : 0;
    const rem = x ? tenths(x.remaining) / 10 : 0;
    return { classId: cls.id, className: cls.name, campusId: cls.campusId, students: members.get(cls.id) ?? 0, cards: x ? Number(x.cards) : 0, totalHours: tot, remainingHours: rem, consumedHours: round1(tot - rem), progress: progressOf(tot, rem) };
  });
}

export async function analyzeRecords(db: Db, who: Viewer | number, range: AnalyzeQuery, by: RecordDimension): Promise<AnalyzeRecords> {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const d = await scopedData(db, who, range.campusId);
  const { total, series } = await rangeAndSeries(d, r);
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
    rows = [];
    for (const c of campusesOf(db, d.companyId).filter((x) => range.campusId === undefined || x.id === range.campusId)) {
      rows.push(row(c.id, c.name, range.campusId === c.id ? total : (await figuresOfRanges(await scopedData(db, who, c.id), [r]))[0]));
    }
  } else {
    // Class or teacher: the records written for taught lessons (hours consumed outside a lesson have neither), of
    // the visible students, whoever may see the lesson (as the record list's drill-down); marks of visible lessons.
    const { byId } = await d.lessons();
    const lessonOf = (id: number) => {
      const l = byId.get(id);
      return l && (range.campusId === undefined || l.campusId === range.campusId) ? l : undefined;
    };
    const keyOf = (l: Lesson) => (by === 'class' ? { id: l.classId, name: l.className } : { id: l.teacherId, name: l.teacherName });
    const groups = new Map<number, { name: string; recs: Pick<HourRecord, 'type' | 'hours' | 'amount' | 'createdAt'>[]; marks: AttendanceCount }>();
    const group = (l: Lesson) => {
      const k = keyOf(l);
      let g = groups.get(k.id);
      if (!g) groups.set(k.id, (g = { name: k.name, recs: [], marks: attendanceOf({ present: 0, leave: 0, truant: 0 }) }));
      return g;
    };
    for (const x of await lessonConsumptionIn(d, r)) {
      const l = x.lessonId === undefined ? undefined : lessonOf(x.lessonId);
      if (l && isTaught(l)) group(l).recs.push(x);
    }
    for (const m of await marksOfDays(d, r, 'lesson')) {
      const l = lessonOf(m.key as number);
      if (!l) continue;
      const g = group(l);
      g.marks = attendanceOf({ ...g.marks, [m.mark]: g.marks[m.mark] + m.n });
    }
    rows = [...groups.entries()].map(([id, g]) => row(id, g.name, { consumedHours: consumedHours(g.recs), recognised: recognisedValue(g.recs, r.start, r.end), attendance: g.marks }));
  }
  rows.sort((a, b) => b.consumedHours - a.consumedHours || a.id - b.id);
  return {
    range,
    by,
    series,
    rows,
    total: { consumedHours: total.consumedHours, recognised: total.recognised, present: total.attendance.present, marked: total.attendance.marked, attendanceRate: total.attendance.rate },
  };
}

export async function analyzeStaff(db: Db, who: Viewer | number, range: AnalyzeQuery): Promise<AnalyzeStaff> {
  const r: DayRange = { start: range.startDate, end: range.endDate };
  const d = await scopedData(db, who, range.campusId);
  // Lessons taught: the visible lessons (the lesson list); consumed hours and value: the visible students' records
  // written for lessons the teacher taught in the campus, whoever may see the lesson (the record list).
  const { visible, byId } = await d.lessons();
  const campusLessons = range.campusId === undefined ? [...byId.values()] : [...byId.values()].filter((l) => l.campusId === range.campusId);
  const consumed = new Map(teacherLoad(campusLessons, await lessonConsumptionIn(d, r), r).map((x) => [x.teacherId, x]));
  const taught = visible.length === campusLessons.length ? consumed : new Map(teacherLoad(visible, [], r).map((x) => [x.teacherId, x]));
  // Card sales per seller (`salesBySeller`), summed by the database.
  const o = cardOrders;
  const sold = await (await tx())
    .select({ sellerId: o.sellerId, orders: sql<number>`count(*)::int`, amount: sql<string>`sum(${o.amount})` })
    .from(o)
    .where(and(d.rowsOf(o), within(o.createdAt, r)))
    .groupBy(o.sellerId);
  const sales = new Map(sold.map((x) => [x.sellerId, { orders: Number(x.orders), amount: cents(x.amount) / 100 }]));
  const leadsIn = await d.leads(r);
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

export const analysisHandlers = [
  api('get', '/v2/company_kt/analyze_core', { read: analysisPolicy }, async (ctx) => analyzeCore(ctx.db, await viewerOfSession(ctx.db, ctx.session), rangeOf(ctx).range)),

  api('get', '/v2/company_kt/analyze/card', { read: analysisPolicy }, async (ctx) => analyzeCard(ctx.db, await viewerOfSession(ctx.db, ctx.session), rangeOf(ctx).range)),

  api('get', '/v2/company_kt/analyze_consume_progress', { read: analysisPolicy }, async (ctx) => {
    const { range, q } = rangeOf(ctx, ConsumeProgressQuery);
    const view = (q.view as 'class' | 'card' | undefined) ?? 'class';
    const { startDate: _s, endDate: _e, campusId: _c, view: _v, ...rest } = ctx.query;
    const viewer = await viewerOfSession(ctx.db, ctx.session);
    if (view === 'card') return cardProgressPage(ctx.db, viewer, range, rest, ctx.lang);
    // `expiryDate` is a field of the card view: sorting classes by it keeps their order, as it always did.
    return listQuery((await classProgress(ctx.db, viewer, range)) as (ClassProgress & { expiryDate?: string })[], rest, {
      keywordFields: ['className'],
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
