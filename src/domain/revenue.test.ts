import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { HourRecordType } from '@/types/school';
import {
  addMonths,
  allocateRecordValue,
  cardFigures,
  cardSeries,
  cardTotalsThrough,
  cashIn,
  deferredByHours,
  deferredValue,
  emptyPool,
  forfeitedValue,
  monthRange,
  monthsEnding,
  periodRecognisedThrough,
  plusDays,
  poolCents,
  poolOf,
  recognisedValue,
  refundsOut,
  replayCardValues,
  returnRefund,
  rollforward,
  rollforwardHolds,
  seriesFigures,
  seriesTotalsThrough,
  sumMoney,
  type CardLedger,
  type RecordInput,
  type ValuePool,
} from './revenue';

describe('dates', () => {
  it('month ranges, month arithmetic, day arithmetic', () => {
    expect(monthRange('2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(monthRange('2028-02').end).toBe('2028-02-29');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(monthsEnding('2026-03', 4)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    expect(plusDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('cents allocation (the record that empties a card takes the remainder)', () => {
  it('¥100 for 13 hours: 12 hours then 1 hour add up to exactly ¥100.00', () => {
    let pool: ValuePool = emptyPool();
    const sale = allocateRecordValue(pool, { type: 'add', hours: 13 }, 100);
    pool = sale.pool;
    expect(sale.amount).toBe(100);
    const a = allocateRecordValue(pool, { type: 'reduce', hours: -12 });
    const b = allocateRecordValue(a.pool, { type: 'reduce', hours: -1 });
    expect(a.amount).toBe(-92.31);
    expect(b.amount).toBe(-7.69);
    expect(sumMoney([-a.amount, -b.amount])).toBe(100);
  });

  it('gift hours are valued at the average price: paid ÷ (bought + gift)', () => {
    const sale = allocateRecordValue(emptyPool(), { type: 'add', hours: 24 }, 2880);
    const gift = allocateRecordValue(sale.pool, { type: 'give', hours: 2 });
    expect(gift.amount).toBe(0);
    expect(allocateRecordValue(gift.pool, { type: 'reduce', hours: -1 }).amount).toBe(-110.77);
  });

  it('property: a card consumed to 0 in random steps has records adding up to its paid amount exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 60 }),
        (paidCents, hoursT, steps) => {
          const paid = paidCents / 100;
          let pool = allocateRecordValue(emptyPool(), { type: 'add', hours: hoursT / 10 }, paid).pool;
          let left = hoursT;
          const values: number[] = [];
          for (const s of steps) {
            if (left <= 0) break;
            const take = Math.min(s, left);
            const r = allocateRecordValue(pool, { type: 'reduce', hours: -take / 10 });
            pool = r.pool;
            left -= take;
            values.push(-r.amount);
            // Each record is within a cent of hours × exact unit price.
            expect(Math.abs(-r.amount - (take * paid) / hoursT)).toBeLessThanOrEqual(0.0100001);
          }
          if (left > 0) values.push(-allocateRecordValue(pool, { type: 'reduce', hours: -left / 10 }).amount);
          expect(sumMoney(values)).toBe(paid);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('undo and return values (issue 30)', () => {
  it('property: a deduction then its undo leaves the hours and the value unchanged, even on a card it empties; a re-marked deduction takes the same value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 40 }),
        (paidCents, hoursT, before, takeT) => {
          let pool = allocateRecordValue(emptyPool(), { type: 'add', hours: hoursT / 10 }, paidCents / 100).pool;
          let left = hoursT;
          for (const s of before) {
            const take = Math.min(s, left);
            if (take <= 0) break;
            pool = allocateRecordValue(pool, { type: 'reduce', hours: -take / 10 }).pool;
            left -= take;
          }
          const take = Math.min(takeT, left);
          fc.pre(take > 0);
          // The ledger's pool before a record: what is left over the hours left (mock/domains/ledger.ts, poolOfCard).
          pool = poolOf(poolCents(pool), pool.hoursT);
          const valueBefore = poolCents(pool);
          const deduct = allocateRecordValue(pool, { type: 'reduce', hours: -take / 10 });
          const undo = allocateRecordValue(deduct.pool, { type: 'proof', hours: take / 10, reversedAmount: deduct.amount });
          expect(undo.amount).toBe(-deduct.amount || 0);
          expect(undo.pool.hoursT).toBe(pool.hoursT);
          expect(poolCents(undo.pool)).toBe(valueBefore);
          expect(allocateRecordValue(undo.pool, { type: 'reduce', hours: -take / 10 }).amount).toBe(deduct.amount);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the undo of the last hour of a used-up card gives back ¥110.77, not ¥0', () => {
    const sale = allocateRecordValue(emptyPool(), { type: 'add', hours: 26 }, 2880);
    let pool = allocateRecordValue(sale.pool, { type: 'reduce', hours: -25 }).pool;
    const last = allocateRecordValue(pool, { type: 'reduce', hours: -1 });
    pool = last.pool;
    expect(pool.hoursT).toBe(0);
    // The mock ledger rebuilds the pool from what is left (poolOf: ¥0 over 0 hours): alone it values the hour at ¥0.
    pool = poolOf(0, 0);
    expect(allocateRecordValue(pool, { type: 'proof', hours: 1 }).amount).toBe(0);
    const undo = allocateRecordValue(pool, { type: 'proof', hours: 1, reversedAmount: last.amount });
    expect(undo.amount).toBe(-last.amount);
    expect(allocateRecordValue(undo.pool, { type: 'reduce', hours: -1 }).amount).toBe(last.amount);
  });

  it('the refund a return form shows (returnRefund) is the value the request and its approval take', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), (paidCents, hoursT, reqT) => {
        fc.pre(reqT <= hoursT);
        const pool = allocateRecordValue(emptyPool(), { type: 'add', hours: hoursT / 10 }, paidCents / 100).pool;
        const shown = returnRefund(pool, reqT / 10);
        expect(allocateRecordValue(pool, { type: 'backing', hours: -reqT / 10, requestedHours: reqT / 10 }).amount).toBe(-shown);
        expect(allocateRecordValue(pool, { type: 'back', hours: -reqT / 10, requestedHours: reqT / 10 }).amount).toBe(-shown);
      }),
      { numRuns: 300 },
    );
  });
});

/* ---------------- random ledgers ---------------- */

type Op =
  | { k: 'reduce' | 'diy' | 'truant'; h: number }
  | { k: 'proof'; h: number }
  | { k: 'return'; h: number; approve: boolean | null }
  | { k: 'renew'; h: number; cents: number }
  | { k: 'give'; h: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constantFrom('reduce' as const, 'diy' as const, 'truant' as const), h: fc.integer({ min: 5, max: 30 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('proof' as const), h: fc.integer({ min: -20, max: 20 }).filter((x) => x !== 0) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('return' as const), h: fc.integer({ min: 5, max: 40 }), approve: fc.constantFrom(true, false, null) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('renew' as const), h: fc.integer({ min: 10, max: 200 }), cents: fc.integer({ min: 0, max: 500_000 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('give' as const), h: fc.integer({ min: 1, max: 30 }) }) },
);

const ledgerArb = fc.record({
  startOffset: fc.integer({ min: 0, max: 200 }),
  paidCents: fc.integer({ min: 0, max: 1_000_000 }),
  hoursT: fc.integer({ min: 10, max: 500 }),
  validDays: fc.integer({ min: 20, max: 400 }),
  ops: fc.array(fc.tuple(opArb, fc.integer({ min: 0, max: 9 })), { maxLength: 40 }),
  end: fc.constantFrom('active', 'invalid'),
  period: fc.boolean(),
});

type LedgerSpec = typeof ledgerArb extends fc.Arbitrary<infer T> ? T : never;

const BASE = '2025-06-01';
const TODAY = '2026-06-15';

/** Builds a card's records the way the mock ledger does (values from the pool, dated in order). */
function buildLedger(x: LedgerSpec): { l: CardLedger; pool: ValuePool; remaining: number; pending: number } {
  const start = plusDays(BASE, x.startOffset);
  const kind = x.period ? 'period' : 'count';
  const records: RecordInput[] = [];
  const orders = [{ id: 1, cardId: 1, amount: x.paidCents / 100, createdAt: `${start} 10:00:00` }];
  let pool = emptyPool();
  let remainingT = 0;
  let day = start;
  let pendingId: number | undefined;
  let pendingT = 0;
  const push = (type: HourRecordType, hoursT: number, extra: Partial<RecordInput> & { orderAmount?: number; requestedT?: number } = {}) => {
    const r = allocateRecordValue(pool, { type, hours: hoursT / 10, requestedHours: extra.requestedT !== undefined ? extra.requestedT / 10 : undefined }, extra.orderAmount ?? 0);
    pool = r.pool;
    const rec: RecordInput = { id: records.length + 1, cardId: 1, type, hours: hoursT / 10, amount: r.amount, createdAt: `${day} 12:00:00`, requestedHours: extra.requestedT !== undefined ? extra.requestedT / 10 : undefined };
    records.push(rec);
    return rec;
  };
  push('add', kind === 'period' ? 0 : x.hoursT, { orderAmount: x.paidCents / 100 });
  if (kind === 'count') remainingT = x.hoursT;
  let orderId = 1;
  for (const [op, gap] of x.ops) {
    day = plusDays(day, gap);
    if (kind === 'period') continue;
    if (op.k === 'reduce' || op.k === 'diy' || op.k === 'truant') {
      if (remainingT < op.h) continue;
      push(op.k, -op.h);
      remainingT -= op.h;
    } else if (op.k === 'proof') {
      if (remainingT + op.h < 0) continue;
      push('proof', op.h);
      remainingT += op.h;
    } else if (op.k === 'give') {
      push('give', op.h);
      remainingT += op.h;
    } else if (op.k === 'renew') {
      orderId += 1;
      orders.push({ id: orderId, cardId: 1, amount: op.cents / 100, createdAt: `${day} 10:00:00` });
      push('add', op.h, { orderAmount: op.cents / 100 });
      remainingT += op.h;
    } else if (op.k === 'return') {
      if (pendingId !== undefined || remainingT < op.h) continue;
      const rec = push('backing', -op.h, { requestedT: op.h });
      remainingT -= op.h;
      if (op.approve === null) {
        pendingId = rec.id;
        pendingT = op.h;
      } else if (op.approve) {
        const r = allocateRecordValue(pool, { type: 'back', hours: -op.h / 10, requestedHours: op.h / 10 });
        pool = r.pool;
        Object.assign(rec, { type: 'back', amount: r.amount, reviewedAt: `${plusDays(day, 1)} 09:00:00` });
      } else {
        Object.assign(rec, { type: 'back_reject', hours: 0, amount: 0, reviewedAt: `${plusDays(day, 1)} 09:00:00` });
        remainingT += op.h;
      }
    }
  }
  const l: CardLedger = {
    card: { id: 1, kind, startDate: start, expiryDate: plusDays(start, x.validDays), status: x.end === 'invalid' ? 'invalid' : 'active', invalidatedAt: x.end === 'invalid' ? `${plusDays(day, 1)} 08:00:00` : undefined },
    records,
    orders,
  };
  return { l, pool, remaining: remainingT / 10, pending: pendingT / 10 };
}

describe('deferred value two ways, rollforward per month', () => {
  it('property: paid − recognised − refunded − forfeited = remaining hours × unit price, on every day', () => {
    fc.assert(
      fc.property(ledgerArb, fc.integer({ min: 0, max: 400 }), (x, probe) => {
        const { l, pool, remaining, pending } = buildLedger(x);
        // Replaying the stored records gives the stored values (what the mock does on a cache miss).
        const replay = replayCardValues(
          l.records.map((r) => (r.type === 'back' ? r : r)),
          (id) => l.orders.find((o) => o.id === (id ?? 1))?.amount ?? 0,
        );
        expect(replay.values.length).toBe(l.records.length);
        const lastDate = l.records.map((r) => (r.reviewedAt ?? r.createdAt).slice(0, 10)).sort().pop()!;
        const day = plusDays(lastDate, probe % 3 === 0 ? 0 : probe);
        const today = day > TODAY ? day : TODAY;
        const card = { ...l.card, remainingHours: remaining, paidAmount: x.paidCents / 100 };
        const viaHours = deferredByHours(card, pool, pending, day, today, lastDate);
        const viaMoney = deferredValue(l, day, today);
        expect(viaMoney).toBe(viaHours);
      }),
      { numRuns: 300 },
    );
  });

  it('property: opening + sold − recognised − refunded − forfeited + corrections = closing; closing = next opening', () => {
    fc.assert(
      fc.property(fc.array(ledgerArb, { minLength: 1, maxLength: 4 }), (xs) => {
        const ledgers = xs.map((x, i) => {
          const { l } = buildLedger(x);
          return { ...l, card: { ...l.card, id: i + 1 } };
        });
        const months = monthsEnding('2026-08', 16);
        let prev: number | undefined;
        for (const m of months) {
          const rf = rollforward(ledgers, m, TODAY);
          expect(rollforwardHolds(rf.total)).toBe(true);
          rf.cards.forEach((c) => expect(rollforwardHolds(c.figures)).toBe(true));
          if (prev !== undefined) expect(rf.total.opening).toBe(prev);
          prev = rf.total.closing;
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('card series (prefix sums by day) = the straightforward replay', () => {
  it('property: totals through any day and figures over any range are equal, for any today', () => {
    fc.assert(
      fc.property(ledgerArb, fc.integer({ min: -30, max: 700 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: -30, max: 700 }), (x, a, len, t) => {
        const { l } = buildLedger(x);
        const s = cardSeries(l);
        const from = plusDays(BASE, a);
        const to = plusDays(from, len);
        const today = plusDays(BASE, t);
        expect(seriesTotalsThrough(s, to, today)).toEqual(cardTotalsThrough(l, to, today));
        expect(seriesFigures(s, from, to, today)).toEqual(cardFigures(l, from, to, today));
        for (const m of monthsEnding('2026-08', 15)) {
          const r = monthRange(m);
          expect(seriesFigures(s, r.start, r.end, today)).toEqual(cardFigures(l, r.start, r.end, today));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads the card when asked: an invalidation after the series was built forfeits what is left', () => {
    const { l } = buildLedger({ startOffset: 0, paidCents: 100_000, hoursT: 100, validDays: 300, ops: [], end: 'active', period: false });
    const s = cardSeries(l);
    expect(seriesFigures(s, '2025-07-01', '2025-07-31', TODAY).closing).toBe(1000);
    l.card.status = 'invalid';
    l.card.invalidatedAt = '2025-07-10 09:00:00';
    expect(seriesFigures(s, '2025-07-01', '2025-07-31', TODAY)).toEqual(cardFigures(l, '2025-07-01', '2025-07-31', TODAY));
    expect(seriesFigures(s, '2025-07-01', '2025-07-31', TODAY)).toMatchObject({ forfeited: 1000, closing: 0 });
  });
});

describe('named figures', () => {
  const records = [
    { type: 'reduce' as const, amount: -100, createdAt: '2026-05-03 10:00:00' },
    { type: 'truant' as const, amount: -50.5, createdAt: '2026-05-20 10:00:00' },
    { type: 'leave' as const, amount: 0, createdAt: '2026-05-21 10:00:00' },
    { type: 'proof' as const, amount: 50.5, createdAt: '2026-05-22 10:00:00' },
    { type: 'add' as const, amount: 1000, createdAt: '2026-05-01 10:00:00' },
    { type: 'back' as const, amount: -300, createdAt: '2026-04-28 10:00:00', reviewedAt: '2026-05-02 09:00:00' },
    { type: 'diy' as const, amount: -10, createdAt: '2026-06-01 10:00:00' },
  ];
  it('recognised value nets corrections; refunds by review date; cash in by payment date', () => {
    expect(recognisedValue(records, '2026-05-01', '2026-05-31')).toBe(100);
    expect(refundsOut(records, '2026-05-01', '2026-05-31')).toBe(300);
    expect(refundsOut(records, '2026-04-01', '2026-04-30')).toBe(0);
    expect(cashIn([{ amount: 1000, createdAt: '2026-05-01 10:00:00' }, { amount: 99.99, createdAt: '2026-06-01 00:00:00' }], '2026-05-01', '2026-05-31')).toBe(1000);
  });

  it('period card: straight-line per day; invalidation forfeits what is left', () => {
    expect(periodRecognisedThrough(3600, '2026-01-01', '2026-03-31', '2026-01-31')).toBe(1240);
    expect(periodRecognisedThrough(3600, '2026-01-01', '2026-03-31', '2026-03-31')).toBe(3600);
    const l: CardLedger = {
      card: { id: 1, kind: 'period', startDate: '2026-01-01', expiryDate: '2026-03-31', status: 'invalid', invalidatedAt: '2026-02-01 10:00:00' },
      records: [],
      orders: [{ id: 1, cardId: 1, amount: 3600, createdAt: '2025-12-30 10:00:00' }],
    };
    expect(cardFigures(l, '2026-01-01', '2026-01-31', TODAY)).toMatchObject({ opening: 3600, recognised: 1240, forfeited: 0, closing: 2360 });
    expect(forfeitedValue(l, '2026-02-01', '2026-02-28', TODAY)).toBe(2360);
  });

  it('count card expiring with hours left forfeits their value the day after expiry', () => {
    const l: CardLedger = {
      card: { id: 1, kind: 'count', startDate: '2026-01-01', expiryDate: '2026-01-31', status: 'expired' },
      records: [
        { id: 1, cardId: 1, type: 'add', hours: 10, amount: 1000, createdAt: '2026-01-01 10:00:00' },
        { id: 2, cardId: 1, type: 'reduce', hours: -4, amount: -400, createdAt: '2026-01-10 10:00:00' },
      ],
      orders: [{ id: 1, cardId: 1, amount: 1000, createdAt: '2026-01-01 10:00:00' }],
    };
    expect(cardFigures(l, '2026-01-01', '2026-01-31', TODAY)).toMatchObject({ sold: 1000, recognised: 400, forfeited: 0, closing: 600 });
    expect(cardFigures(l, '2026-02-01', '2026-02-28', TODAY)).toMatchObject({ opening: 600, forfeited: 600, closing: 0 });
    // Not yet forfeited while the day after expiry has not come.
    expect(deferredValue(l, '2026-01-31', '2026-01-31')).toBe(600);
  });
});

describe('closed months stay closed (issue 29): events dated after a close never reach back', () => {
  const countCard = (): CardLedger => ({
    card: { id: 1, kind: 'count', startDate: '2026-01-01', expiryDate: '2026-01-20', status: 'expired' },
    records: [
      { id: 1, cardId: 1, type: 'add', hours: 10, amount: 1000, createdAt: '2026-01-01 10:00:00' },
      { id: 2, cardId: 1, type: 'reduce', hours: -4, amount: -400, createdAt: '2026-01-10 10:00:00' },
    ],
    orders: [{ id: 1, cardId: 1, amount: 1000, createdAt: '2026-01-01 10:00:00' }],
  });

  it('a renewal of a card that expired in a closed month reinstates its value on the renewal day; the forfeit stays where it was booked', () => {
    const l = countCard();
    const closedAt = '2026-02-01';
    const jan = cardFigures(l, '2026-01-01', '2026-01-31', closedAt);
    expect(jan).toMatchObject({ forfeited: 600, closing: 0 });
    // Renewed on 10 March: 5 more hours for 500, valid to the end of June.
    l.card.expiryChanges = [{ from: '2026-03-10', before: l.card.expiryDate }];
    l.card.expiryDate = '2026-06-30';
    l.card.status = 'active';
    l.orders.push({ id: 2, cardId: 1, amount: 500, createdAt: '2026-03-10 11:00:00' });
    l.records.push({ id: 3, cardId: 1, type: 'add', hours: 5, amount: 500, createdAt: '2026-03-10 11:00:00' });
    expect(cardFigures(l, '2026-01-01', '2026-01-31', TODAY)).toEqual(jan);
    expect(cardFigures(l, '2026-02-01', '2026-02-28', TODAY)).toMatchObject({ opening: 0, forfeited: 0, closing: 0 });
    // March: the reinstatement is a negative forfeit (−600), the sale +500: 1,100 owed again.
    expect(cardFigures(l, '2026-03-01', '2026-03-31', TODAY)).toMatchObject({ opening: 0, sold: 500, forfeited: -600, closing: 1100 });
    expect(rollforwardHolds(cardFigures(l, '2026-03-01', '2026-03-31', TODAY))).toBe(true);
    expect(seriesFigures(cardSeries(l), '2026-01-01', '2026-01-31', TODAY)).toEqual(jan);
  });

  it('an invalidation after an expiry leaves the forfeit in the month of the expiry', () => {
    const l = countCard();
    const jan = cardFigures(l, '2026-01-01', '2026-01-31', '2026-02-01');
    l.card.status = 'invalid';
    l.card.invalidatedAt = '2026-03-05 09:00:00';
    expect(cardFigures(l, '2026-01-01', '2026-01-31', TODAY)).toEqual(jan);
    expect(cardFigures(l, '2026-03-01', '2026-03-31', TODAY)).toMatchObject({ opening: 0, forfeited: 0, closing: 0 });
  });

  it('a period card renewed later keeps the daily recognition its past months had', () => {
    const l: CardLedger = {
      card: { id: 1, kind: 'period', startDate: '2026-01-01', expiryDate: '2026-03-31', status: 'active' },
      records: [],
      orders: [{ id: 1, cardId: 1, amount: 3600, createdAt: '2025-12-30 10:00:00' }],
    };
    const jan = cardFigures(l, '2026-01-01', '2026-01-31', '2026-02-01');
    expect(jan).toMatchObject({ recognised: 1240, closing: 2360 });
    l.card.expiryChanges = [{ from: '2026-02-10', before: '2026-03-31' }];
    l.card.expiryDate = '2026-06-30';
    l.orders.push({ id: 2, cardId: 1, amount: 3600, createdAt: '2026-02-10 10:00:00' });
    expect(cardFigures(l, '2026-01-01', '2026-01-31', TODAY)).toEqual(jan);
    expect(rollforwardHolds(cardFigures(l, '2026-02-01', '2026-02-28', TODAY))).toBe(true);
  });

  type Later =
    | { k: 'consume' | 'proof' | 'give'; h: number }
    | { k: 'renew'; h: number; cents: number; days: number }
    | { k: 'return'; h: number }
    | { k: 'invalidate' };
  const laterArb: fc.Arbitrary<Later> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ k: fc.constantFrom('consume' as const, 'proof' as const, 'give' as const), h: fc.integer({ min: 1, max: 30 }) }) },
    { weight: 2, arbitrary: fc.record({ k: fc.constant('renew' as const), h: fc.integer({ min: 0, max: 100 }), cents: fc.integer({ min: 0, max: 300_000 }), days: fc.integer({ min: 0, max: 200 }) }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('return' as const), h: fc.integer({ min: 1, max: 30 }) }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('invalidate' as const) }) },
  );

  it('property: for any sequence of events after a close, the closed month’s figures equal the stored ones', () => {
    fc.assert(
      fc.property(
        ledgerArb.map((x) => ({ ...x, end: 'active' as const })),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(laterArb, fc.integer({ min: 0, max: 20 })), { maxLength: 25 }),
        (x, gap, back, later) => {
          const built = buildLedger(x);
          const l = built.l;
          let pool = built.pool;
          let remainingT = Math.round(built.remaining * 10);
          const lastDay = [...l.records.map((r) => (r.reviewedAt ?? r.createdAt).slice(0, 10)), ...l.orders.map((o) => o.createdAt.slice(0, 10))].sort().pop()!;
          // The close happens on `closedAt` (after every event so far) and closes a month that is over by then.
          const closedAt = plusDays(lastDay, gap);
          const month = addMonths(closedAt.slice(0, 7), -back);
          const { start, end } = monthRange(month);
          const stored = cardFigures(l, start, end, closedAt);
          const storedSeries = seriesFigures(cardSeries(l), start, end, closedAt);
          expect(storedSeries).toEqual(stored);
          // Later events, dated from the close on (what the ledger would write "now").
          let now = closedAt;
          let seq = l.records.length;
          for (const [ev, wait] of later) {
            if (l.card.status === 'invalid') break;
            now = plusDays(now, wait);
            const push = (type: HourRecordType, hoursT: number, orderAmount = 0, requestedT?: number) => {
              const r = allocateRecordValue(pool, { type, hours: hoursT / 10, requestedHours: requestedT !== undefined ? requestedT / 10 : undefined }, orderAmount);
              pool = r.pool;
              seq += 1;
              const rec: RecordInput = { id: seq, cardId: 1, type, hours: hoursT / 10, amount: r.amount, createdAt: `${now} 12:00:00` };
              l.records.push(rec);
              return rec;
            };
            if (ev.k === 'invalidate') {
              l.card.status = 'invalid';
              l.card.invalidatedAt = `${now} 15:00:00`;
            } else if (ev.k === 'renew') {
              const after = plusDays(l.card.expiryDate > now ? l.card.expiryDate : now, ev.days);
              if (after !== l.card.expiryDate) {
                l.card.expiryChanges = [...(l.card.expiryChanges ?? []), { from: now, before: l.card.expiryDate }];
                l.card.expiryDate = after;
              }
              l.orders.push({ id: l.orders.length + 1, cardId: 1, amount: ev.cents / 100, createdAt: `${now} 11:00:00` });
              if (l.card.kind === 'count') {
                push('add', ev.h, ev.cents / 100);
                remainingT += ev.h;
              }
            } else if (l.card.kind === 'period') {
              continue;
            } else if (ev.k === 'consume' && remainingT >= ev.h) {
              push('reduce', -ev.h);
              remainingT -= ev.h;
            } else if (ev.k === 'proof' && remainingT + (ev.h % 2 ? ev.h : -ev.h) >= 0) {
              const h = ev.h % 2 ? ev.h : -ev.h;
              push('proof', h);
              remainingT += h;
            } else if (ev.k === 'give') {
              push('give', ev.h);
              remainingT += ev.h;
            } else if (ev.k === 'return' && remainingT >= ev.h) {
              const rec = push('backing', -ev.h, 0, ev.h);
              const r = allocateRecordValue(pool, { type: 'back', hours: -ev.h / 10, requestedHours: ev.h / 10 });
              pool = r.pool;
              Object.assign(rec, { type: 'back', amount: r.amount, reviewedAt: `${now} 18:00:00` });
              remainingT -= ev.h;
            }
          }
          const later1 = plusDays(now, 1);
          expect(cardFigures(l, start, end, later1)).toEqual(stored);
          expect(seriesFigures(cardSeries(l), start, end, later1)).toEqual(stored);
          // And the month after the closed one opens with the stored closing.
          const next = monthRange(addMonths(month, 1));
          expect(cardFigures(l, next.start, next.end, later1).opening).toBe(stored.closing);
        },
      ),
      { numRuns: 300 },
    );
  });
});
