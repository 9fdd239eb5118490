// @vitest-environment node
/**
 * Issue 29, item 4: closed months stay closed. A month is closed, then every kind of event happens (sale, roll call,
 * undo, return, correction, renewal of a card that expired in the closed month, gift hours, a student's move to
 * another campus, invalidation, journal entries); the closed month's figures, read from every call that shows them,
 * must equal those stored at the close, and the ledger recomputed from scratch must agree with them too.
 */
import { campuses, journalEntries } from '../../server/db/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { getDb } from '../db';
import { today } from '../clock';
import { allArrears, call, inRequest, lessonsIn, loginToken, rowsOf, allCardTemplates, allStaff, allStudents, studentsIn } from '../testing';
import { addMonths, plusDays, sumMoney } from '@/domain/revenue';
import { accrualCards, accrualOverview, closedFigures, revenueMonthLive } from './finance';

const T = today();
const THIS = T.slice(0, 7);
const LAST = addMonths(THIS, -1);

async function get(token: string, path: string) {
  const r = await call('GET', path, { token });
  expect(r.status, `${path}: ${r.body.msg}`).toBe(200);
  return r.body.data;
}

async function post(token: string, path: string, body: unknown, method = 'POST') {
  const r = await call(method, path, { token, body });
  expect(r.status, `${path}: ${r.body.msg}`).toBe(200);
  return r.body.data;
}

/** Every page of a list call. */
async function all(token: string, path: string) {
  const first = await get(token, `${path}${path.includes('?') ? '&' : '?'}page=1&pageSize=200`);
  const rows = [...first.list];
  for (let p = 2; rows.length < first.total; p += 1) rows.push(...(await get(token, `${path}${path.includes('?') ? '&' : '?'}page=${p}&pageSize=200`)).list);
  return rows;
}

beforeEach(() => {
  resetDb();
});

