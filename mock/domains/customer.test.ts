/** The customer center's mock calls, end to end through msw (seed, scoping, pool, limit, conversion, stats, forms). */
import { allLeads, allStudents, authHeaders, inRequest, rowsOf } from '../testing';
import { followUps } from '../../server/db/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, resetDb } from '../db';
import type { ClaimResult, ConvertResult, FastCheckResult, Lead, LeadStats, LeadStatus } from '../../src/types/customer';
import { LEAD_SOURCES, LEAD_STATUSES } from '../../src/types/customer';
import type { ListResult } from '../../src/types/api';
import type { CompanySettings } from '../../src/types/settings';
import { KNOWN_LEAD, SALES_OWNED } from './customerSeed';
import { insertLead, setLeadStatus } from './customer';

const BASE = 'http://localhost';
const PASSWORDS: Record<string, string> = { sales: 'sales123', manager: 'manager123', dealer: 'dealer123', teacher: 'teacher123' };

async function login(username: string): Promise<string> {
  const res = await fetch(`${BASE}/v2/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORDS[username] }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
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

const list = (token: string, q: Record<string, string | number>) =>
  call<ListResult<Lead>>(token, 'GET', `/v2/customer?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`);

beforeEach(() => {
  resetDb();
});

describe('seed', () => {
  it('has about 600 leads with every status and source, 190 active ones for the demo sales account', async () => {
    const leads = (await allLeads()).filter((l) => l.companyId === 2);
    expect(leads.length).toBe(600);
    for (const s of LEAD_STATUSES) expect(leads.some((l) => l.status === s)).toBe(true);
    for (const s of LEAD_SOURCES) expect(leads.some((l) => l.source === s)).toBe(true);
    expect(leads.filter((l) => l.ownerId === 5 && ['new', 'following', 'trial'].includes(l.status)).length).toBe(SALES_OWNED);
    expect(leads.filter((l) => l.ownerId === undefined).length).toBeGreaterThan(100);
    const formal = leads.filter((l) => l.status === 'formal');
    const students = await allStudents();
    expect(formal.every((l) => l.studentId !== undefined && students.some((s) => s.id === l.studentId && s.leadId === l.id))).toBe(true);
    expect(new Set(leads.map((l) => l.mobile)).size).toBe(leads.length);
    expect((await rowsOf(followUps)).length).toBeGreaterThan(600);
  });
});

describe('leads', () => {
  it('sales see only their own leads; managers see all', async () => {
    const sales = await login('sales');
    const manager = await login('manager');
    const mine = await list(sales, { pageSize: 200 });
    expect(mine.data.list.every((l) => l.ownerId === 5)).toBe(true);
    const all = await list(manager, { pageSize: 1 });
    expect(all.data.total).toBe(600);
    const teacher = await login('teacher');
    expect((await list(teacher, {})).status).toBe(403);
  });

  it('fast-check finds the owner; adding a known mobile is refused; a new one is added and owned', async () => {
    const sales = await login('sales');
    const fc = await call<FastCheckResult>(sales, 'GET', `/v2/customer/fast_check?mobile=${KNOWN_LEAD.mobile}`);
    expect(fc.data).toMatchObject({ exists: true, lead: { name: KNOWN_LEAD.name, ownerName: KNOWN_LEAD.owner.name, mine: false } });
    const dup = await call<Lead>(sales, 'POST', '/v2/customer', { name: '某某', mobile: KNOWN_LEAD.mobile, campusId: 1, intention: 'B', source: 'walk_in' });
    expect(dup.status).toBe(400);
    expect(dup.msg).toContain(KNOWN_LEAD.owner.name);
    const ok = await call<Lead>(sales, 'POST', '/v2/customer', { name: '林可馨', mobile: '13722223333', campusId: 2, intention: 'A', source: 'walk_in', ownerId: 3 });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ ownerId: 5, status: 'new', campusName: 'Riverside' });
    expect(insertLead.length).toBeGreaterThan(0);
  });

  it('a follow-up moves a new lead to following, sets the next date and shows in the timeline', async () => {
    const sales = await login('sales');
    const added = (await call<Lead>(sales, 'POST', '/v2/customer', { name: '林可馨', mobile: '13722223333', campusId: 1, intention: 'B', source: 'phone' })).data;
    const next = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const fu = await call(sales, 'POST', '/v2/customer_follow_up', { leadId: added.id, method: 'phone', content: '家长想周末试听', nextFollowUpAt: next, intention: 'A' });
    expect(fu.status).toBe(200);
    const lead = (await call<Lead>(sales, 'GET', `/v2/customer/${added.id}`)).data;
    expect(lead).toMatchObject({ status: 'following', intention: 'A', nextFollowUpAt: next, followUpCount: 1 });
    const bad = await call(sales, 'POST', '/v2/customer_follow_up', { leadId: added.id, method: 'phone', content: 'x', status: 'formal' });
    expect(bad.status).toBe(400);
  });

  it('conversion creates the student in the same step; a converted lead cannot be deleted', async () => {
    const sales = await login('sales');
    const added = (await call<Lead>(sales, 'POST', '/v2/customer', { name: '林可馨', mobile: '13722223333', campusId: 1, intention: 'A', source: 'referral', parentName: '林女士' })).data;
    const res = await call<ConvertResult>(sales, 'POST', '/v2/customer/formal', { ids: [added.id] });
    expect(res.status).toBe(200);
    const studentId = res.data.converted[0].studentId;
    const student = (await allStudents()).find((s) => s.id === studentId);
    expect(student).toMatchObject({ name: '林可馨', mobile: '13722223333', parentName: '林女士', leadId: added.id, campusId: 1 });
    const again = await call(sales, 'POST', '/v2/customer/formal', { ids: [added.id] });
    expect(again.status).toBe(400);
    const del = await call(sales, 'DELETE', `/v2/customer/${added.id}`);
    expect(del.status).toBe(400);
  });

  it('only managers and dealers distribute, within the owner limit', async () => {
    const sales = await login('sales');
    const manager = await login('manager');
    const pool = (await call<ListResult<Lead>>(manager, 'GET', '/v2/lead?pageSize=20&status=new')).data.list;
    expect((await call(sales, 'POST', '/v2/customer/distribute', { ids: [pool[0].id], ownerId: 5 })).status).toBe(403);
    const ok = await call(manager, 'POST', '/v2/customer/distribute', { ids: pool.slice(0, 10).map((l) => l.id), ownerId: 5 });
    expect(ok.status).toBe(200);
    const over = await call(manager, 'POST', '/v2/customer/distribute', { ids: [pool[10].id], ownerId: 5 });
    expect(over.status).toBe(400);
    expect(over.msg).toContain('200');
  });
});

describe('the pool', () => {
  it('claims up to the limit and refuses the 11th', async () => {
    const sales = await login('sales');
    const pool = (await call<ListResult<Lead>>(sales, 'GET', '/v2/lead?pageSize=20&status=new')).data.list;
    const over = await call(sales, 'POST', '/v2/lead/claim', { ids: pool.slice(0, 11).map((l) => l.id) });
    expect(over.status).toBe(400);
    expect(over.msg).toContain('at most 10 more');
    const ok = await call<ClaimResult>(sales, 'POST', '/v2/lead/claim', { ids: pool.slice(0, 10).map((l) => l.id) });
    expect(ok.data).toEqual({ claimed: 10, owned: 200, limit: 200 });
    const eleventh = await call(sales, 'POST', '/v2/lead/claim', { ids: [pool[10].id] });
    expect(eleventh.status).toBe(400);
    const taken = await call(sales, 'POST', '/v2/lead/claim', { ids: [pool[0].id] });
    expect(taken.status).toBe(400);
  });

  it('two claims of one lead at once: one takes it, the other is told it is gone', async () => {
    const sales = await login('sales');
    const manager = await login('manager');
    const [lead] = (await call<ListResult<Lead>>(manager, 'GET', '/v2/lead?pageSize=1&status=new')).data.list;
    const results = await Promise.all([sales, manager].map((token) => call<ClaimResult>(token, 'POST', '/v2/lead/claim', { ids: [lead.id] })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.msg).toContain('no longer in the pool');
    expect([3, 5]).toContain((await allLeads()).find((l) => l.id === lead.id)!.ownerId);
  });

  it('returns leads not followed up within the company setting', async () => {
    const manager = await login('manager');
    const before = (await call<ListResult<Lead>>(manager, 'GET', '/v2/lead?pageSize=1')).data.total;
    // The company's pool days shortened through its settings: the leads now due return at once.
    const dealer = await login('dealer');
    const rules = (await call<CompanySettings>(dealer, 'GET', '/v2/setting')).data;
    expect((await call(dealer, 'PUT', '/v2/setting', { ...rules, leadPoolDays: 3 })).status).toBe(200);
    const after = (await call<ListResult<Lead>>(manager, 'GET', '/v2/lead?pageSize=1&poolReason=returned')).data;
    expect(after.total).toBeGreaterThan(0);
    expect((await call<ListResult<Lead>>(manager, 'GET', '/v2/lead?pageSize=1')).data.total).toBeGreaterThan(before);
  });
});

describe('release', () => {
  it('an owner returns a lead to the pool; a converted one cannot be released', async () => {
    const sales = await login('sales');
    const mine = (await allLeads()).find((l) => l.ownerId === 5 && l.status === 'following')!;
    expect((await call(sales, 'POST', '/v2/customer/release', { ids: [mine.id] })).status).toBe(200);
    expect((await allLeads()).find((l) => l.id === mine.id)).toMatchObject({ ownerId: undefined, poolReason: 'released', previousOwnerName: '李浩然', nextFollowUpAt: undefined });
    const formal = (await allLeads()).find((l) => l.ownerId === 5 && l.status === 'formal')!;
    expect((await call(sales, 'POST', '/v2/customer/release', { ids: [formal.id] })).status).toBe(400);
  });
});

describe('stats', () => {
  it('funnel counts equal the list totals for the same range', async () => {
    const manager = await login('manager');
    const range = { startDate: new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10), endDate: new Date().toISOString().slice(0, 10) };
    const stats = (await call<LeadStats>(manager, 'GET', `/v2/customer/stats?startDate=${range.startDate}&endDate=${range.endDate}`)).data;
    const total = (await list(manager, { ...range, pageSize: 1 })).data.total;
    expect(stats.total).toBe(total);
    for (const status of ['new', 'formal'] as LeadStatus[]) {
      const n = (await list(manager, { ...range, status, pageSize: 1 })).data.total;
      expect(stats.funnel.find((f) => f.status === status)?.count).toBe(n);
    }
    const bySource = (await list(manager, { ...range, source: 'form', pageSize: 1 })).data.total;
    expect(stats.sources.find((s) => s.source === 'form')?.count).toBe(bySource);
    expect(stats.trend.reduce((s, b) => s + b.count, 0)).toBe(total);
  });
});

describe('other domains', () => {
  it('setLeadStatus writes the timeline and converts with a student', async () => {
    const db = getDb();
    const lead = (await allLeads()).find((l) => l.status === 'following' && l.ownerId === 5)!;
    // As in a request (a trial booked or attended): the timeline is written in its transaction.
    await inRequest(2, async () => {
      expect((await setLeadStatus(db, 2, lead.id, 'trial', { id: 9, name: '王若汐' })).status).toBe('trial');
      expect((await setLeadStatus(db, 2, lead.id, 'formal', { id: 9, name: '王若汐' })).studentId).toBeDefined();
      expect((await setLeadStatus(db, 2, lead.id, 'following', { id: 9, name: '王若汐' })).status).toBe('formal');
      await expect(insertLead(db, { companyId: 2, campusId: 1, name: 'x', mobile: lead.mobile, source: 'event' })).rejects.toThrow();
    });
  });
});

describe('public form', () => {
  it('a submission through the public link becomes a pool lead with source form', async () => {
    const form = await fetch(`${BASE}/v2/public/gather/sd-summer`);
    expect(form.status).toBe(200);
    const res = await fetch(`${BASE}/v2/public/gather/sd-summer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '周梓萱', mobile: '13688889999', age: 7 }),
    });
    expect(res.status).toBe(200);
    const lead = (await allLeads()).find((l) => l.mobile === '13688889999');
    expect(lead).toMatchObject({ source: 'form', ownerId: undefined, age: 7, status: 'new' });
    const closed = await fetch(`${BASE}/v2/public/gather/sd-hiphop`);
    expect(closed.status).toBe(400);
  });
});

