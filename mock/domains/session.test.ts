// @vitest-environment node
import { authHeaders } from '../testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import type { MenuEntry } from '../../src/types/session';

const BASE = 'http://localhost';
async function call(method: string, path: string, opts: { token?: string; body?: unknown; lang?: string } = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...authHeaders(opts.token),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; data?: any; msg?: string } }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
async function login(username: string, password: string) {
  const r = await call('POST', '/v2/user/login/password', { body: { username, password } });
  expect(r.status).toBe(200);
  return r.body.data.token as string;
}
const paths = (menu: MenuEntry[]) => menu.flatMap((g) => (g.routes ?? []).map((r) => `${r.path}${r.disabled ? ' (disabled)' : ''}`));

beforeEach(() => {
  resetDb();
});

describe('login', () => {
  it('by account or by mobile', async () => {
    expect(await login('dealer', 'dealer123')).toMatch(/^[0-9a-f]{48}$/);
    expect(await login('13800000002', 'dealer123')).toMatch(/^[0-9a-f]{48}$/);
  });
  it('400 with a message in the asked language', async () => {
    const en = await call('POST', '/v2/user/login/password', { body: { username: 'dealer', password: 'nope' } });
    expect(en).toEqual({ status: 400, body: { code: 400, msg: 'Incorrect account or password.' } });
    const zh = await call('POST', '/v2/user/login/password', { body: { username: 'dealer', password: 'nope' }, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('账号或密码错误。');
    const empty = await call('POST', '/v2/user/login/password', { body: { username: ' ' } });
    expect(empty.body.msg).toBe('Please enter your account and password.');
  });
  it('SMS: 123456 only, one send per 60 s, the same answers for unknown numbers', async () => {
    expect((await call('POST', '/api/send/sms', { body: { mobile: '13800000004', scene: 'login' } })).status).toBe(200);
    const again = await call('POST', '/api/send/sms', { body: { mobile: '13800000004', scene: 'login' } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/Try again in \d+ s/);
    expect((await call('POST', '/api/send/sms', { body: { mobile: '12345', scene: 'login' } })).body.msg).toMatch(/11-digit/);
    // No account enumeration: an unknown number is answered like a known one, and its code is "wrong".
    const unknown = await call('POST', '/api/send/sms', { body: { mobile: '13900000000', scene: 'login' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ sent: true, resendAfter: 60 });
    expect((await call('POST', '/v2/user/login/sms', { body: { mobile: '13900000000', code: '123456' } })).body.msg).toBe('The verification code is incorrect.');
    expect((await call('POST', '/v2/user/login/sms', { body: { mobile: '13800000004', code: '111111' } })).status).toBe(400);
    const ok = await call('POST', '/v2/user/login/sms', { body: { mobile: '13800000004', code: '123456' } });
    expect(ok.body.data.token).toBeTruthy();
  });
});

describe('session', () => {
  it('401 without a token, with an unknown one, and after logout', async () => {
    expect((await call('GET', '/v2/user/info')).status).toBe(401);
    expect((await call('GET', '/v2/user/info', { token: 'forged' })).status).toBe(401);
    const token = await login('teacher', 'teacher123');
    const info = await call('GET', '/v2/user/info', { token });
    expect(info.body.data).toMatchObject({ name: '王若汐', role: 'teacher', company: { name: 'Starlight Dance', day: 400 } });
    await call('GET', '/v2/user/login/logout', { token });
    expect((await call('GET', '/v2/user/info', { token })).status).toBe(401);
  });

  it('permissions of a role', async () => {
    const token = await login('sales', 'sales123');
    const p = await call('GET', '/v2/company_role/permissions', { token });
    expect(p.body.data).toMatchObject({ customerCenter: 1, financialManagement: 0, type: 2, companyId: 2 });
  });

  it('store list and switch; another user’s store is refused with 403', async () => {
    const token = await login('dealer', 'dealer123');
    const stores = (await call('GET', '/v2/company_role/select', { token })).body.data as { roleId: number; companyName: string; role: string }[];
    expect(stores.map((s) => `${s.companyName} (${s.role})`)).toEqual(['Starlight Dance (dealer)', 'Sunrise Art (teacher)']);
    const sunrise = stores[1].roleId;
    expect((await call('POST', '/v2/company_role/switch', { token, body: { roleId: sunrise } })).body.code).toBe(0);
    const info = await call('GET', '/v2/user/info', { token });
    expect(info.body.data).toMatchObject({ role: 'teacher', company: { name: 'Sunrise Art', day: 12 } });
    expect((await call('POST', '/v2/company_role/switch', { token, body: { roleId: 101 } })).status).toBe(403);
    expect((await call('POST', '/v2/company_role/switch', { token, body: {} })).status).toBe(400);
  });

  it('menu per role: company areas for the dealer, only the subscription routes stay enabled when expired', async () => {
    const dealer = await login('dealer', 'dealer123');
    const me = (await call('GET', '/v2/user/info', { token: dealer })).body.data;
    const menu = (await call('GET', `/v2/company_role/get_menu_pc?roleId=${me.roleId}`, { token: dealer })).body.data as MenuEntry[];
    expect(paths(menu)).toEqual(expect.arrayContaining(['/dashboard', '/campus/order', '/renew']));
    expect(menu.every((g) => !g.disabled)).toBe(true);

    const maple = await login('maple', 'maple123');
    const mm = (await call('GET', '/v2/company_role/get_menu_pc', { token: maple })).body.data as MenuEntry[];
    expect(paths(mm)).toEqual(expect.arrayContaining(['/dashboard (disabled)', '/campus/order', '/renew']));

    const admin = await login('admin', 'admin123');
    const am = (await call('GET', '/v2/company_role/get_menu_pc', { token: admin })).body.data as MenuEntry[];
    expect(paths(am)).not.toContain('/renew');
    expect(paths(am)).toContain('/dashboard');
  });

  it('another user’s roleId in the menu call is 403', async () => {
    const token = await login('teacher', 'teacher123');
    expect((await call('GET', '/v2/company_role/get_menu_pc?roleId=101', { token })).status).toBe(403);
  });

  it('service contact', async () => {
    const token = await login('maple', 'maple123');
    expect((await call('GET', '/v2/company_role/service', { token })).body.data).toMatchObject({ phone: '400-820-0088' });
  });
});

describe('subscription', () => {
  it('only the owner orders and pays; paying extends the valid days', async () => {
    const teacher = await login('mapleteacher', 'maple123');
    expect((await call('POST', '/v2/subscription_order', { token: teacher, body: { packageId: 1 } })).status).toBe(403);
    const owner = await login('maple', 'maple123');
    expect((await call('POST', '/v2/subscription_order', { token: owner, body: { packageId: 4 } })).body.msg).toBe('This package is not on sale.');
    const order = (await call('POST', '/v2/subscription_order', { token: owner, body: { packageId: 1 } })).body.data;
    expect(order).toMatchObject({ status: 'unpaid', days: 90, amount: 1280 });
    const paid = await call('POST', '/v2/subscription_order/pay', { token: owner, body: { id: order.id } });
    expect(paid.body.data.day).toBe(90);
    expect((await call('GET', '/v2/user/info', { token: owner })).body.data.company.day).toBe(90);
    expect((await call('POST', '/v2/subscription_order/pay', { token: owner, body: { id: order.id } })).status).toBe(400);
    const list = (await call('GET', '/v2/subscription_order?status=paid&sortField=amount&sortOrder=ascend', { token: owner })).body.data;
    expect(list.total).toBe(2);
  });
  it('platform roles have no subscription routes (403)', async () => {
    const admin = await login('admin', 'admin123');
    expect((await call('GET', '/v2/package', { token: admin })).status).toBe(403);
  });
});

describe('unknown calls', () => {
  it('404 with a message', async () => {
    const r = await call('GET', '/v2/nothing/here');
    expect(r).toEqual({ status: 404, body: { code: 404, msg: 'No such call: GET /v2/nothing/here' } });
  });
});
