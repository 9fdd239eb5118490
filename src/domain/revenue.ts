/**
 * Revenue, deferred revenue and the month rollforward (docs/rules.md#revenue-and-month-close), as pure functions over the ledger.
 * Shared by the mock backend (finance screens, the ledger's money values) and by the analysis screens (docs/rules.md#analysis-metrics).
 *
 * Figures (one definition each):
 * - **cash in** (`cashIn`): paid amounts of card orders on their payment date;
 * - **refunds out** (`refundsOut`): the money value of approved returns (`back` records) on their review date;
 * - **recognised value** (`recognisedValue`): count cards: the money value of the records that consume them
 *   (`reduce`, `truant`, `leave`, `diy`, when they take hours); period cards: the paid amount straight-line per day
 *   of validity; **corrections** (`proof` records) add back or take their money value;
 * - **forfeited value** (`forfeitedValue`): what is left of a card when it is invalidated, or when it expires with
 *   hours (or days) left; recognised as revenue of its own kind on that day;
 * - **deferred value** (`deferredValue`): paid − recognised − refunded − forfeited (+ corrections), which equals the
 *   remaining hours × unit price (`deferredByHours`): both are the same number by construction (see below).
 *
 * Money values of records are allocated in cents (`allocateRecordValue`) from a card's value pool: the value left
 * (cents) over the hours still owed. The remaining value of b hours is `round(b × value / hours)` cents and a record's
 * value is the difference of the remaining value before and after it; so the record that empties a card takes the
 * remainder, and a card's records add up to exactly its paid amount. The mock ledger takes the pool from the card's
 * ledger before each record (`poolOf(remainingValueCents(records), hours)`): for a card bought once the price is
 * paid ÷ (bought + gift), within a cent per record. Hours frozen by a pending return stay in the pool (owed until the
 * return is approved) and leave it on approval.
 */
import type { CardKind, HourRecord, HourRecordType, StudentCard, StudentCardStatus } from '@/types/school';

/* ------------------------------------------------------------------ numbers and dates */

/** Yuan → cents (integer). */
export const toCents = (yuan: number): number => Math.round(yuan * 100);
/** Cents → yuan. */
export const fromCents = (cents: number): number => (Math.round(cents) || 0) / 100;
/** Hours → tenths (integer). */
const toTenths = (hours: number): number => Math.round(hours * 10);

/** Money with 2 decimals (sum in cents to avoid drift). */
export function sumMoney(values: number[]): number {
  return fromCents(values.reduce((s, v) => s + toCents(v), 0));
}

/**
 * Day numbers and their dates, remembered (a day's number never changes): the figures of thousands of cards over
 * dozens of days ask the same few days again and again, and parsing or printing a date costs more than the rule.
 */
const dayNos = new Map<string, number>();
const dayTexts = new Map<number, string>();
const DAY_MEMO = 20_000;
const dayNo = (d: string): number => {
  let n = dayNos.get(d);
  if (n === undefined) {
    if (dayNos.size >= DAY_MEMO) dayNos.clear();
    n = Math.round(Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10)) / 86400000);
    dayNos.set(d, n);
  }
  return n;
};
const fromDayNo = (n: number): string => {
  let d = dayTexts.get(n);
  if (d === undefined) {
    if (dayTexts.size >= DAY_MEMO) dayTexts.clear();
    d = new Date(n * 86400000).toISOString().slice(0, 10);
    dayTexts.set(n, d);
  }
  return d;
};

/** `YYYY-MM-DD` + n days. */
export function plusDays(d: string, n: number): string {
  return fromDayNo(dayNo(d) + n);
}

/** First and last day of a month `YYYY-MM`. */
export function monthRange(month: string): { start: string; end: string } {
  const y = +month.slice(0, 4);
  const m = +month.slice(5, 7);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month n months after `month` (n may be negative). */
export function addMonths(month: string, n: number): string {
  const total = +month.slice(0, 4) * 12 + (+month.slice(5, 7) - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The `count` months ending with `last`, oldest first. */
export function monthsEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));
}

/* ------------------------------------------------------------------ cents allocation */

/** A card's value pool: hours in the pool (remaining + frozen by pending returns) and its anchor. */
export interface ValuePool {
  /** Pool hours in tenths. */
  hoursT: number;
  /** Value (cents) of `anchorHoursT` hours at the last purchase. */
  anchorCents: number;
  anchorHoursT: number;
}

