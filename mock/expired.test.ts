// @vitest-environment node
/**
 * Issue 29 (7): an expired company reaches only renewal, subscription orders, its own session and logout. Every
 * registered call with a session (mock/http.ts `registry`) is made as the expired owner (maple) and the expired
 * teacher (mapleteacher); only the calls below may answer anything but 403, and a 403 names the expiry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from './db';
import { resetDb } from './handlers';
import { registry } from './http';
import { call, loginToken, rowsOf } from './testing';
import { feedback } from '../server/db/schema';
import { CALLS_OPEN_WHEN_EXPIRED } from '../src/utils/expiry';

/** What the session needs (who am I, my stores and menu, switching store, the service contact, my own password). */
const SESSION = [
  'GET /v2/user/info',
  'GET /v2/company_role/permissions',
  'GET /v2/company_role/select',
  'POST /v2/company_role/switch',
  'GET /v2/company_role/get_menu_pc',
  'GET /v2/company_role/service',
  'POST /v2/user/password',
];
/** What /renew and /campus/order call: the owner only (the subscription rule). */
const RENEWAL = [
  'GET /v2/package',
  'GET /v2/subscription/status',
  'GET /v2/subscription_order',
  'POST /v2/subscription_order',
  'POST /v2/subscription_order/pay',
  'POST /v2/subscription_order/cancel',
];

/** Every call with a session, `:param`s filled with 1, with an empty JSON body for writes. */
async function answers(token: string) {
  const out: { key: string; status: number; msg?: string }[] = [];
  for (const c of registry) {
    if (!c.auth) continue;
    const path = c.path.replace(/:[^/]+/g, '1');
    const r = await call(c.method.toUpperCase(), path, { token, body: c.method === 'get' || c.method === 'delete' ? undefined : {} });
    out.push({ key: `${c.method.toUpperCase()} ${c.path}`, status: r.status, msg: r.body.msg });
  }
  return out;
}

describe('an expired company reaches only renewal, subscription orders and its own session', () => {
  beforeAll(() => {
    resetDb();
  });

  it('the list of open calls names registered calls only', () => {
    const keys = new Set(registry.map((c) => `${c.method.toUpperCase()} ${c.path}`));
    expect(CALLS_OPEN_WHEN_EXPIRED.filter((k) => !keys.has(k))).toEqual([]);
    expect([...CALLS_OPEN_WHEN_EXPIRED].sort()).toEqual([...SESSION, ...RENEWAL].sort());
  });

  it('the expired owner (maple): every other call is 403 naming the expiry', async () => {
    const token = await loginToken('maple', 'maple123');
    const all = await answers(token);
    expect(all.length).toBeGreaterThan(250);
    const open = all.filter((a) => a.status !== 403).map((a) => a.key);
    expect(open.sort()).toEqual([...SESSION, ...RENEWAL].sort());
    const refused = all.filter((a) => a.status === 403);
    expect(refused.filter((a) => a.msg !== 'Your company’s subscription has expired: renew it to use this again.')).toEqual([]);
    // The findings by name.
    for (const key of ['GET /v2/system_bulletin', 'GET /v2/system_bulletin/unread', 'POST /v2/system_bulletin/read', 'POST /v2/feedback', 'GET /v2/feedback/mine']) {
      expect(all.find((a) => a.key === key)?.status, key).toBe(403);
    }
    // Still logged in, and the session's own calls answer.
    expect((await call('GET', '/v2/user/info', { token })).body.data.company.day).toBe(0);
    expect((await call('GET', '/v2/subscription/status', { token })).status).toBe(200);
  });

  it('the expired teacher (mapleteacher): only the session calls answer, the rest is 403 (ask the manager)', async () => {
    resetDb();
    const token = await loginToken('mapleteacher', 'maple123');
    const before = (await rowsOf(feedback)).length;
    const all = await answers(token);
    const open = all.filter((a) => a.status !== 403).map((a) => a.key);
    expect(open.sort()).toEqual([...SESSION].sort());
    const renewal = all.filter((a) => RENEWAL.includes(a.key));
    expect(renewal.every((a) => a.status === 403 && a.msg === 'You do not have permission for this.')).toBe(true);
    const others = all.filter((a) => a.status === 403 && !RENEWAL.includes(a.key));
    expect(others.filter((a) => a.msg !== 'Your company’s subscription has expired: ask the store manager to renew it.')).toEqual([]);
    expect((await rowsOf(feedback)).length).toBe(before);
    const sent = await call('POST', '/v2/feedback', { token, body: { category: 'other', text: 'Hello' }, lang: 'zh-CN' });
    expect(sent).toMatchObject({ status: 403, body: { msg: '公司系统已到期，请联系店长续费。' } });
    expect((await rowsOf(feedback)).length).toBe(before);
    // Logout needs no company.
    expect((await call('GET', '/v2/user/login/logout', { token })).status).toBe(200);
    expect((await call('GET', '/v2/user/info', { token })).status).toBe(401);
  });
});
