/**
 * The analysis index of one company (docs/rules.md#analysis-metrics allows precomputing as long as the figures stay equal to the
 * lists): the company's hour records, card orders and roll-call marks grouped by campus and day, each group's
 * figures computed with the same metric functions as the lists' sums (src/domain/metrics.ts, revenue.ts), and the
 * per-card balance steps the active-student rule reads.
 *
 * Maintained incrementally: after a write, `refresh` compares every row of the company with the snapshot of the
 * fields the index reads (type, hours, amount, days, review, balance, student, card, lesson, mark, undo, and the
 * campus of the row's student or lesson) and moves only the rows that changed (added, edited in place, removed, or
 * whose student or lesson moved campus or day) between groups; only the groups and cards they touch are computed
 * again. Every write path is covered without hooks per write (roll call and its undo, card sale and renewal, gift,
 * consumption, correction, refund request and review, leave, lesson cancel or move, a student's campus change).
 * `buildIndex` makes one from scratch (the same code on an empty index); the property test
 * (analysisIndex.test.ts) checks that both agree after random writes.
 */
import type { Db } from '../db';
import { campusesOf } from './campusRows';
import { marksOf } from './scheduleRows';
import type { CardOrder, HourRecord } from '../../src/types/school';
import type { Attendance, AttendanceMark, Lesson } from '../../src/types/schedule';
import { attendance, balanceOn, cardBalances, consumedHours, isConsumption, type BalanceAt, type CardBalances } from '../../src/domain/metrics';
import { cashIn, recognisedValue, refundsOut } from '../../src/domain/revenue';
import { companyStudentsOf } from './studentRows';
import { lessonsOf } from './lessonRows';

/** Figures of one campus and day (hours in tenths, money in cents, counts: exact, so that ranges add up exactly). */
export interface DayFigures {
  consumedT: number;
  recognisedC: number;
  cashC: number;
  refundC: number;
  present: number;
  leave: number;
  truant: number;
}

export const emptyFigures = (): DayFigures => ({ consumedT: 0, recognisedC: 0, cashC: 0, refundC: 0, present: 0, leave: 0, truant: 0 });

const cents = (v: number) => Math.round(v * 100);
const tenths = (v: number) => Math.round(v * 10);

/**
 * The figures of one day's groups: consuming records (by their day), approved refunds (by their review day), card
 * orders (by their day) and active marks (of lessons dated that day), through the metric functions.
 */
export function dayFigures(day: string, consumption: HourRecord[], refunds: HourRecord[], orders: CardOrder[], marks: Attendance[]): DayFigures {
  const a = attendance(marks);
  return {
    consumedT: tenths(consumedHours(consumption)),
    recognisedC: cents(recognisedValue(consumption, day, day)),
    cashC: cents(cashIn(orders, day, day)),
    refundC: cents(refundsOut(refunds, day, day)),
    present: a.present,
    leave: a.leave,
    truant: a.truant,
  };
}

/** The day an hour record counts on, and whether it is a consumption or a refund (else neither). */
export function recordDay(r: Pick<HourRecord, 'type' | 'createdAt' | 'reviewedAt'>): { kind: 'consumption' | 'refund' | undefined; day: string } {
  if (isConsumption(r)) return { kind: 'consumption', day: r.createdAt.slice(0, 10) };
  if (r.type === 'back') return { kind: 'refund', day: (r.reviewedAt ?? r.createdAt).slice(0, 10) };
  return { kind: undefined, day: r.createdAt.slice(0, 10) };
}

/** A record that took a count card to 0 or below (what the renewal-due rule looks at). */
export const isEmptying = (r: Pick<HourRecord, 'hours' | 'balanceAfter'>) => r.hours < 0 && r.balanceAfter <= 0;

interface RecSnap {
  campus: number;
  type: HourRecord['type'];
  hours: number;
  amount: number;
  createdAt: string;
  reviewedAt?: string;
  balanceAfter: number;
  studentId: number;
  cardId: number;
  lessonId?: number;
}
interface OrderSnap {
  campus: number;
  amount: number;
  createdAt: string;
  studentId: number;
}
interface MarkSnap {
  /** The lesson's campus and date; undefined when the mark does not count (undone, or its lesson is gone). */
  campus?: number;
  date?: string;
  mark: AttendanceMark;
  undoneAt?: string;
  lessonId: number;
}

