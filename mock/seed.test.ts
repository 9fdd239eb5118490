// @vitest-environment node
/**
 * Seed truth (issue 8): every seeded card's hour records, in time order, have `balanceAfter` following them (each
 * one is the previous plus the record's signed hours, the last one is the card's remaining hours, never below 0),
 * and nothing is recorded before the card was sold or consumed after it expired. Both scales: the large one
 * (MOCK_SCALE=large, 20 000 students) is checked in mock/perf.test.ts, which builds it once for the list budget too.
 */
import { describe, expect, it } from 'vitest';
import { resetDb } from './handlers';
import { ledgerProblems } from './seedChecks';

describe('seed truth: every card’s ledger follows time', () => {
  it('the normal seed', () => {
    const db = resetDb();
    expect(db.studentCards.length).toBeGreaterThan(300);
    expect(ledgerProblems(db).slice(0, 10)).toEqual([]);
  });
});
