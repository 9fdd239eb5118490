// @vitest-environment node
/**
 * Issue 30, item 1: one definition per figure, computed once. Each money and hours figure of docs/rules.md#revenue-and-month-close, #analysis-metrics is
 * read through every call that shows it (the revenue screen and its drill-down, the accrual screen and its per-card
 * list, /analyze/core, the dashboard's month KPIs, which call analyze_core for the 1st of the month to today) for the
 * month under way, a closed month and a custom range, after a sale, a roll call, an undo, an approved return and a
 * correction; all must equal each other and the domain function over the ledger (src/domain/revenue.ts,
 * src/domain/metrics.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { getDb, type Db } from '../db';
import { today } from '../clock';
import { call, lessonsIn, loginToken, allCardTemplates, allStaff, studentsIn } from '../testing';
import { addMonths, cashInOf, deferredRevenue, monthRange, plusDays, recognisedRevenue, refundsOutOf, type LedgerCard, type Period } from '@/domain/revenue';
import { consumedHoursOf } from '@/domain/metrics';
import { cardStatus } from '@/domain/ledger';
import type { StudentCard } from '@/types/school';
import type { Lesson } from '@/types/schedule';
import { recordsOfCard } from './ledger';
import { ordersOfCard } from './financeIndex';

const T = today();
const THIS = T.slice(0, 7);
const LAST = addMonths(THIS, -1);
const CID = 2;

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

/** Every page of a list call. */
async function all(token: string, path: string) {
  const first = await get(token, `${path}${path.includes('?') ? '&' : '?'}page=1&pageSize=200`);
  const rows = [...first.list];
  for (let p = 2; rows.length < first.total; p += 1) rows.push(...(await get(token, `${path}${path.includes('?') ? '&' : '?'}page=${p}&pageSize=200`)).list);
  return rows;
}

/** The company's ledger from the tables, straightforwardly (no cache): every card, its records, orders and campus. */
async function ledgerOf(db: Db): Promise<(LedgerCard & { card: StudentCard })[]> {
  const students = await studentsIn(CID);
  return db.studentCards
    .filter((c) => c.companyId === CID)
    .map((card) => ({ card, records: recordsOfCard(db, card.id), orders: ordersOfCard(db, card.id), campusId: students.find((s) => s.id === card.studentId)?.campusId ?? 0 }));
}

const cents = (v: number) => Math.round(v * 100);
const sum = (rows: { [k: string]: number }[], k: string) => rows.reduce((s, r) => s + cents(r[k]), 0) / 100;

type Shown = Record<string, number>;

/**
 * Each figure of a period as every call shows it. `month`: the period is that month (the revenue table's row, the
 * accrual's month); otherwise a custom range (the revenue and accrual screens' range picker).
 */
