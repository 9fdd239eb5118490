/**
 * Finance calls (docs/rules.md#revenue-and-month-close, #bill-journal, docs/screens.md#finance): revenue by month and campus with the records behind every figure,
 * the deferred-revenue rollforward per campus and per card, the month close, and the bill journal.
 * Every figure is computed from the ledger (hour records, card orders) with src/domain/revenue.ts; a month close
 * stores the month's figures as they stand, and a closed month's report reads them from there (`closedFigures`).
 * The journal's automatic entries (card orders, approved refunds, paid pay slips) are derived from their sources
 * at read time, so they can never disagree with them; manual entries are stored (add, edit while open, void).
 */
import type { Db, SqlSeeder } from '../db';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { tx } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { sqlList, type SqlListSpec } from '../../server/db/list';
import { stampDate, stampOf } from '../../server/db/time';
import { journalEntries, monthCloseFigures, monthCloses, monthReopens } from '../../server/db/schema';
import { created } from './audit';
import { api, companyCampuses, definePolicy, type AuthedCtx, type Session } from '../http';
import { defineMessages } from '../messages';
import { filterRows, listQuery, type ListSpec } from '../list';
import { nowStamp, today } from '../clock';
import type { Access } from '../../src/access';
import type { CardOrder, HourRecord, PayMethod, StudentCard } from '../../src/types/school';
import type {
  AccrualCardRow,
  AccrualOverview,
  JournalAccount,
  JournalEntry,
  MonthClose,
  MonthReopen,
  RevenueMonth,
  RevenueRecordRow,
  RollforwardFigures,
} from '../../src/types/finance';
import { JournalBody, JournalUpdateBody, JournalVoidBody, MonthCloseBody, MonthReopenBody } from '../../src/types/finance.schemas';
import { closeRefusal, reopenRefusal } from '../../src/domain/monthClose';
import { monthPeriod, runningBalances, type JournalPeriod } from '../../src/domain/journalBalance';
import {
  addFigures,
  addMonths,
  forfeitDay,
  monthRange,
  monthsEnding,
  plusDays,
  periodToDate,
  recordRecognised,
  revenueOfFigures,
  shownRollforward,
  sumMoney,
  type CardFigures,
  type CardLedger,
  type Period,
} from '../../src/domain/revenue';
import { isMonthClosed, lockMonthCloses, recordsOfCard } from './ledger';
import { groupOf, indexOf } from '../indexes';
import { cachedRead } from '../dataStamp';
import { figureRanges, figuresOfCard, ordersOfCard, type FigureRange } from './financeIndex';
import { campusesOfStudent, hasMoved, studentCampusOn } from './studentCampus';
import { loadStudentCampuses, studentCampusesOf, type StudentCampus } from './studentRows';
import { paidSlips } from './salary';
import type { PaySlip } from '../../src/types/finance';
import { campusesOf } from './campusRows';

/**
 * The figures of a closed month as they stood at its close (issue 29: closed months stay closed). The month's report
 * calls answer with them (`accrualOverview`, `accrualCards`, `revenueMonths`), never with a later recomputation; the
 * ledger's rules keep the recomputation equal to them anyway (events are dated when they happen, a renewal reinstates a
 * forfeit on its own day, a move keeps the past campus), which the tests check after every kind of event.
 */
export interface ClosedMonthFigures {
  companyId: number;
  month: string;
  campuses: AccrualOverview['campuses'];
  total: RollforwardFigures;
  cards: AccrualCardRow[];
  /** Revenue figures of the month: the company's under '' and each campus's under its id. */
  revenue: Record<string, RevenueMonth>;
}

defineMessages({
  'fin.monthNotOver': { en: 'Only a month that is over can be closed ({month} is not).', zh: '只能结账已结束的月份（{month} 尚未结束）。' },
  'fin.alreadyClosed': { en: '{month} is already closed.', zh: '{month} 已结账。' },
  'fin.closeOutOfOrder': { en: 'Months close in order: close {expected} before {month}.', zh: '月结须按顺序：请先结账 {expected}，再结账 {month}。' },
  'fin.notClosed': { en: '{month} is not closed.', zh: '{month} 未结账。' },
  'fin.reopenNotLast': { en: 'Only the last closed month ({last}) can be reopened.', zh: '只能反结账最后一个已结账月份（{last}）。' },
  'fin.badMonth': { en: 'Month must be written YYYY-MM.', zh: '月份格式应为 YYYY-MM。' },
  'fin.badFigure': { en: 'Unknown figure: {figure}.', zh: '未知的指标：{figure}。' },
  'fin.badCampus': { en: 'Campus not found.', zh: '校区不存在。' },
  'fin.entry': { en: 'Journal entry', zh: '流水' },
  'fin.entryVoid': { en: 'This entry is void and can no longer change.', zh: '该流水已作废，不能再修改。' },
  'fin.entryClosed': { en: '{month} is closed: entries dated in it cannot be added, edited or voided.', zh: '{month} 已结账：不能新增、编辑或作废该月的流水。' },
  'fin.categoryDirection': { en: 'The category does not belong to the direction (income or expense).', zh: '分类与收支方向不符。' },
  'field.month': { en: 'Month', zh: '月份' },
  'field.direction': { en: 'Direction', zh: '收支' },
  'field.category': { en: 'Category', zh: '分类' },
  'field.account': { en: 'Account', zh: '账户' },
  'field.campusId': { en: 'Campus', zh: '校区' },
  'field.counterparty': { en: 'Counterparty', zh: '往来对象' },
  'field.remark': { en: 'Remark', zh: '备注' },
  'field.amount': { en: 'Amount', zh: '金额' },
  'field.date': { en: 'Date', zh: '日期' },
  'field.reason': { en: 'Reason', zh: '原因' },
});

/** Finance screens: the financialManagement flag (dealer and manager by default). */
const readFinance = (a: Access) => a.financialManagement;
/** Closing a month, writing the journal: the dealer or a manager. */
const financeWriter = (_a: Access, s: Session) => s.membership.role === 'dealer' || s.membership.role === 'manager';

export const revenuePolicy = definePolicy<StudentCard>({
  name: 'revenue',
  read: readFinance,
  write: financeWriter,
  rows: (db, s) => indexOf(db, 'studentCards', s.company.id),
});

export const monthClosePolicy = definePolicy<MonthClose>({
  name: 'monthClose',
  read: readFinance,
  write: financeWriter,
  // The closes and what they stored are in the database (server/db/schema/monthClose.ts); a write names a month.
  where: (s) => eq(monthCloses.companyId, s.company.id),
});

/* ------------------------------------------------------------------ ledgers per card */

export interface CardContext {
  card: StudentCard;
  campusId: number;
  campusName: string;
  orders: CardOrder[];
  ledger: CardLedger;
}

