import { describe, expect, it } from 'vitest';
import { renewalCards, renewalState, renewalStates, resolveSegment, type RenewalCard } from './receivers';
import fc from 'fast-check';
import { needsRenewal } from './ledger';

const TODAY = '2026-05-10';
const TH = { lowHoursThreshold: 3, expiryReminderDays: 30 };
const students = [
  { id: 1, classIds: [10], status: 'active' },
  { id: 2, classIds: [11], status: 'active' },
  { id: 3, classIds: [10], status: 'paused' },
  { id: 4, classIds: [], status: 'active' },
];
const card = (id: number, studentId: number, over: Partial<RenewalCard> = {}): RenewalCard => ({
  id,
  studentId,
  kind: 'count',
  remainingHours: 20,
  expiryDate: '2027-01-01',
  status: 'active',
  ...over,
});
const cards = [card(1, 1, { remainingHours: 3 }), card(2, 1, { remainingHours: 1 }), card(3, 2, { expiryDate: '2026-05-20' }), card(4, 3, { remainingHours: 2.5 }), card(5, 4, { remainingHours: 0, status: 'exhausted' })];

describe('receiver segments (docs/rules.md#notices-and-notifications): one definition with the dashboard', () => {
  it("low and expiring are the student's state over all their usable cards, with the company thresholds", () => {
    const flagged = renewalCards(cards, TODAY, TH);
    // Student 1 holds 3 + 1 hours: 4 > 3, not low (issue 30: one card's balance is not the student's).
    expect(flagged.map((c) => c.id)).toEqual([3, 4]);
    flagged.forEach((c) => expect({ low: c.low, expiring: c.expiring }).toEqual(needsRenewal(c, TODAY, 3, 30)));
    expect(resolveSegment({ segment: 'low' }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([3]);
    expect(resolveSegment({ segment: 'expiring' }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([2]);
    // A higher threshold (from /setting) widens the segment, a lower one shrinks it.
    expect(resolveSegment({ segment: 'low' }, students, cards, TODAY, { ...TH, lowHoursThreshold: 4 }).map((s) => s.id)).toEqual([1, 3]);
    expect(resolveSegment({ segment: 'low' }, students, cards, TODAY, { ...TH, lowHoursThreshold: 2 }).map((s) => s.id)).toEqual([]);
  });

  it('renewalState: a renewal counts at once, used-up, expired and invalid cards do not, a period card is never low', () => {
    const low = [card(1, 1, { remainingHours: 8 })];
    const th = { lowHoursThreshold: 10, expiryReminderDays: 30 };
    expect(renewalState(low, TODAY, th)).toEqual({ low: true, expiring: false, usableHours: 8, usable: 1 });
    // The case: a 48-hour card sold to a student with 8 hours left.
    expect(renewalState([...low, card(2, 1, { remainingHours: 48 })], TODAY, th)).toEqual({ low: false, expiring: false, usableHours: 56, usable: 2 });
    // Cards that cannot be used do not hold the student up.
    const unusable = [card(3, 1, { remainingHours: 40, status: 'invalid' }), card(4, 1, { remainingHours: 40, expiryDate: '2026-05-09' }), card(5, 1, { remainingHours: 0 })];
    expect(renewalState([...low, ...unusable], TODAY, th)).toMatchObject({ low: true, usableHours: 8, usable: 1 });
    expect(renewalState(unusable, TODAY, th)).toEqual({ low: false, expiring: false, usableHours: 0, usable: 0 });
    expect(renewalState([...low, card(6, 1, { kind: 'period', remainingHours: 0 })], TODAY, th).low).toBe(false);
    // Expiring: the last usable card ends within the reminder days (a renewal with a later expiry clears it).
    const soon = card(7, 1, { expiryDate: '2026-05-20' });
    expect(renewalState([soon], TODAY, th).expiring).toBe(true);
    expect(renewalState([soon, card(8, 1, { expiryDate: '2027-05-20' })], TODAY, th).expiring).toBe(false);
    expect(renewalStates([...low, card(9, 2)], TODAY, th).get(2)).toEqual({ low: false, expiring: false, usableHours: 20, usable: 1 });
  });

  it('all and classes take studying students; chosen students only those visible', () => {
    expect(resolveSegment({ segment: 'all' }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([1, 2, 4]);
    expect(resolveSegment({ segment: 'classes', classIds: [10] }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([1]);
    expect(resolveSegment({ segment: 'students', studentIds: [4, 2, 99] }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([2, 4]);
  });

  it("renewalStates (one pass over a company's cards) is renewalState of each student's cards", () => {
    const day = fc.integer({ min: -3, max: 45 }).map((n) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10));
    const arbCard = fc.record({
      studentId: fc.integer({ min: 1, max: 6 }),
      kind: fc.constantFrom<RenewalCard['kind']>('count', 'period'),
      remainingHours: fc.integer({ min: -20, max: 400 }).map((n) => n / 10),
      expiryDate: day,
      status: fc.constantFrom<RenewalCard['status']>('active', 'exhausted', 'expired', 'invalid'),
    });
    const arbTh = fc.record({ lowHoursThreshold: fc.integer({ min: 0, max: 30 }), expiryReminderDays: fc.integer({ min: 1, max: 40 }) });
    fc.assert(
      fc.property(fc.array(arbCard, { maxLength: 30 }), arbTh, (list, th) => {
        const withIds = list.map((c, i) => ({ ...c, id: i + 1 }));
        const states = renewalStates(withIds, TODAY, th);
        const ids = [...new Set(withIds.map((c) => c.studentId))];
        expect([...states.keys()].sort()).toEqual(ids.sort());
        for (const id of ids) expect(states.get(id)).toEqual(renewalState(withIds.filter((c) => c.studentId === id), TODAY, th));
      }),
    );
  });
});
