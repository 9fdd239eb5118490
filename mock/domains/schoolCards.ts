/**
 * Mock calls of card templates (/v2/card_template), student cards and their operations (/v2/student_card/*),
 * the hour ledger (/v2/hour_record), card orders (/v2/card_order) and renewal reminders (docs/rules.md#cards-and-hours, docs/screens.md#school-setup, #students).
 * Every hour change goes through appendHourRecord / reviewReturn (./ledger.ts). Access: ./schoolPolicies.ts;
 * bodies: src/types/school.schemas.ts.
 */
import { renewalFlags } from '../../src/domain/receivers';
import { cardOf as cardRowOf, orderOf, recordOf, saveCard, saveOrder } from './cardRows';
import { nextId } from '../db';
import { settingsOf } from './companySettings';
import { api, HttpError, type AuthedCtx } from '../http';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
import { addDays, nowStamp, today } from '../clock';
import type { CardOrder, HourRecord, StudentCard } from '../../src/types/school';
import { HOUR_RECORD_TYPES } from '../../src/utils/constants';
import {
  canConsume,
  canCorrect,
  canGiftHours,
  canInvalidate,
  canRequestReturn,
  canReviewReturn,
  canSellCard,
} from '../../src/domain/schoolPermissions';
import { returnableHours, round1, round2, saleEndsBeforeToday, saleExpiryDate, unitPrice } from '../../src/domain/ledger';
import {
  CardTemplateBody,
  CardTemplateUpdateBody,
  ConsumeBody,
  CorrectBody,
  GiftHoursBody,
  InvalidateBody,
  RemindBody,
  RenewCardBody,
  ReturnBody,
  ReviewReturnBody,
  SellCardBody,
  type CardTemplateInput,
} from '../../src/types/school.schemas';
import { appendHourRecord, poolOfRecords, recordsOfCard, refreshCardStatus, reviewReturn } from './ledger';
import { nextOrderNo, operatorOf, sellCard } from './school';
import { loadOpenArrears, settleArrears } from './arrears';
import { can, cardOrderPolicy, cardTemplatePolicy, classPolicy, hourRecordPolicy, staffPolicy, studentCardPolicy, studentPolicy } from './schoolPolicies';
import { narrowsStudents, studentContacts, studentsByIds } from './studentRows';
import { drillQuery } from './analysis';
import { cardDrillWhere, cardListSpec, cardsOfStudent, orderDrillWhere, orderListSpec, cardCountOfTemplate, ledgerCount, recordDrillWhere, recordListSpec, recordsOfCardRows, renewalDueOf } from './cardLists';
import { and, asc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { tx } from '../../server/db';
import { sqlList } from '../../server/db/list';
import { cardOrders, cardReminders, cardTemplates, hourRecords, studentCards } from '../../server/db/schema';
import { stampDate, stampOf } from '../../server/db/time';
import { deleteTemplate, insertTemplate, issuedCounts, templateOf, templatesOf, updateTemplate } from './cardTemplateRows';
import { valueOf } from './schoolRows';
import { created } from './audit';
import { assertCampusOpen } from './campus';

defineMessages({
  'cf.name': { en: 'Name', zh: '名称' },
  'cf.kind': { en: 'Kind', zh: '类型' },
  'cf.hours': { en: 'Hours', zh: '课时' },
  'cf.giftHours': { en: 'Gift hours', zh: '赠送课时' },
  'cf.price': { en: 'Price', zh: '价格' },
  'cf.validDays': { en: 'Valid days', zh: '有效天数' },
  'cf.classIds': { en: 'Applicable classes', zh: '适用班级' },
  'cf.onSale': { en: 'On sale', zh: '上架' },
  'cf.studentId': { en: 'Student', zh: '学员' },
  'cf.templateId': { en: 'Card template', zh: '课时卡模板' },
  'cf.amount': { en: 'Amount paid', zh: '实收金额' },
  'cf.method': { en: 'Payment method', zh: '支付方式' },
  'cf.sellerId': { en: 'Seller', zh: '销售' },
  'cf.startDate': { en: 'Start date', zh: '生效日期' },
  'cf.expiryDate': { en: 'Expiry date', zh: '到期日期' },
  'cf.cardId': { en: 'Card', zh: '课时卡' },
  'cf.reason': { en: 'Reason', zh: '原因' },
  'cf.recordId': { en: 'Record', zh: '记录' },
  'cf.approve': { en: 'Decision', zh: '审核结果' },
  'cf.cardIds': { en: 'Cards', zh: '课时卡' },
  'card.template': { en: 'Card template', zh: '课时卡模板' },
  'card.card': { en: 'Card', zh: '课时卡' },
  'card.student': { en: 'Student', zh: '学员' },
  'card.templateIssued': { en: 'Template {name} has issued {n, plural, one {# card} other {# cards}} and cannot be deleted; take it off sale instead.', zh: '模板 {name} 已发出 {n} 张课时卡，不能删除；请下架。' },
  'card.countNeedsHours': { en: 'A count card needs at least 0.1 hours.', zh: '次卡至少需要 0.1 课时。' },
  'card.offSale': { en: 'This card template is not on sale.', zh: '该课时卡模板未上架。' },
  'card.badSeller': { en: 'The seller must be an active staff member.', zh: '销售必须是在职员工。' },
  'card.alreadyInvalid': { en: 'This card is already invalid.', zh: '该课时卡已作废。' },
  'card.pendingReturn': { en: 'This card has a return request waiting for review: review it first.', zh: '该卡有待审核的退课申请，请先审核。' },
  'card.expiryBefore': { en: 'The new expiry date cannot be before the current one ({date}).', zh: '新的到期日期不能早于当前到期日（{date}）。' },
  'card.saleExpired': { en: '{field}: the card would end on {date}, before today; choose a later start date.', zh: '{field}：该卡将于 {date} 到期，早于今天；请选择更晚的生效日期。' },
  'card.renewExpired': { en: 'This card has expired: give a new expiry date to renew it.', zh: '该卡已过期：续费时请设置新的到期日期。' },
  'card.periodRenew': { en: 'A period card is renewed by extending its expiry date.', zh: '期限卡续费请延长到期日期。' },
  'card.notVisible': { en: 'This student is not in your classes.', zh: '该学员不在您的班级中。' },
  'card.proofSign': { en: 'Enter the correction as + (give back) or − (take) hours, not 0.', zh: '修正课时请输入正数（补回）或负数（扣除），不能为 0。' },
  'card.periodNoHours': { en: 'A period card has no hours: hour gifts and corrections do not apply to it.', zh: '期限卡没有课时，不能赠送或修正课时。' },
  'card.notReturnRequest': { en: 'This record is not a return request: only a pending return request can be reviewed.', zh: '该记录不是退课申请，只有待审核的退课申请可以审核。' },
});

/** Field labels of the bodies: field → `cf.<field>` message. */
const CF = Object.fromEntries(
  ['name', 'kind', 'hours', 'giftHours', 'price', 'validDays', 'classIds', 'onSale', 'studentId', 'templateId', 'amount', 'method', 'sellerId', 'startDate', 'expiryDate', 'cardId', 'reason', 'recordId', 'approve', 'cardIds'].map((f) => [f, `cf.${f}`]),
);

/** A card of the caller's scope (teachers: their classes' students), its status as of today. */
function cardOf(ctx: AuthedCtx, id: number): StudentCard {
  return refreshCardStatus(ctx.target(studentCardPolicy, id, 'card.card'));
}

function readTemplateBody(ctx: AuthedCtx, b: CardTemplateInput) {
  const kind = b.kind;
  const hours = kind === 'period' ? 0 : (b.hours ?? 0);
  if (kind === 'count' && hours <= 0) throw ctx.bad('card.countNeedsHours');
  const giftHours = kind === 'period' ? 0 : (b.giftHours ?? 0);
  for (const id of b.classIds) {
    if (!ctx.rows(classPolicy).some((c) => c.id === id)) throw new HttpError(400, ctx.t('school.classNotFound'));
  }
  return { name: b.name, kind, hours, giftHours, price: b.price, validDays: b.validDays, classIds: b.classIds, onSale: b.onSale ?? true };
}

function sellerOf(ctx: AuthedCtx, id: number) {
  const s = ctx.rows(staffPolicy).find((x) => x.id === id && x.status === 'active');
  if (!s) throw ctx.bad('card.badSeller');
  return s;
}

function result(card: StudentCard, before: number, extra: { record?: HourRecord; order?: CardOrder } = {}) {
  return { card, balanceBefore: before, balanceAfter: card.remainingHours, ...extra };
}

/** The last reminder sent for each of the cards (none: never reminded). */
async function lastReminders(companyId: number, cardIds: number[]): Promise<Map<number, string>> {
  if (!cardIds.length) return new Map();
  const rows = await (await tx())
    .select({ cardId: cardReminders.cardId, sentAt: max(cardReminders.sentAt) })
    .from(cardReminders)
    .where(and(eq(cardReminders.companyId, companyId), inArray(cardReminders.cardId, cardIds)))
    .groupBy(cardReminders.cardId);
  return new Map(rows.flatMap((r) => (r.sentAt ? [[r.cardId, stampOf(r.sentAt)] as const] : [])));
}

/** A return request of the card waits for its review (the card's own records, not the whole ledger). */
function hasPendingReturn(ctx: AuthedCtx, cardId: number) {
  return recordsOfCard(ctx.db, cardId).some((r) => r.type === 'backing');
}

export const schoolCardHandlers = [
  /* ---------------- card templates ---------------- */
  api('get', '/v2/card_template', { read: cardTemplatePolicy }, async (ctx) => {
    // The issued counts are the cards' (in the process): a value per template id.
    const issued = sql<number>`coalesce(${valueOf(cardTemplates.id, issuedCounts(ctx.db, ctx.session.company.id))}, 0)`;
    const page = await sqlList(await tx(), cardTemplates, ctx.scope(cardTemplatePolicy), ctx.query, {
      keyword: [cardTemplates.name],
      equal: { kind: cardTemplates.kind },
      filters: { onSale: (v) => (v === 'true' ? eq(cardTemplates.onSale, true) : v === 'false' ? eq(cardTemplates.onSale, false) : sql`false`) },
      sortable: { name: cardTemplates.nameSort, price: cardTemplates.price, hours: cardTemplates.hours, validDays: cardTemplates.validDays, issuedCount: issued },
      defaultSort: { field: 'id', order: 'ascend', by: cardTemplates.id },
      tiebreak: [asc(cardTemplates.id)],
    }, ctx.lang);
    const held = new Map(templatesOf(ctx.db, ctx.session.company.id).map((tp) => [tp.id, tp.issuedCount]));
    return { list: page.list.map((r) => templateOf(r, held.get(r.id) ?? 0)), total: page.total };
  }),

  api('get', '/v2/card_template/options', { read: cardTemplatePolicy }, ({ rows }) =>
    rows(cardTemplatePolicy)
      .filter((tp) => tp.onSale)
      .map((tp) => ({ value: tp.id, label: tp.name, template: tp })),
  ),

  api('post', '/v2/card_template', { write: cardTemplatePolicy, body: CardTemplateBody, labels: CF }, async (ctx) =>
    created(await insertTemplate(ctx.db, ctx.session.company.id, readTemplateBody(ctx, ctx.body))),
  ),

  api('put', '/v2/card_template', { write: cardTemplatePolicy, body: CardTemplateUpdateBody, labels: CF }, async (ctx) => {
    const row = await ctx.find(cardTemplatePolicy, ctx.body.id, 'card.template');
    // Issued cards keep their own terms; a template change applies to later sales.
    return updateTemplate(row, readTemplateBody(ctx, ctx.body));
  }),

  api<{ id: string }>('delete', '/v2/card_template/:id', { write: cardTemplatePolicy }, async (ctx) => {
    const row = await ctx.find(cardTemplatePolicy, Number(ctx.params.id), 'card.template');
    const issued = await cardCountOfTemplate(row.companyId, row.id);
    if (issued) throw ctx.bad('card.templateIssued', { name: row.name, n: issued });
    await deleteTemplate(row);
    return null;
  }),

  /* ---------------- student cards ---------------- */
  api('get', '/v2/student_card', { read: studentCardPolicy }, async (ctx) => {
    const { query, lang } = ctx;
    const t = today();
    const scope = ctx.scope(studentCardPolicy);
    const drill = drillQuery('student_card', query, lang);
    // renew=low|expiring: the cards the renewal reminder lists for that reason (the dashboard's renewal figures), by
    // the student's renewal state over all their cards (`renewalDueOf`), read when asked.
    let due: SQL | undefined;
    if (query.renew) {
      const v = query.renew;
      const flags = await renewalDueOf(scope, t, settingsOf(ctx.db, ctx.session.company.id));
      const ids = flags.filter((n) => (v === 'low' ? n.low : v === 'expiring' ? n.expiring : n.low || n.expiring)).map((n) => n.card.id);
      due = ids.length ? inArray(studentCards.id, ids) : sql`false`;
    }
    const where = and(scope, drill && cardDrillWhere(drill, t), due);
    const page = await sqlList(await tx(), studentCards, where, query, cardListSpec(t), lang);
    return { ...page, list: page.list.map((r) => cardRowOf(r, t)) };
  }),

  api('get', '/v2/student_card/options', { read: studentCardPolicy }, async (ctx) => {
    const studentId = Number(ctx.query.studentId);
    if (!Number.isInteger(studentId) || studentId <= 0 || studentId > 2147483647) return [];
    const cards = await cardsOfStudent(studentId, ctx.scope(studentCardPolicy), today());
    return cards.map((c) => ({ value: c.id, label: `${c.cardNo} · ${c.templateName}`, card: c }));
  }),

  api('get', '/v2/student_card/renew_remind', { read: studentCardPolicy }, async (ctx) => {
    const { db, session, query, lang } = ctx;
    const t = today();
    const settings = settingsOf(db, session.company.id);
    const todayMs = Date.parse(`${t}T00:00:00Z`);
    // Only the cards that need a reminder become rows, by the students' renewal state over all their cards
    // (`renewalFlags`: a renewed student leaves the list). A company's cards are many: the rows to filter and sort are
    // light (the days left read once per expiry date), and the page's rows alone are whole cards with the status of today.
    // Still over the process's cards: the same rule in SQL (`renewalDueOf`, ./cardLists.ts) cost 120-150 ms of the
    // embedded engine's CPU at MOCK_SCALE=large, at the edge of the list budget (mock/perf.test.ts).
    const due = renewalFlags(ctx.rows(studentCardPolicy), t, settings);
    const wanted = new Set(due.map((d) => d.card.studentId));
    // The cards are the caller's students' (`cardRows`): their contacts are read by id.
    const students = await studentContacts(session.company.id, wanted);
    const daysTo = new Map<string, number>();
    const daysLeftOf = (date: string) => daysTo.get(date) ?? daysTo.set(date, Math.round((Date.parse(`${date}T00:00:00Z`) - todayMs) / 86400000)).get(date)!;
    const rows = due.map(({ card: c, low, expiring }) => ({
      card: c,
      id: c.id,
      studentId: c.studentId,
      studentName: c.studentName,
      cardNo: c.cardNo,
      remainingHours: c.remainingHours,
      expiryDate: c.expiryDate,
      daysLeft: daysLeftOf(c.expiryDate),
      mobile: students.get(c.studentId)?.mobile ?? '',
      low,
      expiring,
    }));
    const res = listQuery(rows, query, {
      keywordFields: ['studentName', 'cardNo', 'mobile'],
      filters: { reason: (r, v) => (v === 'low' ? r.low : v === 'expiring' ? r.expiring : true) },
      sortable: ['remainingHours', 'expiryDate', 'daysLeft'],
      defaultSort: { field: 'expiryDate', order: 'ascend' },
    }, lang);
    // The last reminder of the cards of the page (read for them only).
    const last = await lastReminders(session.company.id, res.list.map((r) => r.id));
    const list = res.list.map(({ card, low, expiring, daysLeft, mobile }) => ({
      ...refreshCardStatus(card, t),
      low,
      expiring,
      daysLeft,
      mobile,
      parentName: students.get(card.studentId)?.parentName ?? '',
      remindedAt: last.get(card.id),
    }));
    // The students behind the rows (the dashboard counts students: one running low may hold several cards).
    const reason = query.reason;
    const studentCount = new Set(rows.filter((r) => (reason === 'low' ? r.low : reason === 'expiring' ? r.expiring : true)).map((r) => r.studentId)).size;
    return { ...res, list, students: studentCount, threshold: settings.lowHoursThreshold, days: settings.expiryReminderDays };
  }),

  api('post', '/v2/student_card/remind', { write: studentCardPolicy, body: RemindBody, labels: CF }, async (ctx) => {
    const cards = ctx.body.cardIds.map((id) => cardOf(ctx, id));
    const sentAt = stampDate(nowStamp());
    if (cards.length) await (await tx()).insert(cardReminders).values(cards.map((c) => ({ companyId: c.companyId, cardId: c.id, sentAt, operatorName: ctx.session.user.name })));
    return { sent: cards.length };
  }),

  // What a return of this card would refund: the card's value pool (the form computes `returnRefund(pool, hours)`, as
  // the return request and its approval do) and the most hours it may ask for.
  api('get', '/v2/student_card/return_quote', { read: studentCardPolicy }, async (ctx) => {
    const id = Number(ctx.query.cardId);
    if (!Number.isInteger(id) || id <= 0) throw ctx.bad('v.required', { field: ctx.t('cf.cardId') });
    const card = await ctx.find(studentCardPolicy, id, 'card.card');
    return { cardId: card.id, maxHours: returnableHours(card), pool: poolOfRecords(card.remainingHours, await recordsOfCardRows(card.id)) };
  }),

  api<{ id: string }>('get', '/v2/student_card/:id', { read: studentCardPolicy }, (ctx) => ctx.find(studentCardPolicy, Number(ctx.params.id), 'card.card')),

  api('post', '/v2/student_card/sell', { write: studentCardPolicy, access: can(canSellCard), body: SellCardBody, labels: CF }, async (ctx) => {
    const { db, session } = ctx;
    const student = await ctx.find(studentPolicy, ctx.body.studentId, 'card.student');
    assertCampusOpen(db, student.campusId, ctx.lang);
    const tpl = ctx.target(cardTemplatePolicy, ctx.body.templateId, 'card.template');
    if (!tpl.onSale) throw ctx.bad('card.offSale');
    const { amount, method, startDate } = ctx.body;
    if (saleEndsBeforeToday(startDate, tpl.validDays, today())) throw ctx.bad('card.saleExpired', { field: ctx.t('cf.startDate'), date: saleExpiryDate(startDate, tpl.validDays) });
    const seller = sellerOf(ctx, ctx.body.sellerId);
    await loadOpenArrears(session.company.id, student.id);
    const { card, order, record, arrears } = sellCard(db, { companyId: session.company.id, student, tpl, amount, method, startDate, seller, operator: operatorOf(db, session), at: nowStamp(), lang: ctx.lang });
    return { ...result(card, 0, { record, order }), arrears };
  }),

  api('post', '/v2/student_card/renew', { write: studentCardPolicy, access: can(canSellCard), body: RenewCardBody, labels: CF }, async (ctx) => {
    const { db, session } = ctx;
    const card = cardOf(ctx, ctx.body.cardId);
    assertCampusOpen(db, (await studentsByIds(db, session.company.id, [card.studentId]))[0]?.campusId, ctx.lang);
    if (card.status === 'invalid') throw ctx.bad('ledger.cardInvalid');
    if (card.kind === 'count' && ctx.body.hours === undefined) throw ctx.bad('v.required', { field: ctx.t('cf.hours') });
    if (card.kind === 'period' && (ctx.body.giftHours ?? 0) > 0) throw ctx.bad('card.periodNoHours');
    const hours = card.kind === 'period' ? 0 : (ctx.body.hours ?? 0);
    const gift = card.kind === 'period' ? 0 : (ctx.body.giftHours ?? 0);
    const { amount, method, expiryDate } = ctx.body;
    const seller = sellerOf(ctx, ctx.body.sellerId);
    if (expiryDate && expiryDate < card.expiryDate) throw ctx.bad('card.expiryBefore', { date: card.expiryDate });
    if (!expiryDate && card.expiryDate < today()) throw ctx.bad('card.renewExpired');
    if (card.kind === 'period' && !expiryDate) throw ctx.bad('card.periodRenew');
    const before = card.remainingHours;
    const at = nowStamp();
    const orderId = nextId(db, 'cardOrders');
    const order: CardOrder = {
      id: orderId,
      companyId: card.companyId,
      orderNo: nextOrderNo(orderId),
      kind: 'renew',
      studentId: card.studentId,
      studentName: card.studentName,
      cardId: card.id,
      templateId: card.templateId,
      templateName: card.templateName,
      hours,
      giftHours: gift,
      amount,
      method,
      sellerId: seller.id,
      sellerName: seller.name,
      createdAt: at,
    };
    db.cardOrders.push(order);
    saveOrder(order);
    // The new expiry holds from today on: the days before keep the expiry they had (a forfeit booked then stays).
    if (expiryDate && expiryDate !== card.expiryDate) {
      card.expiryChanges = [...(card.expiryChanges ?? []), { from: at.slice(0, 10), before: card.expiryDate }];
      card.expiryDate = expiryDate;
    }
    card.boughtHours = round1(card.boughtHours + hours);
    card.giftHours = round1(card.giftHours + gift);
    card.paidAmount = round2(card.paidAmount + amount);
    // The unit price becomes the card's average: paid ÷ (bought + gift) over every purchase.
    card.unitPrice = unitPrice(card.paidAmount, card.boughtHours, card.giftHours);
    saveCard(card);
    const op = operatorOf(db, session);
    await loadOpenArrears(session.company.id, card.studentId);
    const record = appendHourRecord(db, { cardId: card.id, type: 'add', hours, orderId, operator: op, at, lang: ctx.lang });
    if (gift > 0) appendHourRecord(db, { cardId: card.id, type: 'give', hours: gift, orderId, operator: op, at, lang: ctx.lang });
    // The student's open arrears are settled from the hours just bought (docs/rules.md#arrears).
    const arrears = settleArrears(db, card, op, at, ctx.lang);
    return { ...result(card, before, { record, order }), arrears };
  }),

  api('post', '/v2/student_card/gift', { write: studentCardPolicy, access: can(canGiftHours), body: GiftHoursBody, labels: CF }, (ctx) => {
    const card = cardOf(ctx, ctx.body.cardId);
    if (card.kind === 'period') throw ctx.bad('card.periodNoHours');
    const { hours, reason } = ctx.body;
    const before = card.remainingHours;
    const record = appendHourRecord(ctx.db, { cardId: card.id, type: 'give', hours, reason, operator: operatorOf(ctx.db, ctx.session), lang: ctx.lang });
    card.giftHours = round1(card.giftHours + hours);
    saveCard(card);
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/consume', { write: studentCardPolicy, access: can(canConsume), body: ConsumeBody, labels: CF }, (ctx) => {
    const card = cardOf(ctx, ctx.body.cardId);
    const { hours, reason } = ctx.body;
    const before = card.remainingHours;
    const record = appendHourRecord(ctx.db, { cardId: card.id, type: 'diy', hours, reason, operator: operatorOf(ctx.db, ctx.session), lang: ctx.lang });
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/return', { write: studentCardPolicy, access: can(canRequestReturn), body: ReturnBody, labels: CF }, (ctx) => {
    const card = cardOf(ctx, ctx.body.cardId);
    const { hours, reason } = ctx.body;
    if (hasPendingReturn(ctx, card.id)) throw ctx.bad('card.pendingReturn');
    const before = card.remainingHours;
    const record = appendHourRecord(ctx.db, { cardId: card.id, type: 'backing', hours, reason, operator: operatorOf(ctx.db, ctx.session), lang: ctx.lang });
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/review', { write: hourRecordPolicy, access: can(canReviewReturn), body: ReviewReturnBody, labels: CF }, (ctx) => {
    const { recordId, approve } = ctx.body;
    const rec = ctx.rows(hourRecordPolicy).find((r) => r.id === recordId);
    if (!rec) throw new HttpError(404, ctx.t('ledger.recordNotFound'));
    // The real cause: a reviewed request says so, any other record is not a request at all.
    if (rec.type === 'back' || rec.type === 'back_reject') throw ctx.bad('ledger.notPending');
    if (rec.type !== 'backing') throw ctx.bad('card.notReturnRequest');
    const card = cardOf(ctx, rec.cardId);
    const before = card.remainingHours;
    const record = reviewReturn(ctx.db, recordId, approve, operatorOf(ctx.db, ctx.session), { lang: ctx.lang, companyId: ctx.session.company.id });
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/correct', { write: studentCardPolicy, access: can(canCorrect), body: CorrectBody, labels: CF }, (ctx) => {
    const card = cardOf(ctx, ctx.body.cardId);
    const { hours, reason } = ctx.body;
    if (card.kind === 'period') throw ctx.bad('card.periodNoHours');
    if (hours === 0) throw ctx.bad('card.proofSign');
    if (ctx.body.date && ctx.body.date > today()) throw ctx.bad('ledger.futureDate');
    const before = card.remainingHours;
    const record = appendHourRecord(ctx.db, {
      cardId: card.id,
      type: 'proof',
      hours: Math.abs(hours),
      signedHours: hours,
      reason,
      // A back-dated correction is dated that day; the ledger refuses a day in a closed month.
      at: ctx.body.date && ctx.body.date < today() ? `${ctx.body.date} 23:59:59` : undefined,
      operator: operatorOf(ctx.db, ctx.session),
      lang: ctx.lang,
    });
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/invalidate', { write: studentCardPolicy, access: can(canInvalidate), body: InvalidateBody, labels: CF }, (ctx) => {
    const card = cardOf(ctx, ctx.body.cardId);
    const { reason } = ctx.body;
    if (card.status === 'invalid') throw ctx.bad('card.alreadyInvalid');
    if (hasPendingReturn(ctx, card.id)) throw ctx.bad('card.pendingReturn');
    const before = card.remainingHours;
    card.status = 'invalid';
    card.invalidReason = reason;
    card.invalidatedAt = nowStamp();
    saveCard(card);
    // The remaining hours stay on the ledger (forfeited, unusable): no record is written, the balance is unchanged.
    return result(card, before);
  }),

  /* ---------------- ledger and orders ---------------- */
  api('get', '/v2/hour_record', { read: hourRecordPolicy }, async (ctx) => {
    const { query, lang } = ctx;
    if (query.type && !query.type.split(',').every((x) => (HOUR_RECORD_TYPES as readonly string[]).includes(x))) {
      throw new HttpError(400, `type: ${query.type}`);
    }
    const drill = drillQuery('hour_record', query, lang);
    // The whole ledger of the company (nothing narrows the caller's scope nor the query): its total is the count kept with it.
    const whole = !drill && !narrowsStudents(ctx.db, ctx.session);
    const spec = whole ? { ...recordListSpec(), unfilteredTotal: () => ledgerCount(ctx.session.company.id) } : recordListSpec();
    const page = await sqlList(await tx(), hourRecords, and(ctx.scope(hourRecordPolicy), drill && recordDrillWhere(drill)), query, spec, lang);
    return { ...page, list: page.list.map(recordOf) };
  }),

  api('get', '/v2/card_order', { read: cardOrderPolicy }, async (ctx) => {
    const { query, lang } = ctx;
    const drill = drillQuery('card_order', query, lang);
    const page = await sqlList(await tx(), cardOrders, and(ctx.scope(cardOrderPolicy), drill && orderDrillWhere(drill)), query, orderListSpec(), lang);
    return { ...page, list: page.list.map(orderOf) };
  }),
];

