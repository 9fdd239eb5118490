import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { passLine, scoreProblem, subjectStats } from './scores';

describe('score bounds (docs/rules.md#homework-and-scores)', () => {
  it('0 ≤ score ≤ full mark with at most one decimal', () => {
    expect(scoreProblem(0, 100)).toBeUndefined();
    expect(scoreProblem(100, 100)).toBeUndefined();
    expect(scoreProblem(59.5, 100)).toBeUndefined();
    expect(scoreProblem(-1, 100)).toBe('negative');
    expect(scoreProblem(100.1, 100)).toBe('aboveFull');
    expect(scoreProblem(80.25, 100)).toBe('decimals');
    expect(scoreProblem(Number.NaN, 100)).toBe('notNumber');
    expect(scoreProblem(10, 0)).toBe('badFullMark');
  });
});

describe('statistics per subject: absent excluded', () => {
  it('average, highest, lowest, pass rate at 60 % of the full mark', () => {
    const s = subjectStats([{ score: 90 }, { score: 60 }, { score: 45.5 }, { absent: true }, { score: null }], 100);
    expect(s).toEqual({ count: 3, absent: 1, average: 65.2, highest: 90, lowest: 45.5, passRate: 66.7, passLine: 60 });
    expect(subjectStats([{ score: 30 }], 50).passRate).toBe(100);
    expect(passLine(150)).toBe(90);
  });

  it('nobody present: no statistics', () => {
    expect(subjectStats([{ absent: true }], 100)).toMatchObject({ count: 0, absent: 1, average: null, passRate: null });
  });

  it('property: lowest ≤ average ≤ highest, 0 ≤ pass rate ≤ 100, absent never counted', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ score: fc.integer({ min: 0, max: 1000 }).map((n) => n / 10), absent: fc.boolean() }), { minLength: 1 }), (rows) => {
        const s = subjectStats(rows, 100);
        const present = rows.filter((r) => !r.absent);
        expect(s.count).toBe(present.length);
        expect(s.absent).toBe(rows.length - present.length);
        if (s.count > 0) {
          expect(s.lowest!).toBeLessThanOrEqual(s.average! + 0.05);
          expect(s.average!).toBeLessThanOrEqual(s.highest! + 0.05);
          expect(s.passRate!).toBeGreaterThanOrEqual(0);
          expect(s.passRate!).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});
