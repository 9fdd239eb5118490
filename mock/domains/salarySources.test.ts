/**
 * The salary's commission sources read from the tables (`monthSourcesOf`) are the seed's rule over the process's rows
 * (`monthSources`, which the seed's own lines use): the month's sales by seller, the returns by the card's seller and the
 * lessons' consumption by teacher, for every month the seed holds and after a sale, a return and a roll call today.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, resetDb } from '../db';
import '../handlers';
import { today } from '../clock';
import { call, inRequest, lessonsIn, loginToken, allCardTemplates, allStaff, studentsIn } from '../testing';
import { monthsEnding } from '../../src/domain/revenue';
import { monthSources, monthSourcesOf } from './salary';

beforeEach(() => {
  resetDb();
});

/** Each person's rows with the fields the commission reads (the rule over the rows hands it whole orders and records). */
const sorted = <V extends object>(m: Map<number, V[]>, fields: string[]) =>
  [...m].sort(([a], [b]) => a - b).map(([k, list]) => [k, list.map((x) => Object.fromEntries(fields.filter((f) => (x as Record<string, unknown>)[f] !== undefined).map((f) => [f, (x as Record<string, unknown>)[f]])))]);
const SALE = ['id', 'orderNo', 'amount', 'createdAt', 'studentName'];
const RETURN = ['id', 'cardNo', 'amount', 'reviewedAt', 'createdAt', 'studentName'];
const TAUGHT = ['id', 'cardNo', 'hours', 'amount', 'createdAt', 'studentName', 'lessonId'];

async function expectSameSources(months: string[]) {
  let rows = 0;
  for (const month of months) {
    const [fromRows, fromTables] = await inRequest(2, async () => [monthSources(getDb(), 2, month), await monthSourcesOf(2, month)] as const);
    expect(sorted(fromTables.sales, SALE), `${month} sales`).toEqual(sorted(fromRows.sales, SALE));
    expect(sorted(fromTables.returns, RETURN), `${month} returns`).toEqual(sorted(fromRows.returns, RETURN));
    expect(sorted(fromTables.taught, TAUGHT), `${month} taught`).toEqual(sorted(fromRows.taught, TAUGHT));
    rows += fromRows.sales.size + fromRows.returns.size + fromRows.taught.size;
  }
  expect(rows).toBeGreaterThan(0);
}

describe('salary sources from the tables', () => {
  it('equal the rule over the rows, for every month of the seed and after writes of today', async () => {
    const months = monthsEnding(today().slice(0, 7), 9);
    await expectSameSources(months);
    const token = await loginToken('dealer');
    const ok = (r: { status: number; body: { msg?: string } }) => expect(r.status, r.body.msg).toBe(200);
    const tpl = (await allCardTemplates()).find((x) => x.companyId === 2 && x.onSale && x.kind === 'count' && x.classIds.length === 0)!;
    const seller = (await allStaff()).find((s) => s.companyId === 2 && s.status === 'active' && s.role === 'sales')!;
    const student = (await studentsIn(2)).find((s) => s.status === 'active')!;
    const sale = await call('POST', '/v2/student_card/sell', { token, body: { studentId: student.id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: seller.id, startDate: today() } });
    ok(sale);
    const asked = await call('POST', '/v2/student_card/return', { token, body: { cardId: sale.body.data.card.id, hours: 2, reason: 'moving' } });
    ok(asked);
    ok(await call('POST', '/v2/student_card/review', { token, body: { recordId: asked.body.data.record.id, approve: true } }));
    const lesson = (await lessonsIn(2)).find((l) => l.date === today() && l.status === 'scheduled')!;
    const view = await call('GET', `/v2/lesson/${lesson.id}/roll_call`, { token });
    ok(await call('POST', '/v2/lesson/roll_call', { token, body: { lessonId: lesson.id, marks: (view.body.data.students as { studentId: number }[]).map((s) => ({ studentId: s.studentId, mark: 'present' })) } }));
    await expectSameSources([today().slice(0, 7)]);
    const [src] = await inRequest(2, async () => [await monthSourcesOf(2, today().slice(0, 7))] as const);
    expect(src.sales.get(seller.id)?.map((o) => o.id)).toContain(sale.body.data.order.id);
    expect(src.taught.get(lesson.teacherId)?.length).toBeGreaterThan(0);
  });
});
