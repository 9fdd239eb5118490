import { describe, expect, it } from 'vitest';
import { renewalCards, resolveSegment, type RenewalCard } from './receivers';
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

describe('receiver segments (PRODUCT.md §5.11): one definition with the dashboard', () => {
  it('low and expiring use the ledger rule and the company thresholds', () => {
    const flagged = renewalCards(cards, TODAY, TH);
    expect(flagged.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    flagged.forEach((c) => expect({ low: c.low, expiring: c.expiring }).toEqual(needsRenewal(c, TODAY, 3, 30)));
    expect(resolveSegment({ segment: 'low' }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([1, 3]);
    expect(resolveSegment({ segment: 'expiring' }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([2]);
    // A lower threshold (from /setting) shrinks the segment.
    expect(resolveSegment({ segment: 'low' }, students, cards, TODAY, { ...TH, lowHoursThreshold: 1 }).map((s) => s.id)).toEqual([1]);
  });

  it('all and classes take studying students; chosen students only those visible', () => {
    expect(resolveSegment({ segment: 'all' }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([1, 2, 4]);
    expect(resolveSegment({ segment: 'classes', classIds: [10] }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([1]);
    expect(resolveSegment({ segment: 'students', studentIds: [4, 2, 99] }, students, cards, TODAY, TH).map((s) => s.id)).toEqual([2, 4]);
  });
});
