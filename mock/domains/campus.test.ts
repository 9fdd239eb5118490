// @vitest-environment node
import { campuses, campusRenewals, companies } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { tx } from '../../server/db';
import { permissionGroups } from '../../server/db/schema';
import { allLeads, authHeaders, call as callIn, rowsOf, allCardTemplates, allStaff, studentsIn } from '../testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { getDb } from '../db';
import type { PermissionGroup } from '../../src/types/campus';
import type { MenuEntry } from '../../src/types/session';

const BASE = 'http://localhost';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Res = { status: number; body: { code: number; data?: any; msg?: string } };
async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Res> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(await authHeaders(opts.token)) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: await res.json() };
}
async function login(username: string) {
  const r = await call('POST', '/v2/user/login/password', { body: { username, password: `${username}123` } });
  expect(r.status).toBe(200);
  return r.body.data.token as string;
}
const menuPaths = (menu: MenuEntry[]) => menu.flatMap((g) => (g.routes ?? []).map((r) => r.path));

beforeEach(() => {
  resetDb();
});

async function groups(token: string): Promise<PermissionGroup[]> {
  return (await call('GET', '/v2/permission_group/list', { token })).body.data;
}

describe('permission groups', () => {
  it('seeds one default group per role: every demo account keeps its flags', async () => {
    const dealer = await login('dealer');
    const list = await groups(dealer);
    expect(list.map((g) => g.defaultFor)).toEqual(['dealer', 'manager', 'teacher', 'sales']);
    expect(list.find((g) => g.defaultFor === 'dealer')?.ownerGroup).toBe(true);
    const sales = await login('sales');
    const perms = (await call('GET', '/v2/company_role/permissions', { token: sales })).body.data;
    expect(perms.customerCenter).toBe(1);
    expect(perms.campusManagement).toBe(0);
    expect((await call('GET', '/v2/permission_group/list', { token: sales })).status).toBe(403);
  });

  it('a changed group changes the member’s permissions, menu and 403s from the next request', async () => {
    const dealer = await login('dealer');
    const sales = await login('sales');
    const group = (await groups(dealer)).find((g) => g.defaultFor === 'sales')!;
    expect((await call('GET', '/v2/customer?page=1&pageSize=5', { token: sales })).status).toBe(200);
    const put = await call('PUT', '/v2/permission_group/', { token: dealer, body: { id: group.id, name: group.name, dataScope: 'company', flags: { ...group.flags, customerCenter: 0 } } });
    expect(put.status).toBe(200);
    expect((await call('GET', '/v2/customer?page=1&pageSize=5', { token: sales })).status).toBe(403);
    const menu = (await call('GET', '/v2/company_role/get_menu_pc', { token: sales })).body.data as MenuEntry[];
    expect(menuPaths(menu)).not.toContain('/customer');
    await call('PUT', '/v2/permission_group/', { token: dealer, body: { id: group.id, name: group.name, dataScope: 'company', flags: group.flags } });
    expect((await call('GET', '/v2/customer?page=1&pageSize=5', { token: sales })).status).toBe(200);
  });

  it('the owner’s group cannot be narrowed, and the owner cannot be moved to a narrower group', async () => {
    const dealer = await login('dealer');
    const list = await groups(dealer);
    const own = list.find((g) => g.ownerGroup)!;
    const before = JSON.stringify(await rowsOf(permissionGroups));
    const r = await call('PUT', '/v2/permission_group/', { token: dealer, body: { id: own.id, name: own.name, dataScope: 'campus', flags: own.flags } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/owner/);
    expect(JSON.stringify(await rowsOf(permissionGroups))).toBe(before);
    const dealerStaff = (await allStaff()).find((st) => st.userId === 2 && st.companyId === 2)!;
    const teacherGroup = list.find((g) => g.defaultFor === 'teacher')!;
    expect((await call('POST', '/v2/permission_group/assign', { token: dealer, body: { staffIds: [dealerStaff.id], groupId: teacherGroup.id } })).status).toBe(400);
  });

  it('creates, validates (400, nothing changed), refuses deleting a group in use, deletes an empty one', async () => {
    const dealer = await login('dealer');
    const flags = (await groups(dealer))[3].flags;
    const count = (await rowsOf(permissionGroups)).length;
    expect((await call('POST', '/v2/permission_group/', { token: dealer, body: { name: '', flags, dataScope: 'own' } })).status).toBe(400);
    expect((await call('POST', '/v2/permission_group/', { token: dealer, body: { name: 'Front desk', flags: { ...flags, staging: 2 }, dataScope: 'own' } })).status).toBe(400);
    expect((await call('POST', '/v2/permission_group/', { token: dealer, body: { name: 'Front desk', flags, dataScope: 'galaxy' } })).status).toBe(400);
    expect((await rowsOf(permissionGroups)).length).toBe(count);
    const made = await call('POST', '/v2/permission_group/', { token: dealer, body: { name: 'Front desk', flags, dataScope: 'own' } });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    expect((await call('POST', '/v2/permission_group/', { token: dealer, body: { name: 'front desk', flags, dataScope: 'own' } })).status).toBe(400);
    expect((await call('GET', `/v2/permission_group/get?id=${id}`, { token: dealer })).body.data.name).toBe('Front desk');
    const salesStaff = (await allStaff()).find((st) => st.userId === 5)!;
    expect((await call('POST', '/v2/permission_group/assign', { token: dealer, body: { staffIds: [salesStaff.id], groupId: id } })).status).toBe(200);
    expect((await call('DELETE', `/v2/permission_group/${id}`, { token: dealer })).status).toBe(400);
    const salesGroup = (await groups(dealer)).find((g) => g.defaultFor === 'sales')!;
    await call('POST', '/v2/permission_group/assign', { token: dealer, body: { staffIds: [salesStaff.id], groupId: salesGroup.id } });
    expect((await call('DELETE', `/v2/permission_group/${id}`, { token: dealer })).status).toBe(200);
    expect((await call('DELETE', `/v2/permission_group/${salesGroup.id}`, { token: dealer })).status).toBe(400);
  });

  it('another company’s group is out of reach (404)', async () => {
    const sunrise = await login('sunrise');
    const dealer = await login('dealer');
    const other = (await groups(sunrise))[0];
    expect((await call('GET', `/v2/permission_group/get?id=${other.id}`, { token: dealer })).status).toBe(404);
  });
});

describe('data scope', () => {
  it('own: the sales account sees only its own students, leads and lessons; campus: its campus', async () => {
    const dealer = await login('dealer');
    const sales = await login('sales');
    const total = (await call('GET', '/v2/student?page=1&pageSize=10', { token: sales })).body.data.total as number;
    const group = (await groups(dealer)).find((g) => g.defaultFor === 'sales')!;
    await call('PUT', '/v2/permission_group/', { token: dealer, body: { id: group.id, name: group.name, flags: group.flags, dataScope: 'own' } });
    const own = (await call('GET', '/v2/student?page=1&pageSize=200', { token: sales })).body.data;
    expect(own.total).toBeGreaterThan(0);
    expect(own.total).toBeLessThan(total);
    const db = getDb();
    const me = (await allStaff()).find((st) => st.userId === 5 && st.companyId === 2)!;
    const sold = new Set(db.studentCards.filter((c) => c.sellerId === me.id).map((c) => c.studentId));
    const ownedLeads = new Set((await allLeads()).filter((l) => l.ownerId === 5).map((l) => l.id));
    for (const st of own.list as { id: number; leadId?: number }[]) expect(sold.has(st.id) || (st.leadId !== undefined && ownedLeads.has(st.leadId))).toBe(true);
    await call('PUT', '/v2/permission_group/', { token: dealer, body: { id: group.id, name: group.name, flags: group.flags, dataScope: 'campus' } });
    const campus = (await call('GET', '/v2/student?page=1&pageSize=10', { token: sales })).body.data.total as number;
    expect(campus).toBeGreaterThanOrEqual(own.total);
    expect(campus).toBeLessThan(total);
  });
});

describe('campuses', () => {
  it('lists, adds, sets main, renews a branch, lists its staff', async () => {
    const dealer = await login('dealer');
    const list = (await call('GET', '/v2/company_kt/campus?page=1&pageSize=10', { token: dealer })).body.data;
    expect(list.list.map((c: { name: string }) => c.name)).toEqual(['Downtown', 'Riverside']);
    expect((await call('POST', '/v2/company_kt/campus', { token: dealer, body: { name: 'Downtown', address: 'x', phone: '021-5555 0001' } })).status).toBe(400);
    const made = await call('POST', '/v2/company_kt/campus', { token: dealer, body: { name: 'Lakeside', address: '9 Hu Road', phone: '021-5555 0002' } });
    expect(made.status).toBe(200);
    const id = made.body.data.id;
    const main = await call('POST', '/v2/company_kt/campus/main', { token: dealer, body: { id } });
    expect(main.body.data.filter((c: { isMain: boolean }) => c.isMain).map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await call('POST', '/v2/company_kt/campus/renew', { token: dealer, body: { id, packageId: 1 } })).status).toBe(400);
    const riverside = (await rowsOf(campuses)).find((c) => c.name === 'Riverside')!;
    const renew = await call('POST', '/v2/company_kt/campus/renew', { token: dealer, body: { id: riverside.id, packageId: 1 } });
    expect(renew.status).toBe(200);
    expect(renew.body.data.renewal.days).toBe(90);
    // The company's renewal log lists it, newest first, filtered by campus; the refused renewal left nothing.
    const log = (await call('GET', `/v2/company_kt/campus/renewals?campusId=${riverside.id}&page=1&pageSize=10`, { token: dealer })).body.data;
    expect(log).toEqual({ total: 1, list: [renew.body.data.renewal] });
    expect((await call('GET', `/v2/company_kt/campus/renewals?campusId=${id}`, { token: dealer })).body.data.total).toBe(0);
    const staff = (await call('GET', `/v2/company_kt/campus/staff_list?campusId=${riverside.id}&page=1&pageSize=100`, { token: dealer })).body.data;
    expect(staff.total).toBe((await allStaff()).filter((st) => st.campusId === riverside.id).length);
    const manager = await login('manager');
    expect((await call('POST', '/v2/company_kt/campus/renew', { token: manager, body: { id: riverside.id, packageId: 1 } })).status).toBe(403);
  });
});

