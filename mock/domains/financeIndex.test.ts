// @vitest-environment node
/**
 * The finance caches (./financeIndex.ts) and the incremental company index (../indexes.ts) give what the
 * straightforward computation gives, after every kind of write: the revenue, accrual and journal figures are
 * recomputed here from the raw tables with `cardFigures` (src/domain/revenue.ts) and compared with the calls; and a
 * write rebuilds the series of the cards it touched only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resetDb } from '../handlers';
import { getDb, type Db } from '../db';
import { today } from '../clock';
import { eq } from 'drizzle-orm';
import { allArrears, call, inRequest, lessonsIn, loginToken, rowsOf, allCardTemplates, allStaff, allStudents, studentsIn } from '../testing';
import { campuses, students } from '../../server/db/schema';
import { tx } from '../../server/db';
import { groupOf, indexOf } from '../indexes';
import { cardFigures, cashInOf, deferredRevenue, monthRange, monthsEnding, periodToDate, recognisedRevenue, refundsOutOf, shownRollforward, sumMoney, type LedgerCard } from '@/domain/revenue';
import { financeIndexStats } from './financeIndex';
import { journalRows, revenueMonths } from './finance';
import { studentCampusOn } from './studentCampus';
import { loadStudentCampuses } from './studentRows';
import type { Student } from '../../src/types/school';

const T = today();
const THIS = T.slice(0, 7);

/**
 * The revenue of a month the long way: every card's ledger filtered from the raw tables, the domain's figure functions
 * (src/domain/revenue.ts: `recognisedRevenue`, `cashInOf`, `refundsOutOf`, `deferredRevenue`, over the month up to today).
 * One campus: `campusOf` gives each student's campus (student id to campus id, read from the students table).
 */
function revenueByHand(db: Db, month: string, campusId?: number, campusOf: Map<number, number> = new Map()) {
  const { start, end } = monthRange(month);
  const inCampus = (studentId: number) => campusId === undefined || campusOf.get(studentId) === campusId;
  const ledger: LedgerCard[] = db.studentCards
    .filter((c) => c.companyId === 2 && inCampus(c.studentId))
    .map((card) => ({ card, records: db.hourRecords.filter((r) => r.cardId === card.id), orders: db.cardOrders.filter((o) => o.cardId === card.id), campusId: 0 }));
  const p = { from: start, to: end };
  const r = recognisedRevenue(ledger, p, T);
  return {
    month,
    cashIn: cashInOf(ledger, p, T),
    refundsOut: refundsOutOf(ledger, p, T),
    recognised: r.recognised,
    recognisedLessons: r.recognised,
    lessons: r.lessons,
    periodDays: r.periodDays,
    corrections: r.corrections,
    forfeited: r.forfeited,
    deferred: deferredRevenue(ledger, p, T),
  };
}

async function get(token: string, path: string) {
  const r = await call('GET', path, { token });
  expect(r.status, `${path}: ${r.body.msg}`).toBe(200);
  return r.body.data;
}

async function post(token: string, path: string, body: unknown) {
  const r = await call('POST', path, { token, body });
  expect(r.status, `${path}: ${r.body.msg}`).toBe(200);
  return r.body.data;
}

beforeEach(() => {
  resetDb();
});

