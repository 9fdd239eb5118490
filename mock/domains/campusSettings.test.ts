// @vitest-environment node
import { authHeaders, rowsOf } from '../testing';
import { companies, companySettings, merchants } from '../../server/db/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { getDb } from '../db';

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
  return (await call('POST', '/v2/user/login/password', { body: { username, password: `${username}123` } })).body.data.token as string;
}

beforeEach(() => {
  resetDb();
});

describe('company settings', () => {
  it('reads the defaults with the online cap, saves, refuses bad input with nothing changed', async () => {
    const dealer = await login('dealer');
    const s = (await call('GET', '/v2/setting', { token: dealer })).body.data;
    expect(s).toMatchObject({ truantConsumes: true, leaveConsumes: false, leadPoolDays: 15, onlineMaxHours: 60, onlineMaxMonths: 3 });
    const bad = await call('PUT', '/v2/setting', { token: dealer, body: { ...s, leadPoolDays: '20' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/pool/i);
    expect((await call('PUT', '/v2/setting', { token: dealer, body: { ...s, onlineMaxHours: 0 } })).status).toBe(400);
    expect((await call('GET', '/v2/setting', { token: dealer })).body.data).toEqual(s);
    const saved = await call('PUT', '/v2/setting', { token: dealer, body: { ...s, leaveConsumes: true, onlineMaxHours: 40 } });
    expect(saved.body.data).toMatchObject({ leaveConsumes: true, onlineMaxHours: 40 });
    expect((await rowsOf(companySettings)).find((x) => x.companyId === 2)?.leaveConsumes).toBe(true);
    expect((await call('GET', '/v2/setting', { token: await login('teacher') })).status).toBe(403);
  });
});

describe('theme colour', () => {
  it('refuses a colour white text fails on, applies a good one to every user of the company', async () => {
    const dealer = await login('dealer');
    const low = await call('PUT', '/v2/company_kt/theme_color', { token: dealer, body: { color: '#FFD700' } });
    expect(low.status).toBe(400);
    expect(low.body.msg).toMatch(/contrast/);
    expect((await call('PUT', '/v2/company_kt/theme_color', { token: dealer, body: { color: 'navy' } })).status).toBe(400);
    expect((await rowsOf(companies)).find((c) => c.id === 2)?.themeColor).toBeNull();
    expect((await call('PUT', '/v2/company_kt/theme_color', { token: dealer, body: { color: '#1d4ed8' } })).body.data.color).toBe('#1D4ED8');
    const teacher = await login('teacher');
    expect((await call('GET', '/v2/user/info', { token: teacher })).body.data.company.themeColor).toBe('#1D4ED8');
    const sunrise = await login('sunrise');
    expect((await call('GET', '/v2/user/info', { token: sunrise })).body.data.company.themeColor).toBeUndefined();
    expect((await call('PUT', '/v2/company_kt/theme_color', { token: teacher, body: { color: '#1D4ED8' } })).status).toBe(403);
  });
});

describe('company and partner logos (issue 31)', () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  it('the company logo is saved, reaches the posters, and only an image is taken', async () => {
    const dealer = await login('dealer');
    expect((await call('GET', '/v2/poster/info', { token: dealer })).body.data.companyLogo).toBeNull();
    const bad = await call('PUT', '/v2/company_kt/logo', { token: dealer, body: { logo: 'data:text/html;base64,PGI+' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('The logo must be a PNG, JPEG, GIF or WebP image.');
    expect((await call('PUT', '/v2/company_kt/logo', { token: dealer, body: { logo: PNG } })).status).toBe(200);
    expect((await call('GET', '/v2/poster/info', { token: dealer })).body.data.companyLogo).toBe(PNG);
    expect((await call('PUT', '/v2/company_kt/logo', { token: await login('teacher'), body: { logo: PNG } })).status).toBe(403);
    expect((await call('DELETE', '/v2/company_kt/logo', { token: dealer })).status).toBe(200);
    expect((await rowsOf(companies)).find((c) => c.id === 2)?.logo).toBeNull();
  });

  it('a partner merchant keeps its logo for the co-branded poster', async () => {
    const dealer = await login('dealer');
    const m = (await rowsOf(merchants)).find((x) => x.companyId === 2)!;
    const body = { id: m.id, name: m.name, category: m.category, contact: m.contact, mobile: m.mobile, status: m.status, logo: 'not an image' };
    expect((await call('PUT', '/v2/market_merchant', { token: dealer, body })).status).toBe(400);
    expect((await call('PUT', '/v2/market_merchant', { token: dealer, body: { ...body, logo: PNG } })).status).toBe(200);
    const info = (await call('GET', '/v2/poster/info', { token: dealer })).body.data as { merchants: { id: number; logo: string | null }[] };
    expect(info.merchants.find((x) => x.id === m.id)?.logo).toBe(PNG);
  });
});