describe('campus validity (issue 29: it changes only through renewal)', () => {
  it('making a campus main twice moves no days: a 30-day branch stays a 30-day branch, the company keeps its own', async () => {
    const dealer = await login('dealer');
    const db = getDb();
    const company = (await rowsOf(companies)).find((c) => c.id === 2)!;
    const companyUntil = company.validUntil;
    const made = (await call('POST', '/v2/company_kt/campus', { token: dealer, body: { name: 'Lakeside', address: '9 Hu Road', phone: '021-5555 0002' } })).body.data as { id: number; day: number; validUntil: string };
    expect(made.day).toBe(30);
    const downtown = (await rowsOf(campuses)).find((c) => c.companyId === 2 && c.isMain)!;
    const days = async () => {
      const list = (await call('GET', '/v2/company_kt/campus?page=1&pageSize=10', { token: dealer })).body.data.list as { id: number; day: number; validUntil: string; isMain: boolean }[];
      return Object.fromEntries(list.map((c) => [c.id, c]));
    };
    const first = await call('POST', '/v2/company_kt/campus/main', { token: dealer, body: { id: made.id } });
    expect(first.status).toBe(200);
    const during = await days();
    // The new main campus is covered by the subscription; the former main becomes a branch with days of its own.
    expect(during[made.id].validUntil).toBe(companyUntil);
    expect(during[downtown.id].isMain).toBe(false);
    expect(during[downtown.id].day).toBe(30);
    expect((await call('POST', '/v2/company_kt/campus/main', { token: dealer, body: { id: downtown.id } })).status).toBe(200);
    const after = await days();
    expect(after[made.id].isMain).toBe(false);
    expect(after[made.id].day).toBe(30);
    expect(after[made.id].validUntil).toBe(made.validUntil);
    expect(after[downtown.id].validUntil).toBe(companyUntil);
    expect(company.validUntil).toBe(companyUntil);
    // Again and again: nothing grows; no renewal was recorded.
    for (let i = 0; i < 3; i += 1) {
      await call('POST', '/v2/company_kt/campus/main', { token: dealer, body: { id: made.id } });
      await call('POST', '/v2/company_kt/campus/main', { token: dealer, body: { id: downtown.id } });
    }
    const last = await days();
    expect(last[made.id].day).toBe(30);
    expect(last[downtown.id].validUntil).toBe(companyUntil);
    expect(await rowsOf(campusRenewals)).toEqual([]);
    // Only a renewal moves a branch's days.
    const renew = await call('POST', '/v2/company_kt/campus/renew', { token: dealer, body: { id: made.id, packageId: 1 } });
    expect(renew.status).toBe(200);
    expect(renew.body.data.campus.day).toBe(30 + renew.body.data.renewal.days);
  });
});