const METHOD_ACCOUNT: Record<PayMethod, JournalAccount> = { cash: 'cash', wechat: 'wechat', alipay: 'alipay', card: 'bank', transfer: 'bank' };

/** A card and its campus: the student's on a given day (a move between campuses moves the student's future only). */
export type CardRef = Pick<CardContext, 'card' | 'campusId' | 'campusName'>;

/** The company's students' campuses by id (read by the call: `loadStudentCampuses`). */
function studentsById(db: Db, companyId: number): Map<number, StudentCampus> {
  return studentCampusesOf(db, companyId);
}

/**
 * Every card of a company (optionally of one campus) with its campus on `day` (default today): the campus its student
 * had that day (./studentCampus.ts), so a month's figures count each card on the campus its student had at the end of
 * that month, and a later move leaves a past month as it was.
 */
export function companyCardRefs(db: Db, companyId: number, campusId?: number, day = today()): CardRef[] {
  const students = studentsById(db, companyId);
  const out: CardRef[] = [];
  for (const card of indexOf(db, 'studentCards', companyId)) {
    const st = students.get(card.studentId);
    const at = st ? studentCampusOn(db, st, day) : { campusId: 0, campusName: '' };
    if (campusId !== undefined && at.campusId !== campusId) continue;
    out.push({ card, ...at });
  }
  return out;
}

/** The last day of a month that counts now: its end, or today for the month under way. */
const monthDay = (month: string, t: string) => {
  const { end } = monthRange(month);
  return end < t ? end : t;
};

/** Every card of a company with its records, orders and campus (the student's). */
export function companyCards(db: Db, companyId: number, campusId?: number): CardContext[] {
  return companyCardRefs(db, companyId, campusId).map((c) => {
    const orders = ordersOfCard(db, c.card.id);
    return { ...c, orders, ledger: { card: c.card, records: recordsOfCard(db, c.card.id), orders } };
  });
}

/**
 * The campus an order or a refund dated `date` counts on: the one its student had at the end of that month (the month
 * under way: now), as the revenue and accrual figures count its card, so a month's card sales agree per campus too.
 */
function campusOfStudent(db: Db, students: Map<number, StudentCampus>, studentId: number, date: string): { campusId: number; campusName: string } {
  const st = students.get(studentId);
  if (!st) return { campusId: 0, campusName: '' };
  return hasMoved(db, st.id) ? studentCampusOn(db, st, monthDay(date.slice(0, 7), today())) : { campusId: st.campusId, campusName: st.campusName };
}

function readMonth(ctx: AuthedCtx, key = 'month'): string {
  const m = ctx.query[key] || today().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(m)) throw ctx.bad('fin.badMonth');
  return m;
}

/**
 * The period a finance report shows: `startDate` and `endDate` (a range of days), else `month` (a whole month), else
 * the month under way; read up to today. `month` is set when the period is a month (it may close).
 */
function readPeriod(ctx: AuthedCtx): { period: Period; month?: string } {
  const { startDate, endDate } = ctx.query;
  if (startDate || endDate) {
    const day = /^\d{4}-\d{2}-\d{2}$/;
    if (!startDate || !day.test(startDate)) throw ctx.bad('common.badDate', { field: 'startDate' });
    if (!endDate || !day.test(endDate)) throw ctx.bad('common.badDate', { field: 'endDate' });
    if (startDate > endDate) throw ctx.bad('common.badRange');
    const { start, end } = monthRange(startDate.slice(0, 7));
    return startDate === start && endDate === end ? { period: { from: start, to: end }, month: startDate.slice(0, 7) } : { period: { from: startDate, to: endDate } };
  }
  const month = readMonth(ctx);
  const { start, end } = monthRange(month);
  return { period: { from: start, to: end }, month };
}

function readCampus(ctx: AuthedCtx): number | undefined {
  if (!ctx.query.campusId) return undefined;
  const id = Number(ctx.query.campusId);
  if (!companyCampuses(ctx.db, ctx.session).some((c) => c.id === id)) throw ctx.bad('fin.badCampus');
  return id;
}

/* ------------------------------------------------------------------ revenue */

/** Per period: cash, refunds, recognised, forfeited, deferred, lessons, period days, corrections, in cents. */
const SUM_FIELDS = 8;

/** The sums of `revenueMonths` per company and campus, kept with the figures each card contributed. */
interface MonthSums {
  ranges: FigureRange[];
  perCard: Map<number, CardFigures[]>;
  cents: number[];
}
const monthSums = new WeakMap<Db, Map<string, MonthSums>>();

/** Adds (`sign` 1) or takes away (−1) one card's figures over the ranges (recognised revenue: `revenueOfFigures`). */
function addCard(cents: number[], kind: StudentCard['kind'], figs: CardFigures[], sign: 1 | -1) {
  for (let i = 0; i < figs.length; i += 1) {
    const f = figs[i];
    const r = revenueOfFigures(kind, f);
    const o = i * SUM_FIELDS;
    cents[o] += sign * Math.round(f.sold * 100);
    cents[o + 1] += sign * Math.round(f.refunded * 100);
    cents[o + 2] += sign * Math.round(r.recognised * 100);
    cents[o + 3] += sign * Math.round(r.forfeited * 100);
    cents[o + 4] += sign * Math.round(f.closing * 100);
    cents[o + 5] += sign * Math.round(r.lessons * 100);
    cents[o + 6] += sign * Math.round(r.periodDays * 100);
    cents[o + 7] += sign * Math.round(r.corrections * 100);
  }
}

/** A month as a period: its days up to today (`periodToDate`). */
export function monthSoFar(month: string, t = today()): Period {
  const { start, end } = monthRange(month);
  return periodToDate({ from: start, to: end }, t);
}

/** The revenue figures the closes stored (of one campus, or the company's), by closed month (`storedRevenue`). */
export type StoredRevenue = ReadonlyMap<string, RevenueMonth>;

/** The stored figures of a closed month when the period is that whole month (a closed month is over). */
function storedMonthOf(stored: StoredRevenue | undefined, p: Period): RevenueMonth | undefined {
  if (!stored?.size) return undefined;
  const month = p.from.slice(0, 7);
  const { start, end } = monthRange(month);
  return p.from === start && p.to === end ? stored.get(month) : undefined;
}

/**
 * Revenue figures of months (optionally one campus), from the ledger: the sum of each card's figures (cached per
 * card, ./financeIndex.ts). The sums are kept too: a card whose figures are the same answer as last time (the same
 * array: nothing it reads changed) adds nothing to do, so the first call after a write re-adds the cards the write
 * touched, not the company (whole cents, so taking a card's old figures away and adding its new ones is exact).
 * A closed month answers with the figures stored at its close when the call gives them (`stored`, read from the
 * database: `storedRevenue`); without them every month is computed from the ledger (see `accrualOverview`).
 */