export const emptyPool = (): ValuePool => ({ hoursT: 0, anchorCents: 0, anchorHoursT: 0 });

/**
 * The pool of a card from what its ledger says now: remaining value (cents: sales − values taken) over the hours
 * still owed (tenths: remaining + frozen by a pending return). Valuing each record against it prices it at the card's
 * current average; the record that empties the card takes what is left.
 */
export function poolOf(valueCents: number, hoursT: number): ValuePool {
  return { hoursT, anchorCents: valueCents, anchorHoursT: hoursT };
}

/** Remaining value (cents) a card's records leave in its pool: every value except a pending return's preview. */
export function remainingValueCents(records: Pick<HourRecord, 'type' | 'amount'>[]): number {
  return records.reduce((s, r) => (r.type === 'backing' ? s : s + toCents(r.amount)), 0);
}

/** Remaining value (cents) of `hoursT` tenths of hours in a pool. */
export function poolCents(pool: ValuePool, hoursT = pool.hoursT): number {
  if (pool.anchorHoursT === 0 || hoursT === 0) return 0;
  return Math.round((hoursT * pool.anchorCents) / pool.anchorHoursT) || 0;
}

/** The exact unit price of the pool's hours (yuan per hour, not rounded). */
export function poolUnitPrice(pool: ValuePool): number {
  return pool.anchorHoursT === 0 ? 0 : (pool.anchorCents / pool.anchorHoursT) * 0.1;
}

/**
 * The refund of returning `hours` from a pool (yuan, ≥ 0): the value those hours take out of it. The return request
 * (`backing`), its approval (`back`, same pool) and the return form's preview (`GET /v2/student_card/return_quote`
 * gives the pool) all use it, so the figure shown before confirming is the one refunded.
 */
export function returnRefund(pool: ValuePool, hours: number): number {
  const req = Math.min(toTenths(hours), pool.hoursT);
  return fromCents(poolCents(pool) - poolCents(pool, pool.hoursT - req));
}

/**
 * `reversedAmount`: the record reverses another one (the undo of a roll call, a correction that puts back a
 * consumption): its value is minus that record's value, whatever is left in the pool (issue 30: an undo on a used-up
 * card was valued ¥0), and the pool is re-anchored so that the next consumption of those hours takes the same value.
 */
export type ValueRecord = Pick<HourRecord, 'type' | 'hours'> & Partial<Pick<HourRecord, 'requestedHours'>> & { reversedAmount?: number };

/**
 * The money value of the next record of a card (signed like its hours, yuan) and the pool after it.
 * - add: the cash of its order (`orderAmount`) joins the pool; the pool is re-anchored;
 * - give: hours join at no value (the average price drops: gift hours are valued at the average price);
 * - reduce / truant / leave / diy / proof: the change of the remaining value;
 * - backing: the value the return would refund (the pool keeps the frozen hours until approval);
 * - back: leaves the pool with that value (`requestedHours`, or |hours|); back_reject and fail: 0.
 */
export function allocateRecordValue(pool: ValuePool, rec: ValueRecord, orderAmount = 0): { amount: number; pool: ValuePool } {
  const h = toTenths(rec.hours);
  const now = poolCents(pool);
  switch (rec.type) {
    case 'add':
    case 'give': {
      const added = rec.type === 'add' ? toCents(orderAmount) : 0;
      const hoursT = pool.hoursT + h;
      // What is left (even with no hours left) joins the new purchase.
      const left = pool.hoursT === pool.anchorHoursT ? pool.anchorCents : now;
      return { amount: fromCents(added), pool: { hoursT, anchorCents: left + added, anchorHoursT: hoursT } };
    }
    case 'backing':
      return { amount: -returnRefund(pool, rec.requestedHours ?? Math.abs(rec.hours)), pool };
    case 'back': {
      const req = toTenths(rec.requestedHours ?? Math.abs(rec.hours));
      const next = { ...pool, hoursT: pool.hoursT - req };
      return { amount: -fromCents(now - poolCents(next)), pool: next };
    }
    case 'back_reject':
    case 'fail':
      return { amount: 0, pool };
    default: {
      if (h === 0) return { amount: 0, pool };
      if (rec.reversedAmount !== undefined) {
        const value = -toCents(rec.reversedAmount);
        const hoursT = pool.hoursT + h;
        return { amount: fromCents(value), pool: { hoursT, anchorCents: now + value, anchorHoursT: hoursT } };
      }
      const next = { ...pool, hoursT: pool.hoursT + h };
      return { amount: fromCents(poolCents(next) - now), pool: next };
    }
  }
}

