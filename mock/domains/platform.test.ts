// @vitest-environment node
import { auditEntries } from './audit';
import { authHeaders, rowsOf, allCardTemplates, allStaff, studentsIn } from '../testing';
import { companies, companyRenewals, invoices, onlineOrders, saleCaps, settlements, subscriptionOrders } from '../../server/db/schema';
import { stampOf } from '../../server/db/time';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../db';
import { resetDb } from '../handlers';
import { today } from '../clock';
import { shiftDate } from '../../src/domain/companyLifecycle';

const BASE = 'http://localhost';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: { code: number; data?: any; msg?: string } };
async function call(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(await authHeaders(opts.token)), ...(opts.headers ?? {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: await res.json() };
}
async function login(username: string, password = `${username}123`) {
  const r = await call('POST', '/v2/user/login/password', { body: { username, password } });
  expect(r.status).toBe(200);
  return r.body.data.token as string;
}
const companyId = async (name: string) => (await rowsOf(companies)).find((c) => c.name === name)!.id;

beforeEach(() => {
  resetDb();
});

describe('companies', () => {
  it('seeds about 40 more companies in every state, filtered by state and expiry window', async () => {
    const admin = await login('admin');
    const all = await call('GET', '/v2/company_kt?pageSize=200', { token: admin });
    expect(all.body.data.total).toBeGreaterThanOrEqual(43);
    const states = new Set(all.body.data.list.map((c: { state: string }) => c.state));
    expect([...states].sort()).toEqual(['active', 'disabled', 'expired', 'expiring']);
    for (const w of [7, 30, 90]) {
      const r = await call('GET', `/v2/company_kt?pageSize=200&expiresWithin=${w}`, { token: admin });
      expect(r.body.data.total).toBeGreaterThan(0);
      expect(r.body.data.list.every((c: { day: number; status: string }) => c.day >= 1 && c.day <= w && c.status === 'active')).toBe(true);
    }
    expect((await call('GET', '/v2/company_kt?expiresWithin=8', { token: admin })).status).toBe(400);
    const light = await call('GET', '/v2/company/', { token: admin });
    expect(light.body.data).toContainEqual({ value: 3, label: 'Sunrise Art' });
  });

  it('disable ends the sessions and refuses logins with a clear message; recover adds the lost days back', async () => {
    const admin = await login('admin');
    const owner = await login('sunrise');
    const id = await companyId('Sunrise Art');
    const d = await call('POST', '/v2/company_kt/disable', { token: admin, body: { id } });
    expect(d.status).toBe(200);
    expect((await call('GET', '/v2/user/info', { token: owner })).status).toBe(401);
    const refused = await call('POST', '/v2/user/login/password', { body: { username: 'sunrise', password: 'sunrise123' } });
    expect(refused).toMatchObject({ status: 400, body: { msg: 'Your company Sunrise Art has been disabled by the platform. Please contact platform customer service.' } });
    // The dealer, also a teacher at Sunrise Art, still logs in to Starlight Dance.
    await login('dealer');
    expect((await call('POST', '/v2/company_kt/disable', { token: admin, body: { id } })).body.msg).toBe('This company is already disabled.');
    const r = await call('POST', '/v2/company_kt/recover', { token: admin, body: { id } });
    expect(r.body.data.renewal).toMatchObject({ kind: 'recover', days: 0 });
    await login('sunrise');
    // A company disabled 10 days ago gets those 10 days back.
    const whale = (await rowsOf(companies)).find((c) => c.name.startsWith('Blue Whale'))!;
    const rec = await call('POST', '/v2/company_kt/recover', { token: admin, body: { id: whale.id } });
    expect(rec.body.data.renewal).toMatchObject({ days: 10, before: shiftDate(today(), 10), after: shiftDate(today(), 20) });
    expect(rec.body.data.company).toMatchObject({ day: 20, state: 'expiring', status: 'active' });
  });

  it('renew writes before/after to the log and unlocks an expired company at once', async () => {
    const admin = await login('admin');
    const id = await companyId('Maple Music');
    const bad = await call('POST', '/v2/company_kt/renew_valid_day', { token: admin, body: { id, days: '30' } });
    expect(bad).toMatchObject({ status: 400, body: { msg: 'Valid days must be a number.' } });
    const r = await call('POST', '/v2/company_kt/renew_valid_day', { token: admin, body: { id, days: 90, remark: 'Paid by transfer' } });
    expect(r.body.data.renewal).toMatchObject({ before: today(), after: shiftDate(today(), 90), operator: '林思远' });
    const maple = await login('maple', 'maple123');
    expect((await call('GET', '/v2/user/info', { token: maple })).body.data.company.day).toBe(90);
    const log = await call('GET', `/v2/company_kt/renew_log?companyId=${id}`, { token: admin });
    expect(log.body.data.list[0]).toMatchObject({ kind: 'renew', days: 90, remark: 'Paid by transfer' });
  });

  it('delete is refused while the company has students; add, edit, owner mobile', async () => {
    const admin = await login('admin');
    const del = await call('DELETE', `/v2/company_kt/${await companyId('Starlight Dance')}`, { token: admin });
    expect(del.status).toBe(400);
    expect(del.body.msg).toMatch(/Starlight Dance still has \d+ students?:/);
    const add = await call('POST', '/v2/company_kt/add_company', { token: admin, body: { name: 'Oak Drama 橡树戏剧', ownerName: '林可', ownerMobile: '13912340001', days: 60 } });
    expect(add.body.data).toMatchObject({ day: 60, state: 'active', campusCount: 1, studentCount: 0 });
    // Created with the platform's default online-sale cap (written with the company, in the call's transaction).
    expect((await rowsOf(saleCaps)).find((c) => c.companyId === add.body.data.id)).toMatchObject({ maxHours: 60, maxMonths: 3 });
    expect((await call('POST', '/v2/company_kt/add_company', { token: admin, body: { name: 'oak drama 橡树戏剧', ownerName: 'x', ownerMobile: '13912340002' } })).body.msg).toBe('A company named oak drama 橡树戏剧 already exists.');
    // The new owner signs in with the one-time password of the answer (docs/rules.md#people-and-credentials), no longer `cc` + digits.
    expect((await call('POST', '/v2/user/login/password', { body: { username: '13912340001', password: 'cc340001' } })).status).toBe(400);
    const owner = await login('13912340001', add.body.data.owner.oneTimePassword);
    expect((await call('GET', '/v2/user/info', { token: owner })).body.data).toMatchObject({ company: { name: 'Oak Drama 橡树戏剧' }, mustChangePassword: true });
    const taken = await call('POST', '/v2/company/modify_mobile', { token: admin, body: { id: add.body.data.id, mobile: '13800000002' } });
    expect(taken.body.msg).toBe('Another account already uses mobile 13800000002.');
    const mod = await call('POST', '/v2/company/modify_mobile', { token: admin, body: { id: add.body.data.id, mobile: '13912340009' } });
    expect(mod.body.data.ownerMobile).toBe('13912340009');
    const put = await call('PUT', '/v2/company_kt', { token: admin, body: { id: add.body.data.id, name: 'Oak Drama Club', address: '3 Oak Road' } });
    expect(put.body.data).toMatchObject({ name: 'Oak Drama Club', address: '3 Oak Road' });
    expect((await call('DELETE', `/v2/company_kt/${add.body.data.id}`, { token: admin })).status).toBe(200);
    expect((await rowsOf(companies)).some((c) => c.id === add.body.data.id)).toBe(false);
  });

  it('imports all rows or none', async () => {
    const admin = await login('admin');
    const before = (await rowsOf(companies)).length;
    const rows = [
      { name: 'Harbor Kids Chess', ownerName: '王一', ownerMobile: '13912340011', days: 365 },
      { name: 'Pine Hill Guitar', ownerName: '王二', ownerMobile: '1391234', days: 90 },
    ];
    const bad = await call('POST', '/v2/company/import_batch_excel', { token: admin, body: { rows } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Owner mobile #2 must be an 11-digit/);
    const dup = await call('POST', '/v2/company/import_batch_excel', { token: admin, body: { rows: [rows[0], { ...rows[0], ownerMobile: '13912340012' }] } });
    expect(dup.body.msg).toBe('Row 2: the name appears twice in the file');
    expect((await rowsOf(companies)).length).toBe(before);
    rows[1].ownerMobile = '13912340012';
    const ok = await call('POST', '/v2/company/import_batch_excel', { token: admin, body: { rows } });
    expect(ok.body.data.created).toBe(2);
    expect((await rowsOf(companies)).length).toBe(before + 2);
    const tpl = await call('GET', '/v2/company/import_batch_excel', { token: admin });
    expect(tpl.body.data.columns.map((c: { key: string }) => c.key)).toEqual(['name', 'ownerName', 'ownerMobile', 'days', 'address', 'remark']);
  });
});

describe('settlements and invoices (the platform side of the campus tables)', () => {
  it('the admin pays a pending settlement and issues or rejects invoice requests; service cannot', async () => {
    const db = getDb();
    const admin = await login('admin');
    const service = await login('service');
    const pending = (await rowsOf(settlements)).find((x) => x.status === 'pending')!;
    expect((await call('POST', '/v2/admin_settlement/pay', { token: service, body: { id: pending.id } })).status).toBe(403);
    const paid = await call('POST', '/v2/admin_settlement/pay', { token: admin, body: { id: pending.id } });
    expect(paid.body.data).toMatchObject({ status: 'paid' });
    expect((await call('POST', '/v2/admin_settlement/pay', { token: admin, body: { id: pending.id } })).body.msg).toBe('Only a pending settlement can be paid.');
    const list = await call('GET', '/v2/admin_settlement?pageSize=200', { token: service });
    expect(new Set(list.body.data.list.map((x: { companyId: number }) => x.companyId)).size).toBeGreaterThanOrEqual(1);
    const orders = await call('GET', '/v2/admin_student_order?pageSize=5', { token: service });
    expect(orders.body.data.total).toBe((await rowsOf(onlineOrders)).length);
    // Invoices: a company asks, the platform issues (a number is assigned) or rejects with a reason.
    const dealer = await login('dealer');
    const asked0 = await rowsOf(invoices);
    const order = (await rowsOf(subscriptionOrders)).sort((a, b) => a.id - b.id).find((o) => o.companyId === 2 && o.status === 'paid' && !asked0.some((i) => i.orderId === o.id))!;
    const asked = await call('POST', '/v2/invoice', { token: dealer, body: { orderId: order.id, title: 'Starlight Dance Ltd.', taxNo: '91310000MA1FL0XX1X', email: 'finance@starlight.example' } });
    expect(asked.status, asked.body.msg).toBe(200);
    const id = asked.body.data.id as number;
    expect((await call('POST', '/v2/admin_invoice/reject', { token: admin, body: { id, reason: ' ' } })).body.msg).toMatch(/Reason/);
    const issued = await call('POST', '/v2/admin_invoice/issue', { token: admin, body: { id } });
    expect(issued.body.data).toMatchObject({ status: 'issued', invoiceNo: expect.stringMatching(/^FP\d{8}\d{4}$/) });
    expect((await call('POST', '/v2/admin_invoice/reject', { token: admin, body: { id, reason: 'Wrong title' } })).body.msg).toBe('This invoice request has already been handled.');
  });
});

describe('access', () => {
  it('company roles get 403 on every platform call; service and operation read but never write', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/v2/company_kt'],
      ['GET', '/v2/company/'],
      ['GET', '/v2/package/list'],
      ['GET', '/v2/admin_order'],
      ['GET', '/v2/admin_settlement'],
      ['GET', '/v2/admin_student_order'],
      ['GET', '/v2/account_user'],
      ['GET', '/v2/platform_setting'],
      ['GET', '/v2/platform/overview'],
      ['GET', '/v2/company_kt/renew_log'],
      ['GET', '/v2/admin_invoice'],
      ['GET', '/v2/platform/feedback'],
    ];
    const writes: [string, string, unknown?][] = [
      ['POST', '/v2/company_kt/disable', { id: 3 }],
      ['POST', '/v2/company_kt/renew_valid_day', { id: 3, days: 30 }],
      ['DELETE', '/v2/company_kt/5'],
      ['PUT', '/v2/package', { id: 1, name: 'Quarter', days: 90, price: 1, campuses: 1, onSale: true }],
      ['PUT', '/v2/platform_setting', { feePercent: 1, trialDays: 30, defaultCampuses: 1, defaultCapHours: 60, defaultCapMonths: 3 }],
      ['PUT', '/v2/company_role/service', { name: 'x', phone: '1', wechat: 'y' }],
      ['POST', '/v2/company/import_batch_excel', { rows: [] }],
      ['POST', '/v2/admin_settlement/pay', { id: 1 }],
      ['POST', '/v2/admin_invoice/issue', { id: 1 }],
      ['POST', '/v2/package', { name: 'X', days: 1, price: 1, campuses: 1, onSale: true }],
    ];
    for (const who of ['dealer', 'manager']) {
      const token = await login(who);
      for (const [m, p, b] of [...calls, ...writes]) expect([who, m, p, (await call(m, p, { token, body: b })).status]).toEqual([who, m, p, 403]);
    }
    for (const who of ['service', 'operation']) {
      const token = await login(who);
      for (const [m, p] of calls) expect([who, m, p, (await call(m, p, { token })).status]).toEqual([who, m, p, 200]);
      for (const [m, p, b] of writes) expect([who, m, p, (await call(m, p, { token, body: b })).status]).toEqual([who, m, p, 403]);
    }
    expect((await rowsOf(companies)).find((c) => c.id === 3)!.status).toBe('active');
  });
});

describe('audit log', () => {
  it('records successful writes with who, company, IP, call, target and before/after; failed writes are not logged', async () => {
    const dealer = await login('dealer');
    const db = getDb();
    const card = db.studentCards.find((c) => c.companyId === 2 && c.status === 'active' && c.kind === 'count')!;
    const n = (await auditEntries()).length;
    const failed = await call('POST', '/v2/student_card/gift', { token: dealer, body: { cardId: card.id, hours: -5, reason: 'x' } });
    expect(failed.status).toBe(400);
    expect((await auditEntries()).length).toBe(n);
    const admin = await login('admin');
    await call('POST', '/v2/company_kt/renew_valid_day', { token: admin, body: { id: 3, days: 30 }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    const e = (await auditEntries()).at(-1)!;
    expect(e).toMatchObject({ userName: '林思远', companyId: 1, ip: '203.0.113.9', method: 'POST', path: '/v2/company_kt/renew_valid_day', resource: 'company_kt', targetId: 3 });
    expect(e.changes[0]).toEqual({ field: 'company.validUntil', before: shiftDate(today(), 12), after: shiftDate(today(), 42) });
    expect(e.changes).toContainEqual({ field: 'renewal.days', after: 30 });
    // A card sale: the balance before/after, the card created, the template's issued count.
    const student = (await studentsIn(2)).find((x) => x.status === 'active')!;
    const tpl = (await allCardTemplates()).find((x) => x.companyId === 2 && x.onSale && x.kind === 'count')!;
    const seller = (await allStaff()).find((x) => x.companyId === 2 && x.status === 'active')!;
    const sold = await call('POST', '/v2/student_card/sell', { token: dealer, body: { studentId: student.id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: seller.id, startDate: today() } });
    expect(sold.status).toBe(200);
    const sale = (await auditEntries()).at(-1)!;
    expect(sale).toMatchObject({ userName: '周晓彤', companyId: 2, resource: 'student_card', action: 'action', targetId: sold.body.data.card.id });
    expect(sale.changes[0]).toEqual({ field: 'balance', before: 0, after: sold.body.data.balanceAfter });
    expect(sale.changes).toContainEqual({ field: 'card.studentName', after: student.name });
    expect(sale.changes.some((c) => c.field.endsWith('issuedCount') && c.after === (c.before as number) + 1)).toBe(true);
    // Company users see their own company's log only; platform roles see all.
    const own = await call('GET', '/v2/operate_log?pageSize=200', { token: dealer });
    expect(own.body.data.list.every((r: { companyId: number }) => r.companyId === 2)).toBe(true);
    const all = await call('GET', '/v2/operate_log?pageSize=200&resource=company_kt', { token: admin });
    expect(all.body.data.list[0]).toMatchObject({ path: '/v2/company_kt/renew_valid_day' });
    expect((await call('GET', '/v2/operate_log', { token: await login('teacher') })).status).toBe(403);
  });
});

describe('feedback', () => {
  it('what a user sends is the newest feedback on the platform overview and in /cool’s list, one set of rows', async () => {
    const dealer = await login('dealer');
    const admin = await login('admin');
    const before = (await call('GET', '/v2/platform/feedback?pageSize=100', { token: admin })).body.data as { total: number };
    const all = (await call('GET', '/v2/feedback?pageSize=100', { token: admin })).body.data as { total: number };
    expect(before.total).toBe(all.total);
    expect((await call('POST', '/v2/feedback', { token: dealer, body: { category: 'question', text: 'Can a class have two teachers?' } })).status).toBe(200);
    const overview = (await call('GET', '/v2/platform/overview', { token: admin })).body.data as { newestFeedback: { content: string; companyName: string }[] };
    expect(overview.newestFeedback[0]).toMatchObject({ content: 'Can a class have two teachers?', companyName: 'Starlight Dance' });
    const listed = (await call('GET', '/v2/platform/feedback?keyword=two%20teachers', { token: admin })).body.data as { total: number; list: { content: string }[] };
    expect(listed.list.map((f) => f.content)).toEqual(['Can a class have two teachers?']);
    expect(((await call('GET', '/v2/platform/feedback?pageSize=100', { token: admin })).body.data as { total: number }).total).toBe(before.total + 1);
  });
});

/** Packages, every company's orders, the settings, the service contact and the renewal log, through the platform's calls. */
describe("the platform's tables", () => {
  it('packages: list, filter, sort, create, rename, delete only without orders', async () => {
    const admin = await login('admin');
    const list = async (q = '') => (await call('GET', `/v2/package/list?pageSize=50${q}`, { token: admin })).body.data as { total: number; list: { id: number; name: string; orderCount: number; campuses: number; onSale: boolean }[] };
    const all = await list();
    expect(all.list.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(all.list.map((p) => p.campuses)).toEqual([1, 3, 5, 1]);
    expect(all.list[0].orderCount).toBeGreaterThan(0);
    expect((await list('&onSale=false')).list.map((p) => p.id)).toEqual([4]);
    expect((await list('&onSale=x')).total).toBe(0);
    expect((await list('&keyword=YEAR')).list.map((p) => p.name)).toEqual(['Year', 'Two years']);
    expect((await list('&sortField=name&sortOrder=ascend')).list.map((p) => p.name)).toEqual(['Quarter', 'Trial month (retired)', 'Two years', 'Year']);
    const byCount = (await list('&sortField=orderCount&sortOrder=descend')).list.map((p) => p.orderCount);
    expect(byCount).toEqual([...byCount].sort((a, b) => b - a));
    expect((await call('GET', '/v2/package/list?sortField=nope', { token: admin })).status).toBe(400);
    expect((await call('POST', '/v2/package', { token: admin, body: { name: 'quarter', days: 7, price: 10, campuses: 1, onSale: true } })).body.msg).toBe('A package named quarter already exists.');
    const made = await call('POST', '/v2/package', { token: admin, body: { name: 'Week', days: 7, price: 99.5, campuses: 2, onSale: true } });
    expect(made.body.data).toEqual({ id: 5, name: 'Week', days: 7, price: 99.5, campuses: 2, description: '', onSale: true });
    expect((await call('PUT', '/v2/package', { token: admin, body: { id: 5, name: 'YEAR', days: 7, price: 99.5, campuses: 2, onSale: true } })).body.msg).toBe('A package named YEAR already exists.');
    const renamed = await call('PUT', '/v2/package', { token: admin, body: { id: 5, name: 'Week pass', nameZh: '周卡', days: 7, price: 99.5, campuses: 2, onSale: true } });
    expect(renamed.body.data).toEqual({ id: 5, name: 'Week pass', nameZh: '周卡', days: 7, price: 99.5, campuses: 2, description: '', onSale: true });
    expect((await list()).list.find((p) => p.id === 5)).toMatchObject({ name: 'Week pass', orderCount: 0 });
    expect((await call('DELETE', '/v2/package/1', { token: admin })).body.msg).toBe(`Package Quarter has ${all.list[0].orderCount} orders: take it off sale instead of deleting it.`);
    // A store orders it: from then on it is only taken off sale.
    const maple = await login('maple', 'maple123');
    const order = await call('POST', '/v2/subscription_order', { token: maple, body: { packageId: 5 } });
    expect(order.body.data).toMatchObject({ packageName: 'Week pass', amount: 99.5, days: 7, status: 'unpaid', orderNo: `SO${100000 + order.body.data.id}` });
    expect((await call('GET', '/v2/package', { token: maple, headers: { 'accept-language': 'zh-CN' } })).body.data.find((p: { id: number }) => p.id === 5)).toMatchObject({ name: '周卡' });
    expect((await call('DELETE', '/v2/package/5', { token: admin })).body.msg).toBe('Package Week pass has 1 order: take it off sale instead of deleting it.');
    expect((await call('POST', '/v2/package', { token: admin, body: { name: 'Spare', days: 1, price: 0, campuses: 1, onSale: false } })).body.data.id).toBe(6);
    expect((await call('DELETE', '/v2/package/6', { token: admin })).status).toBe(200);
    expect((await call('DELETE', '/v2/package/6', { token: admin })).status).toBe(404);
    expect((await list()).total).toBe(5);
  });

  it("every company's orders: search in the caller's language, filter, sort, a renamed company's orders", async () => {
    const admin = await login('admin');
    const orders = async (q: string, lang = 'en-US') => (await call('GET', `/v2/admin_order?${q}`, { token: admin, headers: { 'accept-language': lang } })).body.data as { total: number; list: { id: number; orderNo: string; companyId: number; companyName: string; packageName: string; createdAt: string; amount: number; status: string }[] };
    const all = await orders('pageSize=200');
    const rows = await rowsOf(subscriptionOrders);
    expect(all.total).toBe(rows.length);
    const stamps = all.list.map((o) => o.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect((await orders('keyword=SO100001')).list.map((o) => o.orderNo)).toEqual(['SO100001']);
    const zh = await orders('keyword=季度版&pageSize=200', 'zh-CN');
    expect(zh.total).toBe(rows.filter((o) => o.packageName.startsWith('Quarter')).length);
    expect(zh.list.every((o) => o.packageName.startsWith('季度版'))).toBe(true);
    expect((await orders('keyword=季度版')).total).toBe(0);
    const open = await orders('status=unpaid,cancelled&pageSize=200');
    expect(open.total).toBe(rows.filter((o) => o.status !== 'paid').length);
    expect(open.list.every((o) => o.status !== 'paid')).toBe(true);
    expect((await orders('companyId=x')).total).toBe(0);
    const byAmount = (await orders('sortField=amount&sortOrder=ascend&pageSize=200')).list.map((o) => o.amount);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => a - b));
    expect((await orders('sortField=companyName&sortOrder=ascend&pageSize=1')).list[0].companyName).toBe('Aurora Figure Skating 极光花滑');
    expect((await call('GET', '/v2/admin_order?startDate=2026-02-30', { token: admin })).status).toBe(400);
    // A renamed company's orders carry its new name.
    const id = await companyId('Sunrise Art');
    expect((await call('PUT', '/v2/company_kt', { token: admin, body: { id, name: 'Sunrise Art Studio' } })).status).toBe(200);
    expect((await orders(`companyId=${id}`)).list.map((o) => o.companyName)).toEqual(['Sunrise Art Studio']);
    // The store's own list: its orders only, newest first.
    const sunrise = await login('sunrise');
    const own = (await call('GET', '/v2/subscription_order', { token: sunrise })).body.data;
    expect(own).toMatchObject({ total: 1, list: [{ companyId: id, companyName: 'Sunrise Art Studio', packageName: 'Quarter' }] });
  });

  it('settings and service contact: read by every platform role, saved by the admin, used for new companies', async () => {
    const admin = await login('admin');
    const service = await login('service');
    const before = (await call('GET', '/v2/platform_setting', { token: service })).body.data;
    expect(before).toEqual({
      settings: { id: 1, feePercent: 0.6, trialDays: 30, defaultCampuses: 1, defaultCapHours: 60, defaultCapMonths: 3, welcomeNote: 'Welcome to Campus Console! 欢迎使用校务云。' },
      serviceContact: { name: 'Campus Console Support / 客服小星', phone: '400-820-0088', wechat: 'campus-console-help' },
    });
    const saved = await call('PUT', '/v2/platform_setting', { token: admin, body: { feePercent: 1.25, trialDays: 45, defaultCampuses: 2, defaultCapHours: 80, defaultCapMonths: 6 } });
    expect(saved.body.data).toEqual({ id: 1, feePercent: 1.25, trialDays: 45, defaultCampuses: 2, defaultCapHours: 80, defaultCapMonths: 6, welcomeNote: '' });
    const contact = await call('PUT', '/v2/company_role/service', { token: admin, body: { name: 'Help desk', phone: '400-820-0099', wechat: 'help' } });
    expect(contact.body.data).toEqual({ name: 'Help desk', phone: '400-820-0099', wechat: 'help' });
    expect((await call('GET', '/v2/platform_setting', { token: service })).body.data).toEqual({ settings: saved.body.data, serviceContact: contact.body.data });
    const maple = await login('maple', 'maple123');
    expect((await call('GET', '/v2/company_role/service', { token: maple })).body.data).toEqual(contact.body.data);
    // A company created without days gets the trial days, and the default cap.
    const add = await call('POST', '/v2/company/simple/', { token: admin, body: { name: 'Fern Piano', ownerName: '林蕨', ownerMobile: '13912340077' } });
    expect(add.body.data).toMatchObject({ day: 45 });
    expect((await rowsOf(saleCaps)).find((c) => c.companyId === add.body.data.id)).toMatchObject({ maxHours: 80, maxMonths: 6 });
    const log = (await call('GET', `/v2/company_kt/renew_log?companyId=${add.body.data.id}`, { token: admin })).body.data;
    expect(log).toMatchObject({ total: 1, list: [{ kind: 'create', days: 45, before: today(), after: shiftDate(today(), 45), companyName: 'Fern Piano', operator: '林思远' }] });
    expect(log.list[0].remark).toBeUndefined();
  });

  it('the renewal log: every company, by kind and day, newest first; the overview counts paid orders', async () => {
    const admin = await login('admin');
    const log = async (q: string) => (await call('GET', `/v2/company_kt/renew_log?${q}`, { token: admin })).body.data as { total: number; list: { id: number; kind: string; at: string; companyId: number }[] };
    const all = await log('pageSize=200');
    const ats = all.list.map((r) => r.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect((await log('kind=create&pageSize=1')).total).toBe((await rowsOf(companies)).filter((c) => !c.platform).length);
    expect((await log('kind=nope')).total).toBe(0);
    const day = all.list[0].at.slice(0, 10);
    expect((await log(`startDate=${day}&endDate=${day}&pageSize=200`)).total).toBe(all.list.filter((r) => r.at.startsWith(day)).length);
    const oldest = await log('sortField=at&sortOrder=ascend&pageSize=1');
    expect(oldest.list[0].at).toBe((await rowsOf(companyRenewals)).map((r) => stampOf(r.at)).sort()[0]);
    const overview = async () => (await call('GET', '/v2/platform/overview', { token: admin })).body.data as { revenueByMonth: { month: string; amount: number; orders: number }[]; totals: { paidThisYear: number } };
    const was = await overview();
    const maple = await login('maple', 'maple123');
    const order = (await call('POST', '/v2/subscription_order', { token: maple, body: { packageId: 1 } })).body.data;
    expect((await call('POST', '/v2/subscription_order/pay', { token: maple, body: { id: order.id } })).status).toBe(200);
    const now = await overview();
    expect(Math.round((now.totals.paidThisYear - was.totals.paidThisYear) * 100)).toBe(128000);
    expect(now.revenueByMonth.at(-1)!.orders - was.revenueByMonth.at(-1)!.orders).toBe(1);
  });
});
