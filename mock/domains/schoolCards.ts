/**
 * Mock calls of card templates (/v2/card_template), student cards and their operations (/v2/student_card/*),
 * the hour ledger (/v2/hour_record), card orders (/v2/card_order) and renewal reminders (PRODUCT.md §5.1, §6.2, §6.3).
 * Every hour change goes through appendHourRecord / reviewReturn (./ledger.ts).
 */
import type { Access } from '../../src/access';
import { nextId, settingsOf } from '../db';
import { api, HttpError, type AuthedCtx, type Session } from '../http';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
import { asBody, Validator } from '../validate';
import { addDays, nowStamp, today } from '../clock';
import type { CardKind, CardOrder, CardTemplate, HourRecord, PayMethod, StudentCard } from '../../src/types/school';
import { HOUR_RECORD_TYPES } from '../../src/utils/constants';
import {
  canConsume,
  canCorrect,
  canEditSetup,
  canGiftHours,
  canInvalidate,
  canRequestReturn,
  canReviewReturn,
  canSellCard,
} from '../../src/domain/schoolPermissions';
import { needsRenewal, round1, round2, unitPrice } from '../../src/domain/ledger';
import { appendHourRecord, refreshCardStatus, reviewReturn } from './ledger';
import { nextCardNo, nextOrderNo, operatorOf } from './school';
import { readSchool, visibleStudentIds } from './schoolSetup';

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
  'card.templateIssued': { en: 'Template {name} has issued {n} card(s) and cannot be deleted; take it off sale instead.', zh: '模板 {name} 已发出 {n} 张课时卡，不能删除；请下架。' },
  'card.countNeedsHours': { en: 'A count card needs at least 0.1 hours.', zh: '次卡至少需要 0.1 课时。' },
  'card.offSale': { en: 'This card template is not on sale.', zh: '该课时卡模板未上架。' },
  'card.badSeller': { en: 'The seller must be an active staff member.', zh: '销售必须是在职员工。' },
  'card.alreadyInvalid': { en: 'This card is already invalid.', zh: '该课时卡已作废。' },
  'card.pendingReturn': { en: 'This card has a return request waiting for review: review it first.', zh: '该卡有待审核的退课申请，请先审核。' },
  'card.expiryBefore': { en: 'The new expiry date cannot be before the current one ({date}).', zh: '新的到期日期不能早于当前到期日（{date}）。' },
  'card.renewExpired': { en: 'This card has expired: give a new expiry date to renew it.', zh: '该卡已过期：续费时请设置新的到期日期。' },
  'card.periodRenew': { en: 'A period card is renewed by extending its expiry date.', zh: '期限卡续费请延长到期日期。' },
  'card.notVisible': { en: 'This student is not in your classes.', zh: '该学员不在您的班级中。' },
  'card.proofSign': { en: 'Enter the correction as + (give back) or − (take) hours, not 0.', zh: '修正课时请输入正数（补回）或负数（扣除），不能为 0。' },
});

const can = (fn: (role: Session['membership']['role']) => boolean) => (_a: Access, s: Session) => fn(s.membership.role);
const METHODS: PayMethod[] = ['cash', 'wechat', 'alipay', 'card', 'transfer'];
const KINDS: CardKind[] = ['count', 'period'];

function labels(t: AuthedCtx['t'], fields: string[]) {
  return Object.fromEntries(fields.map((f) => [f, t(`cf.${f}`)]));
}

/** A card of the caller's company that the caller may see (teachers: their classes' students). */
function cardOf(ctx: AuthedCtx, id: number): StudentCard {
  const card = ctx.db.studentCards.find((c) => c.id === id && c.companyId === ctx.session.company.id);
  if (!card) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('card.card') }));
  const visible = visibleStudentIds(ctx.db, ctx.session);
  if (visible && !visible.has(card.studentId)) throw new HttpError(403, ctx.t('card.notVisible'));
  return refreshCardStatus(card);
}

