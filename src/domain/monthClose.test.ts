import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closeRefusal, isContiguous, isMonthOver, lastClosed, reopenRefusal } from './monthClose';
import { addMonths } from './revenue';

const TODAY = '2026-11-27';

describe('month close in order', () => {
  it('the first close may be any month that is over', () => {
    expect(closeRefusal([], '2026-10', TODAY)).toBeUndefined();
    expect(closeRefusal([], '2025-03', TODAY)).toBeUndefined();
    expect(closeRefusal([], '2026-11', TODAY)).toEqual({ reason: 'notOver' });
    expect(closeRefusal([], '2026-12', TODAY)).toEqual({ reason: 'notOver' });
  });

  it('then only the month after the last closed one', () => {
    expect(closeRefusal(['2026-08'], '2026-10', TODAY)).toEqual({ reason: 'outOfOrder', expected: '2026-09' });
    expect(closeRefusal(['2026-08'], '2026-07', TODAY)).toEqual({ reason: 'outOfOrder', expected: '2026-09' });
    expect(closeRefusal(['2026-08'], '2026-09', TODAY)).toBeUndefined();
    expect(closeRefusal(['2026-08', '2026-09'], '2026-09', TODAY)).toEqual({ reason: 'alreadyClosed' });
    expect(closeRefusal(['2025-12'], '2026-01', TODAY)).toBeUndefined();
  });

  it('only the last closed month reopens', () => {
    expect(reopenRefusal(['2026-08', '2026-09'], '2026-09')).toBeUndefined();
    expect(reopenRefusal(['2026-08', '2026-09'], '2026-08')).toEqual({ reason: 'notLast', last: '2026-09' });
    expect(reopenRefusal(['2026-08'], '2026-10')).toEqual({ reason: 'notClosed' });
    expect(reopenRefusal([], '2026-10')).toEqual({ reason: 'notClosed' });
  });

  it('a month is over once its last day has passed', () => {
    expect(isMonthOver('2026-10', '2026-11-01')).toBe(true);
    expect(isMonthOver('2026-11', '2026-11-30')).toBe(false);
    expect(lastClosed(['2026-01', '2026-03', '2026-02'])).toBe('2026-03');
    expect(lastClosed([])).toBeUndefined();
  });

  it('any sequence of close and reopen calls keeps the closed months one run ending at the last closed month', () => {
    const month = fc.integer({ min: 0, max: 30 }).map((k) => addMonths('2024-01', k));
    const op = fc.record({ kind: fc.constantFrom('close' as const, 'reopen' as const), month });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let closed: string[] = [];
        for (const o of ops) {
          if (o.kind === 'close') {
            const refusal = closeRefusal(closed, o.month, TODAY);
            if (!refusal) closed = [...closed, o.month];
            else if (refusal.reason === 'outOfOrder') expect(closed.length).toBeGreaterThan(0);
          } else if (!reopenRefusal(closed, o.month)) {
            expect(o.month).toBe(lastClosed(closed));
            closed = closed.filter((m) => m !== o.month);
          }
          expect(new Set(closed).size).toBe(closed.length);
          expect(isContiguous(closed)).toBe(true);
          // Every month between the first closed month and the last is closed.
          const last = lastClosed(closed);
          if (last) for (let m = [...closed].sort()[0]; m <= last; m = addMonths(m, 1)) expect(closed).toContain(m);
        }
      }),
    );
  });

  it('the month after the last closed always closes, and the last closed always reopens', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 8 }), (start, n) => {
        const closed = Array.from({ length: n }, (_, i) => addMonths('2024-01', start + i));
        expect(closeRefusal(closed, addMonths(lastClosed(closed)!, 1), TODAY)).toBeUndefined();
        expect(reopenRefusal(closed, lastClosed(closed)!)).toBeUndefined();
      }),
    );
  });
});
