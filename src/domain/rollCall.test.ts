import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deductionWarning, planRollCall, planUndo, type PlanCard, type RollCallSettings } from './rollCall';

const S: RollCallSettings = { truantConsumes: true, leaveConsumes: false, allowNegative: false };
const card = (id: number, remainingHours: number, kind: 'count' | 'period' = 'count'): PlanCard => ({ id, kind, remainingHours });

describe('planRollCall', () => {
  it('present deducts, truant deducts by default, leave is free by default', () => {
    const plan = planRollCall({
      lessonHours: 1.5,
      marks: [
        { studentId: 1, mark: 'present' },
        { studentId: 2, mark: 'truant' },
        { studentId: 3, mark: 'leave' },
      ],
      expected: [1, 2, 3],
      marked: [],
      cards: new Map([
        [1, card(11, 10)],
        [2, card(12, 10)],
        [3, card(13, 10)],
      ]),
      settings: S,
    });
    expect(plan.records).toEqual([
      { studentId: 1, mark: 'present', cardId: 11, type: 'reduce', hours: -1.5 },
      { studentId: 2, mark: 'truant', cardId: 12, type: 'truant', hours: -1.5 },
      { studentId: 3, mark: 'leave', cardId: 13, type: 'leave', hours: 0 },
    ]);
  });

  it('follows the company settings for truant and leave', () => {
    const plan = planRollCall({
      lessonHours: 1,
      marks: [
        { studentId: 2, mark: 'truant' },
        { studentId: 3, mark: 'leave' },
      ],
      expected: [2, 3],
      marked: [],
      cards: new Map([
        [2, card(12, 10)],
        [3, card(13, 10)],
      ]),
      settings: { truantConsumes: false, leaveConsumes: true, allowNegative: false },
    });
    expect(plan.records.map((r) => [r.type, r.hours])).toEqual([
      ['truant', 0],
      ['leave', -1],
    ]);
  });

  it('writes a fail record when the card lacks hours, and none without a card', () => {
    const plan = planRollCall({
      lessonHours: 2,
      marks: [
        { studentId: 1, mark: 'present' },
        { studentId: 2, mark: 'present' },
        { studentId: 3, mark: 'leave' },
      ],
      expected: [1, 2, 3],
      marked: [],
      cards: new Map([[1, card(11, 1.5)]]),
      settings: S,
    });
    expect(plan.records).toEqual([
      { studentId: 1, mark: 'present', cardId: 11, type: 'fail', hours: 0, failReason: 'notEnough' },
      { studentId: 2, mark: 'present', type: 'fail', hours: 0, failReason: 'noCard' },
      { studentId: 3, mark: 'leave', type: 'leave', hours: 0 },
    ]);
  });

  it('lets the balance go negative only when the setting allows it', () => {
    const plan = planRollCall({ lessonHours: 2, marks: [{ studentId: 1, mark: 'present' }], expected: [1], marked: [], cards: new Map([[1, card(11, 1)]]), settings: { ...S, allowNegative: true } });
    expect(plan.records[0]).toMatchObject({ type: 'reduce', hours: -2 });
  });

  it('period cards record lessons with 0 hours', () => {
    const plan = planRollCall({ lessonHours: 2, marks: [{ studentId: 1, mark: 'present' }], expected: [1], marked: [], cards: new Map([[1, card(11, 0, 'period')]]), settings: S });
    expect(plan.records[0]).toMatchObject({ type: 'reduce', hours: 0, cardId: 11 });
  });

  it('never deducts twice: students already marked, duplicates and strangers are skipped', () => {
    const plan = planRollCall({
      lessonHours: 1,
      marks: [
        { studentId: 1, mark: 'present' },
        { studentId: 1, mark: 'present' },
        { studentId: 2, mark: 'present' },
        { studentId: 9, mark: 'present' },
      ],
      expected: [1, 2],
      marked: [2],
      cards: new Map([
        [1, card(11, 5)],
        [2, card(12, 5)],
      ]),
      settings: S,
    });
    expect(plan.records.map((r) => r.studentId)).toEqual([1]);
    expect(plan.alreadyMarked).toEqual([2]);
    expect(plan.unknown).toEqual([9]);
  });

  it('property: hours taken never exceed a card balance and each student gets at most one record', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ studentId: fc.integer({ min: 1, max: 8 }), mark: fc.constantFrom('present' as const, 'leave' as const, 'truant' as const) }), { maxLength: 20 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 8, maxLength: 8 }),
        fc.constantFrom(1, 1.5, 2),
        (marks, balances, hours) => {
          const cards = new Map(balances.map((b, i) => [i + 1, card(100 + i, b / 2)] as const));
          const plan = planRollCall({ lessonHours: hours, marks, expected: [1, 2, 3, 4, 5, 6, 7, 8], marked: [], cards, settings: S });
          const ids = plan.records.map((r) => r.studentId);
          expect(new Set(ids).size).toBe(ids.length);
          for (const r of plan.records) {
            const c = cards.get(r.studentId)!;
            expect(c.remainingHours + r.hours).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('planUndo', () => {
  it('returns consumed hours with proof records and closes every active line', () => {
    const steps = planUndo([
      { attendanceId: 1, studentId: 1, cardId: 11, recordId: 501, hours: -1.5, undone: false },
      { attendanceId: 2, studentId: 2, cardId: 12, recordId: 502, hours: 0, undone: false },
      { attendanceId: 3, studentId: 3, hours: 0, undone: false },
      { attendanceId: 4, studentId: 4, cardId: 14, recordId: 504, hours: -1, undone: true },
    ]);
    expect(steps).toEqual([
      { attendanceId: 1, studentId: 1, proof: { cardId: 11, hours: 1.5, reversesRecordId: 501 } },
      { attendanceId: 2, studentId: 2 },
      { attendanceId: 3, studentId: 3 },
    ]);
  });

  it('property: roll call then undo leaves every balance unchanged', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 10 }), fc.constantFrom(1, 2), (balances, hours) => {
        const cards = new Map(balances.map((b, i) => [i, card(i, b)] as const));
        const plan = planRollCall({ lessonHours: hours, marks: balances.map((_, i) => ({ studentId: i, mark: 'present' as const })), expected: balances.map((_, i) => i), marked: [], cards, settings: S });
        const after = balances.map((b, i) => b + (plan.records.find((r) => r.studentId === i)?.hours ?? 0));
        const steps = planUndo(plan.records.map((r, k) => ({ attendanceId: k, studentId: r.studentId, cardId: r.cardId, hours: r.hours, undone: false })));
        for (const s of steps) if (s.proof) after[s.proof.cardId] += s.proof.hours;
        expect(after).toEqual(balances);
      }),
      { numRuns: 50 },
    );
  });
});

describe('deductionWarning', () => {
  it('warns before a deduction would fail', () => {
    expect(deductionWarning('present', 2, card(1, 1), S)).toBe('notEnough');
    expect(deductionWarning('present', 2, undefined, S)).toBe('noCard');
    expect(deductionWarning('leave', 2, undefined, S)).toBeUndefined();
    expect(deductionWarning('present', 2, card(1, 2), S)).toBeUndefined();
    expect(deductionWarning(undefined, 2, undefined, S)).toBeUndefined();
  });
});