describe('lead sources and follow-ups (in the database)', () => {
  type Page<T> = { list: T[]; total: number };
  const get = <T>(token: string, path: string, q: Record<string, string | number> = {}) =>
    call<Page<T>>(token, 'GET', `${path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`);

  it('collection forms: list with counts, filters and sorts, create, edit, delete only without submissions', async () => {
    const manager = await login('manager');
    const forms = (await get<{ id: number; code: string; submissionCount: number; leadCount: number; createdAt: string; enabled: boolean }>(manager, '/v2/gather')).data;
    expect(forms.total).toBe(3);
    expect(forms.list.map((f) => f.createdAt)).toEqual([...forms.list.map((f) => f.createdAt)].sort().reverse());
    const summer = forms.list.find((f) => f.code === 'sd-summer')!;
    expect(summer.submissionCount).toBeGreaterThan(summer.leadCount);
    expect((await get(manager, '/v2/gather', { enabled: 'false' })).data.total).toBe(1);
    expect((await get(manager, '/v2/gather', { enabled: 'nope' })).data.total).toBe(0);
    const bySubs = (await get<{ submissionCount: number }>(manager, '/v2/gather', { sortField: 'submissionCount', sortOrder: 'descend' })).data.list.map((f) => f.submissionCount);
    expect(bySubs).toEqual([...bySubs].sort((a, b) => b - a));
    expect((await get(manager, '/v2/gather', { sortField: 'nope' })).status).toBe(400);
    const subs = (await get<{ formId: number; result: string }>(manager, '/v2/gather_submission', { formId: summer.id, pageSize: 200 })).data;
    expect(subs.total).toBe(summer.submissionCount);
    expect(subs.list.filter((s) => s.result === 'lead')).toHaveLength(summer.leadCount);
    expect((await get(manager, '/v2/gather_submission', { formId: 999999 })).status).toBe(404);

    const fields = [{ key: 'name', label: '姓名', required: true }, { key: 'mobile', label: '手机号', required: true }];
    const added = await call<{ id: number; code: string; submissionCount: number }>(manager, 'POST', '/v2/gather', { campusId: 1, title: '新表单', fields });
    expect(added.status).toBe(200);
    expect(added.data.submissionCount).toBe(0);
    const edited = await call<{ title: string; enabled: boolean }>(manager, 'PUT', '/v2/gather', { id: added.data.id, campusId: 2, title: '改过的表单', fields, enabled: false });
    expect(edited.data).toMatchObject({ title: '改过的表单', enabled: false, campusName: 'Riverside' });
    expect((await fetch(`${BASE}/v2/public/gather/${added.data.code}`)).status).toBe(400);
    expect((await call(manager, 'DELETE', `/v2/gather/${summer.id}`)).status).toBe(400);
    expect((await call(manager, 'DELETE', `/v2/gather/${added.data.id}`)).status).toBe(200);
    expect((await get(manager, '/v2/gather')).data.total).toBe(3);
  });

  it('merchants: counts from the leads, sorts by them, one name per company, delete only without leads', async () => {
    const manager = await login('manager');
    type M = { id: number; name: string; leadCount: number; formalCount: number };
    const all = (await get<M>(manager, '/v2/market_merchant')).data;
    expect(all.total).toBe(6);
    const byLeads = (await get<M>(manager, '/v2/market_merchant', { sortField: 'leadCount', sortOrder: 'descend' })).data.list;
    expect(byLeads.map((m) => m.leadCount)).toEqual([...byLeads.map((m) => m.leadCount)].sort((a, b) => b - a));
    const withLeads = byLeads[0];
    expect(withLeads.leadCount).toBe((await allLeads()).filter((l) => l.merchantId === withLeads.id).length);
    expect((await get(manager, '/v2/market_merchant', { status: 'paused' })).data.total).toBe(1);
    expect((await call<{ value: number }[]>(manager, 'GET', '/v2/market_merchant/options')).data).toHaveLength(6);
    const body = { name: '新商家', category: '教育', contact: '王老师', mobile: '13712345678' };
    const added = await call<M>(manager, 'POST', '/v2/market_merchant', body);
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ leadCount: 0, formalCount: 0 });
    expect((await call(manager, 'POST', '/v2/market_merchant', body)).status).toBe(400);
    expect((await call(manager, 'PUT', '/v2/market_merchant', { ...body, id: added.data.id, name: withLeads.name })).status).toBe(400);
    // A lead added with the merchant carries its name; renaming the merchant renames it on its leads.
    const lead = await call<Lead>(manager, 'POST', '/v2/customer', { name: '商家客户', mobile: '13712340000', campusId: 1, intention: 'B', source: 'merchant', merchantId: added.data.id });
    expect(lead.data.merchantName).toBe('新商家');
    expect((await call(manager, 'PUT', '/v2/market_merchant', { ...body, id: added.data.id, name: '改名商家' })).status).toBe(200);
    expect((await call<Lead>(manager, 'GET', `/v2/customer/${lead.data.id}`)).data.merchantName).toBe('改名商家');
    expect((await call(manager, 'DELETE', `/v2/market_merchant/${added.data.id}`)).status).toBe(400);
    expect((await call(manager, 'DELETE', `/v2/customer/${lead.data.id}`)).status).toBe(200);
    expect((await call(manager, 'DELETE', `/v2/market_merchant/${added.data.id}`)).status).toBe(200);
    expect((await call(manager, 'POST', '/v2/customer', { name: 'x', mobile: '13712340001', campusId: 1, intention: 'B', source: 'merchant', merchantId: added.data.id })).status).toBe(400);
  });

  it('web sign-ups: accept makes a lead (or links a known mobile), discard closes, a handled one is refused', async () => {
    const manager = await login('manager');
    const sales = await login('sales');
    type W = { id: number; status: string; leadId?: number; mobile: string };
    const all = (await get<W>(manager, '/v2/wdc_customer', { pageSize: 200 })).data;
    const pending = (await get<W>(manager, '/v2/wdc_customer', { status: 'pending', pageSize: 200 })).data;
    expect(pending.total).toBe(14);
    expect(all.total).toBeGreaterThan(pending.total);
    const mine = (await get<W>(sales, '/v2/wdc_customer', { pageSize: 200 })).data;
    expect(mine.total).toBeLessThan(all.total);
    const [first, second] = pending.list;
    const accepted = await call<{ accepted: number; duplicates: unknown[] }>(manager, 'POST', '/v2/wdc_customer/accept', { ids: [first.id] });
    expect(accepted.data).toEqual({ accepted: 1, duplicates: [] });
    const lead = (await allLeads()).find((l) => l.mobile === first.mobile)!;
    expect(lead).toMatchObject({ source: 'web', intention: 'B' });
    const after = (await get<W>(manager, '/v2/wdc_customer', { pageSize: 200 })).data.list.find((w) => w.id === first.id)!;
    expect(after).toMatchObject({ status: 'accepted', leadId: lead.id });
    expect((await call(manager, 'POST', '/v2/wdc_customer/accept', { ids: [first.id] })).status).toBe(400);
    expect((await call(manager, 'POST', '/v2/wdc_customer/discard', { ids: [second.id] })).data).toEqual({ discarded: 1 });
    expect((await get(manager, '/v2/wdc_customer', { status: 'pending' })).data.total).toBe(12);
    expect((await call(manager, 'POST', '/v2/wdc_customer/discard', { ids: [999999] })).status).toBe(404);
  });

  it('follow-ups: the timeline of a lead, newest first, and gone with the lead', async () => {
    const manager = await login('manager');
    const lead = (await allLeads()).find((l) => l.companyId === 2 && l.followUpCount >= 3 && l.status !== 'formal')!;
    const timeline = await call<{ id: number; leadId: number; createdAt: string }[]>(manager, 'GET', `/v2/customer_follow_up?leadId=${lead.id}`);
    expect(timeline.data).toHaveLength(lead.followUpCount);
    expect(timeline.data.map((f) => f.createdAt)).toEqual([...timeline.data.map((f) => f.createdAt)].sort().reverse());
    expect(timeline.data.every((f) => f.leadId === lead.id)).toBe(true);
    expect((await call(manager, 'DELETE', `/v2/customer/${lead.id}`)).status).toBe(200);
    expect((await rowsOf(followUps)).some((f) => f.leadId === lead.id)).toBe(false);
  });
});