export function revenueMonths(db: Db, companyId: number, months: string[], campusId?: number, stored?: StoredRevenue): RevenueMonth[] {
  const t = today();
  return revenuePeriods(db, companyId, months.map((m) => monthSoFar(m, t)), campusId, stored).map((r, i) => ({ ...r, month: months[i] }));
}

/**
 * Revenue figures of periods (months or any range; each read up to today), optionally of one campus. A period that is
 * a whole closed month answers with the figures stored at its close when they are given (`stored`).
 */
export function revenuePeriods(db: Db, companyId: number, periods: Period[], campusId?: number, stored?: StoredRevenue): RevenueMonth[] {
  const t = today();
  const ranges = figureRanges(periods, t);
  const months = periods.map((p) => p.from.slice(0, 7));
  let byKey = monthSums.get(db);
  if (!byKey) monthSums.set(db, (byKey = new Map()));
  const key = `${companyId}|${campusId ?? ''}|${ranges.map((r) => r.key).join(',')}`;
  if (byKey.size > 16) byKey.clear();
  let sums = byKey.get(key);
  if (!sums || sums.ranges !== ranges) byKey.set(key, (sums = { ranges, perCard: new Map(), cents: new Array<number>(periods.length * SUM_FIELDS).fill(0) }));
  const { perCard, cents } = sums;
  // One campus: the cards of the students who had that campus at the end of any of the months; a student who moved
  // counts there only in the months they had it (`campusMask`).
  const refs = campusId === undefined ? companyCardRefs(db, companyId) : cardsOfCampusInMonths(db, companyId, campusId);
  // A card counts on the campus its student had on the period's last day (today for a period under way).
  const days = campusId === undefined ? [] : periods.map((p) => (p.to < p.from ? p.from : p.to));
  for (const c of refs) {
    const all = figuresOfCard(db, c.card, ranges, t);
    const figs = campusId === undefined ? all : campusMask(db, c.card, all, days, campusId);
    const had = perCard.get(c.card.id);
    if (had === figs) continue;
    if (had) addCard(cents, c.card.kind, had, -1);
    addCard(cents, c.card.kind, figs, 1);
    perCard.set(c.card.id, figs);
  }
  if (perCard.size !== refs.length) {
    // A card left the set (its student moved to another campus, or it was removed): take it away.
    const seen = new Set(refs.map((c) => c.card.id));
    perCard.forEach((figs, id) => {
      if (seen.has(id)) return;
      addCard(cents, db.studentCards.find((x) => x.id === id)?.kind ?? 'count', figs, -1);
      perCard.delete(id);
    });
  }
  return periods.map((p, i) => {
    const closed = storedMonthOf(stored, p);
    if (closed) return { ...closed };
    const o = i * SUM_FIELDS;
    const [cash, refunds, recognised, forfeited, deferred, lessons, periodDays, corrections] = cents.slice(o, o + SUM_FIELDS).map((v) => Math.round(v) / 100);
    return { month: months[i], cashIn: cash, refundsOut: refunds, recognised, recognisedLessons: recognised, lessons, periodDays, corrections, forfeited, deferred };
  });
}

/** The cards whose student has or had the campus (moves are rare: the others are the cards of its students now). */
function cardsOfCampusInMonths(db: Db, companyId: number, campusId: number): CardRef[] {
  const students = studentsById(db, companyId);
  const out: CardRef[] = [];
  for (const card of indexOf(db, 'studentCards', companyId)) {
    const st = students.get(card.studentId);
    if (!st) continue;
    if (st.campusId === campusId || (hasMoved(db, st.id) && campusesOfStudent(db, st).includes(campusId))) out.push({ card, campusId, campusName: st.campusName });
  }
  return out;
}

const ZERO_FIGURES: CardFigures = { opening: 0, sold: 0, recognised: 0, corrections: 0, refunded: 0, forfeited: 0, closing: 0 };
/** A moved student's card figures kept for the months they had the campus (the same array while the same). */
const maskedFigures = new WeakMap<CardFigures[], Map<string, CardFigures[]>>();

function campusMask(db: Db, card: StudentCard, figs: CardFigures[], days: string[], campusId: number): CardFigures[] {
  const st = studentsById(db, card.companyId).get(card.studentId);
  if (!st || !hasMoved(db, st.id)) return figs;
  const mask = days.map((d) => (studentCampusOn(db, st, d).campusId === campusId ? '1' : '0')).join('');
  if (!mask.includes('0')) return figs;
  let byMask = maskedFigures.get(figs);
  if (!byMask) maskedFigures.set(figs, (byMask = new Map()));
  let made = byMask.get(mask);
  if (!made) byMask.set(mask, (made = figs.map((f, i) => (mask[i] === '1' ? f : ZERO_FIGURES))));
  return made;
}

/* ------------------------------------------------------------------ month close (server/db/schema/monthClose.ts) */

/** A close as the calls answer it. */
function closeOf(r: typeof monthCloses.$inferSelect): MonthClose {
  return { ...r, closedAt: stampOf(r.closedAt) };
}

/** The company's closed months. */
export async function closedMonths(companyId: number): Promise<string[]> {
  const rows = await (await tx()).select({ month: monthCloses.month }).from(monthCloses).where(eq(monthCloses.companyId, companyId));
  return rows.map((r) => r.month);
}

/** The figures stored when the company closed the month (none while it is open). */
export async function closedFigures(companyId: number, month: string): Promise<ClosedMonthFigures | undefined> {
  const [r] = await (await tx())
    .select()
    .from(monthCloseFigures)
    .where(and(eq(monthCloseFigures.companyId, companyId), eq(monthCloseFigures.month, month)));
  return r;
}

/** A close's stored figures (written with it), to join. */
const figuresOfClose = and(eq(monthCloseFigures.companyId, monthCloses.companyId), eq(monthCloseFigures.month, monthCloses.month));
/** The company's closes of some months. */
const closesIn = (companyId: number, months: string[]) => and(eq(monthCloses.companyId, companyId), inArray(monthCloses.month, months));

/**
 * The revenue figures the company's closes of `months` stored (of one campus, or the company's), and a key naming
 * those closes (a reopened month closed again is another close: the answers cached under the key are not reused).
 */
async function storedRevenue(companyId: number, months: string[], campusId?: number): Promise<{ stored: StoredRevenue; key: string }> {
  const rows = await (await tx()).select({ close: monthCloses, revenue: monthCloseFigures.revenue }).from(monthCloses).innerJoin(monthCloseFigures, figuresOfClose).where(closesIn(companyId, months));
  const stored = new Map<string, RevenueMonth>();
  for (const r of rows) {
    const figures = r.revenue[campusId ?? ''];
    if (figures) stored.set(r.close.month, figures);
  }
  return { stored, key: rows.map((r) => r.close.id).sort((a, b) => a - b).join(',') };
}

