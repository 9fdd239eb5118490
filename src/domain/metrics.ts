/**
 * Analysis metrics (docs/rules.md#analysis-metrics): one definition per figure, as pure functions over the same records the list
 * screens show. The analyze calls (mock/domains/analysis.ts), the lists' drill-down filters and every other screen
 * that shows one of these figures use these functions, so a figure and the list it opens cannot disagree.
 *
 * Money figures of docs/rules.md#revenue-and-month-close (recognised revenue, cash in, refunds, forfeited) belong to src/domain/revenue.ts.
 *
 * Conventions: a range is inclusive by day ('YYYY-MM-DD'); a record's day is the first 10 characters of its
 * timestamp; rates are ratios in [0, 1] with 4 decimals (0 when the denominator is 0).
 */
import type { CardOrder, HourRecord, HourRecordType, SchoolClass, StudentCard } from '@/types/school';
import type { Attendance, AttendanceMark, Lesson } from '@/types/schedule';
import type { Lead } from '@/types/customer';
import { round1 } from './ledger';
import { periodToDate, recordRecognised, sumMoney, type LedgerCard, type Period } from './revenue';

export interface DayRange {
  start: string;
  end: string;
}

const DAY = 86_400_000;
const dayNum = (d: string) => Math.round(Date.parse(`${d.slice(0, 10)}T00:00:00Z`) / DAY);
const dayStr = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

export function addDay(day: string, n: number): string {
  return dayStr(dayNum(day) + n);
}

/** Number of days of a range (both ends included). */
export function rangeDays(r: DayRange): number {
  return dayNum(r.end) - dayNum(r.start) + 1;
}

/** True when a date or timestamp falls within the range (by day, inclusive). */
export function inRange(stamp: string | undefined, r: DayRange): boolean {
  if (!stamp) return false;
  const d = stamp.slice(0, 10);
  return d >= r.start && d <= r.end;
}

/** Last day of a month ('YYYY-MM'). */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * The period a range is compared with (trend arrows). A range within one calendar month starting on its 1st (this
 * month so far, or a whole month) is compared with the same days of the previous month (a whole month with the
 * whole previous month; the 1st to the 30th of a 31-day month with the 1st to the 30th before it, clipped to that
 * month's end); any other range with the period of the same length just before it.
 */
export function previousRange(r: DayRange): DayRange {
  const month = r.start.slice(0, 7);
  if (r.start.slice(8, 10) === '01' && r.end.slice(0, 7) === month) {
    const prev = addDay(r.start, -1).slice(0, 7);
    const end = r.end === monthEnd(month) ? monthEnd(prev) : `${prev}-${r.end.slice(8, 10)}`;
    return { start: `${prev}-01`, end: end > monthEnd(prev) ? monthEnd(prev) : end };
  }
  const n = rangeDays(r);
  return { start: addDay(r.start, -n), end: addDay(r.start, -1) };
}

/** Every day of a range, in order. */
export function daysOf(r: DayRange): string[] {
  const out: string[] = [];
  for (let n = dayNum(r.start), e = dayNum(r.end); n <= e; n += 1) out.push(dayStr(n));
  return out;
}

/** A ratio in [0, 1] with 4 decimals; 0 when nothing to divide by. */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10000) / 10000 : 0;
}

/** Relative change of a figure against the previous period (undefined when the previous period had none). */
export function trend(current: number, previous: number): number | undefined {
  if (!previous) return undefined;
  return Math.round(((current - previous) / Math.abs(previous)) * 10000) / 10000;
}

/* ------------------------------------------------------------ consumption ------------------------------------------------------------ */

/**
 * Record types that consume hours (docs/rules.md#revenue-and-month-close): a lesson attended (reduce), absence or leave when the company
 * says they consume (their records then carry hours; otherwise 0), custom consumption (diy), and corrections
 * (proof, which add back or take away).
 */
export const CONSUMING_TYPES: readonly HourRecordType[] = ['reduce', 'truant', 'leave', 'diy', 'proof'];

export function isConsumption(r: Pick<HourRecord, 'type'>): boolean {
  return CONSUMING_TYPES.includes(r.type);
}

/** Consumed hours: minus the signed hours of the consuming records (a proof giving hours back lowers it). */
export function consumedHours(records: Pick<HourRecord, 'type' | 'hours'>[]): number {
  let s = 0;
  for (const r of records) if (isConsumption(r)) s -= r.hours;
  return round1(s);
}

/**
 * Consumed hours of a period (optionally one campus), from the ledger (issue 30: one definition per figure): the
 * consuming records dated in the period, up to today.
 */