describe('finance caches after writes = the straightforward computation', () => {
  it('revenue and accrual after a roll call, its undo, a sale, a renewal, a return approved and one rejected, an invalidation, a correction', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const months = monthsEnding(THIS, 3);
    const check = async (step: string) => {
      const rev = (await get(token, `/v2/finance/revenue?months=3`)).months;
      expect(rev, step).toEqual(months.map((m) => revenueByHand(db, m)));
      const accrual = await get(token, `/v2/finance/accrual?month=${THIS}`);
      const cards = await get(token, `/v2/finance/accrual/cards?month=${THIS}&pageSize=200&sortField=closing&sortOrder=descend`);
      for (const row of cards.list) {
        const card = db.studentCards.find((c) => c.id === row.cardId)!;
        const { start, end } = monthRange(THIS);
        // The month up to today, as the screens show the rollforward (recognised revenue with its corrections).
        const p = periodToDate({ from: start, to: end }, T);
        const f = shownRollforward(cardFigures({ card, records: db.hourRecords.filter((r) => r.cardId === card.id), orders: db.cardOrders.filter((o) => o.cardId === card.id) }, p.from, p.to, T));
        expect(row, `${step}: card ${card.cardNo}`).toMatchObject(f);
      }
      expect(accrual.total.closing, step).toBe(rev[2].deferred);
      // The drill-down of each figure (its month's rows, kept per data stamp) adds up to the figure.
      for (const figure of ['cashIn', 'refundsOut', 'recognisedLessons', 'forfeited'] as const) {
        const d = await get(token, `/v2/finance/revenue/records?month=${THIS}&figure=${figure}&pageSize=1`);
        expect(d.sumAll, `${step}: ${figure}`).toBe(rev[2][figure]);
      }
    };
    await check('seed');

    const lesson = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.date === T && l.status === 'scheduled' && !l.rollCalledAt)!;
    const view = await get(token, `/v2/lesson/${lesson.id}/roll_call`);
    const built = financeIndexStats.seriesBuilt;
    await post(token, '/v2/lesson/roll_call', { lessonId: lesson.id, marks: view.students.map((s: { studentId: number }) => ({ studentId: s.studentId, mark: 'present' })) });
    await check('roll call');
    // Only the cards the roll call deducted from were valued again.
    expect(financeIndexStats.seriesBuilt - built).toBeLessThanOrEqual(view.students.length);
    await post(token, '/v2/lesson/roll_call/undo', { lessonId: lesson.id });
    await check('roll call undo');

    // A student who owes no lessons: a sale first settles open arrears (docs/rules.md#arrears).

    const owing = new Set((await allArrears()).filter((a) => a.status === 'open').map((a) => a.studentId));
    const student = (await studentsIn(2)).find((s) => s.status === 'active' && !owing.has(s.id))!;
    const tpl = (await allCardTemplates()).find((x) => x.companyId === 2 && x.onSale && x.kind === 'count')!;
    const seller = (await allStaff()).find((s) => s.companyId === 2 && s.role === 'sales')!;
    const sold = await post(token, '/v2/student_card/sell', { studentId: student.id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: seller.id, startDate: T });
    await check('sale');
    await post(token, '/v2/student_card/renew', { cardId: sold.card.id, hours: 5, amount: 500, method: 'wechat', sellerId: seller.id });
    await check('renewal');
    const ret = await post(token, '/v2/student_card/return', { cardId: sold.card.id, hours: 2, reason: 'Moving' });
    await check('return requested');
    await post(token, '/v2/student_card/review', { recordId: ret.record.id, approve: true });
    await check('return approved');
    const ret2 = await post(token, '/v2/student_card/return', { cardId: sold.card.id, hours: 1, reason: 'Again' });
    await post(token, '/v2/student_card/review', { recordId: ret2.record.id, approve: false });
    await check('return rejected');
    await post(token, '/v2/student_card/correct', { cardId: sold.card.id, hours: -1, reason: 'Fix' });
    await check('correction');
    await post(token, '/v2/student_card/invalidate', { cardId: sold.card.id, reason: 'Left' });
    await check('invalidation');
  });

  it('the kept sums of one campus follow a student who moves to another campus (the card leaves one set, joins the other)', async () => {
    const db = getDb();
    const months = monthsEnding(THIS, 3);
    const [a, b] = (await rowsOf(campuses)).filter((c) => c.companyId === 2);
    const byHand = async (campusId: number) => {
      const campusOf = await campusesNow();
      return months.map((m) => revenueByHand(db, m, campusId, campusOf));
    };
    // Read as a request of the company reads them (its students).
    const revenueOf = (campusId: number) => asRequest(() => revenueMonths(db, 2, months, campusId));
    expect(await revenueOf(a.id)).toEqual(await byHand(a.id));
    expect(await revenueOf(b.id)).toEqual(await byHand(b.id));
    const moved = (await studentsIn(2)).find((s) => s.campusId === a.id && db.studentCards.some((c) => c.studentId === s.id && c.kind === 'count' && c.status === 'active' && c.remainingHours > 0 && db.cardOrders.some((o) => o.cardId === c.id && o.amount > 0)))!;
    const before = await revenueOf(a.id);
    await setCampus(moved, b.id);
    const after = await revenueOf(a.id);
    expect(after).toEqual(await byHand(a.id));
    expect(after[2].deferred).toBeLessThan(before[2].deferred);
    expect(await revenueOf(b.id)).toEqual(await byHand(b.id));
  });

  it('a recorded move (PUT /v2/student) moves the student’s future only: past months keep the campus they had, the kept sums agree', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const months = monthsEnding(THIS, 3);
    const [a, b] = (await rowsOf(campuses)).filter((c) => c.companyId === 2);
    const moved = (await studentsIn(2)).find((s) => s.campusId === a.id && db.studentCards.some((c) => c.studentId === s.id && c.kind === 'count' && c.status === 'active' && c.remainingHours > 0 && db.cardOrders.some((o) => o.cardId === c.id && o.amount > 0 && o.createdAt < `${months[0]}-01`)))!;
    const before = await asRequest(() => ({ a: revenueMonths(db, 2, months, a.id), b: revenueMonths(db, 2, months, b.id) }));
    const r = await call('PUT', '/v2/student', { token, body: { id: moved.id, campusId: b.id, name: moved.name, mobile: moved.mobile, gender: moved.gender, status: moved.status } });
    expect(r.status, r.body.msg).toBe(200);
    // Read as a request of the company reads them (with its students' campus moves).
    const after = await asRequest(() => ({ a: revenueMonths(db, 2, months, a.id), b: revenueMonths(db, 2, months, b.id) }));
    // The two past months are as they were; this month the card counts on the new campus.
    expect(after.a.slice(0, 2)).toEqual(before.a.slice(0, 2));
    expect(after.b.slice(0, 2)).toEqual(before.b.slice(0, 2));
    expect(after.a[2].deferred).toBeLessThan(before.a[2].deferred);
    expect(after.b[2].deferred).toBeGreaterThan(before.b[2].deferred);
    // The whole company does not change, and the kept sums equal a computation from scratch (campus at each month's end).
    expect(sumMoney([after.a[2].deferred, after.b[2].deferred])).toBe(sumMoney([before.a[2].deferred, before.b[2].deferred]));
    // The campus each student had at a month's end, as a request of the company reads the moves.
    const dated = async (campusId: number) => {
      const all = await allStudents();
      return asRequest(() => months.map((m) => {
        const end = monthRange(m).end < T ? monthRange(m).end : T;
        const campusOf = new Map(all.map((s) => [s.id, studentCampusOn(db, s, end).campusId]));
        return revenueByHand(db, m, campusId, campusOf);
      }));
    };
    expect(after.a).toEqual(await dated(a.id));
    expect(after.b).toEqual(await dated(b.id));
  });

  it('the journal list and balances follow a sale and an approved return (cached entries reused only while unchanged)', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    // A student who owes no lessons: a sale first settles open arrears (docs/rules.md#arrears).
    const owing = new Set((await allArrears()).filter((a) => a.status === 'open').map((a) => a.studentId));
    const student = (await studentsIn(2)).find((s) => s.status === 'active' && !owing.has(s.id))!;
    const tpl = (await allCardTemplates()).find((x) => x.companyId === 2 && x.onSale && x.kind === 'count')!;
    const seller = (await allStaff()).find((s) => s.companyId === 2 && s.role === 'sales')!;
    const before = await get(token, `/v2/bill/balances?month=${THIS}`);
    const sold = await post(token, '/v2/student_card/sell', { studentId: student.id, templateId: tpl.id, amount: 888, method: 'alipay', sellerId: seller.id, startDate: T });
    const after = await get(token, `/v2/bill/balances?month=${THIS}`);
    const alipay = (b: { account: string; income: number }[]) => b.find((x) => x.account === 'alipay')!.income;
    expect(Math.round((alipay(after) - alipay(before)) * 100)).toBe(88800);
    expect((await get(token, `/v2/bill?keyword=${sold.order.orderNo}`)).list).toHaveLength(1);
    const ret = await post(token, '/v2/student_card/return', { cardId: sold.card.id, hours: 1, reason: 'x' });
    await post(token, '/v2/student_card/review', { recordId: ret.record.id, approve: true });
    const refund = (await get(token, `/v2/bill?source=refund&keyword=${sold.card.cardNo}`)).list;
    expect(refund).toHaveLength(1);
    // A student moving campus moves their entries (the cached entry is not reused).
    const other = (await rowsOf(campuses)).find((c) => c.companyId === 2 && c.id !== student.campusId)!;
    await setCampus(student, other.id);
    const moved = (await asRequest(() => journalRows(db, 2))).find((e) => e.key === `o-${sold.order.id}`)!;
    expect(moved.campusId).toBe(other.id);
  });
});