/**
 * Replays a card's records in order (as they were appended) and gives each its money value and the pool after.
 * `orderAmount(orderId)` is the cash of the order an `add` record belongs to.
 */
export function replayCardValues<R extends ValueRecord & Partial<Pick<HourRecord, 'orderId'>>>(
  records: R[],
  orderAmount: (orderId: number | undefined) => number,
): { values: number[]; pool: ValuePool } {
  let pool = emptyPool();
  const values = records.map((r) => {
    // A reviewed return is replayed as it happened: the request froze hours, the approval took the value.
    const res = allocateRecordValue(pool, r, r.type === 'add' ? orderAmount(r.orderId) : 0);
    pool = res.pool;
    return res.amount;
  });
  return { values, pool };
}

/* ------------------------------------------------------------------ the card's figures */

/** Record types whose money value is recognised as lesson revenue (when they take hours). */
export const RECOGNISED_TYPES: readonly HourRecordType[] = ['reduce', 'truant', 'leave', 'diy'];

export interface CardInput {
  id: number;
  kind: CardKind;
  startDate: string;
  expiryDate: string;
  status: StudentCardStatus;
  /** Date (or stamp) the card was invalidated. */
  invalidatedAt?: string;
  /** The expiry dates a renewal replaced, oldest first (see `expiryOn`): a renewal moves the expiry from its day on. */
  expiryChanges?: readonly DatedChange<string>[];
}

/**
 * A change of a value that took effect on day `from` (`YYYY-MM-DD`): `before` held on the days before it. A value with
 * its changes (oldest first) says what it was on any day (`valueOn`), so a change made today never reaches back into a
 * past month (issue 29: closed months stay closed): a renewal moves a card's expiry from the renewal day on, a move
 * between campuses moves the student from that day on.
 */
export interface DatedChange<T> {
  from: string;
  before: T;
}

/** The value in force on `day`, given its value now and its changes (oldest first). */
export function valueOn<T>(current: T, changes: readonly DatedChange<T>[] | undefined, day: string): T {
  if (changes) for (const c of changes) if (day < c.from) return c.before;
  return current;
}

/** The card's expiry date in force on `day` (a renewal dated R leaves the days before R with the expiry they had). */
export function expiryOn(card: Pick<CardInput, 'expiryDate' | 'expiryChanges'>, day: string): string {
  return valueOn(card.expiryDate, card.expiryChanges, day);
}

export interface OrderInput {
  id: number;
  cardId: number;
  amount: number;
  createdAt: string;
}

export type RecordInput = Pick<HourRecord, 'id' | 'cardId' | 'type' | 'hours' | 'amount' | 'createdAt'> &
  Partial<Pick<HourRecord, 'reviewedAt' | 'requestedHours'>>;

export type FigureKind = 'sold' | 'recognised' | 'corrections' | 'refunded' | 'forfeited';

/** One dated money movement of a card (before forfeiture is applied). */
export interface CardEvent {
  date: string;
  kind: 'sold' | 'recognised' | 'corrections' | 'refunded';
  /** Positive yuan: sold adds to the deferred value; recognised and refunded take from it; corrections are signed (+ adds). */
  amount: number;
  recordId?: number;
  orderId?: number;
}

const day10 = (s: string) => s.slice(0, 10);

/**
 * The day a card stops owing anything, as it stood on `day` (default `today`): the day after the expiry in force on
 * `day` (if that day has come), or the invalidation day, whichever is first. So the forfeit of a card that expired in
 * a past month stays in that month: a renewal afterwards reinstates the value on the renewal day (the forfeit is
 * negative in that month), and an invalidation afterwards changes nothing before it.
 */
export function forfeitDay(card: CardInput, today: string, lastRecordDate?: string, day = today): string | undefined {
  const after = plusDays(expiryOn(card, day), 1);
  const expired = after <= today ? after : undefined;
  if (card.status !== 'invalid') return expired;
  const invalid = day10(card.invalidatedAt ?? lastRecordDate ?? card.startDate);
  return expired && expired < invalid ? expired : invalid;
}

