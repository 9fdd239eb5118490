/**
 * The lists of cards, hour records and card orders in SQL (./cardLists.ts): a card's status as the database computes
 * it is `cardStatus`'s on any day; the lists answer the rows the caller's scope and the filters select, in the order
 * asked, with their sums; a bad drill-down date is a 400, never a 500.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { getDb, resetDb } from '../db';
import { poolOfCard } from './ledger';
import '../handlers';
import { addDays, today } from '../clock';
import { call, loginToken, rowsOf } from '../testing';
import { tx } from '../../server/db';
import { cardOrders, hourRecords, studentCards, students } from '../../server/db/schema';
import { sortKey } from '../../server/db/sortKey';
import { cardStatus } from '../../src/domain/ledger';
import { CONSUMING_TYPES } from '../../src/domain/metrics';
import { renewalFlags, renewalStates } from '../../src/domain/receivers';
import { cardStatusSql, renewalDueOf, renewalStatesOf, usableCardsEnding } from './cardLists';

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

  it("answer a card's detail and return quote in the caller's scope: the teacher sees their students' cards only", async () => {
    const dealer = await loginToken('dealer');
    const teacher = await loginToken('teacher');
    const seen = (await list(teacher, '/v2/student_card?pageSize=200')).list;
    const all = (await list(dealer, '/v2/student_card?pageSize=200')).list;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(all.length);
    const mine = seen[0];
    const other = all.find((c) => !seen.some((x) => x.id === c.id))!;
    const detail = await call('GET', `/v2/student_card/${mine.id}`, { token: teacher });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(mine);
    expect((await call('GET', `/v2/student_card/${other.id}`, { token: teacher })).status).toBe(404);
    expect((await call('GET', `/v2/student_card/return_quote?cardId=${other.id}`, { token: teacher })).status).toBe(404);
    const quote = await call('GET', `/v2/student_card/return_quote?cardId=${other.id}`, { token: dealer });
    expect(quote.status).toBe(200);
    expect(quote.body.data.cardId).toBe(other.id);
    // The pool from the card's records in the table is the process's (`poolOfCard`).
    expect(quote.body.data.pool).toEqual(poolOfCard(getDb(), other.id));
  });

  it("refuse to delete a template that issued cards, naming how many, and delete one that issued none", async () => {
    const token = await loginToken('dealer');
    const cards = (await rowsOf(studentCards)).filter((c) => c.companyId === 2);
    const used = cards[0].templateId;
    const n = cards.filter((c) => c.templateId === used).length;
    const refused = await call('DELETE', `/v2/card_template/${used}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain(`${n} card`);
    const fresh = await call('POST', '/v2/card_template', { token, body: { name: 'Unused template', kind: 'count', hours: 10, giftHours: 0, price: 100, validDays: 30, classIds: [] } });
    expect(fresh.status, fresh.body.msg).toBe(200);
    expect((await call('DELETE', `/v2/card_template/${fresh.body.data.id}`, { token })).status).toBe(200);
  });

  it('find the usable cards ending on a day (the expiry reminder of the daily sweep)', async () => {
    const t = today();
    const cards = (await rowsOf(studentCards)).filter((c) => c.companyId === 2);
    const days = [...new Set(cards.filter((c) => cardStatus(c, t) === 'active').map((c) => c.expiryDate))].slice(0, 5);
    expect(days.length).toBeGreaterThan(0);
    for (const day of [...days, addDays(t, 30)]) {
      const expected = cards.filter((c) => c.expiryDate === day && cardStatus(c, t) === 'active').map((c) => c.id).sort((a, b) => a - b);
      expect((await usableCardsEnding(2, day, t)).map((c) => c.id), day).toEqual(expected);
    }
  });

  it('sum over no rows to 0, and an unknown field to 0', async () => {
    const token = await loginToken('dealer');
    const none = await list(token, '/v2/hour_record?keyword=no-such-record-anywhere&sum=hours,amount,nothing');
    expect(none.total).toBe(0);
    expect(none.sum).toEqual({ hours: 0, amount: 0, nothing: 0 });
    const unknown = await list(token, '/v2/arrears?status=open&studentId=999999&sum=nothing');
    expect(unknown.sum).toEqual({ nothing: 0 });
    // The student drawer's open arrears with their hours and value.
    const open = await list(token, '/v2/arrears?status=open&pageSize=200&sum=hours,value');
    const rows = open.list as unknown as { hours: number; value: number }[];
    expect(open.total).toBe(rows.length);
    expect(open.sum!.hours).toBe(Math.round(rows.reduce((s, a) => s + a.hours * 100, 0)) / 100);
    expect(open.sum!.value).toBe(Math.round(rows.reduce((s, a) => s + a.value * 100, 0)) / 100);
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
