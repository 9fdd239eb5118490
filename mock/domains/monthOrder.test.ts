// @vitest-environment node
/**
 * Month close in order and money that waits for the month's end (issue 30, docs/rules.md#salaries, #revenue-and-month-close): a month closes
 * only after the one before it (the first close anywhere), the last closed month reopens with a reason (logged, its
 * stored figures dropped), entries dated in a closed month are refused, salaries are checked and paid only once their
 * month has ended, and a pay slip's lines carry their reasons.
 */
import { monthCloseFigures, monthCloses, paySlips, salaryLines } from '../../server/db/schema';
import { tx } from '../../server/db';
import { eq } from 'drizzle-orm';
import { auditEntries } from './audit';
import { call, inRequest, loginToken, rowsOf } from '../testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { getDb } from '../db';
import { today } from '../clock';
import { addMonths, sumMoney } from '@/domain/revenue';
import { accrualOverview, closedFigures, revenueMonthLive } from './finance';
import { appendHourRecord, readClosedMonths } from './ledger';

const login = (username: string, _password: string) => loginToken(username);

const THIS = today().slice(0, 7);
const M1 = addMonths(THIS, -1);
const M2 = addMonths(THIS, -2);
const M3 = addMonths(THIS, -3);
const close = (token: string, month: string) => call('POST', '/v2/finance/month_close', { token, body: { month } });
const reopen = (token: string, month: string, reason: string) => call('POST', '/v2/finance/month_close/reopen', { token, body: { month, reason } });
/** The company's closes in the order they were written. */
const closesOf = async (companyId: number) => (await rowsOf(monthCloses)).filter((c) => c.companyId === companyId).sort((a, b) => a.id - b.id);
const entry = (token: string, date: string) =>
  call('POST', '/v2/bill', { token, body: { date, direction: 'expense', category: 'expense.rent', account: 'bank', campusId: 1, amount: 10, counterparty: 'Landlord' } });

beforeEach(() => {
  resetDb();
});

describe('month close in order', () => {
  it('the seed has no closed month; after the first close a month closes only after the one before it', async () => {
    const token = await login('dealer', 'dealer123');
    expect(await closesOf(2)).toEqual([]);
    expect((await close(token, M3)).status).toBe(200);
    const skip = await close(token, M1);
    expect(skip.status).toBe(400);
    expect(skip.body.msg).toBe(`Months close in order: close ${M2} before ${M1}.`);
    expect((await closesOf(2)).map((c) => c.month)).toEqual([M3]);
    // The month before the first closed one cannot be added afterwards either.
    expect((await close(token, addMonths(M3, -1))).body.msg).toBe(`Months close in order: close ${M2} before ${addMonths(M3, -1)}.`);
    // While the month before is open its entries are accepted; once it closes they are refused.
    expect((await entry(token, `${M2}-20`)).status).toBe(200);
    expect((await close(token, M2)).status).toBe(200);
    const refused = await entry(token, `${M2}-21`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`${M2} is closed: entries dated in it cannot be added, edited or voided.`);
    expect((await close(token, M1)).status).toBe(200);
    expect((await closesOf(2)).map((c) => c.month)).toEqual([M3, M2, M1]);
    // The refusal is in the caller's language.
    const zh = await call('POST', '/v2/finance/month_close', { token, body: { month: M3 }, lang: 'zh-CN' });
    expect(zh.body.msg).toBe(`${M3} 已结账。`);
    const zhOrder = await call('POST', '/v2/finance/month_close', { token, body: { month: addMonths(M1, -5) }, lang: 'zh-CN' });
    expect(zhOrder.body.msg).toBe(`月结须按顺序：请先结账 ${THIS}，再结账 ${addMonths(M1, -5)}。`);
  });

  it('each company starts where it likes: another company’s closes do not order this one', async () => {
    const dealer = await login('dealer', 'dealer123');
    expect((await close(dealer, M3)).status).toBe(200);
    await (await tx()).insert(monthCloses).values({ id: 9999, companyId: 3, month: M1, closedAt: new Date(), closedBy: '', closing: 0 });
    expect((await close(dealer, M2)).status).toBe(200);
  });

  it('the last closed month reopens with a reason (logged, stored figures dropped, closed anew later); others do not', async () => {
    const token = await login('dealer', 'dealer123');
    expect((await close(token, M2)).status).toBe(200);
    expect((await close(token, M1)).status).toBe(200);
    expect(await closedFigures(2, M1)).toBeTruthy();
    expect((await reopen(token, M2, 'Wrong rent')).body.msg).toBe(`Only the last closed month (${M1}) can be reopened.`);
    expect((await reopen(token, THIS, 'x')).body.msg).toBe(`${THIS} is not closed.`);
    const noReason = await reopen(token, M1, '  ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toMatch(/Reason/);
    expect((await closesOf(2)).map((c) => c.month)).toEqual([M2, M1]);

    const ok = await reopen(token, M1, 'Rent entered twice');
    expect(ok.status, ok.body.msg).toBe(200);
    expect((await closesOf(2)).map((c) => c.month)).toEqual([M2]);
    expect(await closedFigures(2, M1)).toBeUndefined();
    expect(await closedFigures(2, M2)).toBeTruthy();
    const log = (await auditEntries()).at(-1)!;
    expect(log).toMatchObject({ path: '/v2/finance/month_close/reopen', userName: expect.any(String), companyId: 2 });
    expect(log.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'reason', after: 'Rent entered twice' }), expect.objectContaining({ field: 'month', after: M1 }), expect.objectContaining({ field: 'closedBy' })]));
    // The reopened month is live again: an entry is accepted, the accrual says open, and it closes anew with new figures.
    expect((await entry(token, `${M1}-15`)).status).toBe(200);
    const overview = await call('GET', `/v2/finance/accrual?month=${M1}`, { token });
    expect(overview.body.data.closed).toBe(false);
    expect((await close(token, M1)).status).toBe(200);
    expect(await closedFigures(2, M1)).toBeTruthy();
    expect((await rowsOf(monthCloseFigures)).filter((f) => f.companyId === 2 && f.month === M1)).toHaveLength(1);
    expect((await entry(token, `${M1}-16`)).status).toBe(400);
    // Reopening is for those who close: a teacher is refused.
    const teacher = await login('teacher', 'teacher123');
    expect((await reopen(teacher, M1, 'x')).status).toBe(403);
  });

  it('a close waits for a write under way that read the month open: nothing is dated in a month after its close', async () => {
    const token = await login('dealer', 'dealer123');
    const db = getDb();
    const card = db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'active' && c.remainingHours > 2 && c.startDate <= `${M1}-01` && c.expiryDate > today())!;
    // A write as the calls run one (mock/http.ts: the company's closed months are read first), slow to finish.
    let read!: () => void;
    const wasRead = new Promise<void>((r) => (read = r));
    const writing = inRequest(2, async () => {
      expect(await readClosedMonths(2)).toEqual([]);
      read();
      await new Promise((r) => setTimeout(r, 300));
      appendHourRecord(db, { cardId: card.id, type: 'proof', hours: 1, signedHours: 1, reason: 'Late fix', at: `${M1}-15 10:00:00`, operator: { id: 1, name: 'test' } });
    });
    await wasRead;
    // The close asked meanwhile (on a server: waits for the write's commit; embedded: transactions run one at a time).
    const closing = close(token, M1);
    await writing;
    expect((await closing).status).toBe(200);
    expect(db.hourRecords.some((r) => r.cardId === card.id && r.createdAt === `${M1}-15 10:00:00`)).toBe(true);
    // What the close stored includes the record: the ledger recomputed agrees.
    expect((await inRequest(2, () => accrualOverview(db, 2, M1))).total).toEqual((await closedFigures(2, M1))!.total);
    expect(await inRequest(2, () => revenueMonthLive(db, 2, M1))).toEqual((await closedFigures(2, M1))!.revenue['']);
  });
});

