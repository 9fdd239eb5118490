// @vitest-environment node
import { authHeaders, call as callIn, rowsOf, webPageOf, allCardTemplates, allStudents } from '../testing';
import { campuses, contractTemplates, onlineOrders, settlements, subscriptionOrders } from '../../server/db/schema';
import { stampDate } from '../../server/db/time';
import { settleFinishedMonths } from './campusSales';
import { today } from '../clock';
import { eq } from 'drizzle-orm';
import { tx } from '../../server/db';
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

describe('online sales', () => {
  it('a parent buys a card on the public page: the paid order issues the card with an add record, like a desk sale', async () => {
    const db = getDb();
    const page = await webPageOf(1);
    const pub = await call('GET', `/v2/public/web/${page.code}`);
    expect(pub.status).toBe(200);
    const tpl = pub.body.data.templates[0];
    expect(tpl).toBeTruthy();
    const bad = await call('POST', `/v2/public/web/${page.code}/order`, { body: { templateId: tpl.id, parentName: '刘妈妈', mobile: '139', studentName: '刘小雨' } });
    expect(bad.status).toBe(400);
    const ordered = await call('POST', `/v2/public/web/${page.code}/order`, { body: { templateId: tpl.id, parentName: '刘妈妈', mobile: '13933334444', studentName: '刘小雨' } });
    expect(ordered.status).toBe(200);
    const cards = db.studentCards.length;
    const paid = await call('POST', `/v2/public/web/${page.code}/pay`, { body: { orderNo: ordered.body.data.orderNo } });
    expect(paid.status).toBe(200);
    expect(db.studentCards.length).toBe(cards + 1);
    const order = (await rowsOf(onlineOrders)).find((o) => o.orderNo === ordered.body.data.orderNo)!;
    const card = db.studentCards.find((c) => c.id === order.cardId)!;
    expect(card.studentName).toBe('刘小雨');
    const add = db.hourRecords.filter((r) => r.cardId === card.id && r.type === 'add');
    expect(add).toHaveLength(1);
    expect(add[0].hours).toBe(tpl.hours);
    expect(db.cardOrders.some((o) => o.cardId === card.id && o.amount === tpl.price)).toBe(true);
    expect((await call('POST', `/v2/public/web/${page.code}/pay`, { body: { orderNo: order.orderNo } })).status).toBe(400);
    const dealer = await login('dealer');
    const list = (await call('GET', `/v2/online_order?keyword=${order.orderNo}`, { token: dealer })).body.data;
    expect(list.list[0]).toMatchObject({ status: 'paid', cardNo: card.cardNo });
  });

  it('the prepaid cap is enforced by the server', async () => {
    const db = getDb();
    const page = await webPageOf(1);
    const dealer = await login('dealer');
    const s = (await call('GET', '/v2/setting', { token: dealer })).body.data;
    const tpl = (await allCardTemplates()).find((tp) => tp.companyId === 2 && tp.onSale && tp.hours > 1 && page.templateIds.includes(tp.id) && tp.validDays <= 90)!;
    const ordered = await call('POST', `/v2/public/web/${page.code}/order`, { body: { templateId: tpl.id, parentName: '刘妈妈', mobile: '13933334444', studentName: '刘小雨' } });
    expect(ordered.status).toBe(200);
    await call('PUT', '/v2/setting', { token: dealer, body: { ...s, onlineMaxHours: 1 } });
    const refused = await call('POST', `/v2/public/web/${page.code}/pay`, { body: { orderNo: ordered.body.data.orderNo } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/limited to 1 hours/);
    expect((await rowsOf(onlineOrders)).find((o) => o.orderNo === ordered.body.data.orderNo)?.status).toBe('unpaid');
    expect((await call('POST', `/v2/public/web/${page.code}/order`, { body: { templateId: tpl.id, parentName: '刘妈妈', mobile: '13933334444', studentName: '刘小雨' } })).status).toBe(400);
    expect((await call('GET', `/v2/public/web/${page.code}`)).body.data.templates.some((t: { id: number }) => t.id === tpl.id)).toBe(false);
  });

  it('settlements: finished months less the platform fee; invoices requested on paid subscription orders', async () => {
    const dealer = await login('dealer');
    const list = (await call('GET', '/v2/settlement', { token: dealer })).body.data.list as { gross: number; fee: number; net: number; orderCount: number; id: number }[];
    expect(list.length).toBeGreaterThan(0);
    for (const s of list) expect(Math.round(s.gross * 100)).toBe(Math.round((s.fee + s.net) * 100));
    const orders = (await call('GET', `/v2/online_order?settlementId=${list[0].id}&pageSize=100`, { token: dealer })).body.data;
    expect(orders.total).toBe(list[0].orderCount);
    const paidOrder = (await rowsOf(subscriptionOrders)).sort((a, b) => a.id - b.id).find((o) => o.companyId === 2 && o.status === 'paid')!;
    const body = { orderId: paidOrder.id, title: 'Starlight Dance Ltd', taxNo: '91310000MA1FL8XX', email: 'finance@starlight.example' };
    expect((await call('POST', '/v2/invoice', { token: dealer, body: { ...body, taxNo: 'x' } })).status).toBe(400);
    expect((await call('POST', '/v2/invoice', { token: dealer, body })).status).toBe(200);
    expect((await call('POST', '/v2/invoice', { token: dealer, body })).status).toBe(400);
  });

  it('a finished month is settled once, by the timer’s sweep (never by a read): one settlement per company and month', async () => {
    const dealer = await login('dealer');
    const page = await webPageOf(1);
    const tpl = (await call('GET', `/v2/public/web/${page.code}`)).body.data.templates[0];
    const ordered = await call('POST', `/v2/public/web/${page.code}/order`, { body: { templateId: tpl.id, parentName: '刘妈妈', mobile: '13933335555', studentName: '刘小溪' } });
    expect((await call('POST', `/v2/public/web/${page.code}/pay`, { body: { orderNo: ordered.body.data.orderNo } })).status).toBe(200);
    // Paid in a month now over, not settled yet (as in the first minutes of a month).
    const month = `${Number(today().slice(0, 4)) - 1}-06`;
    await (await tx()).update(onlineOrders).set({ createdAt: stampDate(`${month}-15 10:00:00`), paidAt: stampDate(`${month}-15 10:00:00`) }).where(eq(onlineOrders.orderNo, ordered.body.data.orderNo));
    const before = (await rowsOf(settlements)).length;
    expect((await call('GET', '/v2/settlement', { token: dealer })).status).toBe(200);
    expect((await call('GET', '/v2/settlement/open', { token: dealer })).body.data).toMatchObject({ orderCount: 1, gross: tpl.price });
    expect((await rowsOf(settlements)).length).toBe(before);
    expect(await settleFinishedMonths(getDb(), 2)).toBe(1);
    expect(await settleFinishedMonths(getDb(), 2)).toBe(0);
    const made = (await rowsOf(settlements)).find((s) => s.companyId === 2 && s.month === month)!;
    expect(made).toMatchObject({ status: 'pending', orderCount: 1, gross: tpl.price });
    expect((await rowsOf(onlineOrders)).find((o) => o.orderNo === ordered.body.data.orderNo)?.settlementId).toBe(made.id);
    expect((await call('GET', '/v2/settlement/open', { token: dealer })).body.data).toMatchObject({ orderCount: 0, gross: 0 });
    const twin = (await tx()).insert(settlements).values({ ...made, id: undefined, status: 'pending' });
    expect(await twin.then(() => 'stored', () => 'refused')).toBe('refused');
  });

  it('contracts: a card prints with its values; unknown variables are refused', async () => {
    const dealer = await login('dealer');
    const card = getDb().studentCards.find((c) => c.companyId === 2)!;
    const r = await call('GET', `/v2/contract_template/render?cardId=${card.id}`, { token: dealer });
    expect(r.status).toBe(200);
    expect(r.body.data.text).toContain(card.cardNo);
    expect(r.body.data.text).toContain(card.studentName);
    expect((await call('POST', '/v2/contract_template', { token: dealer, body: { name: 'X', body: 'Hi {nickname}', isDefault: false } })).status).toBe(400);
  });

  it('the default contract prints in the printer’s language: campus name and address, amount in figures and words, refund rule (issue 31)', async () => {
    const dealer = await login('dealer');
    const db = getDb();
    const card = db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.paidAmount > 0)!;
    const students = await allStudents();
    const campus = (await rowsOf(campuses)).find((c) => c.id === students.find((s) => s.id === card.studentId)!.campusId)!;
    const en = await call('GET', `/v2/contract_template/render?cardId=${card.id}`, { token: dealer });
    const zh = await callIn('GET', `/v2/contract_template/render?cardId=${card.id}`, { token: dealer, lang: 'zh-CN' });
    const { amountInWordsEn, amountInWordsZh } = await import('../../src/domain/amountWords');
    const { formatAmount } = await import('../../src/utils/format');
    expect(en.body.data.text).toContain('Training services agreement');
    expect(en.body.data.text).toContain(`${campus.name}`);
    expect(en.body.data.text).toContain(campus.address);
    expect(en.body.data.text).toContain(`${formatAmount(card.paidAmount)} yuan (in words: ${amountInWordsEn(card.paidAmount)})`);
    expect(en.body.data.text).toContain(`refunds the remaining hours × the unit price (${formatAmount(card.unitPrice)} yuan per hour)`);
    expect(zh.body.data.text).toContain('培训服务协议');
    expect(zh.body.data.text).toContain(campus.address);
    expect(zh.body.data.text).toContain(`人民币 ${formatAmount(card.paidAmount)} 元（大写：${amountInWordsZh(card.paidAmount)}）`);
    expect(zh.body.data.text).toContain('退费金额 = 剩余课时 × 课时单价');
    expect(zh.body.data.text).not.toMatch(/\{\w+\}/);
    expect(en.body.data.text).not.toMatch(/\{\w+\}/);
    // A language-neutral default replaces both; a language's default replaces only that language's.
    const mine = await call('POST', '/v2/contract_template', { token: dealer, body: { name: 'Ours', body: 'Ours {cardNo} {amountInWords}', isDefault: true, lang: 'zh-CN' } });
    expect(mine.status).toBe(200);
    expect((await callIn('GET', `/v2/contract_template/render?cardId=${card.id}`, { token: dealer, lang: 'zh-CN' })).body.data.text).toBe(`Ours ${card.cardNo} ${amountInWordsZh(card.paidAmount)}`);
    expect((await call('GET', `/v2/contract_template/render?cardId=${card.id}`, { token: dealer })).body.data.text).toContain('Training services agreement');
    expect((await call('POST', '/v2/contract_template', { token: dealer, body: { name: 'Bad', body: 'x', isDefault: false, lang: 'fr-FR' } })).status).toBe(400);
    // One default per language in the company's rows, held by the database too; a deleted default passes to another of its language.
    const defaults = async () => (await rowsOf(contractTemplates)).filter((c) => c.companyId === card.companyId && c.isDefault).map((c) => [c.lang, c.name]);
    expect(await defaults()).toEqual(expect.arrayContaining([['zh-CN', 'Ours'], ['en-US', 'Standard agreement']]));
    expect(await defaults()).toHaveLength(2);
    const second = (await tx()).insert(contractTemplates).values({ companyId: card.companyId, name: 'Twin', nameSort: 'twin', body: 'x', lang: 'zh-CN', isDefault: true, updatedAt: new Date() });
    expect(await second.then(() => 'stored', () => 'refused')).toBe('refused');
    expect((await call('DELETE', `/v2/contract_template/${mine.body.data.id}`, { token: dealer })).status).toBe(200);
    expect((await defaults()).sort()).toEqual([['en-US', 'Standard agreement'], ['zh-CN', '标准协议']].sort());
  });

  it('web pages: edits are validated (another company’s card refused), an unpublished page is not public, an expired campus sells nothing', async () => {
    const dealer = await login('dealer');
    const pages = (await call('GET', '/v2/campus_web', { token: dealer })).body.data as { campusId: number; code: string; title: string; intro: string; photos: string[]; address: string; phone: string; published: boolean; templateIds: number[] }[];
    const p = pages.find((x) => x.campusId === 2)!;
    const body = { campusId: p.campusId, title: p.title, intro: p.intro, photos: p.photos, address: p.address, phone: p.phone, published: false, templateIds: p.templateIds };
    const other = (await allCardTemplates()).find((tp) => tp.companyId === 3)!;
    expect((await call('PUT', '/v2/campus_web', { token: dealer, body: { ...body, templateIds: [other.id] } })).status).toBe(400);
    expect((await call('PUT', '/v2/campus_web', { token: dealer, body })).status).toBe(200);
    expect((await call('GET', `/v2/public/web/${p.code}`)).status).toBe(404);
    await call('PUT', '/v2/campus_web', { token: dealer, body: { ...body, published: true } });
    await (await tx()).update(campuses).set({ validUntil: '2020-01-01' }).where(eq(campuses.id, 2));
    const tpl = (await call('GET', `/v2/public/web/${p.code}`)).body.data.templates[0];
    const refused = await call('POST', `/v2/public/web/${p.code}/order`, { body: { templateId: tpl.id, parentName: '刘妈妈', mobile: '13933334444', studentName: '刘小雨' } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/expired/);
  });
});