describe('a closed month stays closed (issue 29)', () => {
  it('after every kind of event, every call showing the closed month answers with the figures stored at the close', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const campusIds = (await rowsOf(campuses)).filter((c) => c.companyId === 2).map((c) => c.id);
    // A count card that expired in the month to close with hours left: its value is forfeited in that month.
    const expiredCards = db.studentCards.filter((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'expired' && c.expiryDate.startsWith(LAST) && c.expiryDate < `${LAST}-28` && c.remainingHours > 0);
    expect(expiredCards.length).toBeGreaterThanOrEqual(2);
    const [renewed, invalidated] = expiredCards;

    /** What the closed month shows, from every call that shows its figures. */
    const figures = async () => {
      const out: Record<string, unknown> = {};
      out.accrual = await get(token, `/v2/finance/accrual?month=${LAST}`);
      out.cards = await all(token, `/v2/finance/accrual/cards?month=${LAST}&sortField=closing&sortOrder=descend`);
      out.revenue = (await get(token, `/v2/finance/revenue?month=${LAST}&months=1`)).months;
      out.revenue12 = (await get(token, `/v2/finance/revenue?month=${THIS}&months=12`)).months.filter((m: { month: string }) => m.month === LAST);
      for (const c of campusIds) {
        out[`revenue-${c}`] = (await get(token, `/v2/finance/revenue?month=${LAST}&months=1&campusId=${c}`)).months;
        out[`revenue12-${c}`] = (await get(token, `/v2/finance/revenue?month=${THIS}&months=12&campusId=${c}`)).months.filter((m: { month: string }) => m.month === LAST);
      }
      for (const figure of ['cashIn', 'refundsOut', 'recognisedLessons', 'forfeited']) {
        out[`records-${figure}`] = (await get(token, `/v2/finance/revenue/records?month=${LAST}&figure=${figure}&pageSize=1`)).sumAll;
        for (const c of campusIds) out[`records-${figure}-${c}`] = (await get(token, `/v2/finance/revenue/records?month=${LAST}&figure=${figure}&campusId=${c}&pageSize=1`)).sumAll;
      }
      out.closes = (await get(token, '/v2/finance/month_close?page=1&pageSize=10')).list;
      out.journal = (await all(token, `/v2/bill?month=${LAST}`)).map((e: { key: string; amount: number; campusId: number; status: string }) => `${e.key}|${e.amount}|${e.campusId}|${e.status}`).sort();
      out.balances = await get(token, `/v2/bill/balances?month=${LAST}`);
      for (const c of campusIds) out[`balances-${c}`] = await get(token, `/v2/bill/balances?month=${LAST}&campusId=${c}`);
      return out;
    };

    const closed = await post(token, '/v2/finance/month_close', { month: LAST });
    const atClose = await figures();
    const stored = (await closedFigures(2, LAST))!;
    expect((atClose.accrual as { total: unknown }).total).toEqual(stored.total);
    expect((atClose.accrual as { total: { closing: number } }).total.closing).toBe(closed.closing);
    const forfeitedAtClose = (atClose.revenue as { forfeited: number }[])[0].forfeited;
    expect(forfeitedAtClose).toBeGreaterThan(0);
    const openingThis = (await get(token, `/v2/finance/accrual?month=${THIS}`)).total.opening;
    expect(openingThis).toBe(closed.closing);

    // ---- every kind of event, today ----
    const seller = (await allStaff()).find((s) => s.companyId === 2 && s.role === 'sales' && s.status === 'active')!;
    const tpl = (await allCardTemplates()).find((x) => x.companyId === 2 && x.onSale && x.kind === 'count')!;
    // A student who owes no lessons: a sale first settles open arrears (docs/rules.md#arrears).
    const owing = new Set((await allArrears()).filter((a) => a.status === 'open').map((a) => a.studentId));
    const buyer = (await studentsIn(2)).find((s) => s.status === 'active' && !owing.has(s.id))!;
    const sold = await post(token, '/v2/student_card/sell', { studentId: buyer.id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: seller.id, startDate: T });
    const lesson = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.date === T && l.status === 'scheduled' && !l.rollCalledAt);
    if (lesson) {
      const view = await get(token, `/v2/lesson/${lesson.id}/roll_call`);
      await post(token, '/v2/lesson/roll_call', { lessonId: lesson.id, marks: view.students.map((s: { studentId: number }) => ({ studentId: s.studentId, mark: 'present' })) });
      await post(token, '/v2/lesson/roll_call/undo', { lessonId: lesson.id });
      await post(token, '/v2/lesson/roll_call', { lessonId: lesson.id, marks: view.students.map((s: { studentId: number }) => ({ studentId: s.studentId, mark: 'present' })) });
    }
    const ret = await post(token, '/v2/student_card/return', { cardId: sold.card.id, hours: 2, reason: 'Moving' });
    await post(token, '/v2/student_card/review', { recordId: ret.record.id, approve: true });
    await post(token, '/v2/student_card/correct', { cardId: sold.card.id, hours: -1, reason: 'Fix' });
    // A back-dated correction into the closed month is refused.
    const late = await call('POST', '/v2/student_card/correct', { token, body: { cardId: sold.card.id, hours: 1, reason: 'Late', date: `${LAST}-15` } });
    expect(late.status).toBe(400);
    // The card that expired in the closed month is renewed: its value comes back today, not in the closed month.
    await post(token, '/v2/student_card/renew', { cardId: renewed.id, hours: 5, amount: 500, method: 'wechat', sellerId: seller.id, expiryDate: plusDays(T, 90) });
    await post(token, '/v2/student_card/gift', { cardId: renewed.id, hours: 2, reason: 'Welcome back' });
    await post(token, '/v2/student_card/invalidate', { cardId: invalidated.id, reason: 'Left' });
    // A student with a card that counted in the closed month moves to the other campus.
    const mover = (await studentsIn(2)).find((s) => s.id === renewed.studentId)!;
    const from = mover.campusId;
    const to = campusIds.find((c) => c !== from)!;
    await post(token, '/v2/student', { id: mover.id, campusId: to, name: mover.name, mobile: mover.mobile, gender: mover.gender, parentName: mover.parentName || undefined, status: mover.status }, 'PUT');
    expect((await allStudents()).find((s) => s.id === mover.id)!.campusId).toBe(to);
    const entry = await post(token, '/v2/bill', { date: T, direction: 'expense', category: 'expense.marketing', account: 'cash', campusId: from, amount: 88, counterparty: 'Flyers' });
    await post(token, '/v2/bill/void', { id: entry.id, reason: 'Twice' });
    const lastEntry = (await rowsOf(journalEntries)).find((e) => e.companyId === 2 && e.date.startsWith(LAST) && e.status === 'active')!;
    expect((await call('POST', '/v2/bill/void', { token, body: { id: lastEntry.id, reason: 'Late' } })).status).toBe(400);
    expect((await call('POST', '/v2/bill', { token, body: { date: `${LAST}-20`, direction: 'expense', category: 'expense.rent', account: 'bank', campusId: from, amount: 10, counterparty: 'X' } })).status).toBe(400);

    // ---- the closed month, from every call: as stored ----
    const after = await figures();
    expect(after).toEqual(atClose);
    // The ledger recomputed from scratch agrees with what was stored (nothing reached back).
    const live = await inRequest(2, () => accrualOverview(db, 2, LAST));
    expect(live.total).toEqual(stored.total);
    expect(live.campuses).toEqual(stored.campuses);
    // Read as a request of the company reads them (with its students' campus moves).
    const liveCards = new Map((await inRequest(2, () => accrualCards(db, 2, LAST))).map((r) => [r.cardId, r]));
    for (const row of stored.cards) {
      const now = liveCards.get(row.cardId)!;
      expect({ ...now, status: row.status, studentName: row.studentName }, `card ${row.cardNo}`).toEqual(row);
    }
    expect(await inRequest(2, () => revenueMonthLive(db, 2, LAST))).toEqual(stored.revenue['']);
    for (const c of campusIds) expect(await inRequest(2, () => revenueMonthLive(db, 2, LAST, c))).toEqual(stored.revenue[c]);

    // What happened today is in today's month: the renewal reinstates the forfeit (a negative forfeit) and the
    // moved student's card counts on the new campus from this month on; the month opens with the stored closing.
    const thisMonth = await get(token, `/v2/finance/accrual?month=${THIS}`);
    expect(thisMonth.total.opening).toBe(closed.closing);
    const renewedNow = (await get(token, `/v2/finance/accrual/cards?month=${THIS}&studentId=${mover.id}&pageSize=50`)).list.find((r: { cardId: number }) => r.cardId === renewed.id);
    const renewedThen = stored.cards.find((r) => r.cardId === renewed.id)!;
    expect(renewedThen.forfeited).toBeGreaterThan(0);
    expect(renewedThen.campusId).toBe(from);
    expect(renewedNow.campusId).toBe(to);
    expect(renewedNow.forfeited).toBe(-renewedThen.forfeited);
    expect(renewedNow.opening).toBe(0);
    expect(renewedNow.closing).toBe(sumMoney([renewedThen.forfeited, 500]));
  });

  it('the stored figures are what the calls show even if the ledger were changed behind the close', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    await post(token, '/v2/finance/month_close', { month: LAST });
    const before = await get(token, `/v2/finance/accrual?month=${LAST}`);
    const rev = (await get(token, `/v2/finance/revenue?month=${LAST}&months=1`)).months[0];
    // Something no call can do (an order dated in the closed month written straight into the table).
    const card = db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count')!;
    const o = db.cardOrders.find((x) => x.cardId === card.id)!;
    db.cardOrders.push({ ...o, id: db.cardOrders.length + 1000, createdAt: `${LAST}-10 10:00:00`, amount: 12345 });
    expect(await get(token, `/v2/finance/accrual?month=${LAST}`)).toEqual(before);
    expect((await get(token, `/v2/finance/revenue?month=${LAST}&months=1`)).months[0]).toEqual(rev);
    // The recomputation shows the difference (so the check above is not vacuous).
    expect((await inRequest(2, () => revenueMonthLive(db, 2, LAST))).cashIn).toBe(sumMoney([rev.cashIn, 12345]));
  });
});