/** The company's rows of a table as last seen, in table order, with the snapshot of the fields the index reads. */
interface Snapshots<R, S> {
  rows: R[];
  snaps: S[];
}

/**
 * Compares a table's company rows with their snapshots and moves the changed ones (`place(row, old, -1)` then
 * `place(row, new, 1)`). Tables grow by appends, so rows are matched by position (cheap); when a row was removed
 * or inserted in between, they are matched by identity instead. Rows gone are taken out.
 */
function scan<R extends { companyId: number }, S>(
  table: R[],
  cid: number,
  seen: Snapshots<R, S>,
  fns: { same: (s: S, r: R) => boolean; snap: (r: R) => S; place: (r: R, s: S, sign: 1 | -1) => void },
): void {
  const { rows, snaps } = seen;
  let j = 0;
  let aligned = true;
  for (const r of table) {
    if (r.companyId !== cid) continue;
    if (j < rows.length) {
      if (rows[j] !== r) {
        aligned = false;
        break;
      }
      const s = snaps[j];
      if (!fns.same(s, r)) {
        fns.place(r, s, -1);
        const n = fns.snap(r);
        snaps[j] = n;
        fns.place(r, n, 1);
      }
    } else {
      const n = fns.snap(r);
      rows.push(r);
      snaps.push(n);
      fns.place(r, n, 1);
    }
    j += 1;
  }
  if (aligned) {
    for (let k = j; k < rows.length; k += 1) fns.place(rows[k], snaps[k], -1);
    rows.length = j;
    snaps.length = j;
    return;
  }
  // Matched by identity.
  const old = new Map<R, S>();
  for (let k = 0; k < rows.length; k += 1) old.set(rows[k], snaps[k]);
  rows.length = 0;
  snaps.length = 0;
  for (const r of table) {
    if (r.companyId !== cid) continue;
    const s = old.get(r);
    let n = s;
    if (s === undefined || !fns.same(s, r)) {
      if (s !== undefined) fns.place(r, s, -1);
      n = fns.snap(r);
      fns.place(r, n, 1);
    }
    old.delete(r);
    rows.push(r);
    snaps.push(n!);
  }
  for (const [r, s] of old) fns.place(r, s, -1);
}

type Groups<K, V> = Map<K, Set<V>>;
function add<K, V>(m: Groups<K, V>, k: K, v: V) {
  const s = m.get(k);
  if (s) s.add(v);
  else m.set(k, new Set([v]));
}
function remove<K, V>(m: Groups<K, V>, k: K, v: V) {
  const s = m.get(k);
  if (!s) return;
  s.delete(v);
  if (!s.size) m.delete(k);
}
const list = <T>(s: Set<T> | undefined): T[] => (s ? [...s] : []);
const keyOf = (campus: number, day: string) => `${campus}|${day}`;

export class CompanyIndex {
  readonly companyId: number;
  /** The cache key (write count, table lengths) at the last refresh. */
  key = '';
  /** The tables the index was built from (a reset replaces them: then a new index is built). */
  tables: unknown[] = [];

  /** Each student's campus (records and orders count on their student's campus; 0 = unknown student). */
  studentCampus = new Map<number, number>();
  /** Number of students and of lessons per campus (to tell when a scope sees a whole campus). */
  studentsPerCampus = new Map<number, number>();
  lessonsPerCampus = new Map<number, number>();
  campuses: number[] = [];
  lessonById = new Map<number, Lesson>();

  /** `${campusId}|${day}` → figures of that campus and day (campus: the student's for records and orders, the lesson's for marks). */
  days = new Map<string, DayFigures>();
  /** Records that took a count card to 0 or below. */
  emptying = new Set<HourRecord>();
  /** Consuming records written for lessons, by their day. */
  lessonRecordsByDay: Groups<string, HourRecord> = new Map();
  /** Active marks, by their lesson's date and by lesson. */
  marksByDay: Groups<string, Attendance> = new Map();
  marksByLesson: Groups<number, Attendance> = new Map();
  /** Every record and order of a student (for a data scope that sees part of a campus). */
  recordsByStudent: Groups<number, HourRecord> = new Map();
  ordersByStudent: Groups<number, CardOrder> = new Map();

