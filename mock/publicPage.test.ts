// @vitest-environment node
/**
 * Issue 29 (6): the anonymous campus web page. Page codes are random (no campus id in them, not listable), a mobile
 * signs up once per page, sign-ups and orders are limited per address and per page, and each refusal names its cause.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from './handlers';
import { call, loginToken, rowsOf, webPageOf } from './testing';
import { webPages, webSignups } from '../server/db/schema';
import { PUBLIC_MAX_PER_ADDRESS, PUBLIC_MAX_PER_PAGE } from './domains/campusSales';

beforeEach(() => {
  resetDb();
});

const pageOf = webPageOf;
const signups = () => rowsOf(webSignups);
const pending = async (campusId: number, mobile: string) => (await signups()).filter((s) => s.campusId === campusId && s.mobile === mobile && s.status === 'pending');
const signUp = (code: string, body: unknown, ip = '203.0.113.7', lang = 'en-US') =>
  call('POST', `/v2/public/web/${code}/signup`, { body, lang, headers: { 'x-forwarded-for': ip } });

describe('page codes cannot be guessed', () => {
  it('every page has 16 random base32 characters (80 bits), unrelated to its campus; the old scheme finds nothing', async () => {
    const pages = await rowsOf(webPages);
    expect(pages.length).toBeGreaterThan(3);
    for (const p of pages) {
      expect(p.code).toMatch(/^[a-z2-9]{16}$/);
      expect(p.code).not.toBe(`c${p.campusId}${(p.campusId * 7919).toString(36)}`);
    }
    expect(new Set(pages.map((p) => p.code)).size).toBe(pages.length);
    // The former code of a campus (its id and id × 7,919 in base 36) is no page any more.
    const old = (id: number) => `c${id}${(id * 7919).toString(36)}`;
    for (const p of pages) expect((await call('GET', `/v2/public/web/${old(p.campusId)}`)).status).toBe(404);
    expect((await call('GET', `/v2/public/web/${(await pageOf(1)).code}`)).status).toBe(200);
  });

  it('a new campus gets a random code too, and a new seed new codes', async () => {
    const before = (await pageOf(1)).code;
    resetDb({ fresh: true });
    expect((await pageOf(1)).code).not.toBe(before);
    const dealer = await loginToken('dealer');
    const made = await call('POST', '/v2/company_kt/campus', { token: dealer, body: { name: 'Riverside 河畔', address: '1 River Rd', phone: '021-5555 0000' } });
    expect(made.status).toBe(200);
    // Written with the campus, unpublished (the list that shows it writes nothing).
    expect(await webPageOf(made.body.data.id)).toMatchObject({ published: false, templateIds: [] });
    const stored = (await rowsOf(webPages)).length;
    const pages = (await call('GET', '/v2/campus_web', { token: dealer })).body.data as { campusId: number; code: string }[];
    expect((await rowsOf(webPages)).length).toBe(stored);
    const fresh = pages.find((p) => p.campusId === made.body.data.id);
    expect(fresh?.code).toMatch(/^[a-z2-9]{16}$/);
  });
});

describe('sign-ups: once per mobile and page, limited per address and page', () => {
  it('twenty identical sign-ups leave one pending row; the second one says so', async () => {
    const { code } = (await pageOf(1));
    const before = (await signups()).length;
    const first = await signUp(code, { parentName: '周妈妈', mobile: '13955550001' });
    expect(first).toMatchObject({ status: 200, body: { data: { ok: true, again: false } } });
    for (let i = 0; i < 9; i += 1) {
      const again = await signUp(code, { parentName: '周妈妈', mobile: '13955550001' }, `198.51.100.${i}`);
      expect(again).toMatchObject({ status: 200, body: { data: { ok: true, again: true, message: 'This mobile has already signed up on this page.' } } });
    }
    expect((await signups()).length).toBe(before + 1);
    // The pending row takes the newest name; still one row.
    await signUp(code, { parentName: '周爸爸', mobile: '13955550001' }, '198.51.100.50');
    expect((await pending(1, '13955550001')).map((s) => s.name)).toEqual(['周爸爸']);
    // Another page of the same company is another page: its own row.
    expect((await signUp((await pageOf(2)).code, { parentName: '周妈妈', mobile: '13955550001' }, '198.51.100.60')).body.data.again).toBe(false);
    expect((await signups()).length).toBe(before + 2);
  });

  it('a handled sign-up is not reopened by signing up again', async () => {
    const { code } = (await pageOf(1));
    await signUp(code, { parentName: '吴妈妈', mobile: '13955550002' });
    const row = (await pending(1, '13955550002'))[0];
    const dealer = await loginToken('dealer');
    expect((await call('POST', '/v2/wdc_customer/discard', { token: dealer, body: { ids: [row.id] } })).status).toBe(200);
    const again = await signUp(code, { parentName: '吴妈妈', mobile: '13955550002' }, '198.51.100.9');
    expect(again.body.data.again).toBe(true);
    expect((await signups()).filter((s) => s.mobile === '13955550002')).toHaveLength(1);
    expect((await signups()).find((s) => s.id === row.id)?.status).toBe('discarded');
  });

  it(`at most ${PUBLIC_MAX_PER_ADDRESS} sign-ups and orders an hour from one address; other addresses go on`, async () => {
    const { code } = (await pageOf(1));
    for (let i = 0; i < PUBLIC_MAX_PER_ADDRESS; i += 1) {
      expect((await signUp(code, { parentName: '家长', mobile: `1395556${String(i).padStart(4, '0')}` }, '203.0.113.20')).status).toBe(200);
    }
    const before = (await signups()).length;
    const refused = await signUp(code, { parentName: '家长', mobile: '13955569999' }, '203.0.113.20');
    expect(refused).toMatchObject({ status: 400, body: { msg: 'Too many sign-ups or orders from your network: try again in 60 minutes.' } });
    // The same address cannot order either; another address can sign up.
    const tpl = (await call('GET', `/v2/public/web/${code}`)).body.data.templates[0];
    const order = await call('POST', `/v2/public/web/${code}/order`, { body: { templateId: tpl.id, parentName: '家长', mobile: '13955569999', studentName: '小明' }, headers: { 'x-forwarded-for': '203.0.113.20' } });
    expect(order.status).toBe(400);
    expect((await signUp(code, { parentName: '家长', mobile: '13955569999' }, '203.0.113.21', 'zh-CN')).status).toBe(200);
    expect((await signups()).length).toBe(before + 1);
    const zh = await signUp(code, { parentName: '家长', mobile: '13955569998' }, '203.0.113.20', 'zh-CN');
    expect(zh.body.msg).toBe('您的网络提交报名或订单过于频繁，请 60 分钟后再试。');
  });

  it(`at most ${PUBLIC_MAX_PER_PAGE} sign-ups and orders an hour on one page, whatever the addresses`, async () => {
    const { code } = (await pageOf(1));
    for (let i = 0; i < PUBLIC_MAX_PER_PAGE; i += 1) {
      const r = await signUp(code, { parentName: '家长', mobile: `1395557${String(i).padStart(4, '0')}` }, `10.1.${Math.floor(i / 5)}.${i % 5}`);
      expect(r.status).toBe(200);
    }
    const refused = await signUp(code, { parentName: '家长', mobile: '13955579999' }, '10.9.9.9');
    expect(refused).toMatchObject({ status: 400, body: { msg: 'This page has had too many sign-ups or orders just now: try again in 60 minutes.' } });
    expect((await signups()).some((s) => s.mobile === '13955579999')).toBe(false);
    // Another page is not affected.
    expect((await signUp((await pageOf(2)).code, { parentName: '家长', mobile: '13955579999' }, '10.9.9.9')).status).toBe(200);
  });

  it('each refusal names its cause', async () => {
    const { code } = (await pageOf(1));
    const before = (await signups()).length;
    expect((await signUp(code, { mobile: '13955550003' })).body).toMatchObject({ code: 400, msg: 'Parent name is required.' });
    expect((await signUp(code, { parentName: '  ', mobile: '13955550003' })).body.msg).toBe('Parent name is required.');
    expect((await signUp(code, { parentName: '郑妈妈', mobile: '139' })).body.msg).toBe('Mobile must be an 11-digit mobile number starting with 1.');
    expect((await signUp(code, { parentName: '郑妈妈' }, undefined, 'zh-CN')).body.msg).toBe('手机号不能为空。');
    expect((await signUp('c1abc', { parentName: '郑妈妈', mobile: '13955550003' })).body).toMatchObject({ code: 404, msg: 'This page does not exist or is not published.' });
    expect((await signups()).length).toBe(before);
  });
});