describe('salaries wait for the end of the month', () => {
  it('check, check amount and pay are refused for the current month with the reason; last month pays', async () => {
    const token = await login('dealer', 'dealer123');
    const draft = (await call('GET', `/v2/salary?month=${THIS}&pageSize=100`, { token })).body.data.list;
    expect(draft.length).toBeGreaterThan(0);
    const msg = `Salaries of ${THIS} can be checked and paid only once the month has ended.`;
    const check = await call('POST', '/v2/salary/check', { token, body: { ids: [draft[0].id] } });
    expect([check.status, check.body.msg]).toEqual([400, msg]);
    const amount = await call('POST', '/v2/salary/check_amount', { token, body: { id: draft[0].id, total: draft[0].total } });
    expect([amount.status, amount.body.msg]).toEqual([400, msg]);
    expect((await rowsOf(salaryLines)).find((l) => l.id === draft[0].id)!.status).toBe('draft');
    // A current-month line checked behind the rule (as by an older version) still cannot be paid.
    await (await tx()).update(salaryLines).set({ status: 'checked' }).where(eq(salaryLines.id, draft[0].id));
    const slips = (await rowsOf(paySlips)).length;
    const pay = await call('POST', '/v2/salary/pay', { token, body: { ids: [draft[0].id], account: 'bank' } });
    expect([pay.status, pay.body.msg]).toEqual([400, msg]);
    expect((await rowsOf(paySlips)).length).toBe(slips);

    const checked = (await call('GET', `/v2/salary?month=${M1}&pageSize=100`, { token })).body.data.list;
    const paid = await call('POST', '/v2/salary/pay', { token, body: { ids: checked.map((l: { id: number }) => l.id), account: 'bank' } });
    expect(paid.status, paid.body.msg).toBe(200);
    expect(paid.body.data.paid).toBe(checked.length);
  });

  it('every line of a pay slip carries its reason: sales and clawbacks of the card commission, the bonus and penalty reasons', async () => {
    const token = await login('dealer', 'dealer123');
    const checked = (await call('GET', `/v2/salary?month=${M1}&pageSize=100`, { token })).body.data.list as { id: number; bonus: number; penalties: number }[];
    const withBonus = checked.find((l) => l.bonus > 0)!;
    const line = (await rowsOf(salaryLines)).find((l) => l.id === withBonus.id)!;
    const paid = await call('POST', '/v2/salary/pay', { token, body: { ids: [line.id], account: 'cash' } });
    const slip = (await call('GET', `/v2/pay_slip/${paid.body.data.slipIds[0]}`, { token })).body.data;
    expect(sumMoney(slip.lines.map((l: { amount: number }) => l.amount))).toBe(slip.total);
    const bonus = slip.lines.find((l: { key: string }) => l.key === 'bonus');
    expect(bonus.reasons).toEqual(line.adjustments.filter((a) => a.kind === 'bonus').map((a) => a.reason));
    expect(bonus.reasons.length).toBeGreaterThan(0);
    const card = slip.lines.find((l: { key: string }) => l.key === 'cardCommission');
    expect(sumMoney([card.sales, card.clawbacks])).toBe(card.amount);
    expect(card.clawbacks).toBeLessThanOrEqual(0);
    expect(slip.lines.find((l: { key: string }) => l.key === 'penalties').reasons).toEqual(line.adjustments.filter((a) => a.kind === 'penalty').map((a) => a.reason));
  });
});
