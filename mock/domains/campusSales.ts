/**
 * Campus web page, online card sales, settlements, invoices and contract templates (docs/rules.md#campuses-and-online-sales, docs/screens.md#campus-management).
 *
 * Tables (exported for the platform side, docs/rules.md#platform, which reads and acts on the same rows):
 * - web pages (in the database, server/db/schema/webPages.ts): one public page per campus, public link /w/:code. The code is random (16 base32 characters, 80
 *   bits: `pageCode` in ./webPages.ts), so pages cannot be listed without their link. A mobile signs up once per page (again: the
 *   first row answers, its name updated while pending), and sign-ups and orders are limited per address and per
 *   page (`throttlePublic`, counted in the database).
 * - online orders (in the database, server/db/schema/sales.ts, as are the next two): a parent buys a card template on
 *   the public page; paying (simulated) issues the card through the one ledger exactly like a desk sale (student card
 *   + card order + an `add` record, `give` for gift hours; those stay in the process). The company's prepaid-tuition
 *   cap (mock/domains/campusSettings.ts `saleCapOf`) is enforced on ordering and paying.
 * - settlements: paid online orders of a finished month, paid out less the platform fee (`platformFeePercent`), one
 *   per company and month, written by the server's timer (`startSettlements`); pending → paid (the platform marks
 *   it paid: /v2/admin_settlement/pay).
 * - invoices: the company asks for an invoice on a paid subscription order; the platform issues (number, date) or
 *   rejects it with a reason (/v2/admin_invoice/issue and /reject).
 * - contract templates (in the database, server/db/schema/contracts.ts): contract texts with {variables}; a card's
 *   contract is rendered from the default of the printer's language.
 */