  private consumption: Groups<string, HourRecord> = new Map();
  private refunds: Groups<string, HourRecord> = new Map();
  private orders: Groups<string, CardOrder> = new Map();
  private marks: Groups<string, Attendance> = new Map();
  private recordsByCard: Groups<number, HourRecord> = new Map();
  private balances = new Map<number, CardBalances>();

  private recs: Snapshots<HourRecord, RecSnap> = { rows: [], snaps: [] };
  private ords: Snapshots<CardOrder, OrderSnap> = { rows: [], snaps: [] };
  private atts: Snapshots<Attendance, MarkSnap> = { rows: [], snaps: [] };
  private dirtyKeys = new Set<string>();
  private dirtyCards = new Set<number>();

  /** Rows moved by the last refresh (for the bench and tests). */
  lastChanged = 0;

  constructor(companyId: number) {
    this.companyId = companyId;
  }

  /** A card's balance at the end of a day. */
  balanceAt: BalanceAt = (cardId, day) => balanceOn(this.balances.get(cardId), day);

  /** Brings the index up to date with the tables: only the rows that changed since the last refresh are moved. */
  refresh(db: Db): void {
    const cid = this.companyId;
    this.lastChanged = 0;
    this.tables = [db.hourRecords, db.cardOrders];

    const oldCampus = this.studentCampus;
    this.studentCampus = new Map();
    this.studentsPerCampus = new Map();
    for (const s of companyStudentsOf(db, cid)) {
      this.studentCampus.set(s.id, s.campusId);
      this.studentsPerCampus.set(s.campusId, (this.studentsPerCampus.get(s.campusId) ?? 0) + 1);
    }
    this.lessonById = new Map();
    this.lessonsPerCampus = new Map();
    for (const l of lessonsOf(db, cid)) {
      this.lessonById.set(l.id, l);
      this.lessonsPerCampus.set(l.campusId, (this.lessonsPerCampus.get(l.campusId) ?? 0) + 1);
    }
    this.campuses = campusesOf(db, cid).map((c) => c.id);

    // Students who moved campus: their records and orders move with them.
    const moved = new Set<number>();
    for (const [id, c] of this.studentCampus) if (oldCampus.get(id) !== c) moved.add(id);
    for (const id of oldCampus.keys()) if (!this.studentCampus.has(id)) moved.add(id);
    const campusOf = (studentId: number) => this.studentCampus.get(studentId) ?? 0;

    scan(db.hourRecords, cid, this.recs, {
      same: (s, r) =>
        s.type === r.type &&
        s.hours === r.hours &&
        s.amount === r.amount &&
        s.createdAt === r.createdAt &&
        s.reviewedAt === r.reviewedAt &&
        s.balanceAfter === r.balanceAfter &&
        s.studentId === r.studentId &&
        s.cardId === r.cardId &&
        s.lessonId === r.lessonId &&
        !(moved.size && moved.has(r.studentId)),
      snap: (r) => ({ campus: campusOf(r.studentId), type: r.type, hours: r.hours, amount: r.amount, createdAt: r.createdAt, reviewedAt: r.reviewedAt, balanceAfter: r.balanceAfter, studentId: r.studentId, cardId: r.cardId, lessonId: r.lessonId }),
      place: (r, s, sign) => this.placeRecord(r, s, sign),
    });
    scan(db.cardOrders, cid, this.ords, {
      same: (s, o) => s.amount === o.amount && s.createdAt === o.createdAt && s.studentId === o.studentId && !(moved.size && moved.has(o.studentId)),
      snap: (o) => ({ campus: campusOf(o.studentId), amount: o.amount, createdAt: o.createdAt, studentId: o.studentId }),
      place: (o, s, sign) => this.placeOrder(o, s, sign),
    });
    // Roll-call marks count on their lesson's campus and date. A request reads them anew (`loadCompanyMarks`): a line
    // read again unchanged is matched to the row the index holds, so only the lines that changed are moved.
    const held = new Map(this.atts.rows.map((r) => [r.id, r]));
    const marks = marksOf(db, cid).map((a) => {
      const h = held.get(a.id);
      return h && h.mark === a.mark && h.lessonId === a.lessonId && h.undoneAt === a.undoneAt && h.companyId === a.companyId ? h : a;
    });
    scan(marks, cid, this.atts, {
      same: (s, a) => {
        if (s.mark !== a.mark || s.undoneAt !== a.undoneAt || s.lessonId !== a.lessonId) return false;
        const l = a.undoneAt ? undefined : this.lessonById.get(a.lessonId);
        return s.campus === l?.campusId && s.date === l?.date;
      },
      snap: (a) => {
        const l = a.undoneAt ? undefined : this.lessonById.get(a.lessonId);
        return { campus: l?.campusId, date: l?.date, mark: a.mark, undoneAt: a.undoneAt, lessonId: a.lessonId };
      },
      place: (a, s, sign) => this.placeMark(a, s, sign),
    });

    // Only the groups and cards touched are computed again.
    for (const k of this.dirtyKeys) {
      const cons = this.consumption.get(k);
      const refs = this.refunds.get(k);
      const ords = this.orders.get(k);
      const marks = this.marks.get(k);
      if (!cons && !refs && !ords && !marks) {
        this.days.delete(k);
        continue;
      }
      this.days.set(k, dayFigures(k.slice(k.indexOf('|') + 1), list(cons), list(refs), list(ords), list(marks)));
    }
    this.dirtyKeys.clear();
    for (const id of this.dirtyCards) {
      const recs = this.recordsByCard.get(id);
      if (recs) this.balances.set(id, cardBalances([...recs]));
      else this.balances.delete(id);
    }
    this.dirtyCards.clear();
  }

