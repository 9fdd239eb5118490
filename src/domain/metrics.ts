/**
 * Analysis metrics (PRODUCT.md §5.16): one definition per figure, as pure functions over the same records the list
 * screens show. The analyze calls (mock/domains/analysis.ts), the lists' drill-down filters and every other screen
 * that shows one of these figures use these functions, so a figure and the list it opens cannot disagree.
 *
 * Money figures of §5.8 (recognised revenue, cash in, refunds, forfeited) belong to src/domain/revenue.ts.
 *
 * Conventions: a range is inclusive by day ('YYYY-MM-DD'); a record's day is the first 10 characters of its
 * timestamp; rates are ratios in [0, 1] with 4 decimals (0 when the denominator is 0).
 */
import type { CardOrder, HourRecord, HourRecordType, SchoolClass, StudentCard } from '@/types/school';
import type { Attendance, AttendanceMark, Lesson } from '@/types/schedule';
import type { Lead } from '@/types/customer';
import { round1 } from './ledger';
import { recordRecognised, sumMoney } from './revenue';

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

/** The period of the same length just before `r` (trend comparison). */
export function previousRange(r: DayRange): DayRange {
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
 * Record types that consume hours (PRODUCT.md §5.8): a lesson attended (reduce), absence or leave when the company
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
 * Money value of the consumed hours: the revenue they recognise, as src/domain/revenue.ts defines it per record
 * (lessons and corrections; the same records as `consumedHours`).
 */
export function consumedValue(records: Pick<HourRecord, 'type' | 'amount'>[]): number {
  return sumMoney(records.filter(isConsumption).map(recordRecognised));
}

/* ------------------------------------------------------------ students ------------------------------------------------------------ */

/** Each student's first card order day (over all time). */
export function firstOrderDays(orders: Pick<CardOrder, 'studentId' | 'createdAt'>[]): Map<number, string> {
  const first = new Map<number, string>();
  for (const o of orders) {
    const d = o.createdAt.slice(0, 10);
    const f = first.get(o.studentId);
    if (f === undefined || d < f) first.set(o.studentId, d);
  }
  return first;
}

/** New students: whose first card was bought within the range (once each). */
export function newStudents(orders: Pick<CardOrder, 'studentId' | 'createdAt'>[], r: DayRange): Set<number> {
  const out = new Set<number>();
  for (const [id, d] of firstOrderDays(orders)) if (d >= r.start && d <= r.end) out.add(id);
  return out;
}

/**
 * Renewing students: who bought a further card (a renewal top-up, or any order after their first) within the range,
 * once each. `orders` must hold every order of these students (not only the range) to know which one is first.
 */
export function renewingStudents(orders: Pick<CardOrder, 'id' | 'studentId' | 'createdAt'>[], r: DayRange): Set<number> {
  const firstId = new Map<number, { day: string; id: number }>();
  for (const o of orders) {
    const d = o.createdAt.slice(0, 10);
    const f = firstId.get(o.studentId);
    if (!f || d < f.day || (d === f.day && o.id < f.id)) firstId.set(o.studentId, { day: d, id: o.id });
  }
  const out = new Set<number>();
  for (const o of orders) {
    if (!inRange(o.createdAt, r)) continue;
    if (firstId.get(o.studentId)?.id !== o.id) out.add(o.studentId);
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
  records: Pick<HourRecord, 'cardId' | 'hours' | 'balanceAfter' | 'createdAt'>[],
  r: DayRange,
): Set<number> {
  const w = renewalWindow(r);
  const out = new Set<number>();
  const studentOf = new Map<number, number>();
  for (const c of cards) {
    studentOf.set(c.id, c.studentId);
    // A card "expires" the day after its last valid day.
    if (inRange(addDay(c.expiryDate, 1), w)) out.add(c.studentId);
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

/**
 * Active students on a day: holding a card usable that day: started, not expired, not invalidated, and (count
 * cards) with hours left after that day's records. `records` are the cards' records (any order).
 */
export function activeStudentsOn(
  cards: Pick<StudentCard, 'id' | 'studentId' | 'kind' | 'startDate' | 'expiryDate' | 'status'>[],
  records: Pick<HourRecord, 'cardId' | 'hours' | 'createdAt'>[],
  day: string,
): Set<number> {
  const balance = new Map<number, number>();
  for (const r of records) {
    if (r.createdAt.slice(0, 10) > day) continue;
    balance.set(r.cardId, (balance.get(r.cardId) ?? 0) + r.hours);
  }
  const out = new Set<number>();
  for (const c of cards) {
    if (c.status === 'invalid' || c.startDate > day || c.expiryDate < day) continue;
    if (c.kind === 'count' && round1(balance.get(c.id) ?? 0) <= 0) continue;
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

/** Attendance rate: present ÷ (present + leave + truant) over the marks still in force (undone ones excluded). */
export function attendance(marks: Pick<Attendance, 'mark' | 'undoneAt'>[]): AttendanceCount {
  const n: Record<AttendanceMark, number> = { present: 0, leave: 0, truant: 0 };
  for (const m of marks) if (!m.undoneAt) n[m.mark] += 1;
  const marked = n.present + n.leave + n.truant;
  return { ...n, marked, rate: ratio(n.present, marked) };
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
 * Teacher hours: per teacher, the lessons taught (finished) and their hours, and the consumed hours and value of the
 * records written for those lessons.
 */
export function teacherLoad(
  lessons: Pick<Lesson, 'id' | 'teacherId' | 'teacherName' | 'status' | 'hours'>[],
  records: Pick<HourRecord, 'lessonId' | 'type' | 'hours' | 'amount'>[],
): TeacherLoad[] {
  const by = new Map<number, TeacherLoad>();
  const teacherOfLesson = new Map<number, number>();
  for (const l of lessons) {
    if (!isTaught(l)) continue;
    teacherOfLesson.set(l.id, l.teacherId);
    const row = by.get(l.teacherId) ?? { teacherId: l.teacherId, teacherName: l.teacherName, lessons: 0, hours: 0, consumedValue: 0, consumedHours: 0 };
    row.lessons += 1;
    row.hours += l.hours;
    by.set(l.teacherId, row);
  }
  const values = new Map<number, number[]>();
  for (const r of records) {
    if (r.lessonId === undefined || !isConsumption(r)) continue;
    const tid = teacherOfLesson.get(r.lessonId);
    if (tid === undefined) continue;
    by.get(tid)!.consumedHours -= r.hours;
    values.set(tid, [...(values.get(tid) ?? []), recordRecognised(r)]);
  }
  return [...by.values()]
    .map((r) => ({ ...r, hours: round1(r.hours), consumedValue: sumMoney(values.get(r.teacherId) ?? []), consumedHours: round1(r.consumedHours) }))
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

/** Lead conversion (the customer center's statistics, §6.5): of the leads given, those now formal (converted). */
export function leadConversion(leads: Pick<Lead, 'status'>[]): Conversion {
  let formal = 0;
  for (const l of leads) if (l.status === 'formal') formal += 1;
  return { total: leads.length, formal, rate: ratio(formal, leads.length) };
}