export function consumedHoursOf(ledger: LedgerCard[], period: Period, today: string, campusId?: number): number {
  const p = periodToDate(period, today);
  const recs: Pick<HourRecord, 'type' | 'hours'>[] = [];
  for (const l of ledger) {
    if (campusId !== undefined && l.campusId !== campusId) continue;
    for (const r of l.records) if (r.createdAt.slice(0, 10) >= p.from && r.createdAt.slice(0, 10) <= p.to) recs.push(r);
  }
  return consumedHours(recs);
}

/**
 * Money value of the consumed hours: the revenue they recognise, as src/domain/revenue.ts defines it per record
 * (lessons and corrections; the same records as `consumedHours`).
 */
export function consumedValue(records: Pick<HourRecord, 'type' | 'amount'>[]): number {
  return sumMoney(records.filter(isConsumption).map(recordRecognised));
}

/* ------------------------------------------------------------ students ------------------------------------------------------------ */

/** A student's first card order: its day and id (the lowest id on that day). */
export interface FirstOrder {
  day: string;
  id: number;
}

/** Each student's first card order (over all the orders given). */
export function firstOrders(orders: Pick<CardOrder, 'id' | 'studentId' | 'createdAt'>[]): Map<number, FirstOrder> {
  const first = new Map<number, FirstOrder>();
  for (const o of orders) {
    const d = o.createdAt.slice(0, 10);
    const f = first.get(o.studentId);
    if (!f || d < f.day || (d === f.day && o.id < f.id)) first.set(o.studentId, { day: d, id: o.id });
  }
  return first;
}

/** Each student's first card order day (over all time). */
export function firstOrderDays(orders: Pick<CardOrder, 'id' | 'studentId' | 'createdAt'>[]): Map<number, string> {
  return new Map([...firstOrders(orders)].map(([id, f]) => [id, f.day]));
}

/**
 * New students: whose first card was bought within the range (once each). `first` (from `firstOrders(orders)`)
 * may be passed when already known.
 */
export function newStudents(orders: Pick<CardOrder, 'id' | 'studentId' | 'createdAt'>[], r: DayRange, first = firstOrders(orders)): Set<number> {
  const out = new Set<number>();
  for (const [id, f] of first) if (f.day >= r.start && f.day <= r.end) out.add(id);
  return out;
}

/**
 * Renewing students: who bought a further card (a renewal top-up, or any order after their first) within the range,
 * once each. `orders` must hold every order of these students (not only the range) to know which one is first;
 * `first` (from `firstOrders(orders)`) may be passed when already known.
 */
export function renewingStudents(orders: Pick<CardOrder, 'id' | 'studentId' | 'createdAt'>[], r: DayRange, first = firstOrders(orders)): Set<number> {
  const out = new Set<number>();
  for (const o of orders) {
    if (!inRange(o.createdAt, r)) continue;
    if (first.get(o.studentId)?.id !== o.id) out.add(o.studentId);
  }
  return out;
}

/** The window in which a card ending makes its student due for renewal: the range and the 30 days before. */
export function renewalWindow(r: DayRange): DayRange {
  return { start: addDay(r.start, -30), end: r.end };
}

/**
 * Students due for renewal: a card of theirs expired (expiry date) or became exhausted (a record took a count card
 * to 0 or below) within the range or the 30 days before.
 */
export function renewalDueStudents(
  cards: Pick<StudentCard, 'id' | 'studentId' | 'expiryDate'>[],
  records: Iterable<Pick<HourRecord, 'cardId' | 'hours' | 'balanceAfter' | 'createdAt'>>,
  r: DayRange,
): Set<number> {
  const w = renewalWindow(r);
  const out = new Set<number>();
  const studentOf = new Map<number, number>();
  // A card "expires" the day after its last valid day: that day is in the window when its expiry date is in the
  // window moved one day back.
  const expiredFrom = addDay(w.start, -1);
  const expiredTo = addDay(w.end, -1);
  for (const c of cards) {
    studentOf.set(c.id, c.studentId);
    if (c.expiryDate >= expiredFrom && c.expiryDate <= expiredTo) out.add(c.studentId);
  }
  for (const rec of records) {
    if (rec.hours < 0 && rec.balanceAfter <= 0 && inRange(rec.createdAt, w)) {
      const s = studentOf.get(rec.cardId);
      if (s !== undefined) out.add(s);
    }
  }
  return out;
}

export interface RenewalRate {
  due: number;
  renewed: number;
  rate: number;
}

/** Renewal rate: of the students due for renewal, those who bought a further card in the range. */
export function renewalRate(due: Set<number>, renewing: Set<number>): RenewalRate {
  let renewed = 0;
  for (const id of due) if (renewing.has(id)) renewed += 1;
  return { due: due.size, renewed, rate: ratio(renewed, due.size) };
}

/** Students due for renewal who renewed in the range (the numerator's list). */
export function renewedStudents(due: Set<number>, renewing: Set<number>): Set<number> {
  return new Set([...due].filter((id) => renewing.has(id)));
}

