/**
 * Seed truth checks (issue 8), shared by mock/seed.test.ts (normal seed) and mock/perf.test.ts (the large seed, built
 * once there for the list budget too).
 */
import type { Db } from './db';
import type { HourRecord } from '../src/types/school';
import { round1 } from '../src/domain/ledger';

/**
 * What is wrong with the seeded ledgers: every card's records, in time order, have `balanceAfter` following them
 * (each one is the previous plus the record's signed hours, the last one is the card's remaining hours, never below
 * 0), and nothing is recorded before the card was sold or consumed after it expired.
 */
export function ledgerProblems(db: Db): string[] {
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