import { loadOpenArrears } from './arrears';
import type { Db, SqlSeeder } from '../db';
import { getDb } from '../db';
import { api, definePolicy, HttpError } from '../http';
import { defineMessages, message, type Lang } from '../messages';
import { addDays, nowStamp, today } from '../clock';
import type { CampusWebPage, ContractLang, ContractTemplate, InvoiceRequest, OnlineOrder, PublicWebPage, Settlement } from '../../src/types/campus';
import { CONTRACT_LANGS } from '../../src/types/campus';
import { amountInWords } from '../../src/domain/amountWords';
import { formatAmount } from '../../src/utils/format';
import type { CardOrder, CardTemplate, Student, StudentCard } from '../../src/types/school';
import { ContractBody, ContractUpdateBody, InvoiceBody, PublicOrderBody, PublicPayBody, PublicSignupBody, WebPageBody } from '../../src/types/campus.schemas';
import { unitPrice } from '../../src/domain/ledger';
import { exceedsSaleCap, renderTemplate, settlementOf } from '../../src/domain/onlineSale';
import { appendHourRecord, readClosedMonths } from './ledger';
import { insertStudent, sellCard } from './school';
import { sameStudent, studentsByIds } from './studentRows';
import { studentCardPolicy } from './schoolPolicies';
import { findCard } from './cardLists';
import { saleCapOf } from './campusSettings';
import { findOrder, platformFeePercent } from './platformRows';
import { findWebSignup, insertWebSignup, renameWebSignup } from './customerExtra';
import { created, ipOf } from './audit';
import { pageOf } from './webPages';
import { assertCampusOpen } from './campus';
import { and, asc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { localDay, sqlList, type SqlListSpec } from '../../server/db/list';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import { contractTemplates, invoices, onlineOrders, settlements, subscriptionOrders, webPages } from '../../server/db/schema';
import { inTransaction, keepOnRefusal, restartIdentities, tx } from '../../server/db';
import { recentPublicWrites, recordPublicWrite } from '../../server/auth/state';
import { campusById } from './campusRows';
import { companyById, findCompany, loadCompany } from './companyRows';
import { templatesOf } from './cardTemplateRows';

defineMessages({
  'web.page': { en: 'Web page', zh: '网页' },
  'web.notFound': { en: 'This page does not exist or is not published.', zh: '该页面不存在或未发布。' },
  'web.template': { en: 'Card', zh: '课卡' },
  'web.notOffered': { en: 'This card is not sold on this page.', zh: '本页面不出售该课卡。' },
  'web.capHours': {
    en: 'Online purchases are limited to {max} hours each; this card has {hours}. Buy it at the campus desk.',
    zh: '线上每次购买最多 {max} 课时，该课卡含 {hours} 课时，请到校区前台购买。',
  },
  'web.capMonths': {
    en: 'Online purchases are limited to {max} months each; this card is valid {days} days. Buy it at the campus desk.',
    zh: '线上每次购买最多 {max} 个月，该课卡有效期 {days} 天，请到校区前台购买。',
  },
  'web.order': { en: 'Order', zh: '订单' },
  'web.notUnpaid': { en: 'This order is already {status}.', zh: '该订单已{status}。' },
  'web.status.paid': { en: 'paid', zh: '支付' },
  'web.status.cancelled': { en: 'cancelled', zh: '取消' },
  'web.signupAgain': { en: 'This mobile has already signed up on this page.', zh: '该手机号已在本页报名。' },
  'web.tooManyFromAddress': {
    en: 'Too many sign-ups or orders from your network: try again in {m} minutes.',
    zh: '您的网络提交报名或订单过于频繁，请 {m} 分钟后再试。',
  },
  'web.tooManyOnPage': {
    en: 'This page has had too many sign-ups or orders just now: try again in {m} minutes.',
    zh: '本页面刚刚收到过多报名或订单，请 {m} 分钟后再试。',
  },
  'web.templateNotYours': { en: 'A card on the page is not one of this company’s templates.', zh: '页面上的课卡不属于本公司。' },
  'invoice.order': { en: 'Subscription order', zh: '订阅订单' },
  'invoice.notPaid': { en: 'Only a paid order can be invoiced.', zh: '只有已支付的订单可以开票。' },
  'invoice.exists': { en: 'An invoice for this order is already {status}.', zh: '该订单的发票已{status}。' },
  'invoice.status.requested': { en: 'requested', zh: '申请' },
  'invoice.status.issued': { en: 'issued', zh: '开具' },
  'contract.template': { en: 'Contract template', zh: '合同模板' },
  'contract.card': { en: 'Card', zh: '课卡' },
  'contract.noTemplate': { en: 'No contract template yet: add one on the contract page.', zh: '还没有合同模板，请先在合同页面添加。' },
  'contract.unknownVar': { en: 'Unknown variable {name}.', zh: '未知变量 {name}。' },
  'field.title': { en: 'Title', zh: '标题' },
  'field.intro': { en: 'Introduction', zh: '简介' },
  'field.photos': { en: 'Photos', zh: '图片' },
  'field.published': { en: 'Published', zh: '发布' },
  'field.templateIds': { en: 'Cards on sale', zh: '在售课卡' },
  'field.parentName': { en: 'Parent name', zh: '家长姓名' },
  'field.studentName': { en: 'Student name', zh: '学员姓名' },
  'field.templateId': { en: 'Card', zh: '课卡' },
  'field.orderNo': { en: 'Order number', zh: '订单号' },
  'field.orderId': { en: 'Order', zh: '订单' },
  'field.taxNo': { en: 'Tax number', zh: '税号' },
  'field.email': { en: 'Email', zh: '邮箱' },
  'field.body': { en: 'Contract text', zh: '合同正文' },
  'field.isDefault': { en: 'Default', zh: '默认' },
});

/** The seller shown on cards sold online (no staff member sold them). */
export const ONLINE_SELLER = { id: 0, name: 'Online 线上' };

/**
 * The default contract in both languages (issue 31): the campus's name and address, the amount in figures and in
 * words, and the refund rule of docs/rules.md#cards-and-hours (refund = remaining hours × unit price, `returnRefund`).
 */
export const DEFAULT_CONTRACTS: Record<ContractLang, { name: string; body: string }> = {
  'en-US': {
    name: 'Standard agreement',
    body: `Training services agreement

Party A (school): {companyName}, campus {campusName}
Campus address: {campusAddress}, tel. {campusPhone}
Party B (parent): {parentName}, mobile {mobile}
Student: {studentName}

1. Services. Party B buys the class card {cardName} (No. {cardNo}): {hours} hours plus {giftHours} gift hours,
valid from {startDate} to {expiryDate}, for lessons at the campus above.
2. Fee. Party B pays {amount} yuan (in words: {amountInWords}). Unit price: {unitPrice} yuan per hour
(the amount paid divided by the hours bought plus the gift hours).
3. Hours. Hours are consumed by attendance as the school's rules say. Hours left after the expiry date are
forfeited and not refunded.
4. Refunds. Before the expiry date Party B may ask to return the hours left on the card. Once Party A approves the
return, it refunds the remaining hours × the unit price ({unitPrice} yuan per hour); hours already consumed are not
refunded.
5. Seller: {sellerName}.

Signed on {today}.
Party A (seal): ____________    Party B (signature): ____________`,
  },
  'zh-CN': {
    name: '标准协议',
    body: `培训服务协议

甲方（培训机构）：{companyName}，校区：{campusName}
校区地址：{campusAddress}，电话：{campusPhone}
乙方（家长）：{parentName}，手机：{mobile}
学员：{studentName}

一、服务内容：乙方购买课卡“{cardName}”（卡号 {cardNo}），购买 {hours} 课时，赠送 {giftHours} 课时，
有效期自 {startDate} 至 {expiryDate}，在上述校区上课。
二、费用：乙方支付人民币 {amount} 元（大写：{amountInWords}）。课时单价 {unitPrice} 元/课时
（实付金额 ÷（购买课时 + 赠送课时））。
三、课时消耗：按甲方考勤规则扣减课时；有效期届满后剩余课时作废，不予退费。
四、退费：有效期内乙方可申请退还卡内剩余课时，经甲方审核通过后，退费金额 = 剩余课时 × 课时单价
（{unitPrice} 元/课时）；已消耗的课时不予退费。
五、经办人：{sellerName}。

签订日期：{today}
甲方（盖章）：____________    乙方（签字）：____________`,
  },
};


/** Sign-ups and orders on the public pages: at most this many per address and per page in PUBLIC_WINDOW_MS. */
export const PUBLIC_WINDOW_MS = 60 * 60_000;
export const PUBLIC_MAX_PER_ADDRESS = 10;
export const PUBLIC_MAX_PER_PAGE = 100;

/**
 * Counts one write on a public page, or refuses it (400 naming the limit and the minutes to wait) when the caller's
 * address or the page had their limit in the last hour. The address is the connection's (`ipOf`: a forwarded
 * address only from a proxy on this machine). The counts are in the database (`public_writes`) and kept when the
 * write is then refused, as an attempt.
 */
async function throttlePublic(page: CampusWebPage, request: Request, lang: Lang, now = Date.now()): Promise<void> {
  const limits: [string, number, string][] = [
    [`ip:${ipOf(request)}`, PUBLIC_MAX_PER_ADDRESS, 'web.tooManyFromAddress'],
    [`page:${page.campusId}`, PUBLIC_MAX_PER_PAGE, 'web.tooManyOnPage'],
  ];
  for (const [key, max, msg] of limits) {
    const recent = await recentPublicWrites(key, now, PUBLIC_WINDOW_MS);
    if (recent.length >= max) throw new HttpError(400, message(lang, msg, { m: Math.max(1, Math.ceil((recent[recent.length - max] + PUBLIC_WINDOW_MS - now) / 60_000)) }));
  }
  for (const [key] of limits) await recordPublicWrite(key, now, PUBLIC_WINDOW_MS);
  keepOnRefusal();
}

/** Online orders of the past three months (Starlight Dance), linked to cards of the seed, and their settlements. */
export const seedSales: SqlSeeder = async (sql, db) => {
  const t = today();
  const company = db.seedCompanies.find((c) => c.id === 2);
  if (!company) return;
  const thisMonth = t.slice(0, 7);
  const cards = (db.studentCards ?? []).filter((c) => c.companyId === 2 && c.createdAt.slice(0, 7) < thisMonth && c.createdAt >= addDays(t, -100)).slice(0, 12);
  const orders: (typeof onlineOrders.$inferInsert)[] = cards.map((card, i) => {
    const student = db.seedStudents.find((s) => s.id === card.studentId);
    const id = i + 1;
    return {
      id,
      companyId: 2,
      companyName: company.name,
      companyNameSort: sortKey(company.name),
      campusId: student?.campusId ?? 1,
      campusName: student?.campusName ?? '',
      orderNo: orderNoOf(id),
      templateId: card.templateId,
      templateName: card.templateName,
      hours: card.boughtHours,
      giftHours: card.giftHours,
      amount: card.paidAmount,
      parentName: student?.parentName ?? '',
      mobile: student?.mobile ?? '',
      studentName: card.studentName,
      studentId: card.studentId,
      cardId: card.id,
      cardNo: card.cardNo,
      status: 'paid',
      createdAt: stampDate(card.createdAt),
      paidAt: stampDate(card.createdAt),
    };
  });
  // Settled by month; older settlements were paid out on the 5th of the next month, the last one is still pending.
  const rate = await platformFeePercent(sql);
  const months = [...new Set(cards.map((c) => c.createdAt.slice(0, 7)))].sort();
  const rows = months.map((month, i) => {
    const mine = orders.filter((o) => stampOf(o.createdAt).slice(0, 7) === month);
    mine.forEach((o) => (o.settlementId = i + 1));
    const paid = i < months.length - 1;
    return settlementRow(company, month, mine.map((o) => o.amount), rate, { id: i + 1, status: paid ? ('paid' as const) : ('pending' as const), paidAt: paid ? stampDate(`${nextMonth(month)}-05 10:00:00`) : null });
  });
  if (rows.length) await sql.insert(settlements).values(rows);
  if (orders.length) await sql.insert(onlineOrders).values(orders);
  await restartIdentities(sql, ['settlements', 'online_orders', 'invoices']);
};

/** An online order's number: OL and 200000 + its id. */
const orderNoOf = (id: number) => `OL${String(200000 + id)}`;

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function settlementRow(company: { id: number; name: string }, month: string, amounts: number[], rate: number, more: { id?: number; status: 'pending' | 'paid'; paidAt: Date | null }): typeof settlements.$inferInsert {
  const figures = settlementOf(amounts, rate);
  return {
    ...(more.id ? { id: more.id } : {}),
    companyId: company.id,
    companyName: company.name,
    companyNameSort: sortKey(company.name),
    month,
    orderCount: amounts.length,
    gross: figures.gross,
    feeRate: rate,
    fee: figures.fee,
    net: figures.net,
    status: more.status,
    createdAt: stampDate(`${nextMonth(month)}-01 00:10:00`),
    paidAt: more.paidAt,
  };
}

/**
 * Groups the company's paid, unsettled online orders of finished months into one pending settlement per month
 * (the current month stays open). Run by the server's timer (`startSettlements`), never by a read: the first
 * caller writes the month's row (one per company and month), a second one finds it and leaves its orders alone.
 */
export async function settleFinishedMonths(db: Db, companyId: number, day = today()): Promise<number> {
  const t = await tx();
  const open = await t
    .select({ id: onlineOrders.id, amount: onlineOrders.amount, paidAt: onlineOrders.paidAt })
    .from(onlineOrders)
    .where(and(eq(onlineOrders.companyId, companyId), eq(onlineOrders.status, 'paid'), isNull(onlineOrders.settlementId), lt(onlineOrders.paidAt, localDay(`${day.slice(0, 7)}-01`))))
    .orderBy(asc(onlineOrders.id))
    .for('update');
  const monthOf = (o: (typeof open)[number]) => stampOf(o.paidAt!).slice(0, 7);
  const months = [...new Set(open.map(monthOf))].sort();
  const company = await findCompany(companyId);
  let made = 0;
  for (const month of months) {
    const orders = open.filter((o) => monthOf(o) === month);
    const row = settlementRow({ id: companyId, name: company?.name ?? '' }, month, orders.map((o) => o.amount), await platformFeePercent(), { status: 'pending', paidAt: null });
    const [s] = await t.insert(settlements).values(row).onConflictDoNothing().returning({ id: settlements.id });
    if (!s) continue;
    await t.update(onlineOrders).set({ settlementId: s.id }).where(inArray(onlineOrders.id, orders.map((o) => o.id)));
    made += 1;
  }
  return made;
}

/** Settles the finished months of every company with unsettled paid orders, each in its own transaction. */
export async function settleAllFinishedMonths(db: Db, day = today()): Promise<void> {
  const due = await inTransaction(async () =>
    (await tx())
      .selectDistinct({ companyId: onlineOrders.companyId })
      .from(onlineOrders)
      .where(and(eq(onlineOrders.status, 'paid'), isNull(onlineOrders.settlementId), lt(onlineOrders.paidAt, localDay(`${day.slice(0, 7)}-01`)))),
  );
  for (const { companyId } of due) {
    await inTransaction(() => settleFinishedMonths(db, companyId, day)).catch((e: unknown) => console.error(`settlements of company ${companyId}:`, e instanceof Error ? e.message : e));
  }
}

/** The server's settlement timer: at start, then every 10 minutes (a month ended is settled in its first 10 minutes). */
export function startSettlements(db: () => Db): () => void {
  void settleAllFinishedMonths(db());
  const timer = setInterval(() => void settleAllFinishedMonths(db()), 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

function offeredTemplates(db: Db, page: CampusWebPage): CardTemplate[] {
  return templatesOf(db, page.companyId).filter((tp) => tp.onSale && page.templateIds.includes(tp.id));
}

async function publicPage(db: Db, code: string, lang: Lang): Promise<CampusWebPage> {
  const [r] = await (await tx()).select().from(webPages).where(and(eq(webPages.code, code), eq(webPages.published, true)));
  // A public call has no session to have read the company, its rules and campuses.
  const company = r && (await loadCompany(r.companyId));
  if (!r || !company || company.status !== 'active') throw new HttpError(404, message(lang, 'web.notFound'));
  return pageOf(db, r);
}

async function capRefusal(tpl: CardTemplate, lang: Lang): Promise<HttpError | undefined> {
  const cap = await saleCapOf(tpl.companyId);
  const over = exceedsSaleCap(tpl, cap);
  if (over === 'hours') return new HttpError(400, message(lang, 'web.capHours', { max: cap.maxHours, hours: tpl.hours + tpl.giftHours }));
  if (over === 'months') return new HttpError(400, message(lang, 'web.capMonths', { max: cap.maxMonths, days: tpl.validDays }));
  return undefined;
}

/**
 * Pays an online order (simulated payment) and issues its card through the ledger like a desk sale: the student is
 * found by name and mobile (or added on the page's campus), the card and its order are written, then the `add`
 * record (and `give` for gift hours). The order's row is locked first: a second payment waits, then finds it paid.
 */
export async function payOnlineOrder(db: Db, order: OnlineOrder, lang: Lang = 'en', at = nowStamp()): Promise<OnlineOrder> {
  if (order.status !== 'unpaid') throw new HttpError(400, message(lang, 'web.notUnpaid', { status: message(lang, `web.status.${order.status}`) }));
  // A public call has no session to have read the company's templates, rules and campuses (for the ledger).
  await loadCompany(order.companyId);
  const tpl = templatesOf(db, order.companyId).find((tp) => tp.id === order.templateId);
  if (!tpl || !tpl.onSale) throw new HttpError(400, message(lang, 'web.notOffered'));
  const refusal = await capRefusal(tpl, lang);
  if (refusal) throw refusal;
  await readClosedMonths(order.companyId);
  assertCampusOpen(db, order.campusId, lang);
  const same = await sameStudent(order.companyId, { name: order.studentName, mobile: order.mobile });
  let student: Student | undefined = same && (await studentsByIds(db, order.companyId, [same.id]))[0];
  if (!student) {
    student = await insertStudent(db, { companyId: order.companyId, campusId: order.campusId, name: order.studentName, mobile: order.mobile, parentName: order.parentName, remark: order.orderNo, lang });
  }
  const operator = { id: 0, name: `${order.parentName} (${ONLINE_SELLER.name})` };
  await loadOpenArrears(order.companyId, student.id);
  const { card } = sellCard(db, { companyId: order.companyId, student, tpl, amount: order.amount, method: 'wechat', startDate: at.slice(0, 10), seller: ONLINE_SELLER, operator, at, lang });
  order.status = 'paid';
  order.paidAt = at;
  order.studentId = student.id;
  order.cardId = card.id;
  order.cardNo = card.cardNo;
  await (await tx())
    .update(onlineOrders)
    .set({ status: 'paid', paidAt: stampDate(at), studentId: student.id, cardId: card.id, cardNo: card.cardNo })
    .where(and(eq(onlineOrders.id, order.id), eq(onlineOrders.companyId, order.companyId)));
  return order;
}

/** The fields that have a value (a null column is a field the API leaves out). */
function given<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: NonNullable<T[K]> };
}
const stampIf = (d: Date | null) => (d ? stampOf(d) : null);

/** An online order as the API answers it. */
export function onlineOrderOf({ companyNameSort: _sort, createdAt, paidAt, studentId, cardId, cardNo, settlementId, ...r }: typeof onlineOrders.$inferSelect): OnlineOrder {
  return { ...r, createdAt: stampOf(createdAt), ...given({ studentId, cardId, cardNo, paidAt: stampIf(paidAt), settlementId }) };
}

/** A settlement as the API answers it. */
export function settlementOfRow({ companyNameSort: _sort, createdAt, paidAt, ...r }: typeof settlements.$inferSelect): Settlement {
  return { ...r, createdAt: stampOf(createdAt), ...given({ paidAt: stampIf(paidAt) }) };
}

/** An invoice request as the API answers it. */
export function invoiceOf({ createdAt, invoiceNo, issuedAt, rejectReason, ...r }: typeof invoices.$inferSelect): InvoiceRequest {
  return { ...r, createdAt: stampOf(createdAt), ...given({ invoiceNo, issuedAt: stampIf(issuedAt), rejectReason }) };
}

/** `find` of the settlement and invoice policies (the company's and the platform's): one row by id in the scope. */
export async function findSettlement(id: number, scope: SQL | undefined, lock: boolean): Promise<Settlement | undefined> {
  const q = (await tx()).select().from(settlements).where(and(eq(settlements.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && settlementOfRow(r);
}
export async function findInvoice(id: number, scope: SQL | undefined, lock: boolean): Promise<InvoiceRequest | undefined> {
  const q = (await tx()).select().from(invoices).where(and(eq(invoices.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && invoiceOf(r);
}

/** The values of a card's contract variables; the amount in words in the template's language. */
export function contractValues(db: Db, card: StudentCard, student: Student | undefined, lang: ContractLang = 'en-US'): Record<string, string | number> {
  const company = companyById(db, card.companyId);
  const campus = student ? campusById(db, student.campusId) : undefined;
  return {
    companyName: company?.name ?? '',
    campusName: campus?.name ?? student?.campusName ?? '',
    campusAddress: campus?.address ?? '',
    campusPhone: campus?.phone ?? '',
    amountInWords: amountInWords(card.paidAmount, lang),
    unitPrice: formatAmount(card.unitPrice),
    studentName: card.studentName,
    parentName: student?.parentName ?? '',
    mobile: student?.mobile ?? '',
    cardNo: card.cardNo,
    cardName: card.templateName,
    hours: card.boughtHours,
    giftHours: card.giftHours,
    amount: formatAmount(card.paidAmount),
    startDate: card.startDate,
    expiryDate: card.expiryDate,
    sellerName: card.sellerName,
    today: today(),
  };
}

/* ---------------- policies ---------------- */

export const webPagePolicy = definePolicy<CampusWebPage>({
  name: 'web page',
  read: 'campusManagement',
  write: 'campusManagement',
  where: (s) => eq(webPages.companyId, s.company.id),
  find: async (campusId, scope, lock) => {
    const q = (await tx()).select().from(webPages).where(and(eq(webPages.campusId, campusId), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && pageOf(getDb(), r);
  },
  idOf: (p) => p.campusId,
});
export const onlineOrderPolicy = definePolicy<OnlineOrder>({
  name: 'online order',
  read: 'campusManagement',
  write: 'campusManagement',
  where: (s) => eq(onlineOrders.companyId, s.company.id),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(onlineOrders).where(and(eq(onlineOrders.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && onlineOrderOf(r);
  },
});
export const settlementPolicy = definePolicy<Settlement>({
  name: 'settlement',
  read: 'campusManagement',
  where: (s) => eq(settlements.companyId, s.company.id),
  find: findSettlement,
});
export const invoicePolicy = definePolicy<InvoiceRequest>({
  name: 'invoice',
  read: 'campusManagement',
  write: 'campusManagement',
  where: (s) => eq(invoices.companyId, s.company.id),
  find: findInvoice,
});

/** The company side's lists (the platform's are in ./platform.ts). */
const ONLINE_ORDER_LIST: SqlListSpec = {
  keyword: [onlineOrders.orderNo, onlineOrders.studentName, onlineOrders.parentName, onlineOrders.mobile, onlineOrders.templateName, onlineOrders.cardNo],
  equal: { status: onlineOrders.status, campusId: onlineOrders.campusId, settlementId: onlineOrders.settlementId },
  date: onlineOrders.createdAt,
  sortable: { createdAt: onlineOrders.createdAt, amount: onlineOrders.amount, paidAt: onlineOrders.paidAt },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(onlineOrders.id)],
};
const SETTLEMENT_LIST: SqlListSpec = {
  equal: { status: settlements.status },
  sortable: { month: settlements.month, net: settlements.net, gross: settlements.gross },
  defaultSort: { field: 'month', order: 'descend' },
  tiebreak: [asc(settlements.id)],
};
const INVOICE_LIST: SqlListSpec = {
  keyword: [invoices.orderNo, invoices.title, invoices.invoiceNo],
  equal: { status: invoices.status },
  sortable: { createdAt: invoices.createdAt, amount: invoices.amount },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [asc(invoices.id)],
};

/** Contract templates: kept by campus managers; read by whoever may see cards (to print a card's contract). */
export const contractPolicy = definePolicy<ContractTemplate>({
  name: 'contract template',
  read: (a) => a.functionSetting || a.studentManagement,
  write: 'functionSetting',
  where: (s) => eq(contractTemplates.companyId, s.company.id),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(contractTemplates).where(and(eq(contractTemplates.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && contractOf(r);
  },
});

function contractOf(r: typeof contractTemplates.$inferSelect): ContractTemplate {
  const row: ContractTemplate = { id: r.id, companyId: r.companyId, name: r.name, body: r.body, isDefault: r.isDefault, updatedAt: stampOf(r.updatedAt) };
  if (r.lang !== null) row.lang = r.lang;
  return row;
}

/** The default contract of each company, one per language (issue 31). */
export const seedContracts: SqlSeeder = async (sql, db) => {
  const at = stampDate(`${addDays(today(), -90)} 10:00:00`);
  const rows = db.seedCompanies
    .filter((c) => !c.platform)
    .flatMap((company) => CONTRACT_LANGS.map((lang) => ({ companyId: company.id, name: DEFAULT_CONTRACTS[lang].name, nameSort: sortKey(DEFAULT_CONTRACTS[lang].name), body: DEFAULT_CONTRACTS[lang].body, lang, isDefault: true, updatedAt: at })));
  if (rows.length) await sql.insert(contractTemplates).values(rows);
};

const CONTRACT_LIST: SqlListSpec = {
  keyword: [contractTemplates.name],
  sortable: { name: sql`${contractTemplates.nameSort} collate "C"`, updatedAt: contractTemplates.updatedAt },
  defaultSort: { field: 'id', order: 'ascend', by: contractTemplates.id },
  tiebreak: [asc(contractTemplates.id)],
};

/** The company's templates, oldest first. */
async function companyContracts(scope: SQL | undefined): Promise<ContractTemplate[]> {
  return (await (await tx()).select().from(contractTemplates).where(scope).orderBy(asc(contractTemplates.id))).map(contractOf);
}

async function viewPublic(db: Db, page: CampusWebPage): Promise<PublicWebPage> {
  const company = companyById(db, page.companyId)!;
  const cap = await saleCapOf(page.companyId);
  return {
    code: page.code,
    companyName: company.name,
    campusName: page.campusName,
    title: page.title,
    intro: page.intro,
    photos: page.photos,
    address: page.address,
    phone: page.phone,
    themeColor: company.themeColor,
    templates: offeredTemplates(db, page)
      .filter((tp) => !exceedsSaleCap(tp, cap))
      .map((tp) => ({ id: tp.id, name: tp.name, kind: tp.kind, hours: tp.hours, giftHours: tp.giftHours, price: tp.price, validDays: tp.validDays })),
  };
}

export const campusSalesHandlers = [
  /* ---------------- web pages (company side) ---------------- */
  api('get', '/v2/campus_web', { read: webPagePolicy }, async (ctx) => {
    const rows = await (await tx()).select().from(webPages).where(ctx.scope(webPagePolicy)).orderBy(asc(webPages.campusId));
    return rows.map((r) => pageOf(ctx.db, r));
  }),

  api('put', '/v2/campus_web', { write: webPagePolicy, body: WebPageBody }, async (ctx) => {
    const page = await ctx.find(webPagePolicy, ctx.body.campusId, 'web.page');
    const own = new Set(templatesOf(ctx.db, ctx.session.company.id).map((tp) => tp.id));
    if (ctx.body.templateIds.some((id) => !own.has(id))) throw ctx.bad('web.templateNotYours');
    Object.assign(page, { title: ctx.body.title, intro: ctx.body.intro, photos: ctx.body.photos, address: ctx.body.address, phone: ctx.body.phone, published: ctx.body.published, templateIds: ctx.body.templateIds });
    await (await tx())
      .update(webPages)
      .set({ title: page.title, intro: page.intro, photos: page.photos, address: page.address, phone: page.phone, published: page.published, templateIds: page.templateIds })
      .where(eq(webPages.campusId, page.campusId));
    return page;
  }),

  api('get', '/v2/campus_web/preview', { read: webPagePolicy }, async (ctx) => viewPublic(ctx.db, await ctx.find(webPagePolicy, Number(ctx.query.campusId), 'web.page'))),

  /* ---------------- the public page /w/:code (no login) ---------------- */
  api<{ code: string }>('get', '/v2/public/web/:code', { auth: false }, async (ctx) => viewPublic(ctx.db, await publicPage(ctx.db, ctx.params.code, ctx.lang))),

  api<{ code: string }, typeof PublicOrderBody>('post', '/v2/public/web/:code/order', { auth: false, body: PublicOrderBody }, async (ctx) => {
    const page = await publicPage(ctx.db, ctx.params.code, ctx.lang);
    const tpl = offeredTemplates(ctx.db, page).find((tp) => tp.id === ctx.body.templateId);
    if (!tpl) throw ctx.bad('web.notOffered');
    const refusal = await capRefusal(tpl, ctx.lang);
    if (refusal) throw refusal;
    assertCampusOpen(ctx.db, page.campusId, ctx.lang);
    await throttlePublic(page, ctx.request, ctx.lang);
    const company = companyById(ctx.db, page.companyId)!;
    const t = await tx();
    // The number carries the id: the id is drawn first, then the row written with both.
    const [{ id }] = await t.select({ id: sql<number>`nextval(pg_get_serial_sequence('online_orders', 'id'))::int` }).from(sql`(values (1)) as one (x)`);
    const [r] = await t
      .insert(onlineOrders)
      .values({
        id,
        companyId: page.companyId,
        companyName: company.name,
        companyNameSort: sortKey(company.name),
        campusId: page.campusId,
        campusName: page.campusName,
        orderNo: orderNoOf(id),
        templateId: tpl.id,
        templateName: tpl.name,
        hours: tpl.hours,
        giftHours: tpl.giftHours,
        amount: tpl.price,
        parentName: ctx.body.parentName,
        mobile: ctx.body.mobile,
        studentName: ctx.body.studentName,
        status: 'unpaid',
        createdAt: stampDate(nowStamp()),
      })
      .returning();
    const order = onlineOrderOf(r);
    return { orderNo: order.orderNo, amount: order.amount, templateName: order.templateName, status: order.status };
  }),

  api<{ code: string }, typeof PublicPayBody>('post', '/v2/public/web/:code/pay', { auth: false, body: PublicPayBody }, async (ctx) => {
    const page = await publicPage(ctx.db, ctx.params.code, ctx.lang);
    const [r] = await (await tx())
      .select()
      .from(onlineOrders)
      .where(and(eq(onlineOrders.orderNo, ctx.body.orderNo), eq(onlineOrders.companyId, page.companyId)))
      .for('update');
    if (!r) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('web.order') }));
    const paid = await payOnlineOrder(ctx.db, onlineOrderOf(r), ctx.lang);
    return { orderNo: paid.orderNo, amount: paid.amount, templateName: paid.templateName, status: paid.status, cardNo: paid.cardNo };
  }),

  /** A sign-up: one row per mobile and page; signing up again answers `again` (the pending row takes the new name). */
  api<{ code: string }, typeof PublicSignupBody>('post', '/v2/public/web/:code/signup', { auth: false, body: PublicSignupBody }, async (ctx) => {
    const page = await publicPage(ctx.db, ctx.params.code, ctx.lang);
    await throttlePublic(page, ctx.request, ctx.lang);
    const earlier = await findWebSignup(page.companyId, page.campusId, ctx.body.mobile);
    if (earlier) {
      if (earlier.status === 'pending') await renameWebSignup(earlier, ctx.body.parentName);
      return { ok: true, again: true, message: ctx.t('web.signupAgain') };
    }
    await insertWebSignup(ctx.db, { companyId: page.companyId, campusId: page.campusId, name: ctx.body.parentName, mobile: ctx.body.mobile });
    return { ok: true, again: false };
  }),

  /* ---------------- online orders, settlements, invoices (company side) ---------------- */
  api('get', '/v2/online_order', { read: onlineOrderPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), onlineOrders, ctx.scope(onlineOrderPolicy), ctx.query, ONLINE_ORDER_LIST, ctx.lang);
    return { list: page.list.map(onlineOrderOf), total: page.total };
  }),

  api('get', '/v2/settlement', { read: settlementPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), settlements, ctx.scope(settlementPolicy), ctx.query, SETTLEMENT_LIST, ctx.lang);
    return { list: page.list.map(settlementOfRow), total: page.total };
  }),

  /** The paid orders no settlement holds yet (the current month's, and a finished month's until the timer settles it). */
  api('get', '/v2/settlement/open', { read: settlementPolicy }, async (ctx) => {
    const month = today().slice(0, 7);
    const orders = await (await tx())
      .select({ amount: onlineOrders.amount })
      .from(onlineOrders)
      .where(and(eq(onlineOrders.companyId, ctx.session.company.id), eq(onlineOrders.status, 'paid'), isNull(onlineOrders.settlementId)))
      .orderBy(asc(onlineOrders.id));
    const rate = await platformFeePercent();
    return { month, ...settlementOf(orders.map((o) => o.amount), rate), feeRate: rate, orderCount: orders.length };
  }),

  api('get', '/v2/invoice', { read: invoicePolicy }, async (ctx) => {
    const page = await sqlList(await tx(), invoices, ctx.scope(invoicePolicy), ctx.query, INVOICE_LIST, ctx.lang);
    return { list: page.list.map(invoiceOf), total: page.total };
  }),

  /** One open invoice per order (a rejected one may be asked again), held by the database too. */
  api('post', '/v2/invoice', { write: invoicePolicy, body: InvoiceBody }, async (ctx) => {
    const { db, session, body } = ctx;
    const order = await findOrder(body.orderId, eq(subscriptionOrders.companyId, session.company.id), false);
    if (!order) throw ctx.bad('common.notFound', { what: ctx.t('invoice.order') });
    if (order.status !== 'paid') throw ctx.bad('invoice.notPaid');
    const t = await tx();
    const [open] = await t
      .select({ status: invoices.status })
      .from(invoices)
      .where(and(ctx.scope(invoicePolicy), eq(invoices.orderId, order.id), ne(invoices.status, 'rejected')));
    if (open) throw ctx.bad('invoice.exists', { status: ctx.t(`invoice.status.${open.status}`) });
    const [r] = await t
      .insert(invoices)
      .values({
        companyId: session.company.id,
        companyName: session.company.name,
        orderId: order.id,
        orderNo: order.orderNo,
        amount: order.amount,
        title: body.title,
        taxNo: body.taxNo,
        email: body.email,
        status: 'requested',
        createdAt: stampDate(nowStamp()),
        createdBy: session.user.name,
      })
      .returning();
    return created(invoiceOf(r));
  }),

  /* ---------------- contract templates (/pact) and a card's contract ---------------- */
  api('get', '/v2/contract_template', { read: contractPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), contractTemplates, ctx.scope(contractPolicy), ctx.query, CONTRACT_LIST, ctx.lang);
    return { list: page.list.map(contractOf), total: page.total };
  }),

  api('post', '/v2/contract_template', { write: contractPolicy, body: ContractBody }, async (ctx) => {
    const bad = renderTemplate(ctx.body.body, {}).unknown[0];
    if (bad) throw ctx.bad('contract.unknownVar', { name: bad });
    const [r] = await (await tx())
      .insert(contractTemplates)
      .values({ companyId: ctx.session.company.id, name: ctx.body.name, nameSort: sortKey(ctx.body.name), body: ctx.body.body, lang: ctx.body.lang ?? null, isDefault: false, updatedAt: stampDate(nowStamp()) })
      .returning();
    const row = contractOf(r);
    if (ctx.body.isDefault || !(await companyContracts(ctx.scope(contractPolicy))).some((c) => c.isDefault)) await setDefault(row);
    return created(row);
  }),

  api('put', '/v2/contract_template', { write: contractPolicy, body: ContractUpdateBody }, async (ctx) => {
    const row = await ctx.find(contractPolicy, ctx.body.id, 'contract.template');
    const bad = renderTemplate(ctx.body.body, {}).unknown[0];
    if (bad) throw ctx.bad('contract.unknownVar', { name: bad });
    const langChanged = row.lang !== ctx.body.lang;
    Object.assign(row, { name: ctx.body.name, body: ctx.body.body, updatedAt: nowStamp() });
    if (ctx.body.lang) row.lang = ctx.body.lang;
    else delete row.lang;
    // Out of the defaults first: a new language may already have one (the default moves to this one just after).
    const moveDefault = ctx.body.isDefault || (langChanged && row.isDefault);
    await (await tx())
      .update(contractTemplates)
      .set({ name: row.name, nameSort: sortKey(row.name), body: row.body, lang: row.lang ?? null, updatedAt: stampDate(row.updatedAt), ...(moveDefault ? { isDefault: false } : {}) })
      .where(eq(contractTemplates.id, row.id));
    if (moveDefault) await setDefault(row);
    return row;
  }),

  api<{ id: string }>('delete', '/v2/contract_template/:id', { write: contractPolicy }, async (ctx) => {
    const row = await ctx.find(contractPolicy, Number(ctx.params.id), 'contract.template');
    await (await tx()).delete(contractTemplates).where(eq(contractTemplates.id, row.id));
    // A deleted default passes to another template of its language, unless a default still covers that language.
    const rest = await companyContracts(ctx.scope(contractPolicy));
    if (row.isDefault && !rest.some((c) => c.isDefault && (!c.lang || !row.lang || c.lang === row.lang))) {
      const next = rest.find((c) => !row.lang || c.lang === row.lang) ?? (rest.some((c) => c.isDefault) ? undefined : rest[0]);
      if (next) await setDefault(next);
    }
    return null;
  }),

  /** A card's contract: the chosen (or default) template with the card's values. */
  api('get', '/v2/contract_template/render', { read: contractPolicy }, async (ctx) => {
    const cardId = Number(ctx.query.cardId);
    // The card list's scope (teachers: their students' cards; the permission group's data scope): 404 outside it.
    const card = Number.isInteger(cardId) && cardId > 0 && cardId <= 2147483647 ? await findCard(cardId, ctx.scope(studentCardPolicy), false, today()) : undefined;
    if (!card) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('contract.card') }));
    const templates = await companyContracts(ctx.scope(contractPolicy));
    // A chosen template must exist (404 naming it); without a choice, the default one, or none yet.
    // The contract prints in the caller's language (issue 31): that language's default, else the default for any.
    const lang: ContractLang = ctx.lang === 'zh' ? 'zh-CN' : 'en-US';
    const tpl = ctx.query.templateId
      ? await ctx.find(contractPolicy, Number(ctx.query.templateId), 'contract.template')
      : templates.find((c) => c.isDefault && c.lang === lang) ?? templates.find((c) => c.isDefault && !c.lang) ?? templates.find((c) => c.isDefault) ?? templates[0];
    if (!tpl) throw ctx.bad('contract.noTemplate');
    const [student] = await studentsByIds(ctx.db, card.companyId, [card.studentId]);
    return { templateId: tpl.id, templateName: tpl.name, text: renderTemplate(tpl.body, contractValues(ctx.db, card, student, tpl.lang ?? lang)).text, cardNo: card.cardNo };
  }),
];

/**
 * Makes a template the default: of its language (the other language's default stays), or, without a language, the
 * one default for every language (issue 31).
 */
async function setDefault(row: ContractTemplate): Promise<void> {
  const t = await tx();
  // Others out first, then this one in (the database holds one default per company and language).
  await t
    .update(contractTemplates)
    .set({ isDefault: false })
    .where(and(eq(contractTemplates.companyId, row.companyId), ne(contractTemplates.id, row.id), row.lang ? or(isNull(contractTemplates.lang), eq(contractTemplates.lang, row.lang)) : undefined));
  await t.update(contractTemplates).set({ isDefault: true }).where(eq(contractTemplates.id, row.id));
  row.isDefault = true;
}