/** The renewal rate's cohort and who of it renewed. */
export interface RenewalCohort {
  /** The days in which a card ending puts its student in the cohort: the range and the 30 days before. */
  window: DayRange;
  /** The cohort: students whose card ran out or expired in the window (the rate's whole and its list). */
  due: Set<number>;
  /** Of the cohort, those who bought a further card in the range (the rate's part and its list). */
  renewed: Set<number>;
}

/**
 * The renewal rate's cohort (issue 30), the one definition behind the figure, its two lists and the words that name
 * them on the screen: `renewing` is `renewingStudents(orders, r)` (who bought a further card in the range, in the
 * cohort or not: the "students buying a further card" figure).
 */
export function renewalCohort(
  cards: Pick<StudentCard, 'id' | 'studentId' | 'expiryDate'>[],
  records: Iterable<Pick<HourRecord, 'cardId' | 'hours' | 'balanceAfter' | 'createdAt'>>,
  renewing: Set<number>,
  r: DayRange,
): RenewalCohort {
  const due = renewalDueStudents(cards, records, r);
  return { window: renewalWindow(r), due, renewed: renewedStudents(due, renewing) };
}

/** A card's balance at the end of a day, from its records (any order): the sum of the signed hours dated up to it. */
export type BalanceAt = (cardId: number, day: string) => number;

/** One card's balance steps: the days of its records in order and the running sum at the end of each. */
export interface CardBalances {
  days: string[];
  sums: number[];
}

/** The balance steps of one card from its records (any order). */
export function cardBalances(records: Pick<HourRecord, 'hours' | 'createdAt'>[]): CardBalances {
  const list = records.map((r) => ({ day: r.createdAt.slice(0, 10), hours: r.hours }));
  list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const days: string[] = [];
  const sums: number[] = [];
  let sum = 0;
  for (const x of list) {
    sum += x.hours;
    if (days.length && days[days.length - 1] === x.day) sums[sums.length - 1] = sum;
    else {
      days.push(x.day);
      sums.push(sum);
    }
  }
  return { days, sums };
}

/** A card's balance at the end of a day from its steps (binary search; 0 before its first record). */
export function balanceOn(e: CardBalances | undefined, day: string): number {
  if (!e) return 0;
  let lo = 0;
  let hi = e.days.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (e.days[mid] <= day) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at < 0 ? 0 : round1(e.sums[at]);
}

/** Balances by day of many cards, indexed once (per card: days in order and the running sum); lookups by binary search. */
export function balanceIndex(records: Pick<HourRecord, 'cardId' | 'hours' | 'createdAt'>[]): BalanceAt {
  const byCard = new Map<number, Pick<HourRecord, 'hours' | 'createdAt'>[]>();
  for (const r of records) {
    let list = byCard.get(r.cardId);
    if (!list) byCard.set(r.cardId, (list = []));
    list.push(r);
  }
  const index = new Map<number, CardBalances>();
  for (const [cardId, list] of byCard) index.set(cardId, cardBalances(list));
  return (cardId, day) => balanceOn(index.get(cardId), day);
}

/**
 * Active students on a day: holding a card usable that day: started, not expired, not invalidated, and (count
 * cards) with hours left after that day's records. `records` are the cards' records (any order), or their index.
 */
export function activeStudentsOn(
  cards: Pick<StudentCard, 'id' | 'studentId' | 'kind' | 'startDate' | 'expiryDate' | 'status'>[],
  records: Pick<HourRecord, 'cardId' | 'hours' | 'createdAt'>[] | BalanceAt,
  day: string,
): Set<number> {
  const balanceAt = typeof records === 'function' ? records : balanceIndex(records);
  const out = new Set<number>();
  for (const c of cards) {
    if (c.status === 'invalid' || c.startDate > day || c.expiryDate < day) continue;
    if (c.kind === 'count' && balanceAt(c.id, day) <= 0) continue;
    out.add(c.studentId);
  }
  return out;
}

/* ------------------------------------------------------------ attendance ------------------------------------------------------------ */

export interface AttendanceCount {
  present: number;
  leave: number;
  truant: number;
  /** present + leave + truant */
  marked: number;
  rate: number;
}

/** Attendance rate from the counts of marks: present ÷ (present + leave + truant). */
export function attendanceOf(n: Pick<AttendanceCount, 'present' | 'leave' | 'truant'>): AttendanceCount {
  const marked = n.present + n.leave + n.truant;
  return { present: n.present, leave: n.leave, truant: n.truant, marked, rate: ratio(n.present, marked) };
}

