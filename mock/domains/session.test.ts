// @vitest-environment node
import { auditEntries } from './audit';
import { sessionByToken, waitingCodes } from '../../server/auth/state';
import { allLeads, allLessons, allStudents, authHeaders, membershipRows, rowsOf, userNamed, userRows } from '../testing';
import { companies, packages } from '../../server/db/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDb } from '../handlers';
import { getDb, SESSION_IDLE_MS, SESSION_MAX_MS } from '../db';
import { SMS_CODE_TTL_MS } from '../sms';
import type { MenuEntry } from '../../src/types/session';

const BASE = 'http://localhost';
async function call(method: string, path: string, opts: { token?: string; body?: unknown; lang?: string } = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(await authHeaders(opts.token)),
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
  it('SMS (demo mode): the sent code or 123456, one send per 60 s, the same answers for unknown numbers', async () => {
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

describe('session limits (idle 2 hours, absolute 7 days), on a controlled clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const info = (token: string) => call('GET', '/v2/user/info', { token });

  it('ends after 2 hours without a call: 401, removed from the Db; each call moves lastSeenAt', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    const token = await login('teacher', 'teacher123');
    expect(await sessionByToken(token)).toMatchObject({ createdAt: t0, lastSeenAt: t0 });
    vi.setSystemTime(t0 + SESSION_IDLE_MS - 1000);
    expect((await info(token)).status).toBe(200);
    expect((await sessionByToken(token))!.lastSeenAt).toBe(t0 + SESSION_IDLE_MS - 1000);
    // Almost 4 hours after the login, but less than 2 since the last call: still on.
    vi.setSystemTime(t0 + 2 * SESSION_IDLE_MS - 2000);
    expect((await info(token)).status).toBe(200);
    vi.setSystemTime(t0 + 3 * SESSION_IDLE_MS - 2000);
    const idle = await info(token);
    expect(idle.status).toBe(401);
    expect(await sessionByToken(token)).toBeUndefined();
    // Another session of the same user, started later, is not touched.
    const fresh = await login('teacher', 'teacher123');
    expect((await info(fresh)).status).toBe(200);
  });

  it('ends 7 days after the login however often it is used', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    const token = await login('dealer', 'dealer123');
    for (let at = SESSION_IDLE_MS / 2; at < SESSION_MAX_MS; at += SESSION_IDLE_MS / 2 + 60_000 * 30) {
      vi.setSystemTime(t0 + at);
      expect((await info(token)).status, `${at / 3_600_000} h`).toBe(200);
    }
    vi.setSystemTime(t0 + SESSION_MAX_MS);
    expect((await info(token)).status).toBe(401);
    expect(await sessionByToken(token)).toBeUndefined();
  });

  it('logout and a password change end sessions (the other ones for the change)', async () => {
    const a = await login('sales', 'sales123');
    const b = await login('sales', 'sales123');
    expect((await call('POST', '/v2/user/password', { token: a, body: { oldPassword: 'sales123', newPassword: 'sales123' } })).body.msg).toBe('The new password must differ from the current one.');
    expect((await call('POST', '/v2/user/password', { token: a, body: { oldPassword: 'sales123', newPassword: 'sales-456' } })).status).toBe(200);
    expect(await sessionByToken(b)).toBeUndefined();
    expect((await info(b)).status).toBe(401);
    await call('GET', '/v2/user/login/logout', { token: a });
    expect(await sessionByToken(a)).toBeUndefined();
  });
});