/** Money events of one card from its orders and records (count cards: record values; period cards: sales only). */
export function cardEvents(card: CardInput, records: RecordInput[], orders: OrderInput[]): CardEvent[] {
  const out: CardEvent[] = orders.map((o) => ({ date: day10(o.createdAt), kind: 'sold', amount: o.amount, orderId: o.id }));
  if (card.kind === 'period') return out;
  for (const r of records) {
    if (RECOGNISED_TYPES.includes(r.type) && r.amount < 0) out.push({ date: day10(r.createdAt), kind: 'recognised', amount: -r.amount, recordId: r.id });
    else if (r.type === 'proof' && r.amount !== 0) out.push({ date: day10(r.createdAt), kind: 'corrections', amount: r.amount, recordId: r.id });
    else if (r.type === 'back' && r.amount !== 0) out.push({ date: day10(r.reviewedAt ?? r.createdAt), kind: 'refunded', amount: -r.amount, recordId: r.id });
  }
  return out;
}

/** Period cards: the paid amount recognised straight-line per day of validity (start..expiry inclusive), through `day`. */
export function periodRecognisedThrough(paid: number, startDate: string, expiryDate: string, day: string, stopBefore?: string): number {
  const last = stopBefore && plusDays(stopBefore, -1) < day ? plusDays(stopBefore, -1) : day;
  const total = dayNo(expiryDate) - dayNo(startDate) + 1;
  if (total <= 0) return 0;
  const elapsed = Math.min(Math.max(dayNo(last) - dayNo(startDate) + 1, 0), total);
  return fromCents(Math.round((toCents(paid) * elapsed) / total));
}

export interface CardFigures {
  opening: number;
  sold: number;
  recognised: number;
  corrections: number;
  refunded: number;
  forfeited: number;
  closing: number;
}

export interface CardLedger {
  card: CardInput;
  records: RecordInput[];
  orders: OrderInput[];
}

/** Cumulative figures of a card through the end of `day` (inclusive). `today` decides whether an expiry has forfeited. */
export function cardTotalsThrough(l: CardLedger, day: string, today: string, events = cardEvents(l.card, l.records, l.orders)): CardTotals {
  const lastRecord = l.records.reduce<string | undefined>((m, r) => (!m || day10(r.createdAt) > m ? day10(r.createdAt) : m), undefined);
  const sums: EventSums = [0, 0, 0, 0];
  for (const e of events) {
    if (e.date > day) continue;
    sums[EVENT_SLOT[e.kind]] += toCents(e.amount);
  }
  return totalsFromSums(l.card, sums, day, today, lastRecord);
}

/** Cumulative figures of a card through the end of a day. */
export type CardTotals = Omit<CardFigures, 'opening' | 'closing'> & { deferred: number };

/** Cents of a card's events dated up to a day, by kind: sold, recognised, corrections, refunded. */
export type EventSums = [number, number, number, number];
const EVENT_SLOT: Record<CardEvent['kind'], 0 | 1 | 2 | 3> = { sold: 0, recognised: 1, corrections: 2, refunded: 3 };

/**
 * The figures through `day` from the sums of the events dated up to it: period cards' straight-line recognition and
 * forfeiture are applied here, once, for both ways of summing (`cardTotalsThrough`, `seriesTotalsThrough`).
 */
export function totalsFromSums(card: CardInput, sums: EventSums, day: string, today: string, lastRecord: string | undefined): CardTotals {
  // The card as it stood on `day`: the expiry in force then (a later renewal does not reach back).
  const f = forfeitDay(card, today, lastRecord, day);
  const [sold, eventsRecognised, corrections, refunded] = sums;
  let recognised = eventsRecognised;
  // A period card recognises only the days that have passed (issue 30): never a day after today.
  if (card.kind === 'period') recognised += toCents(periodRecognisedThrough(fromCents(sold), card.startDate, expiryOn(card, day), day < today ? day : today, f));
  // From the forfeit day on, whatever is left (and any later movement) is forfeited: the card owes nothing.
  const raw = sold - recognised - refunded + corrections;
  const forfeited = f && day >= f ? raw : 0;
  return {
    sold: fromCents(sold),
    recognised: fromCents(recognised),
    corrections: fromCents(corrections),
    refunded: fromCents(refunded),
    forfeited: fromCents(forfeited),
    deferred: fromCents(raw - forfeited),
  };
}