function readTemplateBody(ctx: AuthedCtx) {
  const { db, session } = ctx;
  const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['name', 'kind', 'hours', 'giftHours', 'price', 'validDays', 'classIds', 'onSale']));
  const name = v.str('name', { max: 40 });
  const kind = v.oneOf('kind', KINDS);
  const hours = kind === 'period' ? 0 : v.num('hours', { min: 0, max: 10000, decimals: 1 });
  if (kind === 'count' && hours <= 0) throw ctx.bad('card.countNeedsHours');
  const giftHours = kind === 'period' ? 0 : (v.optNum('giftHours', { min: 0, max: 10000, decimals: 1 }) ?? 0);
  const price = v.num('price', { min: 0, max: 10000000, decimals: 2 });
  const validDays = v.num('validDays', { integer: true, min: 1, max: 3650 });
  const raw = asBody(ctx.body).classIds;
  const classIds = Array.isArray(raw) && raw.length ? v.ids('classIds') : [];
  for (const id of classIds) {
    if (!db.classes.some((c) => c.id === id && c.companyId === session.company.id)) throw new HttpError(400, ctx.t('school.classNotFound'));
  }
  const onSale = v.bool('onSale', true);
  return { name, kind, hours, giftHours, price, validDays, classIds, onSale };
}

function sellerOf(ctx: AuthedCtx, id: number) {
  const s = ctx.db.staff.find((x) => x.id === id && x.companyId === ctx.session.company.id && x.status === 'active');
  if (!s) throw ctx.bad('card.badSeller');
  return s;
}

function result(card: StudentCard, before: number, extra: { record?: HourRecord; order?: CardOrder } = {}) {
  return { card, balanceBefore: before, balanceAfter: card.remainingHours, ...extra };
}

function hasPendingReturn(ctx: AuthedCtx, cardId: number) {
  return ctx.db.hourRecords.some((r) => r.cardId === cardId && r.type === 'backing');
}