describe('SMS codes outside demo mode (APP_MODE=production)', () => {
  afterEach(() => {
    delete process.env.APP_MODE;
    vi.useRealTimers();
  });
  const lastCode = async (mobile: string) => (await call('GET', `/v2/__test__/sms?mobile=${mobile}`)).body.data as { text: string; code: string } | null;
  const smsLogin = (mobile: string, code: string) => call('POST', '/v2/user/login/sms', { body: { mobile, code } });

  it('the code sent works once; 123456 is refused; a new send replaces the code', async () => {
    process.env.APP_MODE = 'production';
    expect((await smsLogin('13800000004', '123456')).body.msg).toBe('The verification code is incorrect.');
    expect((await call('POST', '/api/send/sms', { body: { mobile: '13800000004', scene: 'login' } })).status).toBe(200);
    const sent = await lastCode('13800000004');
    expect(sent?.code).toMatch(/^\d{6}$/);
    expect(await waitingCodes()).toEqual([expect.objectContaining({ mobile: '13800000004', scene: 'login', code: sent!.code })]);
    if (sent!.code !== '123456') expect((await smsLogin('13800000004', '123456')).status).toBe(400);
    const ok = await smsLogin('13800000004', sent!.code);
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toMatch(/^[0-9a-f]{48}$/);
    // Single use.
    expect((await smsLogin('13800000004', sent!.code)).body.msg).toBe('The verification code is incorrect.');
    expect(await waitingCodes()).toEqual([]);
  });

  it('an expired code is refused; one send per 60 s; nothing is sent to a number without an account', async () => {
    process.env.APP_MODE = 'production';
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    await call('POST', '/api/send/sms', { body: { mobile: '13800000005', scene: 'login' } });
    const first = (await lastCode('13800000005'))!.code;
    vi.setSystemTime(t0 + 30_000);
    expect((await call('POST', '/api/send/sms', { body: { mobile: '13800000005', scene: 'login' } })).body.msg).toMatch(/Try again in 30 s/);
    vi.setSystemTime(t0 + SMS_CODE_TTL_MS);
    expect((await smsLogin('13800000005', first)).body.msg).toBe('The verification code is incorrect.');
    await call('POST', '/api/send/sms', { body: { mobile: '13800000005', scene: 'login' } });
    const second = (await lastCode('13800000005'))!.code;
    vi.setSystemTime(t0 + SMS_CODE_TTL_MS + SMS_CODE_TTL_MS - 1000);
    expect((await smsLogin('13800000005', second)).status).toBe(200);
    expect((await call('POST', '/api/send/sms', { body: { mobile: '13912345678', scene: 'login' } })).status).toBe(200);
    expect(await lastCode('13912345678')).toBeNull();
  });

  it('a mobile change needs the code sent to the new number (to a signed-in caller only)', async () => {
    process.env.APP_MODE = 'production';
    const token = await login('teacher', 'teacher123');
    // Without a session nothing is sent to bind a number.
    await call('POST', '/api/send/sms', { body: { mobile: '13911110000', scene: 'bind' } });
    expect(await lastCode('13911110000')).toBeNull();
    expect((await call('POST', '/v2/user/mobile', { token, body: { mobile: '13911110001', code: '123456' } })).body.msg).toBe('The verification code is incorrect.');
    await call('POST', '/api/send/sms', { token, body: { mobile: '13911110001', scene: 'bind' } });
    const { code } = (await lastCode('13911110001'))!;
    expect((await call('POST', '/v2/user/mobile', { token, body: { mobile: '13911110001', code } })).status).toBe(200);
    expect((await userNamed('teacher')).mobile).toBe('13911110001');
    expect((await call('POST', '/v2/user/mobile', { token, body: { mobile: '13911110001', code } })).status).toBe(400);
  });
});

describe('production seed: only the platform and its admin, with a one-time password printed once', () => {
  afterEach(() => {
    delete process.env.APP_MODE;
    vi.restoreAllMocks();
    resetDb();
  });

  it('no demo company or account; the admin signs in with the printed password and must choose their own first', async () => {
    process.env.APP_MODE = 'production';
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.join(' '));
    });
    resetDb();
    expect((await rowsOf(companies)).map((c) => c.name)).toEqual(['Campus Console Platform']);
    expect((await userRows()).map((u) => u.username)).toEqual(['admin']);
    expect(await membershipRows()).toHaveLength(1);
    expect([await allStudents(), await allLeads(), await allLessons(), (await auditEntries()), await rowsOf(packages)].map((t) => t.length)).toEqual([0, 0, 0, 0, 0]);
    const lines = printed.filter((l) => l.includes('one-time password'));
    expect(lines).toHaveLength(1);
    const password = /one-time password: (\S+)/.exec(lines[0])![1];
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await userRows())[0].passwordHash).not.toContain(password);
    for (const [u, p] of [['admin', 'admin123'], ['dealer', 'dealer123'], ['teacher', 'teacher123']]) {
      expect((await call('POST', '/v2/user/login/password', { body: { username: u, password: p } })).status, u).toBe(400);
    }
    const token = await login('admin', password);
    expect((await call('GET', '/v2/user/info', { token })).body.data).toMatchObject({ role: 'admin', mustChangePassword: true });
    const refused = await call('GET', '/v2/company_kt', { token });
    expect(refused).toEqual({ status: 403, body: { code: 403, msg: 'Your password was set by someone else: choose your own password before doing anything else.' } });
    expect((await call('POST', '/v2/user/password', { token, body: { oldPassword: password, newPassword: 'my-own-secret' } })).status).toBe(200);
    expect((await call('GET', '/v2/user/info', { token })).body.data.mustChangePassword).toBeUndefined();
    expect((await call('GET', '/v2/company_kt', { token })).body.data.total).toBe(0);
    // The platform's settings and service contact are there without any demo data (the production seed writes them).
    expect((await call('GET', '/v2/platform_setting', { token })).body.data).toEqual({
      settings: { id: 1, feePercent: 0.6, trialDays: 30, defaultCampuses: 1, defaultCapHours: 60, defaultCapMonths: 3, welcomeNote: 'Welcome to Campus Console! 欢迎使用校务云。' },
      serviceContact: { name: 'Campus Console Support', phone: '', wechat: '' },
    });
    expect((await call('POST', '/v2/user/login/password', { body: { username: 'admin', password } })).status).toBe(400);
  });
});