/** Runs finance figures as a request of the demo company reads them (its students' campuses read first, as its calls do). */
function asRequest<T>(fn: () => T | Promise<T>): Promise<T> {
  return inRequest(2, async () => {
    await loadStudentCampuses(getDb(), 2);
    return fn();
  });
}

/** Each student's campus now (student id to campus id), as the students table holds it. */
async function campusesNow(): Promise<Map<number, number>> {
  return new Map((await allStudents()).map((s) => [s.id, s.campusId]));
}

/** Moves a student to another campus behind the API (a test's setup). */
async function setCampus(student: Student, campusId: number): Promise<void> {
  await (await tx()).update(students).set({ campusId }).where(eq(students.id, student.id));
}

/** A `groupOf` key: rows of even id by company, the others in no group. */
const evenByCompany = (r: { id: number; companyId: number }) => (r.id % 2 === 0 ? String(r.companyId) : undefined);

describe('company index (../indexes.ts): appended rows extend it, other changes rebuild it', () => {
  it('property: after any sequence of pushes, splices and truncations, the index equals a filter of the table', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('push' as const), company: fc.integer({ min: 1, max: 3 }), n: fc.integer({ min: 1, max: 4 }) }),
            fc.record({ op: fc.constant('splice' as const), at: fc.nat(), n: fc.integer({ min: 0, max: 2 }), company: fc.integer({ min: 1, max: 3 }) }),
            fc.record({ op: fc.constant('truncate' as const), keep: fc.nat() }),
          ),
          { maxLength: 40 },
        ),
        (ops) => {
          const db = { seedStaff: [] as { id: number; companyId: number }[] } as unknown as Db;
          const table = (db as unknown as { seedStaff: { id: number; companyId: number }[] }).seedStaff;
          let id = 0;
          for (const o of ops) {
            if (o.op === 'push') for (let i = 0; i < o.n; i += 1) table.push({ id: (id += 1), companyId: o.company });
            else if (o.op === 'splice') table.splice(table.length ? o.at % table.length : 0, o.n, ...(o.n === 2 ? [{ id: (id += 1), companyId: o.company }] : []));
            else if (o.op === 'truncate') table.length = Math.min(table.length, o.keep % (table.length + 1));
            for (const c of [1, 2, 3]) {
              const got = indexOf(db, 'seedStaff', c);
              expect(got).toEqual(table.filter((r) => r.companyId === c));
              expect(Object.isFrozen(got)).toBe(true);
              // groupOf: the same, by a key that leaves some rows out (odd ids).
              expect(groupOf(table, evenByCompany, String(c))).toEqual(table.filter((r) => r.companyId === c && r.id % 2 === 0));
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a list read before an append keeps its rows (copy on write)', () => {
    const db = getDb();
    const before = indexOf(db, 'hourRecords', 2);
    const n = before.length;
    db.hourRecords.push({ ...db.hourRecords[db.hourRecords.length - 1], id: 10 ** 9, companyId: 2 });
    expect(before.length).toBe(n);
    expect(indexOf(db, 'hourRecords', 2).length).toBe(n + 1);
  });
});
