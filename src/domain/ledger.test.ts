import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { HourRecordType } from '@/types/school';
import {
  applyReview,
  balanceOf,
  cardStatus,
  LedgerError,
  moneyValue,
  needsRenewal,
  pickDeductionCard,
  planRecord,
  returnableHours,
  round1,
  saleEndsBeforeToday,
  saleExpiryDate,
  round2,
  signedHoursFor,
  unitPrice,
  type PlanCard,
} from './ledger';

const S = { truantConsumes: true, leaveConsumes: false, allowNegative: false };
const TODAY = '2026-05-10';
const card = (over: Partial<PlanCard> = {}): PlanCard => ({
  kind: 'count',
  remainingHours: 10,
  expiryDate: '2026-12-31',
  startDate: '2026-01-01',
  status: 'active',
  unitPrice: 100,
  ...over,
});
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof LedgerError ? e.code : String(e);
  }
  return 'ok';
};

describe('record signs (docs/rules.md#cards-and-hours)', () => {
  it.each<[HourRecordType, number]>([
    ['add', 2],
    ['give', 2],
    ['reduce', -2],
    ['truant', -2],
    ['leave', 0],
    ['diy', -2],
    ['fail', 0],
    ['backing', -2],
  ])('%s of 2 hours → %d', (type, signed) => {
    expect(signedHoursFor(type, 2, S)).toBe(signed);
  });
  it('follows the company settings for truant and leave', () => {
    expect(signedHoursFor('truant', 1.5, { truantConsumes: false, leaveConsumes: false })).toBe(0);
    expect(signedHoursFor('leave', 1.5, { truantConsumes: true, leaveConsumes: true })).toBe(-1.5);
  });
  it('proof takes its signed value; period cards log lessons with 0 hours', () => {
    expect(signedHoursFor('proof', 2, S, 'count', -2)).toBe(-2);
    expect(signedHoursFor('reduce', 2, S, 'period')).toBe(0);
  });
});

describe('planRecord', () => {
  it('computes the balance before and after and the money value', () => {
    expect(planRecord(card(), { type: 'reduce', hours: 1.5 }, S, TODAY)).toMatchObject({ hours: -1.5, balanceBefore: 10, balanceAfter: 8.5, amount: -150, status: 'active' });
  });
  it('requires a reason for diy and proof', () => {
    expect(code(() => planRecord(card(), { type: 'diy', hours: 1 }, S, TODAY))).toBe('reasonRequired');
    expect(code(() => planRecord(card(), { type: 'proof', hours: 1, reason: ' ' }, S, TODAY))).toBe('reasonRequired');
    expect(code(() => planRecord(card(), { type: 'diy', hours: 1, reason: 'rehearsal' }, S, TODAY))).toBe('ok');
  });
  it('never goes below zero unless a roll call is allowed to', () => {
    expect(code(() => planRecord(card({ remainingHours: 1 }), { type: 'reduce', hours: 2 }, S, TODAY))).toBe('insufficient');
    expect(code(() => planRecord(card({ remainingHours: 1 }), { type: 'backing', hours: 2 }, S, TODAY))).toBe('insufficient');
    expect(planRecord(card({ remainingHours: 1 }), { type: 'reduce', hours: 2 }, { ...S, allowNegative: true }, TODAY).balanceAfter).toBe(-1);
    expect(code(() => planRecord(card({ remainingHours: 1 }), { type: 'diy', hours: 2, reason: 'x' }, { ...S, allowNegative: true }, TODAY))).toBe('insufficient');
  });
  it('refuses bad hours, invalid and expired cards, and direct back records', () => {
    expect(code(() => planRecord(card(), { type: 'reduce', hours: 1.25 }, S, TODAY))).toBe('badHours');
    expect(code(() => planRecord(card(), { type: 'add', hours: 0 }, S, TODAY))).toBe('badHours');
    expect(code(() => planRecord(card({ status: 'invalid' }), { type: 'add', hours: 1 }, S, TODAY))).toBe('cardInvalid');
    expect(code(() => planRecord(card({ expiryDate: '2026-05-01' }), { type: 'reduce', hours: 1 }, S, TODAY))).toBe('cardExpired');
    expect(code(() => planRecord(card(), { type: 'back', hours: 1 }, S, TODAY))).toBe('reviewOnly');
    expect(code(() => planRecord(card(), { type: 'proof', hours: 0, signedHours: 0, reason: 'x' }, S, TODAY))).toBe('zeroProof');
  });
  it('marks a card exhausted at 0 hours', () => {
    expect(planRecord(card({ remainingHours: 2 }), { type: 'reduce', hours: 2 }, S, TODAY).status).toBe('exhausted');
  });
});

