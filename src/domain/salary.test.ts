import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateRounded, canTransition, cardCommission, elimCommission, isEditable, lineFigures, roundMoney, tierAmount, type Tier } from './salary';

const BANDS: Tier[] = [
  { from: 0, to: 20, amount: 30 },
  { from: 20, to: 50, amount: 50 },
  { from: 50, amount: 60 },
];

describe('tiers (docs/rules.md#salaries worked example)', () => {
  it('60 h over 0–20 @30, 20–50 @50, >50 @60: 2,700 marginal, 3,600 whole-tier', () => {
    expect(tierAmount(60, BANDS, 'marginal')).toBe(2700);
    expect(tierAmount(60, BANDS, 'whole')).toBe(3600);
  });
  it('edges: 0 h, inside the first band, exactly on a boundary', () => {
    expect(tierAmount(0, BANDS, 'marginal')).toBe(0);
    expect(tierAmount(10, BANDS, 'whole')).toBe(300);
    expect(tierAmount(20, BANDS, 'marginal')).toBe(600);
    expect(tierAmount(20, BANDS, 'whole')).toBe(600);
  });
  it('per-record marginal items add up to the marginal total; whole-tier items to the whole total', () => {
    const taught = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, cardNo: `C${i}`, hours: -1.5, amount: -150, createdAt: `2026-05-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`, studentName: 'A' }));
    const plan = { elimMode: 'perHour' as const, elimAmount: 0, elimRate: 0, tiers: BANDS };
    expect(elimCommission(taught, { ...plan, tierMode: 'marginal' }).figure).toBe(2700);
    expect(elimCommission(taught, { ...plan, tierMode: 'whole' }).figure).toBe(3600);
  });
});

describe('commissions', () => {
  it('card commission with a clawback line for an approved return', () => {
    const res = cardCommission(
      [{ id: 1, orderNo: 'O1', amount: 2880, createdAt: '2026-05-02 10:00:00', studentName: 'A' }],
      [{ id: 9, cardNo: 'C1', amount: -668.57, reviewedAt: '2026-05-20 11:00:00', createdAt: '2026-05-18 10:00:00', studentName: 'B' }],
      5,
    );
    expect(res.items.map((i) => [i.kind, i.amount])).toEqual([
      ['card', 144],
      ['clawback', -33.43],
    ]);
    expect(res.figure).toBe(110.57);
  });
  it('elimination: fixed per hour or a rate of the money value', () => {
    const taught = [
      { id: 1, cardNo: 'C', hours: -2, amount: -221.54, createdAt: '2026-05-01 10:00:00', studentName: 'A' },
      { id: 2, cardNo: 'C', hours: 1, amount: 110.77, createdAt: '2026-05-02 10:00:00', studentName: 'A' },
    ];
    expect(elimCommission(taught, { elimMode: 'perHour', elimAmount: 40, elimRate: 0, tiers: [], tierMode: 'marginal' }).figure).toBe(40);
    expect(elimCommission(taught, { elimMode: 'rate', elimAmount: 0, elimRate: 10, tiers: [], tierMode: 'marginal' }).figure).toBe(11.08);
  });
  it('property: the drill-down always adds up to the figure', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 30 }), fc.integer({ min: 0, max: 10000 }), (amounts, rateBp) => {
        const res = cardCommission(
          amounts.map((a, i) => ({ id: i, orderNo: `O${i}`, amount: a / 100, createdAt: '2026-05-01', studentName: 'x' })),
          [],
          rateBp / 100,
        );
        const sumCents = res.items.reduce((s, i) => s + Math.round(i.amount * 100), 0);
        expect(sumCents).toBe(Math.round(res.figure * 100));
      }),
    );
  });
});

describe('the line', () => {
  it('total = base + commissions + bonus − penalties, rounded once; the parts add up to it', () => {
    const f = lineFigures(5000, 100.004, 200.004, [
      { id: 1, kind: 'bonus', amount: 300, reason: 'Full attendance' },
      { id: 2, kind: 'penalty', amount: 50, reason: 'Late' },
    ]);
    expect(f.total).toBe(5550.01);
    expect(roundMoney(f.base + f.cardCommission + f.elimCommission + f.bonus - f.penalties)).toBe(f.total);
  });
  it('allocateRounded keeps the rounded total', () => {
    expect(allocateRounded([0.333, 0.333, 0.334])).toEqual([0.33, 0.33, 0.34]);
    expect(allocateRounded([-0.005, 0.005])).toEqual([0, 0]);
  });
  it('status machine: draft → checked → paid; only drafts are editable', () => {
    expect(canTransition('draft', 'checked')).toBe(true);
    expect(canTransition('checked', 'paid')).toBe(true);
    expect(canTransition('draft', 'paid')).toBe(false);
    expect(canTransition('paid', 'draft')).toBe(false);
    expect(isEditable('draft')).toBe(true);
    expect(isEditable('checked')).toBe(false);
  });
});