/**
 * The rollforward of one card over [from, to]: opening deferred + sold − recognised − refunded − forfeited
 * + corrections = closing. Opening is the deferred value at the end of the day before `from`.
 */
export function cardFigures(l: CardLedger, from: string, to: string, today: string): CardFigures {
  const events = cardEvents(l.card, l.records, l.orders);
  const a = cardTotalsThrough(l, plusDays(from, -1), today, events);
  const b = cardTotalsThrough(l, to, today, events);
  const d = (k: 'sold' | 'recognised' | 'corrections' | 'refunded' | 'forfeited') => fromCents(toCents(b[k]) - toCents(a[k]));
  return { opening: a.deferred, sold: d('sold'), recognised: d('recognised'), corrections: d('corrections'), refunded: d('refunded'), forfeited: d('forfeited'), closing: b.deferred };
}

/**
 * A card's events summed by day (prefix sums), to read its totals at many days without replaying its records
 * (the finance lists value every card over 12 months). Built from `cardEvents`; `seriesTotalsThrough` and
 * `seriesFigures` give the same numbers as `cardTotalsThrough` and `cardFigures` (revenue.test.ts checks it on
 * generated ledgers). The card is read when asked (its status, dates and invalidation may change after the series
 * is built); the records and orders are not: rebuild the series when they change.
 */
export interface CardSeries {
  card: CardInput;
  /** Last record day (the invalidation day when the card has none). */
  lastRecord?: string;
  /** Distinct event days, ascending. */
  days: string[];
  /** `sums[i]`: the cents of the events dated up to `days[i]`, by kind (sold, recognised, corrections, refunded). */
  sums: EventSums[];
}

export function cardSeries(l: CardLedger, events = cardEvents(l.card, l.records, l.orders)): CardSeries {
  const lastRecord = l.records.reduce<string | undefined>((m, r) => (!m || day10(r.createdAt) > m ? day10(r.createdAt) : m), undefined);
  const byDay = new Map<string, EventSums>();
  for (const e of events) {
    let s = byDay.get(e.date);
    if (!s) byDay.set(e.date, (s = [0, 0, 0, 0]));
    s[EVENT_SLOT[e.kind]] += toCents(e.amount);
  }
  const days = [...byDay.keys()].sort();
  const sums: EventSums[] = [];
  let run: EventSums = [0, 0, 0, 0];
  for (const d of days) {
    const s = byDay.get(d)!;
    run = [run[0] + s[0], run[1] + s[1], run[2] + s[2], run[3] + s[3]];
    sums.push(run);
  }
  return { card: l.card, lastRecord, days, sums };
}

/** `cardTotalsThrough` from a series: the sums of the last event day ≤ `day` (binary search). */
export function seriesTotalsThrough(s: CardSeries, day: string, today: string): CardTotals {
  let lo = 0;
  let hi = s.days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s.days[mid] <= day) lo = mid + 1;
    else hi = mid;
  }
  return totalsFromSums(s.card, lo === 0 ? [0, 0, 0, 0] : s.sums[lo - 1], day, today, s.lastRecord);
}

/** `cardFigures` from a series. */
export function seriesFigures(s: CardSeries, from: string, to: string, today: string): CardFigures {
  return figuresBetween(seriesTotalsThrough(s, plusDays(from, -1), today), seriesTotalsThrough(s, to, today));
}

export function figuresBetween(a: CardTotals, b: CardTotals): CardFigures {
  const d = (k: 'sold' | 'recognised' | 'corrections' | 'refunded' | 'forfeited') => fromCents(toCents(b[k]) - toCents(a[k]));
  return { opening: a.deferred, sold: d('sold'), recognised: d('recognised'), corrections: d('corrections'), refunded: d('refunded'), forfeited: d('forfeited'), closing: b.deferred };
}

/** Sum of figures (in cents). */
export function addFigures(rows: CardFigures[]): CardFigures {
  const keys: (keyof CardFigures)[] = ['opening', 'sold', 'recognised', 'corrections', 'refunded', 'forfeited', 'closing'];
  return Object.fromEntries(keys.map((k) => [k, sumMoney(rows.map((r) => r[k]))])) as unknown as CardFigures;
}