/** A closed month's close with the accrual it stored (campuses and total). */
export interface StoredAccrual {
  close: MonthClose;
  campuses: AccrualOverview['campuses'];
  total: RollforwardFigures;
}

/** The company's close of a month with the accrual it stored, if the month is closed. */
async function storedAccrual(companyId: number, month: string): Promise<StoredAccrual | undefined> {
  const [r] = await (await tx())
    .select({ close: monthCloses, campuses: monthCloseFigures.campuses, total: monthCloseFigures.total })
    .from(monthCloses)
    .innerJoin(monthCloseFigures, figuresOfClose)
    .where(closesIn(companyId, [month]));
  return r && { close: closeOf(r.close), campuses: r.campuses, total: r.total };
}

/** The company's close of a month with the accrual per card it stored, if the month is closed. */
async function storedCards(companyId: number, month: string): Promise<{ close: MonthClose; cards: AccrualCardRow[] } | undefined> {
  const [r] = await (await tx()).select({ close: monthCloses, cards: monthCloseFigures.cards }).from(monthCloses).innerJoin(monthCloseFigures, figuresOfClose).where(closesIn(companyId, [month]));
  return r && { close: closeOf(r.close), cards: r.cards };
}

/** Computes from the ledger what a month's report shows, stored at the close so that it stays as it was. */
function figuresAtClose(db: Db, companyId: number, month: string): ClosedMonthFigures {
  const overview = accrualOverview(db, companyId, month);
  const revenue: Record<string, RevenueMonth> = { '': revenueMonthLive(db, companyId, month) };
  for (const campus of campusesOf(db, companyId)) revenue[campus.id] = revenueMonthLive(db, companyId, month, campus.id);
  return { companyId, month, campuses: overview.campuses, total: overview.total, cards: accrualCards(db, companyId, month), revenue };
}

/** Revenue figures of one month (optionally one campus) from the ledger, even for a closed month. */
export function revenueMonthLive(db: Db, companyId: number, month: string, campusId?: number): RevenueMonth {
  return revenueMonths(db, companyId, [month], campusId)[0];
}

/** The month close list (`GET /v2/finance/month_close`). */
const CLOSE_LIST: SqlListSpec = {
  sortable: { month: monthCloses.month },
  defaultSort: { field: 'month', order: 'descend' },
  tiebreak: [desc(monthCloses.id)],
};

/** The records behind one revenue figure of a month; they add up to the figure. */
/** Rows of the revenue drill-down made for a record or an order, by figure: reused while what they show is the same. */
/**
 * Index keys (./indexes.ts `groupOf`): the records that recognise value (a record's type and amount never change:
 * only a pending return is reviewed in place) and the orders, by company and month made; the returns by company.
 */
const recognisingKey = (r: HourRecord) => (recordRecognised(r) !== 0 ? `${r.companyId}|${r.createdAt.slice(0, 7)}` : undefined);
const orderMonthKey = (o: CardOrder) => `${o.companyId}|${o.createdAt.slice(0, 7)}`;
/** A pending return is reviewed in place (`back` or `back_reject`): it stays in the group of returns. */
const returnKey = (r: HourRecord) => (r.type === 'backing' || r.type === 'back' || r.type === 'back_reject' ? String(r.companyId) : undefined);
interface CachedRow {
  at: string;
  row: RevenueRecordRow;
}
const recordRows = { recognisedLessons: new WeakMap<object, CachedRow>(), refundsOut: new WeakMap<object, CachedRow>(), cashIn: new WeakMap<object, CachedRow>() };

export function revenueRecords(db: Db, companyId: number, period: Period, figure: string, campusId?: number): RevenueRecordRow[] {
  if (!['cashIn', 'refundsOut', 'recognisedLessons', 'forfeited'].includes(figure)) throw new Error(`figure ${figure}`);
  const t = today();
  // Up to today: a period card's days after today are not recognised (issue 30).
  const { from: start, to: end } = periodToDate(period, t);
  const rows: RevenueRecordRow[] = [];
  // Stamps start with their day: in the period when start ≤ stamp < the first day after it (no slicing per record).
  const after = plusDays(end, 1);
  const inMonth = (s: string | undefined) => !!s && s >= start && s < after;
  const range = figureRanges([{ from: start, to: end }], t);
  const months: string[] = [];
  for (let m = start.slice(0, 7); m <= end.slice(0, 7); m = addMonths(m, 1)) months.push(m);
  /**
   * The row of a record or order, made once (see `recordRows`) and reused while its card shows the same and its stamp
   * `at` is the same (what a row shows of a record or order never changes otherwise; a return's stamp is its review).
   */
  const rowOf = (cache: WeakMap<object, CachedRow>, src: object, c: CardRef, at: string, make: () => Omit<RevenueRecordRow, 'cardId' | 'cardNo' | 'studentName' | 'campusName' | 'date'>) => {
    const had = cache.get(src);
    if (had && had.at === at && had.row.campusName === c.campusName && had.row.studentName === c.card.studentName && had.row.cardNo === c.card.cardNo) return had.row;
    const row: RevenueRecordRow = { cardId: c.card.id, cardNo: c.card.cardNo, studentName: c.card.studentName, campusName: c.campusName, date: at.slice(0, 16), ...make() };
    cache.set(src, { at, row });
    return row;
  };
  const refs = companyCardRefs(db, companyId, campusId, end < start ? start : end);
  if (figure === 'recognisedLessons' || figure === 'forfeited') {
    // Per card: period cards recognise by the day (their figures), and every card may forfeit.
    for (const c of refs) {
      if (figure === 'recognisedLessons' && c.card.kind !== 'period') continue;
      const f = figuresOfCard(db, c.card, range, t)[0];
      if (figure === 'recognisedLessons') {
        const r = revenueOfFigures(c.card.kind, f).recognised;
        // One row per card for its days in the period, dated its last day recognised (never after today).
        if (r !== 0) rows.push({ cardId: c.card.id, cardNo: c.card.cardNo, studentName: c.card.studentName, campusName: c.campusName, key: `p-${c.card.id}`, date: end, source: 'periodCard', type: 'period', ref: c.card.templateName, amount: r });
      } else if (f.forfeited !== 0) {
        rows.push({ cardId: c.card.id, cardNo: c.card.cardNo, studentName: c.card.studentName, campusName: c.campusName, key: `f-${c.card.id}`, date: forfeitDay(c.card, t, undefined, end) ?? end, source: 'forfeit', type: c.card.status, ref: c.card.templateName, hours: c.card.remainingHours, amount: f.forfeited });
      }
    }
    if (figure === 'forfeited') return rows;
  }
  // Records and orders come from indexes by company and month (or the company's returns): a month's rows, not every
  // record of the company, are read per call; the card gives the campus (and, for records, its kind).
  const refOf = new Map(refs.map((c) => [c.card.id, c]));
  if (figure === 'cashIn') {
    for (const o of months.flatMap((month) => groupOf(db.cardOrders, orderMonthKey, `${companyId}|${month}`))) {
      const c = refOf.get(o.cardId);
      if (c && inMonth(o.createdAt) && o.amount !== 0) rows.push(rowOf(recordRows.cashIn, o, c, o.createdAt, () => ({ key: `o-${o.id}`, source: 'order', type: o.kind, ref: o.orderNo, hours: o.hours + o.giftHours, amount: o.amount })));
    }
  } else if (figure === 'refundsOut') {
    for (const r of groupOf(db.hourRecords, returnKey, String(companyId))) {
      const c = refOf.get(r.cardId);
      const at = r.reviewedAt ?? r.createdAt;
      if (c && r.type === 'back' && r.amount !== 0 && inMonth(at)) rows.push(rowOf(recordRows.refundsOut, r, c, at, () => ({ key: `r-${r.id}`, source: 'record', type: r.type, ref: `#${r.id}`, hours: r.hours, amount: -r.amount })));
    }
  } else {
    for (const r of months.flatMap((month) => groupOf(db.hourRecords, recognisingKey, `${companyId}|${month}`))) {
      const c = refOf.get(r.cardId);
      if (c && c.card.kind !== 'period' && inMonth(r.createdAt)) rows.push(rowOf(recordRows.recognisedLessons, r, c, r.createdAt, () => ({ key: `r-${r.id}`, source: 'record', type: r.type, ref: `#${r.id}`, hours: r.hours, amount: recordRecognised(r) })));
    }
  }
  return rows;
}

