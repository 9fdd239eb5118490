// @vitest-environment node
import { authHeaders } from '../testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { getDb } from '../db';

const BASE = 'http://localhost';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Res = { status: number; body: { code: number; data?: any; msg?: string } };
async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Res> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...authHeaders(opts.token) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: await res.json() };
}
async function login(username: string, password = `${username}123`) {
  const r = await call('POST', '/v2/user/login/password', { body: { username, password } });
  return r.status === 200 ? (r.body.data.token as string) : undefined;
}

beforeEach(() => {
  resetDb();
});

describe('staff accounts', () => {
  it('disable ends the open session at once (401) and refuses logins; enable lets the person back in', async () => {
    const dealer = (await login('dealer'))!;
    const teacher = (await login('teacher'))!;
    const list = (await call('GET', '/v2/account/staff?page=1&pageSize=200', { token: dealer })).body.data.list as { name: string; roleId?: number; username?: string }[];
    const row = list.find((r) => r.username === 'teacher')!;
    expect((await call('GET', '/v2/user/info', { token: teacher })).status).toBe(200);
    expect((await call('POST', '/v2/account/disable', { token: dealer, body: { roleId: row.roleId } })).status).toBe(200);
    expect((await call('GET', '/v2/user/info', { token: teacher })).status).toBe(401);
    expect(await login('teacher')).toBeUndefined();
    expect((await call('POST', '/v2/account/enable', { token: dealer, body: { roleId: row.roleId } })).status).toBe(200);
    expect(await login('teacher')).toBeTruthy();
  });

  it('refuses disabling the owner or oneself; another company’s account is 404', async () => {
    const dealer = (await login('dealer'))!;
    const manager = (await login('manager'))!;
    const owner = getDb().memberships.find((m) => m.userId === 2 && m.companyId === 2)!;
    expect((await call('POST', '/v2/account/disable', { token: manager, body: { roleId: owner.roleId } })).status).toBe(400);
    const me = getDb().memberships.find((m) => m.userId === 3)!;
    expect((await call('POST', '/v2/account/disable', { token: manager, body: { roleId: me.roleId } })).status).toBe(400);
    const sunrise = getDb().memberships.find((m) => m.userId === 9)!;
    expect((await call('POST', '/v2/account/disable', { token: dealer, body: { roleId: sunrise.roleId } })).status).toBe(404);
    expect((await call('GET', '/v2/account/staff', { token: (await login('sales'))! })).status).toBe(403);
  });

  it('creates a login from a staff member (in their group), resets its password', async () => {
    const dealer = (await login('dealer'))!;
    const db = getDb();
    const st = db.staff.find((s) => s.companyId === 2 && s.userId === undefined && s.status === 'active' && s.role === 'teacher')!;
    const count = db.memberships.length;
    const bad = await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: st.id, mobile: '123', password: 'secret1' } });
    expect(bad.status).toBe(400);
    expect(getDb().memberships.length).toBe(count);
    const made = await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: st.id, mobile: '13911112222', password: 'secret1' } });
    expect(made.status).toBe(200);
    expect(made.body.data.username).toBe('13911112222');
    expect((await call('POST', '/v2/account/staff', { token: dealer, body: { staffId: st.id, mobile: '13911112223', password: 'secret1' } })).status).toBe(400);
    const token = await login('13911112222', 'secret1');
    expect(token).toBeTruthy();
    const perms = (await call('GET', '/v2/company_role/permissions', { token })).body.data;
    expect(perms.educationalManagement).toBe(1);
    expect(perms.customerCenter).toBe(0);
    expect((await call('POST', '/v2/account/reset_password', { token: dealer, body: { roleId: made.body.data.roleId, password: 'newpass9' } })).status).toBe(200);
    expect(await login('13911112222', 'secret1')).toBeUndefined();
    expect(await login('13911112222', 'newpass9')).toBeTruthy();
  });
});

describe('parent accounts', () => {
  it('lists the demo parent with its students; creates one linked to students, who can log in', async () => {
    const dealer = (await login('dealer'))!;
    const list = (await call('GET', '/v2/account/parent?page=1&pageSize=50', { token: dealer })).body.data.list as { username: string; studentIds: number[] }[];
    expect(list.find((p) => p.username === 'customer')).toBeTruthy();
    const kids = getDb().students.filter((s) => s.companyId === 2).slice(-2);
    const made = await call('POST', '/v2/account/parent', { token: dealer, body: { name: '张妈妈', mobile: '13922223333', password: 'parent1', studentIds: kids.map((k) => k.id) } });
    expect(made.status).toBe(200);
    expect(made.body.data.studentIds.sort()).toEqual(kids.map((k) => k.id).sort());
    expect(await login('13922223333', 'parent1')).toBeTruthy();
  });
});
