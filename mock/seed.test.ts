// @vitest-environment node
/**
 * Seed truth (issue 8): every seeded card's hour records, in time order, have `balanceAfter` following them (each
 * one is the previous plus the record's signed hours, the last one is the card's remaining hours, never below 0),
 * and nothing is recorded before the card was sold or consumed after it expired. Both scales: the large one
 * (MOCK_SCALE=large, 20 000 students) is checked in mock/perf.test.ts, which builds it once for the list budget too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetDb } from './handlers';
import { teachingSeed } from './domains/teaching';
import { parentInboxSeed } from './domains/notify';
import { rowsOf } from './testing';
import { campuses, webPages } from '../server/db/schema';
import { futureProblems, ledgerProblems, orderProblems, stampOf } from './seedChecks';

describe('seed truth: every card’s ledger follows time', () => {
  it('the normal seed', () => {
    const db = resetDb();
    expect(db.studentCards.length).toBeGreaterThan(300);
    expect(ledgerProblems(db).slice(0, 10)).toEqual([]);
  });
});

/**
 * Issue 31: the seed never lies in the future of the clock it runs on (homework handed in tomorrow, a student who
 * "joined 08:53" at 05:00), and what follows something comes after it (a roll call's result after its lesson, a
 * check after the submission, a company's renewal log ending by its valid-until). Run at 05:00, at noon and at 23:30.
 */
describe('seed truth: nothing after the clock, everything in order', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  for (const [h, m] of [[5, 0], [12, 0], [23, 30]] as const) {
    it(`at ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`, () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const at = new Date();
      at.setHours(h, m, 0, 0);
      vi.setSystemTime(at);
      const db = resetDb();
      const teaching = { ...teachingSeed(db), inbox: parentInboxSeed(db) };
      expect(futureProblems({ ...db, ...teaching }, stampOf(new Date())).slice(0, 10)).toEqual([]);
      expect(orderProblems(db, teaching).slice(0, 10)).toEqual([]);
      expect(teaching.submissions.filter((s) => s.submittedAt).length).toBeGreaterThan(20);
      expect(teaching.inbox.filter((x) => x.event === 'rollCallResult').length).toBeGreaterThan(0);
    });
  }
});

describe('seed truth: phone fields hold phone numbers (issue 31)', () => {
  it('every campus and web page phone passes the one phone rule', async () => {
    const { isPhone } = await import('../src/domain/phone');
    const db = resetDb();
    const phones = [...(await rowsOf(campuses)).map((c) => c.phone), ...(await rowsOf(webPages)).map((p) => p.phone)].filter((p) => p !== '');
    expect(phones.length).toBeGreaterThan(3);
    expect(phones.filter((p) => !isPhone(p))).toEqual([]);
  });
});