/* ------------------------------------------------------------------ accrual */

const FIG_KEYS: (keyof RollforwardFigures)[] = ['opening', 'sold', 'recognised', 'corrections', 'refunded', 'forfeited', 'closing'];
const pick = (f: RollforwardFigures): RollforwardFigures => ({ opening: f.opening, sold: f.sold, recognised: f.recognised, corrections: f.corrections, refunded: f.refunded, forfeited: f.forfeited, closing: f.closing });

/** Sums of figures in cents (as `addFigures`), accumulated one card at a time. */
function figureSum() {
  const cents = [0, 0, 0, 0, 0, 0, 0];
  return {
    add(f: RollforwardFigures) {
      for (let i = 0; i < FIG_KEYS.length; i += 1) cents[i] += Math.round(f[FIG_KEYS[i]] * 100);
    },
    total: (): RollforwardFigures => Object.fromEntries(FIG_KEYS.map((k, i) => [k, (Math.round(cents[i]) || 0) / 100])) as unknown as RollforwardFigures,
  };
}

/**
 * The month's rollforward per campus. A closed month answers with the figures stored at its close (`closed`, read by
 * the call: `storedAccrual`): nothing done later changes them; without them the figures come from the ledger (the
 * close itself, and the tests that check the ledger agrees with what was stored).
 */
export function accrualOverview(db: Db, companyId: number, month: string | Period, closed?: StoredAccrual): AccrualOverview {
  const t = today();
  const { start, end, m } = accrualPeriod(month, t);
  const stored = m !== undefined && closed?.close.month === m ? closed : undefined;
  const head = { month: m ?? start.slice(0, 7), startDate: start, endDate: end, closed: !!stored, closedAt: stored?.close.closedAt, closedBy: stored?.close.closedBy };
  if (stored) return { ...head, campuses: stored.campuses.map((c) => ({ ...c })), total: { ...stored.total } };
  const byCampus = new Map<number, { name: string; sum: ReturnType<typeof figureSum> }>();
  for (const campus of campusesOf(db, companyId)) byCampus.set(campus.id, { name: campus.name, sum: figureSum() });
  const range = figureRanges([{ from: start, to: end }], t);
  for (const c of companyCardRefs(db, companyId, undefined, end < start ? start : end)) {
    let entry = byCampus.get(c.campusId);
    if (!entry) byCampus.set(c.campusId, (entry = { name: c.campusName, sum: figureSum() }));
    entry.sum.add(shownRollforward(figuresOfCard(db, c.card, range, t)[0]));
  }
  const campuses = [...byCampus.entries()].map(([campusId, v]) => ({ campusId, campusName: v.name, ...v.sum.total() }));
  return { ...head, campuses, total: pick(addFigures(campuses)) };
}

/**
 * The period of an accrual report: a month (`YYYY-MM`, read up to today) or any range of days; `m` is the month when
 * the report is one (only a month closes and has stored figures).
 */
function accrualPeriod(month: string | Period, t: string): { start: string; end: string; m?: string } {
  if (typeof month === 'string') {
    const p = monthSoFar(month, t);
    return { start: p.from, end: p.to, m: month };
  }
  const p = periodToDate(month, t);
  const { start, end } = monthRange(p.from.slice(0, 7));
  // A range that is a whole month is that month (its close, its stored figures).
  return p.from === start && p.to === end ? { start, end, m: p.from.slice(0, 7) } : { start: p.from, end: p.to };
}

/** The accrual row made for a card's figures (their object is the card's own, cached while they hold): reused while the card shows the same. */
const accrualRows = new WeakMap<CardFigures, AccrualCardRow>();

/** The month's rollforward per card (a closed month: the rows stored at its close when given, see `accrualOverview`). */
export function accrualCards(db: Db, companyId: number, month: string | Period, closed?: { close: MonthClose; cards: AccrualCardRow[] }): AccrualCardRow[] {
  const t = today();
  const { start, end, m } = accrualPeriod(month, t);
  if (m !== undefined && closed?.close.month === m) return closed.cards;
  const range = figureRanges([{ from: start, to: end }], t);
  return companyCardRefs(db, companyId, undefined, end < start ? start : end).map((c) => {
    const f = figuresOfCard(db, c.card, range, t)[0];
    const had = accrualRows.get(f);
    const card = c.card;
    if (had && had.cardNo === card.cardNo && had.studentName === card.studentName && had.templateName === card.templateName && had.status === card.status && had.campusId === c.campusId && had.campusName === c.campusName) return had;
    const row: AccrualCardRow = {
      cardId: card.id,
      cardNo: card.cardNo,
      studentId: card.studentId,
      studentName: card.studentName,
      templateId: card.templateId,
      templateName: card.templateName,
      status: card.status,
      campusId: c.campusId,
      campusName: c.campusName,
      ...pick(shownRollforward(f)),
    };
    accrualRows.set(f, row);
    return row;
  });
}

/* ------------------------------------------------------------------ journal */

/** Journal entries derived from card orders (see `journalRows`). */
const orderEntries = new WeakMap<CardOrder, JournalEntry>();