async function shown(token: string, p: Period, month?: string): Promise<{ recognised: Shown; cashIn: Shown; refundsOut: Shown; deferred: Shown; consumedHours: Shown }> {
  const q = month ? `month=${month}` : `startDate=${p.from}&endDate=${p.to}`;
  const rev = await get(token, `/v2/finance/revenue?${q}`);
  const period = rev.period;
  const accrual = await get(token, `/v2/finance/accrual?${q}`);
  const cards = await all(token, `/v2/finance/accrual/cards?${q}`);
  const records = async (figure: string) => (await get(token, `/v2/finance/revenue/records?${q}&figure=${figure}&pageSize=1`)).sumAll as number;
  const end = p.to < T ? p.to : T;
  const core = await get(token, `/v2/company_kt/analyze_core?startDate=${p.from}&endDate=${end}`);
  const kpi = (c: { kpis: { key: string; value: number; periodCards?: number; drill: Record<string, string> }[] }, key: string) => c.kpis.find((k) => k.key === key)!;
  const drillSum = async (k: { drill: Record<string, string | number> }, field: string) => {
    const d = k.drill;
    const path = d.drill === 'sales' ? '/v2/card_order' : '/v2/hour_record';
    const qs = new URLSearchParams(Object.entries(d).map(([a, b]) => [a, String(b)]));
    return (await get(token, `${path}?${qs}&page=1&pageSize=1&sum=${field}`)).sum?.[field] ?? 0;
  };
  const rec: Shown = {
    'revenue period': period?.recognised,
    'revenue records': await records('recognisedLessons'),
    'accrual total': accrual.total.recognised,
    'accrual campuses': sum(accrual.campuses, 'recognised'),
    'accrual cards': sum(cards, 'recognised'),
    'analyze_core': kpi(core, 'recognised').value,
    // The drill-down of the KPI: the hour records' value, and the period cards' days beside it.
    'analyze_core drill': Math.round(-cents(await drillSum(kpi(core, 'recognised'), 'amount')) + cents(kpi(core, 'recognised').periodCards ?? 0)) / 100,
  };
  if (month) rec['revenue month row'] = rev.months.find((m: { month: string }) => m.month === month)?.recognised;
  const cash: Shown = {
    'revenue period': period?.cashIn,
    'revenue records': await records('cashIn'),
    'accrual total sold': accrual.total.sold,
    'analyze_core': kpi(core, 'cashIn').value,
    'analyze_core drill': await drillSum(kpi(core, 'cashIn'), 'amount'),
  };
  const refunds: Shown = {
    'revenue period': period?.refundsOut,
    'revenue records': await records('refundsOut'),
    'accrual total': accrual.total.refunded,
    'analyze_core': kpi(core, 'refunds').value,
    'analyze_core drill': -(await drillSum(kpi(core, 'refunds'), 'amount')),
  };
  const deferred: Shown = {
    'revenue period': period?.deferred,
    'accrual total closing': accrual.total.closing,
    'accrual cards closing': sum(cards, 'closing'),
  };
  const hours: Shown = {
    'analyze_core': kpi(core, 'consumedHours').value,
    'analyze_core drill': -(await drillSum(kpi(core, 'consumedHours'), 'hours')),
  };
  if (p.from === `${THIS}-01`) {
    // The dashboard's month KPIs: analyze_core for the 1st of the month to today (src/components/widgets/MonthKpis.tsx).
    const dash = await get(token, `/v2/company_kt/analyze_core?startDate=${THIS}-01&endDate=${T}`);
    rec.dashboard = kpi(dash, 'recognised').value;
    cash.dashboard = kpi(dash, 'cashIn').value;
    hours.dashboard = kpi(dash, 'consumedHours').value;
  }
  return { recognised: rec, cashIn: cash, refundsOut: refunds, deferred, consumedHours: hours };
}

/** What the domain functions say over the ledger. */
async function expected(db: Db, p: Period) {
  const ledger = await ledgerOf(db);
  return {
    recognised: recognisedRevenue(ledger, p, T).recognised,
    cashIn: cashInOf(ledger, p, T),
    refundsOut: refundsOutOf(ledger, p, T),
    deferred: deferredRevenue(ledger, p, T),
    consumedHours: consumedHoursOf(ledger, p, T),
  };
}

async function expectAgreement(token: string, p: Period, month?: string) {
  const raw = await shown(token, p, month);
  // −0 and 0 are the same amount.
  const got = Object.fromEntries(Object.entries(raw).map(([f, v]) => [f, Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === 0 ? 0 : x]))])) as typeof raw;
  const want = await expected(getDb(), p);
  for (const figure of Object.keys(got) as (keyof typeof got)[]) {
    const everywhere = Object.fromEntries(Object.keys(got[figure]).map((k) => [k, want[figure]]));
    expect(got[figure], `${figure} over ${p.from}..${p.to}${month ? ` (${month})` : ''}`).toEqual(everywhere);
  }
  return want;
}

beforeEach(() => {
  resetDb();
});