/** Attendance rate: present ÷ (present + leave + truant) over the marks still in force (undone ones excluded). */
export function attendance(marks: Pick<Attendance, 'mark' | 'undoneAt'>[]): AttendanceCount {
  const n: Record<AttendanceMark, number> = { present: 0, leave: 0, truant: 0 };
  for (const m of marks) if (!m.undoneAt) n[m.mark] += 1;
  return attendanceOf(n);
}

/* ------------------------------------------------------------ classes and teachers ------------------------------------------------------------ */

export interface FillRate {
  enrolled: number;
  capacity: number;
  rate: number;
}

/** Class fill rate: enrolled ÷ capacity over the open classes. */
export function classFill(classes: Pick<SchoolClass, 'status' | 'studentCount' | 'capacity'>[]): FillRate {
  let enrolled = 0;
  let capacity = 0;
  for (const c of classes) {
    if (c.status !== 'open') continue;
    enrolled += c.studentCount;
    capacity += c.capacity;
  }
  return { enrolled, capacity, rate: ratio(enrolled, capacity) };
}

/** A lesson counts as taught once it is finished (held and roll-called). */
export function isTaught(l: Pick<Lesson, 'status'>): boolean {
  return l.status === 'finished';
}

export interface TeacherLoad {
  teacherId: number;
  teacherName: string;
  lessons: number;
  hours: number;
  /** Money value of the hours consumed in their lessons. */
  consumedValue: number;
  consumedHours: number;
}

/**
 * Teacher hours: per teacher, the lessons taught (finished) dated in the range and their hours; and the consumed
 * hours and value of the records dated in the range that were written for lessons they taught (`lessons` must hold
 * those lessons, whatever their date: a roll call can be saved or undone days later).
 */
export function teacherLoad(
  lessons: Pick<Lesson, 'id' | 'teacherId' | 'teacherName' | 'status' | 'hours' | 'date'>[],
  records: Pick<HourRecord, 'lessonId' | 'type' | 'hours' | 'amount' | 'createdAt'>[],
  r: DayRange,
): TeacherLoad[] {
  const by = new Map<number, TeacherLoad>();
  const row = (l: Pick<Lesson, 'teacherId' | 'teacherName'>) => {
    let x = by.get(l.teacherId);
    if (!x) by.set(l.teacherId, (x = { teacherId: l.teacherId, teacherName: l.teacherName, lessons: 0, hours: 0, consumedValue: 0, consumedHours: 0 }));
    return x;
  };
  const taught = new Map<number, Pick<Lesson, 'teacherId' | 'teacherName'>>();
  for (const l of lessons) {
    if (!isTaught(l)) continue;
    taught.set(l.id, l);
    if (!inRange(l.date, r)) continue;
    const x = row(l);
    x.lessons += 1;
    x.hours += l.hours;
  }
  const values = new Map<number, number[]>();
  for (const rec of records) {
    if (rec.lessonId === undefined || !isConsumption(rec) || !inRange(rec.createdAt, r)) continue;
    const l = taught.get(rec.lessonId);
    if (!l) continue;
    row(l).consumedHours -= rec.hours;
    values.set(l.teacherId, [...(values.get(l.teacherId) ?? []), recordRecognised(rec)]);
  }
  return [...by.values()]
    .map((x) => ({ ...x, hours: round1(x.hours), consumedValue: sumMoney(values.get(x.teacherId) ?? []), consumedHours: round1(x.consumedHours) }))
    .sort((a, b) => b.hours - a.hours || a.teacherId - b.teacherId);
}

/* ------------------------------------------------------------ sales and leads ------------------------------------------------------------ */

export interface SellerSales {
  sellerId: number;
  sellerName: string;
  orders: number;
  amount: number;
}

/** Card sales per seller: the orders (sales and renewals) and their paid amounts. */
export function salesBySeller(orders: Pick<CardOrder, 'sellerId' | 'sellerName' | 'amount'>[]): SellerSales[] {
  const by = new Map<number, SellerSales & { amounts: number[] }>();
  for (const o of orders) {
    const row = by.get(o.sellerId) ?? { sellerId: o.sellerId, sellerName: o.sellerName, orders: 0, amount: 0, amounts: [] };
    row.orders += 1;
    row.amounts.push(o.amount);
    by.set(o.sellerId, row);
  }
  return [...by.values()]
    .map(({ amounts, ...r }) => ({ ...r, amount: sumMoney(amounts) }))
    .sort((a, b) => b.amount - a.amount || a.sellerId - b.sellerId);
}

export interface Conversion {
  total: number;
  formal: number;
  rate: number;
}

/** Lead conversion (the customer center's statistics, docs/screens.md#customer-center): of the leads given, those now formal (converted). */
export function leadConversion(leads: Pick<Lead, 'status'>[]): Conversion {
  let formal = 0;
  for (const l of leads) if (l.status === 'formal') formal += 1;
  return { total: leads.length, formal, rate: ratio(formal, leads.length) };
}