/** The company's journal: manual entries and the entries derived from card orders, approved refunds and pay slips. */
export async function journalRows(db: Db, companyId: number): Promise<JournalEntry[]> {
  const manual = await (await tx()).select().from(journalEntries).where(eq(journalEntries.companyId, companyId)).orderBy(asc(journalEntries.id));
  await loadStudentCampuses(db, companyId);
  return [...manual.map(entryOf), ...derivedEntries(db, companyId), ...(await paidSlips(companyId)).map(slipEntry)];
}

/** A manual entry of the journal (server/db/schema/finance.ts). */
function entryOf(r: typeof journalEntries.$inferSelect): JournalEntry {
  const { remark, voidReason, createdAt, ...rest } = r;
  return { key: `m-${r.id}`, ...rest, ...(remark !== null ? { remark } : {}), source: 'manual', ...(voidReason !== null ? { voidReason } : {}), createdAt: stampOf(createdAt) };
}

function entryValues(e: JournalEntry): Omit<typeof journalEntries.$inferInsert, 'id'> {
  return {
    companyId: e.companyId,
    date: e.date,
    direction: e.direction,
    category: e.category,
    account: e.account,
    campusId: e.campusId,
    campusName: e.campusName,
    amount: e.amount,
    counterparty: e.counterparty,
    remark: e.remark ?? null,
    status: e.status,
    voidReason: e.voidReason ?? null,
    operatorName: e.operatorName,
    createdAt: stampDate(e.createdAt),
  };
}

/** The company of an approved return's record (a record's kind never changes); other records are in no group. */
const backKey = (r: HourRecord) => (r.type === 'back' ? String(r.companyId) : undefined);

/** The journal's entries derived from the tables still in the process: card orders and approved refunds. */
function derivedEntries(db: Db, companyId: number): JournalEntry[] {
  const out: JournalEntry[] = [];
  const students = studentsById(db, companyId);
  const firstMethod = new Map<number, PayMethod>();
  for (const o of indexOf(db, 'cardOrders', companyId)) {
    if (!firstMethod.has(o.cardId)) firstMethod.set(o.cardId, o.method);
    if (o.amount <= 0) continue;
    const campus = campusOfStudent(db, students, o.studentId, o.createdAt.slice(0, 10));
    // Orders never change: the entry made for one is reused while its student's campus stays the same.
    const made = orderEntries.get(o);
    if (made && made.campusId === campus.campusId && made.campusName === campus.campusName) {
      out.push(made);
      continue;
    }
    const entry: JournalEntry = {
      key: `o-${o.id}`,
      companyId,
      date: o.createdAt.slice(0, 10),
      direction: 'income',
      category: 'income.cardSales',
      account: METHOD_ACCOUNT[o.method],
      ...campus,
      amount: o.amount,
      counterparty: o.studentName,
      remark: o.templateName,
      source: 'cardOrder',
      sourceId: o.id,
      sourceRef: o.orderNo,
      status: 'active',
      operatorName: o.sellerName,
      createdAt: o.createdAt,
    };
    orderEntries.set(o, entry);
    out.push(entry);
  }
  // The company's returns only (an index by kind: a large company has hundreds of thousands of hour records).
  for (const r of groupOf(db.hourRecords, backKey, String(companyId))) {
    if (r.amount === 0) continue;
    const campus = campusOfStudent(db, students, r.studentId, (r.reviewedAt ?? r.createdAt).slice(0, 10));
    out.push({
      key: `r-${r.id}`,
      companyId,
      date: (r.reviewedAt ?? r.createdAt).slice(0, 10),
      direction: 'expense',
      category: 'expense.refunds',
      account: METHOD_ACCOUNT[firstMethod.get(r.cardId) ?? 'cash'],
      ...campus,
      amount: -r.amount,
      counterparty: r.studentName,
      remark: r.reason,
      source: 'refund',
      sourceId: r.id,
      sourceRef: r.cardNo,
      status: 'active',
      operatorName: r.reviewerName ?? r.operatorName,
      createdAt: r.reviewedAt ?? r.createdAt,
    });
  }
  return out;
}

/** A paid slip's salary expense. */
function slipEntry(s: PaySlip): JournalEntry {
  return {
    key: `s-${s.id}`,
    companyId: s.companyId,
    date: s.paidAt.slice(0, 10),
    direction: 'expense',
    category: 'expense.salaries',
    account: s.account,
    campusId: s.campusId,
    campusName: s.campusName,
    amount: s.total,
    counterparty: s.staffName,
    remark: s.month,
    source: 'paySlip',
    sourceId: s.id,
    sourceRef: s.slipNo,
    status: 'active',
    operatorName: s.paidBy,
    createdAt: s.paidAt,
  };
}

/** The journal list (`GET /v2/bill`): its filters are also those of its balances (`GET /v2/bill/balances`). */
export const JOURNAL_LIST: ListSpec<JournalEntry> = {
  keywordFields: ['counterparty', 'remark', 'sourceRef'],
  equalFields: ['direction', 'category', 'account', 'campusId', 'source', 'status'],
  filters: { month: (r, v) => r.date.startsWith(v.slice(0, 7)) },
  dateField: 'date',
  sortable: ['date', 'amount'],
  defaultSort: { field: 'date', order: 'descend' },
};