/** The month rollforward identity: opening + sold − recognised − refunded − forfeited + corrections = closing. */
export function rollforwardHolds(f: CardFigures): boolean {
  return toCents(f.opening) + toCents(f.sold) - toCents(f.recognised) - toCents(f.refunded) - toCents(f.forfeited) + toCents(f.corrections) === toCents(f.closing);
}

/** Rollforward of every card over a month, and their sum (per campus: pass that campus's cards). */
export function rollforward(ledgers: CardLedger[], month: string, today: string): { total: CardFigures; cards: { cardId: number; figures: CardFigures }[] } {
  const { start, end } = monthRange(month);
  const cards = ledgers.map((l) => ({ cardId: l.card.id, figures: cardFigures(l, start, end, today) }));
  return { total: addFigures(cards.map((c) => c.figures)), cards };
}

/* ------------------------------------------------------------------ named figures (ranges are inclusive days) */

const inRange = (d: string, from: string, to: string) => d >= from && d <= to;

/** Cash in: paid amounts of card orders dated in the range. */
export function cashIn(orders: Pick<OrderInput, 'amount' | 'createdAt'>[], from: string, to: string): number {
  return sumMoney(orders.filter((o) => inRange(day10(o.createdAt), from, to)).map((o) => o.amount));
}

/** Refunds out: the value of returns approved in the range (`back` records, by review date). */
export function refundsOut(records: Pick<HourRecord, 'type' | 'amount' | 'createdAt' | 'reviewedAt'>[], from: string, to: string): number {
  return sumMoney(records.filter((r) => r.type === 'back' && inRange(day10(r.reviewedAt ?? r.createdAt), from, to)).map((r) => -r.amount));
}

/** Money value recognised by one record (lesson consumption or correction; 0 for every other type). */
export function recordRecognised(r: Pick<HourRecord, 'type' | 'amount'>): number {
  if (RECOGNISED_TYPES.includes(r.type) && r.amount < 0) return -r.amount;
  if (r.type === 'proof') return -r.amount;
  return 0;
}

/** Recognised value (lessons and corrections, net) of the records dated in the range, count cards only. */
export function recognisedValue(records: Pick<HourRecord, 'type' | 'amount' | 'createdAt'>[], from: string, to: string): number {
  return sumMoney(records.filter((r) => inRange(day10(r.createdAt), from, to)).map(recordRecognised));
}

/** Per card over a range: recognised (lessons net of corrections, period cards by day), forfeited, deferred at the end. */
export function cardRevenue(l: CardLedger, from: string, to: string, today: string): { recognised: number; forfeited: number; deferred: number } {
  const f = cardFigures(l, from, to, today);
  return { recognised: fromCents(toCents(f.recognised) - toCents(f.corrections)), forfeited: f.forfeited, deferred: f.closing };
}

/** Forfeited value of a card in a range. */
export function forfeitedValue(l: CardLedger, from: string, to: string, today: string): number {
  return cardFigures(l, from, to, today).forfeited;
}

/** Deferred value of a card at the end of `day`: paid − recognised − refunded − forfeited (+ corrections). */
export function deferredValue(l: CardLedger, day: string, today: string): number {
  return cardTotalsThrough(l, day, today).deferred;
}

/**
 * Deferred value the other way: the hours still owed (remaining + frozen by a pending return) at the unit price of
 * the card's pool; 0 once the card is forfeited; period cards: the days left at the daily price.
 */
export function deferredByHours(
  card: CardInput & Pick<StudentCard, 'remainingHours' | 'paidAmount'>,
  pool: ValuePool,
  pendingReturnHours: number,
  day: string,
  today: string,
  lastRecordDate?: string,
): number {
  const f = forfeitDay(card, today, lastRecordDate, day);
  if (f && day >= f) return 0;
  if (card.kind === 'period') return fromCents(toCents(card.paidAmount) - toCents(periodRecognisedThrough(card.paidAmount, card.startDate, expiryOn(card, day), day < today ? day : today)));
  return fromCents(poolCents(pool, toTenths(card.remainingHours + pendingReturnHours)));
}

/* ------------------------------------------------------------------ one definition per figure (issue 30) */

/**
 * A period of days, both ends included. Every figure reads a period only up to today (`periodToDate`): the month under
 * way is "the 1st to today", a period card never recognises a day that has not come, and a period that starts after
 * today is empty.
 */