  private placeRecord(r: HourRecord, s: RecSnap, sign: 1 | -1) {
    this.lastChanged += 1;
    const op = sign > 0 ? add : remove;
    const { kind, day } = recordDay(s);
    if (kind === 'consumption') {
      const k = keyOf(s.campus, day);
      op(this.consumption, k, r);
      this.dirtyKeys.add(k);
      if (s.lessonId !== undefined) op(this.lessonRecordsByDay, day, r);
    } else if (kind === 'refund') {
      const k = keyOf(s.campus, day);
      op(this.refunds, k, r);
      this.dirtyKeys.add(k);
    }
    if (isEmptying(s)) {
      if (sign > 0) this.emptying.add(r);
      else this.emptying.delete(r);
    }
    op(this.recordsByCard, s.cardId, r);
    this.dirtyCards.add(s.cardId);
    op(this.recordsByStudent, s.studentId, r);
  }

  private placeOrder(o: CardOrder, s: OrderSnap, sign: 1 | -1) {
    this.lastChanged += 1;
    const op = sign > 0 ? add : remove;
    const k = keyOf(s.campus, s.createdAt.slice(0, 10));
    op(this.orders, k, o);
    this.dirtyKeys.add(k);
    op(this.ordersByStudent, s.studentId, o);
  }

  private placeMark(a: Attendance, s: MarkSnap, sign: 1 | -1) {
    this.lastChanged += 1;
    if (s.campus === undefined || s.date === undefined) return;
    const op = sign > 0 ? add : remove;
    const k = keyOf(s.campus, s.date);
    op(this.marks, k, a);
    this.dirtyKeys.add(k);
    op(this.marksByDay, s.date, a);
    op(this.marksByLesson, s.lessonId, a);
  }

  /** The balance steps of every card (for the agreement test). */
  balanceSteps(): Map<number, CardBalances> {
    return this.balances;
  }
}

/** A company's index built from scratch. */
export function buildIndex(db: Db, companyId: number): CompanyIndex {
  const ix = new CompanyIndex(companyId);
  ix.refresh(db);
  return ix;
}
