// @vitest-environment node
import { auditEntries } from './audit';
import { authHeaders, rowsOf } from '../testing';
import { invoices, onlineOrders, saleCaps, settlements, subscriptionOrders } from '../../server/db/schema';
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
const companyId = (name: string) => getDb().companies.find((c) => c.name === name)!.id;

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
    const id = companyId('Sunrise Art');
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
    const whale = getDb().companies.find((c) => c.name.startsWith('Blue Whale'))!;
    const rec = await call('POST', '/v2/company_kt/recover', { token: admin, body: { id: whale.id } });
    expect(rec.body.data.renewal).toMatchObject({ days: 10, before: shiftDate(today(), 10), after: shiftDate(today(), 20) });
    expect(rec.body.data.company).toMatchObject({ day: 20, state: 'expiring', status: 'active' });
  });

  it('renew writes before/after to the log and unlocks an expired company at once', async () => {
    const admin = await login('admin');
    const id = companyId('Maple Music');
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
    const del = await call('DELETE', `/v2/company_kt/${companyId('Starlight Dance')}`, { token: admin });
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
    expect(getDb().companies.some((c) => c.id === add.body.data.id)).toBe(false);
  });

  it('imports all rows or none', async () => {
    const admin = await login('admin');
    const before = getDb().companies.length;
    const rows = [
      { name: 'Harbor Kids Chess', ownerName: '王一', ownerMobile: '13912340011', days: 365 },
      { name: 'Pine Hill Guitar', ownerName: '王二', ownerMobile: '1391234', days: 90 },
    ];
    const bad = await call('POST', '/v2/company/import_batch_excel', { token: admin, body: { rows } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Owner mobile #2 must be an 11-digit/);
    const dup = await call('POST', '/v2/company/import_batch_excel', { token: admin, body: { rows: [rows[0], { ...rows[0], ownerMobile: '13912340012' }] } });
    expect(dup.body.msg).toBe('Row 2: the name appears twice in the file');
    expect(getDb().companies.length).toBe(before);
    rows[1].ownerMobile = '13912340012';
    const ok = await call('POST', '/v2/company/import_batch_excel', { token: admin, body: { rows } });
    expect(ok.body.data.created).toBe(2);
    expect(getDb().companies.length).toBe(before + 2);
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
    expect(getDb().companies.find((c) => c.id === 3)!.status).toBe('active');
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
    const student = db.students.find((x) => x.companyId === 2 && x.status === 'active')!;
    const tpl = db.cardTemplates.find((x) => x.companyId === 2 && x.onSale && x.kind === 'count')!;
    const seller = db.staff.find((x) => x.companyId === 2 && x.status === 'active')!;
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