export interface Period {
  from: string;
  to: string;
}

/** The period as far as it has happened: `to` is at most today (before `from` when the period has not started: empty). */
export function periodToDate(p: Period, today: string): Period {
  if (p.to <= today) return p;
  return { from: p.from, to: today < p.from ? plusDays(p.from, -1) : today };
}

/**
 * Recognised revenue (docs/rules.md#revenue-and-month-close), one definition for every screen, call and export:
 * - `lessons`: the money value of the records that consume count cards (reduce, truant, leave, diy);
 * - `periodDays`: period cards, their paid amount straight-line per day of validity, days up to today only;
 * - `corrections`: what corrections (`proof` records, roll-call undos included) added to it (negative when they gave
 *   hours back);
 * - `recognised` (the headline every screen shows as "Recognised revenue") = lessons + periodDays + corrections;
 * - `forfeited` (breakage): revenue of its own kind, shown beside the headline and never inside it.
 */
export interface RecognisedRevenue {
  lessons: number;
  periodDays: number;
  corrections: number;
  recognised: number;
  forfeited: number;
}

/** A card's recognised revenue from its rollforward figures over the period (`cardFigures`, `seriesFigures`). */
export function revenueOfFigures(kind: CardKind, f: CardFigures): RecognisedRevenue {
  return {
    lessons: kind === 'period' ? 0 : f.recognised,
    periodDays: kind === 'period' ? f.recognised : 0,
    corrections: fromCents(-toCents(f.corrections)),
    recognised: fromCents(toCents(f.recognised) - toCents(f.corrections)),
    forfeited: f.forfeited,
  };
}

/** Sum of recognised revenues (in cents). */
export function addRevenue(rows: RecognisedRevenue[]): RecognisedRevenue {
  const keys: (keyof RecognisedRevenue)[] = ['lessons', 'periodDays', 'corrections', 'recognised', 'forfeited'];
  return Object.fromEntries(keys.map((k) => [k, sumMoney(rows.map((r) => r[k]))])) as unknown as RecognisedRevenue;
}

/**
 * The month rollforward as the screens show it (`/finance/accrual`): recognised = the headline recognised revenue
 * (corrections included), `corrections` = the part of it corrections made; so opening + sold − recognised − refunded −
 * forfeited = closing. (`CardFigures` keeps the ledger's form: recognised without corrections, corrections signed as
 * they move the deferred value.)
 */
export function shownRollforward(f: CardFigures): CardFigures {
  return { ...f, recognised: fromCents(toCents(f.recognised) - toCents(f.corrections)), corrections: fromCents(-toCents(f.corrections)) };
}

/** The ledger of a company (or part of it): each card with its records, orders and the campus it counts on. */
export interface LedgerCard extends CardLedger {
  campusId: number;
}

const ofCampus = (ledger: LedgerCard[], campusId?: number) => (campusId === undefined ? ledger : ledger.filter((c) => c.campusId === campusId));

/** Recognised revenue of a period (optionally one campus): see `RecognisedRevenue`. */
export function recognisedRevenue(ledger: LedgerCard[], period: Period, today: string, campusId?: number): RecognisedRevenue {
  const p = periodToDate(period, today);
  return addRevenue(ofCampus(ledger, campusId).map((l) => revenueOfFigures(l.card.kind, cardFigures(l, p.from, p.to, today))));
}

/** Deferred revenue at the end of the period (today for a period under way): paid − recognised − refunded − forfeited. */
export function deferredRevenue(ledger: LedgerCard[], period: Period, today: string, campusId?: number): number {
  const p = periodToDate(period, today);
  return sumMoney(ofCampus(ledger, campusId).map((l) => deferredValue(l, p.to, today)));
}

/** Cash in of a period: the paid amounts of the card orders dated in it. */
export function cashInOf(ledger: LedgerCard[], period: Period, today: string, campusId?: number): number {
  const p = periodToDate(period, today);
  return cashIn(ofCampus(ledger, campusId).flatMap((l) => l.orders), p.from, p.to);
}

/** Refunds out of a period: the value of the returns approved in it. */
export function refundsOutOf(ledger: LedgerCard[], period: Period, today: string, campusId?: number): number {
  const p = periodToDate(period, today);
  return refundsOut(ofCampus(ledger, campusId).flatMap((l) => l.records), p.from, p.to);
}