export const schoolCardHandlers = [
  /* ---------------- card templates ---------------- */
  api('get', '/v2/card_template', { access: readSchool }, ({ db, session, query, lang }) =>
    listQuery(db.cardTemplates.filter((tp) => tp.companyId === session.company.id), query, {
      keywordFields: ['name'],
      equalFields: ['kind'],
      filters: { onSale: (r, v) => String(r.onSale) === v },
      sortable: ['name', 'price', 'hours', 'validDays', 'issuedCount'],
      defaultSort: { field: 'id', order: 'ascend' },
    }, lang),
  ),

  api('get', '/v2/card_template/options', { access: readSchool }, ({ db, session }) =>
    db.cardTemplates
      .filter((tp) => tp.companyId === session.company.id && tp.onSale)
      .map((tp) => ({ value: tp.id, label: tp.name, template: tp })),
  ),

  api('post', '/v2/card_template', { access: ['educationalManagement', can(canEditSetup)] }, (ctx) => {
    const row: CardTemplate = { id: nextId(ctx.db, 'cardTemplates'), companyId: ctx.session.company.id, ...readTemplateBody(ctx), issuedCount: 0 };
    ctx.db.cardTemplates.push(row);
    return row;
  }),

  api('put', '/v2/card_template', { access: ['educationalManagement', can(canEditSetup)] }, (ctx) => {
    const id = new Validator(asBody(ctx.body), ctx.lang).num('id', { integer: true });
    const row = ctx.db.cardTemplates.find((tp) => tp.id === id && tp.companyId === ctx.session.company.id);
    if (!row) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('card.template') }));
    // Issued cards keep their own terms; a template change applies to later sales.
    Object.assign(row, readTemplateBody(ctx));
    return row;
  }),

  api<{ id: string }>('delete', '/v2/card_template/:id', { access: ['educationalManagement', can(canEditSetup)] }, (ctx) => {
    const { db, session } = ctx;
    const row = db.cardTemplates.find((tp) => tp.id === Number(ctx.params.id) && tp.companyId === session.company.id);
    if (!row) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('card.template') }));
    const issued = db.studentCards.filter((c) => c.templateId === row.id).length;
    if (issued) throw ctx.bad('card.templateIssued', { name: row.name, n: issued });
    db.cardTemplates.splice(db.cardTemplates.indexOf(row), 1);
    return null;
  }),

  /* ---------------- student cards ---------------- */
  api('get', '/v2/student_card', { access: readSchool }, ({ db, session, query, lang }) => {
    const t = today();
    const visible = visibleStudentIds(db, session);
    const rows = db.studentCards
      .filter((c) => c.companyId === session.company.id && (!visible || visible.has(c.studentId)))
      .map((c) => refreshCardStatus(c, t));
    return listQuery(rows, query, {
      keywordFields: ['cardNo', 'studentName', 'templateName'],
      equalFields: ['status', 'kind', 'templateId', 'studentId', 'sellerId'],
      dateField: 'createdAt',
      sortable: ['createdAt', 'expiryDate', 'remainingHours', 'paidAmount', 'studentName'],
      defaultSort: { field: 'createdAt', order: 'descend' },
    }, lang);
  }),

  api('get', '/v2/student_card/options', { access: readSchool }, (ctx) => {
    const studentId = Number(ctx.query.studentId);
    const visible = visibleStudentIds(ctx.db, ctx.session);
    if (visible && !visible.has(studentId)) return [];
    const t = today();
    return ctx.db.studentCards
      .filter((c) => c.companyId === ctx.session.company.id && c.studentId === studentId)
      .map((c) => refreshCardStatus(c, t))
      .map((c) => ({ value: c.id, label: `${c.cardNo} · ${c.templateName}`, card: c }));
  }),

  api('get', '/v2/student_card/renew_remind', { access: readSchool }, ({ db, session, query, lang }) => {
    const t = today();
    const settings = settingsOf(db, session.company.id);
    const visible = visibleStudentIds(db, session);
    const students = new Map(db.students.map((s) => [s.id, s]));
    const last = new Map<number, string>();
    db.cardReminders.forEach((r) => last.set(r.cardId, r.sentAt));
    const rows = db.studentCards
      .filter((c) => c.companyId === session.company.id && (!visible || visible.has(c.studentId)))
      .map((c) => refreshCardStatus(c, t))
      .map((c) => {
        const n = needsRenewal(c, t, settings.lowHoursThreshold, settings.expiryReminderDays);
        const daysLeft = Math.round((Date.parse(`${c.expiryDate}T00:00:00Z`) - Date.parse(`${t}T00:00:00Z`)) / 86400000);
        const st = students.get(c.studentId);
        return { ...c, ...n, daysLeft, mobile: st?.mobile ?? '', parentName: st?.parentName ?? '', remindedAt: last.get(c.id) };
      })
      .filter((r) => r.low || r.expiring);
    const res = listQuery(rows, query, {
      keywordFields: ['studentName', 'cardNo', 'mobile'],
      filters: { reason: (r, v) => (v === 'low' ? r.low : v === 'expiring' ? r.expiring : true) },
      sortable: ['remainingHours', 'expiryDate', 'daysLeft'],
      defaultSort: { field: 'expiryDate', order: 'ascend' },
    }, lang);
    return { ...res, threshold: settings.lowHoursThreshold, days: settings.expiryReminderDays };
  }),

  api('post', '/v2/student_card/remind', { access: ['studentManagement'] }, (ctx) => {
    const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['cardIds']));
    const cards = v.ids('cardIds').map((id) => cardOf(ctx, id));
    const sentAt = nowStamp();
    cards.forEach((c) => ctx.db.cardReminders.push({ cardId: c.id, companyId: c.companyId, sentAt, operatorName: ctx.session.user.name }));
    return { sent: cards.length };
  }),

  api<{ id: string }>('get', '/v2/student_card/:id', { access: readSchool }, (ctx) => cardOf(ctx, Number(ctx.params.id))),

  api('post', '/v2/student_card/sell', { access: ['studentManagement', can(canSellCard)] }, (ctx) => {
    const { db, session } = ctx;
    const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['studentId', 'templateId', 'amount', 'method', 'sellerId', 'startDate']));
    const studentId = v.num('studentId', { integer: true });
    const student = db.students.find((s) => s.id === studentId && s.companyId === session.company.id);
    if (!student) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('card.student') }));
    const tpl = db.cardTemplates.find((tp) => tp.id === v.num('templateId', { integer: true }) && tp.companyId === session.company.id);
    if (!tpl) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('card.template') }));
    if (!tpl.onSale) throw ctx.bad('card.offSale');
    const amount = v.num('amount', { min: 0, max: 10000000, decimals: 2 });
    const method = v.oneOf('method', METHODS);
    const seller = sellerOf(ctx, v.num('sellerId', { integer: true }));
    const startDate = v.date('startDate');
    const at = nowStamp();
    const id = nextId(db, 'studentCards');
    const card: StudentCard = {
      id,
      companyId: session.company.id,
      cardNo: nextCardNo(db, session.company.id, id),
      studentId: student.id,
      studentName: student.name,
      templateId: tpl.id,
      templateName: tpl.name,
      kind: tpl.kind,
      boughtHours: tpl.hours,
      giftHours: tpl.giftHours,
      paidAmount: amount,
      unitPrice: unitPrice(amount, tpl.hours, tpl.giftHours),
      remainingHours: 0,
      startDate,
      expiryDate: addDays(startDate, tpl.validDays),
      status: 'active',
      classIds: [...tpl.classIds],
      sellerId: seller.id,
      sellerName: seller.name,
      createdAt: at,
    };
    db.studentCards.push(card);
    tpl.issuedCount += 1;
    const orderId = nextId(db, 'cardOrders');
    const order: CardOrder = {
      id: orderId,
      companyId: session.company.id,
      orderNo: nextOrderNo(orderId),
      kind: 'new',
      studentId: student.id,
      studentName: student.name,
      cardId: card.id,
      templateId: tpl.id,
      templateName: tpl.name,
      hours: tpl.hours,
      giftHours: tpl.giftHours,
      amount,
      method,
      sellerId: seller.id,
      sellerName: seller.name,
      createdAt: at,
    };
    db.cardOrders.push(order);
    const op = operatorOf(db, session);
    // The rules run at the card's start date for a card sold ahead of time.
    const record = appendHourRecord(db, { cardId: card.id, type: 'add', hours: tpl.hours, orderId, operator: op, at, lang: ctx.lang });
    if (tpl.giftHours > 0) appendHourRecord(db, { cardId: card.id, type: 'give', hours: tpl.giftHours, orderId, operator: op, at, lang: ctx.lang });
    return result(card, 0, { record, order });
  }),

  api('post', '/v2/student_card/renew', { access: ['studentManagement', can(canSellCard)] }, (ctx) => {
    const { db, session } = ctx;
    const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['cardId', 'hours', 'giftHours', 'amount', 'method', 'sellerId', 'expiryDate']));
    const card = cardOf(ctx, v.num('cardId', { integer: true }));
    if (card.status === 'invalid') throw ctx.bad('ledger.cardInvalid');
    const hours = card.kind === 'period' ? 0 : v.num('hours', { min: 0.1, max: 10000, decimals: 1 });
    const gift = card.kind === 'period' ? 0 : (v.optNum('giftHours', { min: 0, max: 10000, decimals: 1 }) ?? 0);
    const amount = v.num('amount', { min: 0, max: 10000000, decimals: 2 });
    const method = v.oneOf('method', METHODS);
    const seller = sellerOf(ctx, v.num('sellerId', { integer: true }));
    const expiryDate = v.optDate('expiryDate');
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
    if (expiryDate) card.expiryDate = expiryDate;
    card.boughtHours = round1(card.boughtHours + hours);
    card.giftHours = round1(card.giftHours + gift);
    card.paidAmount = round2(card.paidAmount + amount);
    // The unit price becomes the card's average: paid ÷ (bought + gift) over every purchase.
    card.unitPrice = unitPrice(card.paidAmount, card.boughtHours, card.giftHours);
    const op = operatorOf(db, session);
    const record = appendHourRecord(db, { cardId: card.id, type: 'add', hours, orderId, operator: op, at, lang: ctx.lang });
    if (gift > 0) appendHourRecord(db, { cardId: card.id, type: 'give', hours: gift, orderId, operator: op, at, lang: ctx.lang });
    return result(card, before, { record, order });
  }),

  api('post', '/v2/student_card/gift', { access: ['studentManagement', can(canGiftHours)] }, (ctx) => {
    const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['cardId', 'hours', 'reason']));
    const card = cardOf(ctx, v.num('cardId', { integer: true }));
    const hours = v.num('hours', { min: 0.1, max: 1000, decimals: 1 });
    const reason = v.optStr('reason', { max: 200 });
    const before = card.remainingHours;
    const record = appendHourRecord(ctx.db, { cardId: card.id, type: 'give', hours, reason, operator: operatorOf(ctx.db, ctx.session), lang: ctx.lang });
    card.giftHours = round1(card.giftHours + hours);
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/consume', { access: ['studentManagement', can(canConsume)] }, (ctx) => {
    const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['cardId', 'hours', 'reason']));
    const card = cardOf(ctx, v.num('cardId', { integer: true }));
    const hours = v.num('hours', { min: 0.1, max: 1000, decimals: 1 });
    const reason = v.str('reason', { max: 200 });
    const before = card.remainingHours;
    const record = appendHourRecord(ctx.db, { cardId: card.id, type: 'diy', hours, reason, operator: operatorOf(ctx.db, ctx.session), lang: ctx.lang });
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/return', { access: ['studentManagement', can(canRequestReturn)] }, (ctx) => {
    const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['cardId', 'hours', 'reason']));
    const card = cardOf(ctx, v.num('cardId', { integer: true }));
    const hours = v.num('hours', { min: 0.1, max: 10000, decimals: 1 });
    const reason = v.optStr('reason', { max: 200 });
    if (hasPendingReturn(ctx, card.id)) throw ctx.bad('card.pendingReturn');
    const before = card.remainingHours;
    const record = appendHourRecord(ctx.db, { cardId: card.id, type: 'backing', hours, reason, operator: operatorOf(ctx.db, ctx.session), lang: ctx.lang });
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/review', { access: ['studentManagement', can(canReviewReturn)] }, (ctx) => {
    const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['recordId', 'approve']));
    const recordId = v.num('recordId', { integer: true });
    const approve = v.bool('approve');
    const rec = ctx.db.hourRecords.find((r) => r.id === recordId && r.companyId === ctx.session.company.id);
    if (!rec) throw new HttpError(404, ctx.t('ledger.recordNotFound'));
    const card = cardOf(ctx, rec.cardId);
    const before = card.remainingHours;
    const record = reviewReturn(ctx.db, recordId, approve, operatorOf(ctx.db, ctx.session), { lang: ctx.lang, companyId: ctx.session.company.id });
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/correct', { access: ['studentManagement', can(canCorrect)] }, (ctx) => {
    const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['cardId', 'hours', 'reason']));
    const card = cardOf(ctx, v.num('cardId', { integer: true }));
    const hours = v.num('hours', { min: -10000, max: 10000, decimals: 1 });
    if (hours === 0) throw ctx.bad('card.proofSign');
    const reason = v.str('reason', { max: 200 });
    const before = card.remainingHours;
    const record = appendHourRecord(ctx.db, {
      cardId: card.id,
      type: 'proof',
      hours: Math.abs(hours),
      signedHours: hours,
      reason,
      operator: operatorOf(ctx.db, ctx.session),
      lang: ctx.lang,
    });
    return result(card, before, { record });
  }),

  api('post', '/v2/student_card/invalidate', { access: ['studentManagement', can(canInvalidate)] }, (ctx) => {
    const v = new Validator(asBody(ctx.body), ctx.lang, labels(ctx.t, ['cardId', 'reason']));
    const card = cardOf(ctx, v.num('cardId', { integer: true }));
    const reason = v.str('reason', { max: 200 });
    if (card.status === 'invalid') throw ctx.bad('card.alreadyInvalid');
    if (hasPendingReturn(ctx, card.id)) throw ctx.bad('card.pendingReturn');
    const before = card.remainingHours;
    card.status = 'invalid';
    card.invalidReason = reason;
    // The remaining hours stay on the ledger (forfeited, unusable): no record is written, the balance is unchanged.
    return result(card, before);
  }),

  /* ---------------- ledger and orders ---------------- */
  api('get', '/v2/hour_record', { access: readSchool }, ({ db, session, query, lang }) => {
    const visible = visibleStudentIds(db, session);
    if (query.type && !query.type.split(',').every((x) => (HOUR_RECORD_TYPES as readonly string[]).includes(x))) {
      throw new HttpError(400, `type: ${query.type}`);
    }
    return listQuery(db.hourRecords.filter((r) => r.companyId === session.company.id && (!visible || visible.has(r.studentId))), query, {
      keywordFields: ['studentName', 'cardNo', 'reason', 'operatorName'],
      equalFields: ['type', 'studentId', 'cardId', 'lessonId'],
      dateField: 'createdAt',
      sortable: ['createdAt', 'hours', 'amount'],
      defaultSort: { field: 'createdAt', order: 'descend' },
    }, lang);
  }),

  api('get', '/v2/card_order', { access: readSchool }, ({ db, session, query, lang }) => {
    const visible = visibleStudentIds(db, session);
    return listQuery(db.cardOrders.filter((o) => o.companyId === session.company.id && (!visible || visible.has(o.studentId))), query, {
      keywordFields: ['orderNo', 'studentName', 'templateName'],
      equalFields: ['kind', 'method', 'sellerId', 'studentId'],
      dateField: 'createdAt',
      sortable: ['createdAt', 'amount'],
      defaultSort: { field: 'createdAt', order: 'descend' },
    }, lang);
  }),
];