describe('one definition per figure (issue 30 item 1)', () => {
  it('a period card recognises no day after today', async () => {
    const db = getDb();
    const ledger = (await ledgerOf(db)).filter((l) => l.card.kind === 'period' && l.card.status === 'active' && l.card.expiryDate > T);
    expect(ledger.length).toBeGreaterThan(0);
    const { end } = monthRange(THIS);
    const whole = recognisedRevenue(ledger, { from: `${THIS}-01`, to: end }, T);
    const toDate = recognisedRevenue(ledger, { from: `${THIS}-01`, to: T }, T);
    expect(whole).toEqual(toDate);
    expect(toDate.periodDays).toBeGreaterThan(0);
    expect(recognisedRevenue(ledger, { from: plusDays(T, 1), to: plusDays(T, 30) }, T).periodDays).toBe(0);
  });

  it('every call shows the same figure, for this month, a closed month and a custom range, after every kind of event', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const current: Period = { from: `${THIS}-01`, to: monthRange(THIS).end };
    const closedMonth: Period = { from: `${LAST}-01`, to: monthRange(LAST).end };
    const custom: Period = { from: `${LAST}-12`, to: plusDays(T, -2) };

    await post(token, '/v2/finance/month_close', { month: LAST });
    const atClose = await expectAgreement(token, closedMonth, LAST);
    await expectAgreement(token, current, THIS);
    await expectAgreement(token, custom);

    // A sale, a roll call, its undo and the roll call again, an approved return and a correction, all today.
    const seller = (await allStaff()).find((s) => s.companyId === CID && s.role === 'sales' && s.status === 'active')!;
    const tpl = (await allCardTemplates()).find((x) => x.companyId === CID && x.onSale && x.kind === 'count')!;
    const buyer = (await studentsIn(CID)).find((s) => s.status === 'active')!;
    const sold = await post(token, '/v2/student_card/sell', { studentId: buyer.id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: seller.id, startDate: T });
    // Its expected students as the lesson list answers them (the table keeps no student count).
    const studentCount = new Map((await all(token, `/v2/lesson?startDate=${T}&endDate=${T}`)).map((l: Lesson) => [l.id, l.studentCount]));
    const lesson = (await lessonsIn(CID)).find((l) => l.companyId === CID && l.date === T && l.status === 'scheduled' && !l.rollCalledAt && (studentCount.get(l.id) ?? 0) > 0);
    expect(lesson).toBeTruthy();
    const view = await get(token, `/v2/lesson/${lesson!.id}/roll_call`);
    const marks = view.students.map((s: { studentId: number }) => ({ studentId: s.studentId, mark: 'present' }));
    await post(token, '/v2/lesson/roll_call', { lessonId: lesson!.id, marks });
    const afterRollCall = await expectAgreement(token, current, THIS);
    await post(token, '/v2/lesson/roll_call/undo', { lessonId: lesson!.id });
    const afterUndo = await expectAgreement(token, current, THIS);
    expect(afterUndo.recognised).toBeLessThan(afterRollCall.recognised);
    await post(token, '/v2/lesson/roll_call', { lessonId: lesson!.id, marks });
    // A return and a correction on a count card with hours (the new one, unless arrears or the roll call took them).
    const target = db.studentCards.find((c) => c.id === sold.card.id && c.remainingHours >= 3) ?? db.studentCards.find((c) => c.companyId === CID && c.kind === 'count' && c.status === 'active' && c.remainingHours >= 3 && c.expiryDate >= T)!;
    const ret = await post(token, '/v2/student_card/return', { cardId: target.id, hours: 2, reason: 'Moving' });
    await post(token, '/v2/student_card/review', { recordId: ret.record.id, approve: true });
    await post(token, '/v2/student_card/correct', { cardId: target.id, hours: -1, reason: 'Fix' });

    const now = await expectAgreement(token, current, THIS);
    expect(now.refundsOut).toBeGreaterThan(0);
    // The closed month shows what was stored at its close, which is still what the ledger says.
    expect(await expectAgreement(token, closedMonth, LAST)).toEqual(atClose);
    await expectAgreement(token, custom);
    // The month under way is the same whether it is asked as a month or as the 1st to today.
    await expectAgreement(token, { from: `${THIS}-01`, to: T });
    // /analyze/card: the usable cards' value is their deferred revenue today (the same per-card definition).
    const cardsNow = await get(token, `/v2/company_kt/analyze/card?startDate=${THIS}-01&endDate=${T}`);
    const usable = (await ledgerOf(db)).filter((l) => cardStatus(l.card, T) === 'active');
    expect(cardsNow.holding.remainingValue).toBe(deferredRevenue(usable, { from: T, to: T }, T));
  });
});
