/**
 * The lists of cards, hour records and card orders in SQL (./cardLists.ts): a card's status as the database computes
 * it is `cardStatus`'s on any day; the lists answer the rows the caller's scope and the filters select, in the order
 * asked, with their sums; a bad drill-down date is a 400, never a 500.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { resetDb } from '../db';
import '../handlers';
import { addDays, today } from '../clock';
import { call, loginToken, rowsOf } from '../testing';
import { tx } from '../../server/db';
import { cardOrders, hourRecords, studentCards, students } from '../../server/db/schema';
import { sortKey } from '../../server/db/sortKey';
import { cardStatus } from '../../src/domain/ledger';
import { CONSUMING_TYPES } from '../../src/domain/metrics';
import { renewalFlags, renewalStates } from '../../src/domain/receivers';
import { cardStatusSql, renewalDueOf, renewalStatesOf } from './cardLists';

beforeEach(() => {
  resetDb();
});

const list = async (token: string, path: string) => {
  const r = await call('GET', path, { token });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data as { list: { id: number }[]; total: number; sum?: Record<string, number> };
};

describe('card lists in SQL', () => {
  it("compute a card's status as cardStatus does, on any day", async () => {
    const cards = await rowsOf(studentCards);
    expect(cards.length).toBeGreaterThan(100);
    for (const day of [today(), addDays(today(), -200), addDays(today(), 45), addDays(today(), 400)]) {
      const rows = await (await tx()).select({ id: studentCards.id, status: cardStatusSql(day) }).from(studentCards).orderBy(asc(studentCards.id));
      const byId = new Map(cards.map((c) => [c.id, c]));
      const statuses = new Set<string>();
      for (const r of rows) {
        const c = byId.get(r.id)!;
        expect(r.status, `card ${c.id} on ${day}`).toBe(cardStatus(c, day));
        statuses.add(r.status);
      }
      // The seed holds cards of every status today, so each branch of the expression is compared.
      if (day === today()) expect([...statuses].sort()).toEqual(['active', 'exhausted', 'expired', 'invalid']);
    }
  });

  it('compute the renewal states and the cards due as renewalStates and renewalFlags do, for any day and thresholds', async () => {
    const scope = eq(studentCards.companyId, 2);
    const cards = (await rowsOf(studentCards)).filter((c) => c.companyId === 2).sort((a, b) => a.id - b.id);
    let due = 0;
    for (const [day, th] of [
      [today(), { lowHoursThreshold: 3, expiryReminderDays: 30 }],
      [addDays(today(), 20), { lowHoursThreshold: 5.5, expiryReminderDays: 7 }],
      [addDays(today(), -90), { lowHoursThreshold: 0, expiryReminderDays: 60 }],
    ] as const) {
      const withStatus = cards.map((c) => ({ ...c, status: cardStatus(c, day) }));
      expect(new Map([...(await renewalStatesOf(scope, day, th))].sort(([a], [b]) => a - b)), day).toEqual(new Map([...renewalStates(withStatus, day, th)].sort(([a], [b]) => a - b)));
      const flags = renewalFlags(withStatus, day, th).map(({ card, low, expiring }) => ({ id: card.id, low, expiring }));
      const sql = (await renewalDueOf(scope, day, th)).map(({ card, low, expiring }) => ({ id: card.id, low, expiring }));
      expect(sql, day).toEqual(flags);
      due += flags.length;
    }
    expect(due).toBeGreaterThan(0);
  });

  it('filter by status, keyword and student, sort by the pinyin of the student name, and sum the filtered rows', async () => {
    const token = await loginToken('dealer');
    const t = today();
    const cards = (await rowsOf(studentCards)).filter((c) => c.companyId === 2);
    const active = cards.filter((c) => cardStatus(c, t) === 'active');
    const page = await list(token, '/v2/student_card?status=active&pageSize=5&sum=remainingHours');
    expect(page.total).toBe(active.length);
    expect(page.sum!.remainingHours).toBe(Math.round(active.reduce((s, c) => s + Math.round(c.remainingHours * 100), 0)) / 100);
    // By student name ascending: the pinyin of the names (the student list's order), then the id.
    const names = new Map((await rowsOf(students)).map((s) => [s.id, sortKey(s.name)]));
    const sorted = await list(token, '/v2/student_card?sortField=studentName&sortOrder=ascend&pageSize=200');
    const keys = sorted.list.map((c) => names.get((c as unknown as { studentId: number }).studentId)!);
    expect(keys).toEqual([...keys].sort());
    // A keyword: a card number exactly once.
    const one = cards[5];
    const found = await list(token, `/v2/student_card?keyword=${encodeURIComponent(one.cardNo)}`);
    expect(found.list.map((c) => c.id)).toContain(one.id);
    const ofStudent = await list(token, `/v2/student_card?studentId=${one.studentId}&pageSize=100`);
    expect(ofStudent.list.map((c) => c.id).sort((a, b) => a - b)).toEqual(cards.filter((c) => c.studentId === one.studentId).map((c) => c.id).sort((a, b) => a - b));
  });

  it('page the ledger and the orders newest first, with the drill-downs the figures count', async () => {
    const token = await loginToken('dealer');
    const records = (await rowsOf(hourRecords)).filter((r) => r.companyId === 2);
    const first = await list(token, '/v2/hour_record?pageSize=20');
    expect(first.total).toBe(records.length);
    const newest = [...records].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id - b.id).slice(0, 20);
    expect(first.list.map((r) => r.id)).toEqual(newest.map((r) => r.id));
    // Consumption of the last 30 days: the consuming types within the days, with their sums.
    const from = addDays(today(), -30);
    const consumed = records.filter((r) => CONSUMING_TYPES.includes(r.type) && r.createdAt >= new Date(`${from}T00:00:00`));
    const drill = await list(token, `/v2/hour_record?drill=consumed&from=${from}&to=${today()}&pageSize=5&sum=hours,amount`);
    expect(drill.total).toBe(consumed.length);
    expect(drill.sum!.hours).toBe(consumed.reduce((s, r) => s + Math.round(r.hours * 100), 0) / 100);
    const orders = (await rowsOf(cardOrders)).filter((o) => o.companyId === 2);
    const sales = await list(token, `/v2/card_order?drill=sales&from=${from}&to=${today()}&sum=amount`);
    const inDays = orders.filter((o) => o.createdAt >= new Date(`${from}T00:00:00`));
    expect(sales.total).toBe(inDays.length);
    expect(sales.sum!.amount).toBe(inDays.reduce((s, o) => s + Math.round(o.amount * 100), 0) / 100);
  });

  it('refuse a bad drill-down date or kind with a 400', async () => {
    const token = await loginToken('dealer');
    for (const path of ['/v2/hour_record?drill=consumed&from=yesterday', '/v2/card_order?drill=sales&to=2026-02-30', '/v2/student_card?drill=sales']) {
      const r = await call('GET', path, { token });
      expect(r.status, path).toBe(400);
    }
    expect((await call('GET', '/v2/student_card/options?studentId=abc', { token })).body.data).toEqual([]);
  });
});