describe('card status, prices, review, deduction card', () => {
  it('derives the status from hours, dates and invalidation', () => {
    expect(cardStatus({ kind: 'count', remainingHours: 3, expiryDate: '2026-12-31' }, TODAY)).toBe('active');
    expect(cardStatus({ kind: 'count', remainingHours: 0, expiryDate: '2026-12-31' }, TODAY)).toBe('exhausted');
    expect(cardStatus({ kind: 'period', remainingHours: 0, expiryDate: '2026-12-31' }, TODAY)).toBe('active');
    expect(cardStatus({ kind: 'count', remainingHours: 3, expiryDate: '2026-05-09' }, TODAY)).toBe('expired');
    expect(cardStatus({ kind: 'count', remainingHours: 3, expiryDate: '2026-12-31', status: 'invalid' }, TODAY)).toBe('invalid');
  });
  it('unit price = paid ÷ (bought + gift); refund = hours × unit price', () => {
    expect(unitPrice(2880, 24, 2)).toBe(110.77);
    expect(unitPrice(3600, 0, 0)).toBe(0);
    expect(moneyValue(6.5, 110.77)).toBe(720.01);
    expect(round1(-0.05)).toBe(-0.1);
    expect(round2(1.005)).toBe(1.01);
  });
  it('reviews a backing record once: back keeps the hours taken, back_reject restores them', () => {
    const rec = { type: 'backing' as const, hours: -4, requestedHours: 4 };
    expect(applyReview(rec, true, 100)).toEqual({ type: 'back', hours: -4, delta: 0, amount: -400, requestedHours: 4 });
    expect(applyReview(rec, false, 100)).toEqual({ type: 'back_reject', hours: 0, delta: 4, amount: 0, requestedHours: 4 });
    expect(code(() => applyReview({ type: 'back', hours: -4 }, false, 100))).toBe('notPending');
  });
  it('deducts from the active applicable card that expires first', () => {
    const cards = [
      { id: 1, status: 'active' as const, classIds: [], expiryDate: '2026-09-01', startDate: '2026-01-01' },
      { id: 2, status: 'active' as const, classIds: [7], expiryDate: '2026-06-01', startDate: '2026-01-01' },
      { id: 3, status: 'expired' as const, classIds: [], expiryDate: '2026-05-01', startDate: '2026-01-01' },
      { id: 4, status: 'active' as const, classIds: [8], expiryDate: '2026-05-20', startDate: '2026-01-01' },
    ];
    expect(pickDeductionCard(cards, 7, TODAY)?.id).toBe(2);
    expect(pickDeductionCard(cards, 9, TODAY)?.id).toBe(1);
    expect(pickDeductionCard(cards.slice(2, 3), 9, TODAY)).toBeUndefined();
  });
  it('flags cards running low or expiring soon', () => {
    expect(needsRenewal({ kind: 'count', remainingHours: 3, expiryDate: '2027-01-01', status: 'active' }, TODAY, 3, 30)).toEqual({ low: true, expiring: false });
    expect(needsRenewal({ kind: 'count', remainingHours: 30, expiryDate: '2026-06-01', status: 'active' }, TODAY, 3, 30)).toEqual({ low: false, expiring: true });
  });
});

describe('ledger invariant (property)', () => {
  const op = fc.oneof(
    fc.record({ type: fc.constantFrom<HourRecordType>('add', 'give', 'reduce', 'truant', 'leave', 'diy', 'fail', 'backing'), hours: fc.integer({ min: 0, max: 80 }).map((n) => n / 10) }),
    fc.record({ type: fc.constant<HourRecordType>('proof'), hours: fc.integer({ min: -50, max: 50 }).map((n) => n / 10) }),
    fc.record({ type: fc.constant<'review'>('review'), approve: fc.boolean() }),
  );
  it('remaining hours always equal the sum of the records and never go negative', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.record({ truantConsumes: fc.boolean(), leaveConsumes: fc.boolean() }), (ops, settings) => {
        const s = { ...settings, allowNegative: false };
        const c = card({ remainingHours: 0 });
        const records: { type: HourRecordType; hours: number; requestedHours?: number }[] = [];
        for (const o of ops) {
          try {
            if (o.type === 'review') {
              const pending = records.find((r) => r.type === 'backing');
              if (!pending) continue;
              const res = applyReview(pending, o.approve, c.unitPrice);
              Object.assign(pending, { type: res.type, hours: res.hours });
              c.remainingHours = round1(c.remainingHours + res.delta);
              continue;
            }
            const input = o.type === 'proof' ? { type: o.type, hours: Math.abs(o.hours), signedHours: o.hours, reason: 'fix' } : { type: o.type, hours: o.hours, reason: 'r' };
            const plan = planRecord(c, input, s, TODAY);
            records.push({ type: o.type, hours: plan.hours, requestedHours: plan.requestedHours });
            c.remainingHours = plan.balanceAfter;
          } catch (e) {
            if (!(e instanceof LedgerError)) throw e;
          }
          expect(c.remainingHours).toBe(balanceOf(records));
          expect(c.remainingHours).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('sales and returns (issue 30)', () => {
  it('a card whose end date is before today cannot be sold', () => {
    expect(saleExpiryDate('2025-01-01', 90)).toBe('2025-04-01');
    expect(saleEndsBeforeToday('2025-01-01', 90, TODAY)).toBe(true);
    // Ending today is still usable today; the day after is fine too.
    expect(saleEndsBeforeToday(saleExpiryDate('2026-02-09', 0), 0, '2026-02-09')).toBe(false);
    expect(saleEndsBeforeToday('2026-02-09', 90, TODAY)).toBe(false);
    expect(saleEndsBeforeToday('2026-02-08', 90, TODAY)).toBe(true);
    expect(saleExpiryDate('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('a return asks at most what the card holds', () => {
    expect(returnableHours(card({ remainingHours: 7.5 }))).toBe(7.5);
    expect(returnableHours(card({ remainingHours: -1 }))).toBe(0);
    expect(returnableHours(card({ kind: 'period', remainingHours: 0 }))).toBe(0);
    expect(code(() => planRecord(card({ remainingHours: 2 }), { type: 'backing', hours: returnableHours(card({ remainingHours: 2 })) + 0.1 }, S, TODAY))).toBe('insufficient');
    expect(code(() => planRecord(card({ remainingHours: 2 }), { type: 'backing', hours: 2 }, S, TODAY))).toBe('ok');
  });
});
