// @vitest-environment node
/**
 * Seed truth (issue 8): every seeded card's hour records, in time order, have `balanceAfter` following them (each
 * one is the previous plus the record's signed hours, the last one is the card's remaining hours, never below 0),
 * and nothing is recorded before the card was sold or consumed after it expired. Both scales: the large one
 * (MOCK_SCALE=large, 20 000 students) is built once in this file.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { resetDb } from './handlers';
import type { Db } from './db';
import type { HourRecord } from '../src/types/school';
import { round1 } from '../src/domain/ledger';

function ledgerProblems(db: Db): string[] {
  const byCard = new Map<number, HourRecord[]>();
  for (const r of db.hourRecords) {
    const list = byCard.get(r.cardId);
    if (list) list.push(r);
    else byCard.set(r.cardId, [r]);
  }
  const problems: string[] = [];
  for (const card of db.studentCards) {
    const records = (byCard.get(card.id) ?? []).slice().sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id));
    let balance = 0;
    for (const r of records) {
      balance = round1(balance + r.hours);
      if (r.balanceAfter !== balance) problems.push(`${card.cardNo} #${r.id} ${r.type} ${r.createdAt}: balanceAfter ${r.balanceAfter}, expected ${balance}`);
      if (balance < 0) problems.push(`${card.cardNo} #${r.id}: balance below 0 (${balance})`);
      if (r.createdAt < card.createdAt) problems.push(`${card.cardNo} #${r.id} ${r.type} ${r.createdAt}: before the sale ${card.createdAt}`);
      if (r.hours < 0 && r.createdAt.slice(0, 10) > card.expiryDate) problems.push(`${card.cardNo} #${r.id} ${r.type} ${r.createdAt}: after expiry ${card.expiryDate}`);
    }
    if (round1(balance) !== card.remainingHours) problems.push(`${card.cardNo}: remaining ${card.remainingHours}, records say ${balance}`);
  }
  return problems;
}

describe('seed truth: every card’s ledger follows time', () => {
  it('the normal seed', () => {
    const db = resetDb();
    expect(db.studentCards.length).toBeGreaterThan(300);
    expect(ledgerProblems(db).slice(0, 10)).toEqual([]);
  });

  describe('MOCK_SCALE=large', () => {
    const before = process.env.MOCK_SCALE;
    afterAll(() => {
      if (before === undefined) delete process.env.MOCK_SCALE;
      else process.env.MOCK_SCALE = before;
      resetDb();
    });
    it('every card of the large seed', { timeout: 240_000 }, () => {
      process.env.MOCK_SCALE = 'large';
      const db = resetDb();
      expect(db.students.filter((s) => s.companyId === 2).length).toBeGreaterThanOrEqual(20_000);
      expect(ledgerProblems(db).slice(0, 10)).toEqual([]);
    });
  });
});
