/**
 * Analysis agreement (docs/rules.md#analysis-metrics): for the demo seed and a chosen range, every KPI equals the total (or the
 * sum) of the list it opens; a roll call moves consumed hours, recognised revenue and attendance by the expected
 * amounts on every analyze call that shows them; access and range validation.
 */
import { authHeaders, defaultGroup, inRequest, lessonsIn, setGroup } from '../testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, resetDb } from '../db';
import { addDays, today } from '../clock';
import type { ListResult } from '../../src/types/api';
import type { AnalyzeCard, AnalyzeCore, AnalyzeRecords, AnalyzeStaff, DrillParams, Kpi, KpiKey } from '../../src/types/analysis';
import { drillListPath } from '../../src/utils/drill';
import { analyzeCore } from './analysis';
import { appendHourRecord } from './ledger';
import { PERMISSION_FLAGS } from '../../src/types/session';

const BASE = 'http://localhost';
const PASSWORDS: Record<string, string> = { dealer: 'dealer123', manager: 'manager123', teacher: 'teacher123', sales: 'sales123' };

async function login(username: string): Promise<string> {
  const res = await fetch(`${BASE}/v2/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORDS[username] }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T; msg?: string }> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { ...(await authHeaders(token)), 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; msg?: string };
  return { status: res.status, data: json.data, msg: json.msg };
}

const qs = (q: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();

/** The list call a drill-down opens (the same path the screen's list uses), with its sums. */
async function drillList(token: string, d: DrillParams, sum = ''): Promise<ListResult<unknown>> {
  const api = drillListPath(d.drill);
  const res = await call<ListResult<unknown>>(token, 'GET', `${api}?${qs({ ...d, page: 1, pageSize: 1, sum })}`);
  expect(res.status, `${api} ${res.msg ?? ''}`).toBe(200);
  return res.data;
}

const end = today();
const start = addDays(end, -59);
const RANGE = { startDate: start, endDate: end };
const byKey = (core: AnalyzeCore, key: KpiKey): Kpi => core.kpis.find((k) => k.key === key)!;

beforeEach(() => {
  resetDb();
});

/** Every KPI of an analyze_core answer equals the total (or sum) of the list it opens, as the same caller. */
async function expectKpisMatchLists(token: string, core: AnalyzeCore, nonZero: boolean) {
  expect(core.kpis).toHaveLength(11);
  const consumed = byKey(core, 'consumedHours');
  if (nonZero) expect(consumed.value).toBeGreaterThan(0);
  const recs = await drillList(token, consumed.drill, 'hours,amount');
  expect(-(recs.sum?.hours ?? 0)).toBeCloseTo(consumed.value, 5);
  // Recognised revenue: the hour records' value + what period cards recognised by day (no record carries it).
  const rec = byKey(core, 'recognised');
  expect(-(recs.sum?.amount ?? 0) + (rec.periodCards ?? 0)).toBeCloseTo(rec.value, 5);

  const cash = byKey(core, 'cashIn');
  expect((await drillList(token, cash.drill, 'amount')).sum?.amount ?? 0).toBeCloseTo(cash.value, 5);
  const refunds = byKey(core, 'refunds');
  expect(-((await drillList(token, refunds.drill, 'amount')).sum?.amount ?? 0)).toBeCloseTo(refunds.value, 5);

  for (const key of ['activeStudents', 'newStudents', 'renewingStudents'] as const) {
    const k = byKey(core, key);
    if (nonZero) expect(k.value, key).toBeGreaterThan(0);
    expect((await drillList(token, k.drill)).total, key).toBe(k.value);
  }
  for (const key of ['renewalRate', 'leadConversion'] as const) {
    const k = byKey(core, key);
    expect((await drillList(token, k.drill)).total, key).toBe(k.part);
    expect((await drillList(token, k.wholeDrill!)).total, key).toBe(k.whole);
    if (nonZero) expect(k.whole, key).toBeGreaterThan(0);
  }
  const att = byKey(core, 'attendanceRate');
  const lessons = await drillList(token, att.drill, 'presentMarks,markedCount');
  expect(lessons.sum?.presentMarks ?? 0).toBe(att.part);
  expect(lessons.sum?.markedCount ?? 0).toBe(att.whole);
  if (nonZero) expect(att.value).toBeGreaterThan(0.5);
  const fill = byKey(core, 'fillRate');
  const classes = await drillList(token, fill.drill, 'studentCount,capacity');
  expect(classes.sum?.studentCount ?? 0).toBe(fill.part);
  expect(classes.sum?.capacity ?? 0).toBe(fill.whole);

  // The series adds up to the KPIs.
  const sum = (f: (p: AnalyzeCore['series'][number]) => number) => core.series.reduce((s, p) => s + f(p), 0);
  expect(sum((p) => p.consumedHours)).toBeCloseTo(consumed.value, 5);
  expect(sum((p) => p.cashIn)).toBeCloseTo(cash.value, 5);
  expect(sum((p) => p.marked)).toBe(att.whole);
}

describe('every KPI equals the list it opens', () => {
  for (const campusId of [undefined, 1]) {
    it(`demo seed, last 60 days${campusId ? ', one campus' : ''}`, async () => {
      const token = await login('dealer');
      const core = (await call<AnalyzeCore>(token, 'GET', `/v2/company_kt/analyze_core?${qs({ ...RANGE, campusId })}`)).data;
      await expectKpisMatchLists(token, core, true);
    });
  }

  it('card, record and staff figures equal their lists', async () => {
    const token = await login('dealer');
    const card = (await call<AnalyzeCard>(token, 'GET', `/v2/company_kt/analyze/card?${qs(RANGE)}`)).data;
    const sales = await drillList(token, { drill: 'sales', from: start, to: end }, 'amount');
    expect(sales.total).toBe(card.salesTotal.orders);
    expect(sales.sum!.amount).toBeCloseTo(card.salesTotal.amount, 5);
    const one = card.sales[0];
    const bucket = await drillList(token, { drill: 'sales', from: `${one.month}-01` < start ? start : `${one.month}-01`, to: end, template: one.templateId }, 'amount');
    expect(bucket.total).toBeGreaterThanOrEqual(one.orders);
    const holding = await drillList(token, { drill: 'holding' }, 'remainingHours');
    expect(holding.total).toBe(card.holding.cards);
    expect(holding.sum!.remainingHours).toBeCloseTo(card.holding.remainingHours, 5);
    expect((await drillList(token, { drill: 'expiring' })).total).toBe(card.expiring);
    expect((await drillList(token, { drill: 'exhausted' })).total).toBe(card.exhausted);

    const rec = (await call<AnalyzeRecords>(token, 'GET', `/v2/company_kt/analyzes?${qs({ ...RANGE, by: 'teacher' })}`)).data;
    const top = rec.rows[0];
    const teacherRecs = await drillList(token, { drill: 'consumed', from: start, to: end, teacher: top.id }, 'hours');
    expect(-teacherRecs.sum!.hours).toBeCloseTo(top.consumedHours, 5);

    const staff = (await call<AnalyzeStaff>(token, 'GET', `/v2/company_kt/analyze/contact_user?${qs(RANGE)}`)).data;
    const teacher = staff.rows.find((r) => r.lessons > 0)!;
    const taught = await drillList(token, { drill: 'taught', from: start, to: end, teacher: teacher.staffId }, 'hours');
    expect(taught.total).toBe(teacher.lessons);
    expect(taught.sum!.hours).toBeCloseTo(teacher.hours, 5);
    const seller = staff.rows.find((r) => r.cardsSold > 0)!;
    const sold = await drillList(token, { drill: 'sales', from: start, to: end, seller: seller.staffId }, 'amount');
    expect(sold.total).toBe(seller.cardsSold);
    expect(sold.sum!.amount).toBeCloseTo(seller.salesAmount, 5);
  });
});

describe('the renewal rate names its cohort, and its two lists are that cohort (issue 30)', () => {
  /** Every student id of a drill-down list, all pages. */
  async function drillIds(token: string, d: DrillParams): Promise<number[]> {
    const out: number[] = [];
    for (let page = 1; ; page += 1) {
      const res = await call<ListResult<{ id: number }>>(token, 'GET', `${drillListPath(d.drill)}?${qs({ ...d, page, pageSize: 100 })}`);
      expect(res.status, res.msg).toBe(200);
      out.push(...res.data.list.map((x) => x.id));
      if (out.length >= res.data.total || !res.data.list.length) break;
    }
    return out.sort((a, b) => a - b);
  }

  for (const [label, range] of [
    ['this month so far', { startDate: `${end.slice(0, 7)}-01`, endDate: end }],
    ['the last 60 days', RANGE],
  ] as const) {
    it(label, async () => {
      const token = await login('dealer');
      const core = (await call<AnalyzeCore>(token, 'GET', `/v2/company_kt/analyze_core?${qs(range)}`)).data;
      const rate = byKey(core, 'renewalRate');
      // The cohort's days: the range and the 30 days before; the part's: the range.
      expect(rate.cohort).toEqual({ startDate: addDays(range.startDate, -30), endDate: range.endDate });
      expect(rate.drill).toMatchObject({ drill: 'renewed', from: range.startDate, to: range.endDate });
      const cohort = await drillIds(token, rate.wholeDrill!);
      const renewed = await drillIds(token, rate.drill);
      const buying = await drillIds(token, byKey(core, 'renewingStudents').drill);
      expect(cohort.length).toBe(rate.whole);
      expect(renewed.length).toBe(rate.part);
      expect(rate.whole).toBeGreaterThan(0);
      // Renewed = the students of the cohort who bought a further card in the range, exactly.
      expect(renewed).toEqual(cohort.filter((id) => buying.includes(id)));
      expect(byKey(core, 'renewingStudents').value).toBe(buying.length);
      expect(rate.value).toBeCloseTo(rate.part! / rate.whole!, 4);
    });
  }
});

describe('a permission group with a narrower data scope (docs/rules.md#permission-groups-and-data-scope)', () => {
  /** Gives a role's group every flag (so the lists open) and the scope. */
  async function scopeGroup(role: 'manager' | 'sales', scope: 'campus' | 'own') {
    const g = await defaultGroup(2, role);
    await setGroup(g.id, { dataScope: scope, flags: Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, 1])) as typeof g.flags });
  }
  const consumed = (c: AnalyzeCore) => byKey(c, 'consumedHours').value;

  for (const [role, scope] of [['manager', 'campus'], ['sales', 'own']] as const) {
    it(`${role} seeing ${scope} rows: every figure is over those rows and equals the list it opens`, async () => {
      const dealer = await login('dealer');
      const whole = (await call<AnalyzeCore>(dealer, 'GET', `/v2/company_kt/analyze_core?${qs(RANGE)}`)).data;
      await scopeGroup(role, scope);
      const token = await login(role);
      const core = (await call<AnalyzeCore>(token, 'GET', `/v2/company_kt/analyze_core?${qs(RANGE)}`)).data;
      // The scope narrows the figures (the other campus, or other people's rows, are left out) ...
      expect(consumed(core)).toBeLessThan(consumed(whole));
      expect(byKey(core, 'activeStudents').value).toBeLessThan(byKey(whole, 'activeStudents').value);
      if (scope === 'campus') expect(consumed(core)).toBeGreaterThan(0);
      // ... and every KPI still equals the total of its list, as seen by the same user.
      await expectKpisMatchLists(token, core, false);

      const card = (await call<AnalyzeCard>(token, 'GET', `/v2/company_kt/analyze/card?${qs(RANGE)}`)).data;
      const sales = await drillList(token, { drill: 'sales', from: start, to: end }, 'amount');
      expect(sales.total).toBe(card.salesTotal.orders);
      expect(sales.sum?.amount ?? 0).toBeCloseTo(card.salesTotal.amount, 5);
      const holding = await drillList(token, { drill: 'holding' }, 'remainingHours');
      expect(holding.total).toBe(card.holding.cards);
      const rec = (await call<AnalyzeRecords>(token, 'GET', `/v2/company_kt/analyzes?${qs({ ...RANGE, by: 'teacher' })}`)).data;
      expect(rec.total.consumedHours).toBeCloseTo(consumed(core), 5);
      for (const row of rec.rows.slice(0, 2)) {
        const teacherRecs = await drillList(token, { drill: 'consumed', from: start, to: end, teacher: row.id }, 'hours');
        expect(-(teacherRecs.sum?.hours ?? 0)).toBeCloseTo(row.consumedHours, 5);
      }
      const byCampus = (await call<AnalyzeRecords>(token, 'GET', `/v2/company_kt/analyzes?${qs({ ...RANGE, by: 'campus' })}`)).data;
      for (const row of byCampus.rows) {
        const campusRecs = await drillList(token, { drill: 'consumed', from: start, to: end, campus: row.id }, 'hours');
        expect(-(campusRecs.sum?.hours ?? 0)).toBeCloseTo(row.consumedHours, 5);
      }
      const staff = (await call<AnalyzeStaff>(token, 'GET', `/v2/company_kt/analyze/contact_user?${qs(RANGE)}`)).data;
      for (const row of staff.rows.filter((r) => r.lessons > 0 || r.cardsSold > 0).slice(0, 3)) {
        const taught = await drillList(token, { drill: 'taught', from: start, to: end, teacher: row.staffId });
        expect(taught.total).toBe(row.lessons);
        const sold = await drillList(token, { drill: 'sales', from: start, to: end, seller: row.staffId }, 'amount');
        expect(sold.total).toBe(row.cardsSold);
      }
    });
  }
});

describe('a roll call moves the figures', () => {
  it('consumed hours, recognised revenue and attendance move by the lesson', async () => {
    const token = await login('dealer');
    const db = getDb();
    const t = today();
    const lesson = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.date === t && l.status === 'scheduled')!;
    const view = await call<{ students: { studentId: number; cardId?: number; remainingHours?: number; cardKind?: string }[] }>(token, 'GET', `/v2/lesson/${lesson.id}/roll_call`);
    const counted = view.data.students.filter((s) => s.cardId && s.cardKind === 'count' && (s.remainingHours ?? 0) >= lesson.hours);
    expect(counted.length).toBeGreaterThan(0);
    const q = qs({ startDate: t, endDate: t, campusId: lesson.campusId });
    const snap = async () => ({
      core: (await call<AnalyzeCore>(token, 'GET', `/v2/company_kt/analyze_core?${q}`)).data,
      rec: (await call<AnalyzeRecords>(token, 'GET', `/v2/company_kt/analyzes?${q}&by=teacher`)).data,
      staff: (await call<AnalyzeStaff>(token, 'GET', `/v2/company_kt/analyze/contact_user?${q}`)).data,
    });
    const before = await snap();
    const marks = view.data.students.map((s, i) => ({ studentId: s.studentId, mark: i === 0 && view.data.students.length > 1 ? 'leave' : 'present' }));
    const saved = await call(token, 'POST', '/v2/lesson/roll_call', { lessonId: lesson.id, marks });
    expect(saved.status).toBe(200);
    const after = await snap();

    const written = db.hourRecords.filter((r) => r.lessonId === lesson.id && ['reduce', 'truant', 'leave'].includes(r.type));
    const hours = -written.reduce((s, r) => s + r.hours, 0);
    const value = -written.reduce((s, r) => s + r.amount, 0);
    const presentWithCount = counted.filter((s) => marks.find((m) => m.studentId === s.studentId)!.mark === 'present').length;
    // Leave is free in the demo company, so only the present students with a count card consume the lesson's hours.
    expect(hours).toBeCloseTo(presentWithCount * lesson.hours, 5);
    const price = counted.filter((s) => marks.find((m) => m.studentId === s.studentId)!.mark === 'present').reduce((s, c) => s + db.studentCards.find((x) => x.id === c.cardId)!.unitPrice * lesson.hours, 0);
    expect(value).toBeCloseTo(price, 0);

    const k = (s: typeof before, key: KpiKey) => byKey(s.core, key);
    expect(k(after, 'consumedHours').value - k(before, 'consumedHours').value).toBeCloseTo(hours, 5);
    expect(k(after, 'recognised').value - k(before, 'recognised').value).toBeCloseTo(value, 5);
    expect(k(after, 'attendanceRate').whole! - k(before, 'attendanceRate').whole!).toBe(marks.length);
    expect(k(after, 'attendanceRate').part! - k(before, 'attendanceRate').part!).toBe(marks.filter((m) => m.mark === 'present').length);

    expect(after.rec.total.consumedHours - before.rec.total.consumedHours).toBeCloseTo(hours, 5);
    expect(after.rec.total.recognised - before.rec.total.recognised).toBeCloseTo(value, 5);
    const row = (s: typeof before) => s.rec.rows.find((r) => r.id === lesson.teacherId);
    expect((row(after)?.consumedHours ?? 0) - (row(before)?.consumedHours ?? 0)).toBeCloseTo(hours, 5);
    const staffRow = (s: typeof before) => s.staff.rows.find((r) => r.staffId === lesson.teacherId)!;
    expect(staffRow(after).lessons - staffRow(before).lessons).toBe(1);
    expect(staffRow(after).consumedValue - staffRow(before).consumedValue).toBeCloseTo(value, 5);
  });
});

describe('access and validation', () => {
  it('needs dataAnalysis; refuses bad ranges and campuses with a message', async () => {
    const teacher = await login('teacher');
    expect((await call(teacher, 'GET', `/v2/company_kt/analyze_core?${qs(RANGE)}`)).status).toBe(403);
    const dealer = await login('dealer');
    const bad = await call(dealer, 'GET', `/v2/company_kt/analyze_core?${qs({ startDate: '2026-02-30', endDate: end })}`);
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/Start date/);
    expect((await call(dealer, 'GET', `/v2/company_kt/analyzes?${qs({ startDate: end, endDate: start })}`)).status).toBe(400);
    const long = await call(dealer, 'GET', `/v2/company_kt/analyze/card?${qs({ startDate: addDays(end, -400), endDate: end })}`);
    expect(long.status).toBe(400);
    expect(long.msg).toMatch(/366 days/);
    expect((await call(dealer, 'GET', `/v2/company_kt/analyze/contact_user?${qs({ ...RANGE, campusId: 3 })}`)).status).toBe(400);
    expect((await call(dealer, 'GET', `/v2/company_kt/analyze_consume_progress?${qs({ ...RANGE, view: 'room' })}`)).status).toBe(400);
    expect((await call(dealer, 'GET', `/v2/hour_record?drill=nonsense`)).status).toBe(400);
    expect((await call(dealer, 'GET', `/v2/student?drill=consumed`)).status).toBe(400);
  });
  it('consumption progress pages like a list', async () => {
    const dealer = await login('dealer');
    const res = await call<ListResult<{ progress: number }>>(dealer, 'GET', `/v2/company_kt/analyze_consume_progress?${qs({ ...RANGE, view: 'card', pageSize: 5 })}`);
    expect(res.status).toBe(200);
    expect(res.data.list).toHaveLength(5);
    expect(res.data.list[0].progress).toBeGreaterThanOrEqual(res.data.list[4].progress);
  });
});

describe('the precomputed figures follow the ledger', () => {
  it('an append made without a session (e.g. a public online order) shows at once', async () => {
    const db = getDb();
    const t = today();
    const q = { startDate: t, endDate: t };
    const before = await inRequest(2, async () => (await analyzeCore(db, 2, q)).kpis.find((k) => k.key === 'consumedHours')!.value);
    const card = db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'active' && c.remainingHours >= 2 && c.startDate <= t && c.expiryDate >= t)!;
    await inRequest(2, () => appendHourRecord(db, { cardId: card.id, type: 'diy', hours: 2, reason: 'test', operator: { id: 0, name: 'test' } }));
    const after = await inRequest(2, async () => (await analyzeCore(db, 2, q)).kpis.find((k) => k.key === 'consumedHours')!.value);
    expect(after - before).toBeCloseTo(2, 5);
  });
});
