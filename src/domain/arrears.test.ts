import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arrearsValue, classHourPrice, oldestFirst, planSettlement, type SettleItem } from './arrears';

const tpl = (id: number, hours: number, price: number, classIds: number[] = [], kind: 'count' | 'period' = 'count', onSale = true) => ({ id, kind, hours, price, classIds, onSale });
const item = (id: number, lessonDate: string, hours: number, classId = 1, status: SettleItem['status'] = 'open'): SettleItem => ({ id, lessonDate, hours, classId, status });

describe('classHourPrice', () => {
  it('takes the entry template naming the class, else the one for every class', () => {
    const tpls = [tpl(1, 48, 5280), tpl(2, 10, 1280), tpl(3, 20, 2600, [7]), tpl(4, 0, 3600, [], 'period'), tpl(5, 5, 100, [], 'count', false)];
    expect(classHourPrice(tpls, 7)).toBe(130);
    expect(classHourPrice(tpls, 1)).toBe(128);
    expect(classHourPrice([tpl(4, 0, 3600, [], 'period')], 1)).toBe(0);
  });
  it('values hours at that price', () => {
    expect(arrearsValue(1.5, 128)).toBe(192);
    expect(arrearsValue(1, 110.77)).toBe(110.77);
  });
});

describe('planSettlement', () => {
  it('settles oldest first, whole items only, and stops at the first that does not fit', () => {
    const items = [item(3, '2026-11-20', 2), item(1, '2026-11-01', 1.5), item(2, '2026-11-10', 2), item(4, '2026-11-25', 0.5)];
    expect(planSettlement(items, { kind: 'count', remainingHours: 4, classIds: [] }).map((i) => i.id)).toEqual([1, 2]);
    // 5 hours: 1.5 + 2 = 3.5, the 2-hour item of the 20th no longer fits, so the 25th's stays open too.
    expect(planSettlement(items, { kind: 'count', remainingHours: 5, classIds: [] }).map((i) => i.id)).toEqual([1, 2]);
    expect(planSettlement(items, { kind: 'count', remainingHours: 1, classIds: [] })).toEqual([]);
  });
  it('skips settled, written-off and other classes, and period cards settle nothing', () => {
    const items = [item(1, '2026-11-01', 1, 1, 'settled'), item(2, '2026-11-02', 1, 2), item(3, '2026-11-03', 1, 1), item(4, '2026-11-04', 1, 1, 'writtenOff')];
    expect(planSettlement(items, { kind: 'count', remainingHours: 10, classIds: [1] }).map((i) => i.id)).toEqual([3]);
    expect(planSettlement(items, { kind: 'period', remainingHours: 0, classIds: [] })).toEqual([]);
  });
  it('property: never more hours than the card holds, a prefix of the oldest-first open items', () => {
    const arb = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 1000 }),
        day: fc.integer({ min: 1, max: 28 }),
        hours: fc.integer({ min: 1, max: 40 }).map((n) => n / 10),
        classId: fc.integer({ min: 1, max: 3 }),
        status: fc.constantFrom<SettleItem['status']>('open', 'open', 'settled', 'writtenOff'),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 500 }).map((n) => n / 10), fc.subarray([1, 2, 3]), (raw, cardHours, classIds) => {
        const unique = [...new Map(raw.map((r) => [r.id, r])).values()];
        const items = unique.map((r) => item(r.id, `2026-11-${String(r.day).padStart(2, '0')}`, r.hours, r.classId, r.status));
        const settled = planSettlement(items, { kind: 'count', remainingHours: cardHours, classIds });
        const total = Math.round(settled.reduce((s, i) => s + i.hours * 10, 0));
        expect(total).toBeLessThanOrEqual(Math.round(cardHours * 10));
        const eligible = oldestFirst(items.filter((i) => i.status === 'open' && (classIds.length === 0 || classIds.includes(i.classId))));
        expect(settled).toEqual(eligible.slice(0, settled.length));
        // Stopped only because the next one did not fit.
        const next = eligible[settled.length];
        if (next) expect(Math.round(next.hours * 10)).toBeGreaterThan(Math.round(cardHours * 10) - total);
      }),
    );
  });
});