describe('an expired campus', () => {
  it('keeps its data readable but refuses card sales there', async () => {
    const dealer = await login('dealer');
    const db = getDb();
    const riverside = (await rowsOf(campuses)).find((c) => c.name === 'Riverside')!;
    await (await tx()).update(campuses).set({ validUntil: '2020-01-01' }).where(eq(campuses.id, riverside.id));
    const student = (await studentsIn(2)).find((st) => st.campusId === riverside.id)!;
    expect((await call('GET', `/v2/student?page=1&pageSize=5&campusId=${riverside.id}`, { token: dealer })).status).toBe(200);
    const tpl = (await allCardTemplates()).find((tp) => tp.companyId === 2 && tp.onSale)!;
    const seller = (await allStaff()).find((st) => st.userId === 5)!;
    const cards = db.studentCards.length;
    const sale = await call('POST', '/v2/student_card/sell', { token: dealer, body: { studentId: student.id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: seller.id, startDate: '2026-01-05' } });
    expect(sale.status).toBe(400);
    expect(sale.body.msg).toMatch(/Riverside has expired/);
    expect(db.studentCards.length).toBe(cards);
    const list = (await call('GET', '/v2/company_kt/campus?page=1&pageSize=10', { token: dealer })).body.data.list as { name: string; day: number }[];
    expect(list.find((c) => c.name === 'Riverside')?.day).toBe(0);
    const expiring = (await call('GET', '/v2/company_kt/campus/expiring', { token: dealer })).body.data as { name: string }[];
    expect(expiring.map((c) => c.name)).toEqual(['Riverside']);
  });
});

describe('phone fields (issue 31)', () => {
  it('a campus phone takes a phone number only: "abc-phone" is a 400 naming the field, in both languages', async () => {
    const dealer = await login('dealer');
    const bad = { name: 'Hillside', address: '3 Hill Road', phone: 'abc-phone' };
    expect((await call('POST', '/v2/company_kt/campus', { token: dealer, body: bad })).body).toMatchObject({ msg: 'Phone must be a phone number: digits, with an optional +, spaces, hyphens or parentheses.' });
    expect((await callIn('POST', '/v2/company_kt/campus', { token: dealer, body: bad, lang: 'zh-CN' })).body.msg).toBe('电话必须是电话号码：数字，可带 +、空格、连字符或括号。');
    expect((await call('POST', '/v2/company_kt/campus', { token: dealer, body: { ...bad, phone: '+86 (21) 5555-0003' } })).status).toBe(200);
  });
});