export const journalPolicy = definePolicy<JournalEntry>({
  name: 'journal',
  read: readFinance,
  write: financeWriter,
  // A write targets a manual entry (the table); lists read every entry through `journalRows`.
  where: (s) => eq(journalEntries.companyId, s.company.id),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(journalEntries).where(and(eq(journalEntries.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && entryOf(r);
  },
  idOf: (e) => (e.source === 'manual' && e.id !== undefined ? e.id : -1),
});

/** The period the journal shows: its month, narrowed by a date range when both are given (ends included). */
export function journalPeriod(month?: string, startDate?: string, endDate?: string): JournalPeriod {
  const m = month ? monthPeriod(month) : {};
  const start = [m.start, startDate].filter((x): x is string => !!x).sort().pop();
  const end = [m.end, endDate].filter((x): x is string => !!x).sort()[0];
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

function checkEntry(ctx: AuthedCtx, body: { date: string; direction: string; category: string; campusId: number }) {
  if (!body.category.startsWith(`${body.direction}.`)) throw ctx.bad('fin.categoryDirection');
  if (body.date > today()) throw ctx.bad('ledger.futureDate');
  if (isMonthClosed(ctx.session.company.id, body.date)) throw ctx.bad('fin.entryClosed', { month: body.date.slice(0, 7) });
  const campus = companyCampuses(ctx.db, ctx.session).find((c) => c.id === body.campusId);
  if (!campus) throw ctx.bad('fin.badCampus');
  return campus;
}

/* ------------------------------------------------------------------ seed */

/** Manual journal entries of the demo companies: rent, utilities and marketing for the last 12 months per campus. */
export const seedJournal: SqlSeeder = async (sql, db) => {
  const t = today();
  const months = monthsEnding(t.slice(0, 7), 12);
  const rows: JournalEntry[] = [];
  for (const company of db.seedCompanies.filter((c) => !c.platform)) {
    const campuses = db.seedCampuses.filter((c) => c.companyId === company.id);
    const manager = db.seedStaff.find((s) => s.companyId === company.id && (s.role === 'dealer' || s.role === 'manager'));
    months.forEach((m, i) => {
      campuses.forEach((campus, k) => {
        const big = company.id === 2;
        const plan: { day: number; category: JournalEntry['category']; account: JournalAccount; amount: number; counterparty: string; remark: string }[] = [
          { day: 1, category: 'expense.rent', account: 'bank', amount: (big ? (k === 0 ? 18000 : 12500) : 6800) + 0, counterparty: k === 0 ? '星光大厦物业 Starlight Tower' : '滨江商业中心 Riverside Plaza', remark: `Rent ${m}` },
          { day: 10, category: 'expense.utilities', account: 'bank', amount: Math.round(((big ? 2100 : 600) + ((i * 37 + k * 53) % 400) + 0.35) * 100) / 100, counterparty: '国网电力 / 自来水公司', remark: `Water and power ${m}` },
          { day: 15, category: 'expense.marketing', account: i % 2 ? 'wechat' : 'alipay', amount: (big ? 3000 : 800) + ((i * 71 + k * 29) % 5) * 250, counterparty: i % 3 ? '抖音本地推广 Douyin ads' : '小红书种草 Xiaohongshu', remark: `Campaign ${m}` },
        ];
        for (const p of plan) {
          const date = `${m}-${String(p.day).padStart(2, '0')}`;
          if (date > t) continue;
          rows.push({
            key: '',
            companyId: company.id,
            date,
            direction: 'expense',
            category: p.category,
            account: p.account,
            campusId: campus.id,
            campusName: campus.name,
            amount: p.amount,
            counterparty: p.counterparty,
            remark: p.remark,
            source: 'manual',
            status: 'active',
            operatorName: manager?.name ?? '',
            createdAt: `${date} 09:00:00`,
          });
        }
      });
    });
  }
  await insertMany(sql, journalEntries, rows.map(entryValues));
};

/* ------------------------------------------------------------------ calls */

export const financeHandlers = [
  // The months ending with the period's month (12 by default: the table and the chart) and the period itself
  // (`period`: the month, a range, or the month under way up to today), from the same sums.
  api('get', '/v2/finance/revenue', { read: revenuePolicy }, async (ctx) => {
    await loadStudentCampuses(ctx.db, ctx.session.company.id);
    const campusId = readCampus(ctx);
    const { period, month } = readPeriod(ctx);
    const last = month ?? period.to.slice(0, 7);
    const count = Math.min(Math.max(Number(ctx.query.months) || 12, 1), 24);
    const cid = ctx.session.company.id;
    const ending = monthsEnding(last, count);
    // The closed months among them answer with what their closes stored (cached under those closes).
    const { stored, key } = await storedRevenue(cid, ending, campusId);
    const months = cachedRead(ctx.db, `revenueMonths|${cid}|${last}|${count}|${campusId ?? ''}|${key}`, () => revenueMonths(ctx.db, cid, ending, campusId, stored));
    const p = month ? monthSoFar(month) : periodToDate(period, today());
    const shown = month ? months.find((m) => m.month === month) : undefined;
    const figures = shown ?? cachedRead(ctx.db, `revenuePeriod|${cid}|${p.from}|${p.to}|${campusId ?? ''}|${key}`, () => revenuePeriods(ctx.db, cid, [p], campusId, stored)[0]);
    return { months, period: { ...figures, startDate: p.from, endDate: p.to < p.from ? p.from : p.to } };
  }),

  api('get', '/v2/finance/revenue/records', { read: revenuePolicy }, async (ctx) => {
    await loadStudentCampuses(ctx.db, ctx.session.company.id);
    const { period } = readPeriod(ctx);
    const campusId = readCampus(ctx);
    const figure = ctx.query.figure;
    if (!['cashIn', 'refundsOut', 'recognisedLessons', 'forfeited'].includes(figure)) throw ctx.bad('fin.badFigure', { figure: String(figure) });
    // A month's drill-down is tens of thousands of rows at large scale: built once per data stamp, then paged.
    const { rows, total } = cachedRead(ctx.db, `revenueRecords|${ctx.session.company.id}|${period.from}|${period.to}|${figure}|${campusId ?? ''}`, () => {
      const all = revenueRecords(ctx.db, ctx.session.company.id, period, figure, campusId);
      return { rows: all, total: sumMoney(all.map((r) => r.amount)) };
    });
    const { figure: _f, month: _m, campusId: _c, startDate: _s, endDate: _e, ...query } = ctx.query;
    return {
      ...listQuery(rows, query, { keywordFields: ['studentName', 'cardNo', 'ref'], equalFields: ['type', 'source'], sortable: ['date', 'amount', 'studentName'], defaultSort: { field: 'date', order: 'descend' } }, ctx.lang),
      sumAll: total,
    };
  }),

  api('get', '/v2/finance/accrual', { read: revenuePolicy }, async (ctx) => {
    await loadStudentCampuses(ctx.db, ctx.session.company.id);
    const { period, month } = readPeriod(ctx);
    const what = month ?? period;
    const m = accrualPeriod(what, today()).m;
    const closed = m === undefined ? undefined : await storedAccrual(ctx.session.company.id, m);
    return cachedRead(ctx.db, `accrualOverview|${ctx.session.company.id}|${month ?? `${period.from}|${period.to}`}|${closed?.close.id ?? ''}`, () => accrualOverview(ctx.db, ctx.session.company.id, what, closed));
  }),

  api('get', '/v2/finance/accrual/cards', { read: revenuePolicy }, async (ctx) => {
    await loadStudentCampuses(ctx.db, ctx.session.company.id);
    const { period, month } = readPeriod(ctx);
    const what = month ?? period;
    const m = accrualPeriod(what, today()).m;
    const closed = m === undefined ? undefined : await storedCards(ctx.session.company.id, m);
    const rows = cachedRead(ctx.db, `accrualCards|${ctx.session.company.id}|${month ?? `${period.from}|${period.to}`}|${closed?.close.id ?? ''}`, () => accrualCards(ctx.db, ctx.session.company.id, what, closed));
    const { month: _m, startDate: _s, endDate: _e, ...query } = ctx.query;
    const res = listQuery(rows, query, {
      keywordFields: ['studentName', 'cardNo', 'templateName'],
      equalFields: ['status', 'templateId', 'campusId', 'studentId'],
      filters: { moved: (r, v) => v !== 'true' || r.opening !== 0 || r.closing !== 0 || r.sold !== 0 },
      sortable: ['opening', 'sold', 'recognised', 'refunded', 'forfeited', 'corrections', 'closing', 'studentName'],
      defaultSort: { field: 'cardId' as keyof AccrualCardRow, order: 'ascend' },
    }, ctx.lang);
    return res;
  }),

  api('get', '/v2/finance/month_close', { read: monthClosePolicy }, async (ctx) => {
    const page = await sqlList(await tx(), monthCloses, ctx.scope(monthClosePolicy), ctx.query, CLOSE_LIST, ctx.lang);
    return { list: page.list.map(closeOf), total: page.total };
  }),

  api('post', '/v2/finance/month_close', { write: monthClosePolicy, body: MonthCloseBody }, async (ctx) => {
    await loadStudentCampuses(ctx.db, ctx.session.company.id);
    const { month } = ctx.body;
    const cid = ctx.session.company.id;
    // One close or reopen of the company at a time, and none while one of its writes that may date something in a
    // month is under way (they hold the lock shared: mock/domains/ledger.ts).
    await lockMonthCloses(cid, 'exclusive');
    // In order (src/domain/monthClose.ts): the closed months stay one run ending at the last closed month.
    const refusal = closeRefusal(await closedMonths(cid), month, today());
    if (refusal?.reason === 'notOver') throw ctx.bad('fin.monthNotOver', { month });
    if (refusal?.reason === 'alreadyClosed') throw ctx.bad('fin.alreadyClosed', { month });
    if (refusal?.reason === 'outOfOrder') throw ctx.bad('fin.closeOutOfOrder', { month, expected: refusal.expected });
    // The month's figures are stored as they stand now: its report reads them from here on (`storedAccrual`, ...).
    const figures = figuresAtClose(ctx.db, cid, month);
    const t = await tx();
    const [r] = await t
      .insert(monthCloses)
      .values({ companyId: cid, month, closedAt: stampDate(nowStamp()), closedBy: ctx.session.user.name, closing: figures.total.closing })
      .returning();
    await t.insert(monthCloseFigures).values(figures);
    return created(closeOf(r));
  }),

  // Reopening the last closed month, with a reason (logged by the audit hook with the body and the close it undoes):
  // its stored figures are dropped, so its report is computed from the ledger again until it closes anew.
  api('post', '/v2/finance/month_close/reopen', { write: monthClosePolicy, body: MonthReopenBody }, async (ctx) => {
    await loadStudentCampuses(ctx.db, ctx.session.company.id);
    const { month, reason } = ctx.body;
    const cid = ctx.session.company.id;
    await lockMonthCloses(cid, 'exclusive');
    const refusal = reopenRefusal(await closedMonths(cid), month);
    if (refusal?.reason === 'notClosed') throw ctx.bad('fin.notClosed', { month });
    if (refusal?.reason === 'notLast') throw ctx.bad('fin.reopenNotLast', { last: refusal.last });
    const t = await tx();
    // The close goes, its stored figures with it (a cascading foreign key).
    const [close] = await t
      .delete(monthCloses)
      .where(and(eq(monthCloses.companyId, cid), eq(monthCloses.month, month)))
      .returning();
    // A stored row, so the audit log keeps its fields (the reason, the close it undid).
    const [r] = await t
      .insert(monthReopens)
      .values({ companyId: cid, month, reason, closedAt: close.closedAt, closedBy: close.closedBy, closing: close.closing, reopenedAt: stampDate(nowStamp()), reopenedBy: ctx.session.user.name })
      .returning();
    const row: MonthReopen = { ...r, closedAt: stampOf(r.closedAt), reopenedAt: stampOf(r.reopenedAt) };
    return created(row);
  }),

  api('get', '/v2/bill', { read: journalPolicy }, async (ctx) => listQuery(await journalRows(ctx.db, ctx.session.company.id), ctx.query, JOURNAL_LIST, ctx.lang)),

  // The running balances shown above the journal (issue 30): per account, the opening (every entry before the period),
  // in, out and closing of the period the journal shows (its month, or date range) and of its campus filter; the other
  // filters narrow the list only (a balance is the account's). Their own call, so the list call has no side effect.
  api('get', '/v2/bill/balances', { read: journalPolicy }, async (ctx) => {
    const { month, startDate, endDate, campusId } = ctx.query;
    filterRows([], { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) }, JOURNAL_LIST, ctx.lang); // 400 for a bad date, as the list
    if (month && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month.slice(0, 7))) throw ctx.bad('common.badDate', { field: 'month' });
    const all = await journalRows(ctx.db, ctx.session.company.id);
    const rows = campusId ? filterRows(all, { campusId }, JOURNAL_LIST, ctx.lang) : all;
    return runningBalances(rows, journalPeriod(month, startDate, endDate));
  }),

  api('post', '/v2/bill', { write: journalPolicy, body: JournalBody }, async (ctx) => {
    const campus = checkEntry(ctx, ctx.body);
    const entry: JournalEntry = {
      key: '',
      companyId: ctx.session.company.id,
      ...ctx.body,
      campusName: campus.name,
      source: 'manual',
      status: 'active',
      operatorName: ctx.session.user.name,
      createdAt: nowStamp(),
    };
    const [r] = await (await tx()).insert(journalEntries).values(entryValues(entry)).returning();
    return created(entryOf(r));
  }),

  api('put', '/v2/bill', { write: journalPolicy, body: JournalUpdateBody }, async (ctx) => {
    const row = await ctx.find(journalPolicy, ctx.body.id, 'fin.entry');
    if (row.status === 'void') throw ctx.bad('fin.entryVoid');
    if (isMonthClosed(row.companyId, row.date)) throw ctx.bad('fin.entryClosed', { month: row.date.slice(0, 7) });
    const campus = checkEntry(ctx, ctx.body);
    const { id: _id, ...rest } = ctx.body;
    Object.assign(row, rest, { campusName: campus.name, remark: rest.remark });
    if (row.remark === undefined) delete row.remark;
    await (await tx()).update(journalEntries).set(entryValues(row)).where(eq(journalEntries.id, ctx.body.id));
    return row;
  }),

  api('post', '/v2/bill/void', { write: journalPolicy, body: JournalVoidBody }, async (ctx) => {
    const row = await ctx.find(journalPolicy, ctx.body.id, 'fin.entry');
    if (row.status === 'void') throw ctx.bad('fin.entryVoid');
    if (isMonthClosed(row.companyId, row.date)) throw ctx.bad('fin.entryClosed', { month: row.date.slice(0, 7) });
    row.status = 'void';
    row.voidReason = ctx.body.reason;
    await (await tx()).update(journalEntries).set({ status: 'void', voidReason: ctx.body.reason }).where(eq(journalEntries.id, ctx.body.id));
    return row;
  }),
];
