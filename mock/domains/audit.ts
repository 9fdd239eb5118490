/**
 * The audit log (docs/rules.md#platform, route /operate): ONE mechanism in the write path, not per handler.
 * `mock/http.ts` runs its `onWrite` hooks after every successful write (non-GET, 2xx, with a session); this
 * module records who, company, when, IP, call, target id and the changed fields with before and after:
 *  - rows found with `ctx.target` were snapshotted before the handler ran: the entry keeps the fields that differ
 *    between the snapshot and the live row (a DELETE keeps the snapshot's fields as "before");
 *  - a write without targets (a create, or a handler not yet on `ctx.target`) keeps the returned row's fields as
 *    "after" (one level of nesting, `card.remainingHours`), and pairs `xBefore` / `xAfter` into one change `x`.
 * Failed writes never reach the hooks, so they are not logged.
 */
import type { Db, SqlSeeder } from '../db';
import { definePolicy, onWrite, type WriteEvent } from '../http';
import { api } from '../http';
import { asc, desc, eq, ilike, isNull, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { savepoint, tx, type Database } from '../../server/db';
import { auditLog } from '../../server/db/schema';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { sortKey } from '../../server/db/sortKey';
import { contains, sqlList } from '../../server/db/list';
import { addDays, today } from '../clock';
import { createRng } from '../random';
import type { AuditChange, AuditDiffLine, AuditEntry } from '../../src/types/platform';
import { AUDIT_KINDS, KIND_BY_KEY, type AuditKind } from './auditKinds';
import { defineMessages, message, type Lang } from '../messages';
import { formatHours, formatMoney } from '../../src/utils/format';
import enUS from '../../src/locales/en-US';
import zhCN from '../../src/locales/zh-CN';
import { stampDate } from '../../server/db/time';

/** Company users see their own company's log; platform roles see all (route /operate, access `auditLog`). */
export const auditPolicy = definePolicy<AuditEntry>({
  name: 'auditLog',
  read: 'auditLog',
  where: (s) => (s.access.isPlatform ? undefined : eq(auditLog.companyId, s.company.id)),
});

/** An entry as written: everything but its id (given by the database) and what is rendered on read. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at' | 'sentence' | 'diff'> & { at: Date };

function toRow(e: NewAuditEntry): typeof auditLog.$inferInsert {
  return {
    at: e.at,
    companyId: e.companyId,
    companyName: e.companyName,
    companyNameSort: sortKey(e.companyName),
    userId: e.userId,
    userName: e.userName,
    userNameSort: sortKey(e.userName),
    role: e.role,
    ip: e.ip,
    method: e.method,
    path: e.path,
    resource: e.resource,
    targetId: e.targetId ?? null,
    action: e.action,
    kind: e.kind ?? null,
    subject: e.subject ?? null,
    params: e.params ?? null,
    changes: e.changes,
  };
}

function fromRow(r: typeof auditLog.$inferSelect): AuditEntry {
  const e: AuditEntry = {
    id: r.id,
    at: stamp(r.at),
    companyId: r.companyId,
    companyName: r.companyName,
    userId: r.userId,
    userName: r.userName,
    role: r.role,
    ip: r.ip,
    method: r.method,
    path: r.path,
    resource: r.resource,
    action: r.action,
    changes: r.changes,
  };
  if (r.targetId !== null) e.targetId = r.targetId;
  if (r.kind !== null) e.kind = r.kind;
  if (r.subject !== null) e.subject = r.subject;
  if (r.params !== null) e.params = r.params;
  return e;
}

/** Appends entries to the log, in the request's transaction. */
export async function appendAudit(entries: NewAuditEntry[], db?: Database): Promise<void> {
  if (!entries.length) return;
  await (db ?? (await tx())).insert(auditLog).values(entries.map(toRow));
}

/** Entries of the log, oldest first (tests and figures that read the whole log of a scope). */
export async function auditEntries(where?: SQL): Promise<AuditEntry[]> {
  const db = await tx();
  return (await db.select().from(auditLog).where(where).orderBy(asc(auditLog.id))).map(fromRow);
}
/** Never in the log: passwords, their hashes, one-time passwords (docs/rules.md#people-and-credentials). */
const SKIP_FIELDS = new Set(['password', 'passwordHash', 'oldPassword', 'newPassword', 'oneTimePassword']);
const pad = (n: number) => String(n).padStart(2, '0');

function stamp(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const isPlain = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

/** Fields that differ between two versions of a row. */
export function diffRows(before: unknown, after: unknown): AuditChange[] {
  const a = isPlain(before) ? before : {};
  const b = isPlain(after) ? after : {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((k) => !SKIP_FIELDS.has(k) && !same(a[k], b[k])).map((k) => ({ field: k, before: clone(a[k]), after: clone(b[k]) }));
}

/**
 * The fields of a returned value: `xBefore` / `xAfter` pairs first (one change `x`), then the fields of the rows it
 * returned that are stored rows (`isStored`: created or touched by the write; derived views are left out) and not
 * targets (already diffed), as "after" values, one level of nesting (`card.remainingHours`).
 */
export function fieldsOf(result: unknown, skip: Set<unknown> = new Set(), isStored: (v: unknown) => boolean = () => true): AuditChange[] {
  if (!isPlain(result) || skip.has(result)) return [];
  const pairs: AuditChange[] = [];
  const rest: AuditChange[] = [];
  const paired = new Set<string>();
  for (const k of Object.keys(result)) {
    const m = /^(.+)Before$/.exec(k);
    if (m && `${m[1]}After` in result) {
      pairs.push({ field: m[1], before: clone(result[k]), after: clone(result[`${m[1]}After`]) });
      paired.add(k).add(`${m[1]}After`);
    }
  }
  const top = isStored(result);
  for (const [k, v] of Object.entries(result)) {
    if (paired.has(k) || SKIP_FIELDS.has(k) || skip.has(v)) continue;
    if (isPlain(v)) {
      if (!isStored(v)) continue;
      for (const [k2, v2] of Object.entries(v)) if (!SKIP_FIELDS.has(k2) && !isPlain(v2)) rest.push({ field: `${k}.${k2}`, after: clone(v2) });
    } else if (top) rest.push({ field: k, after: clone(v) });
  }
  return [...pairs, ...rest];
}

/** Rows a write created in the database and answers: logged as the "after" of a create, like a new row of the in-process tables. */
const createdRows = new WeakSet<object>();
export function created<T extends object>(row: T): T {
  createdRows.add(row);
  return row;
}

/** The row a write was about: the row it created (returned, not one of its targets), else its first target, else the id it named. */
function targetIdOf(e: WriteEvent, targets: Set<unknown>): number | undefined {
  const r = e.result;
  if (e.method === 'post' && isPlain(r) && !targets.has(r)) {
    if (typeof r.id === 'number') return r.id;
    for (const v of Object.values(r)) if (isPlain(v) && !targets.has(v) && typeof v.id === 'number') return v.id;
  }
  const first = e.targets[0]?.row;
  if (isPlain(first) && typeof first.id === 'number') return first.id;
  const pid = Number(e.ctx.params?.id);
  if (Number.isInteger(pid) && pid > 0) return pid;
  const b = e.ctx.body;
  if (isPlain(b) && typeof b.id === 'number') return b.id;
  if (isPlain(r) && typeof r.id === 'number') return r.id;
  return undefined;
}

export function resourceOf(path: string): string {
  const parts = path.replace(/^\/(v2|api)\//, '').split('/').filter(Boolean);
  return (parts[0] ?? '').replace(/^:/, '') || path;
}

/**
 * The caller's IP: the socket address mock/server.ts puts in x-real-ip (a client cannot set it); when that is a
 * loopback address (a proxy in front on this machine, e.g. the dev proxy) the first x-forwarded-for address;
 * else 127.0.0.1 (msw in-process, vitest).
 */
export function ipOf(request: Request): string {
  const real = (request.headers.get('x-real-ip') || '').replace(/^::ffff:/, '');
  const loopback = !real || real === '127.0.0.1' || real === '::1';
  const fwd = (request.headers.get('x-forwarded-for') || '').split(',')[0].trim();
  if (!loopback) return real;
  return fwd || real || '127.0.0.1';
}

/* ---------------- sentences and readable changes (issue 31) ---------------- */

defineMessages({
  'audit.other': { en: 'Changed data ({call})', zh: '修改了数据（{call}）' },
  'audit.items': { en: '{n, plural, one {# item} other {# items}}', zh: '{n} 项' },
  'audit.v.yes': { en: 'Yes', zh: '是' },
  'audit.v.no': { en: 'No', zh: '否' },
  'audit.v.on': { en: 'on', zh: '开启' },
  'audit.v.off': { en: 'off', zh: '关闭' },
  'audit.v.approved': { en: 'approved', zh: '通过' },
  'audit.v.rejected': { en: 'rejected', zh: '驳回' },
  'audit.v.booked': { en: 'booked', zh: '已预约' },
  'audit.v.attended': { en: 'attended', zh: '已到课' },
  'audit.v.noShow': { en: 'no-show', zh: '未到' },
  'audit.v.converted': { en: 'converted', zh: '已转化' },
  'audit.v.cancelled': { en: 'cancelled', zh: '已取消' },
  'audit.v.accepted': { en: 'accepted', zh: '接受' },
  'audit.v.declined': { en: 'declined', zh: '拒绝' },
  'audit.f.balance': { en: 'Hours left', zh: '剩余课时' },
  'audit.f.remainingHours': { en: 'Hours left', zh: '剩余课时' },
  'audit.f.boughtHours': { en: 'Hours bought', zh: '购买课时' },
  'audit.f.giftHours': { en: 'Gift hours', zh: '赠送课时' },
  'audit.f.requestedHours': { en: 'Hours asked', zh: '申请课时' },
  'audit.f.paidAmount': { en: 'Amount paid', zh: '实收金额' },
  'audit.f.unitPrice': { en: 'Unit price', zh: '课时单价' },
  'audit.f.price': { en: 'Price', zh: '价格' },
  'audit.f.total': { en: 'Total', zh: '合计' },
  'audit.f.expiryDate': { en: 'Expires', zh: '到期日' },
  'audit.f.validUntil': { en: 'Valid until', zh: '有效期至' },
  'audit.f.validDays': { en: 'Valid days', zh: '有效天数' },
  'audit.f.days': { en: 'Days', zh: '天数' },
  'audit.f.studentName': { en: 'Student', zh: '学员' },
  'audit.f.staffName': { en: 'Staff member', zh: '员工' },
  'audit.f.teacherName': { en: 'Teacher', zh: '老师' },
  'audit.f.sellerName': { en: 'Seller', zh: '销售' },
  'audit.f.ownerName': { en: 'Owner', zh: '负责人' },
  'audit.f.parentName': { en: 'Parent', zh: '家长' },
  'audit.f.operatorName': { en: 'Operator', zh: '操作人' },
  'audit.f.cardNo': { en: 'Card number', zh: '卡号' },
  'audit.f.orderNo': { en: 'Order number', zh: '订单号' },
  'audit.f.templateName': { en: 'Card template', zh: '课卡模板' },
  'audit.f.className': { en: 'Class', zh: '班级' },
  'audit.f.roomName': { en: 'Room', zh: '教室' },
  'audit.f.campusName': { en: 'Campus', zh: '校区' },
  'audit.f.kind': { en: 'Kind', zh: '类型' },
  'audit.f.type': { en: 'Type', zh: '类型' },
  'audit.f.method': { en: 'Payment method', zh: '支付方式' },
  'audit.f.issuedCount': { en: 'Cards issued', zh: '已发卡数' },
  'audit.f.capacity': { en: 'Capacity', zh: '容量' },
  'audit.f.on': { en: 'On', zh: '开启' },
  'audit.f.event': { en: 'Event', zh: '事件' },
  'audit.f.channel': { en: 'Channel', zh: '渠道' },
  'audit.f.receiver': { en: 'Receiver', zh: '接收人' },
  'audit.f.receiverCount': { en: 'Receivers', zh: '接收人数' },
  'audit.f.readCount': { en: 'Read', zh: '已读' },
  'audit.f.segment': { en: 'Receivers chosen by', zh: '接收人范围' },
  'audit.f.text': { en: 'Text', zh: '正文' },
  'audit.f.sendAt': { en: 'Send at', zh: '发送时间' },
  'audit.f.created': { en: 'Rows imported', zh: '导入行数' },
  'audit.f.pooled': { en: 'Into the pool', zh: '进入公海' },
  'audit.f.cards': { en: 'Cards created', zh: '新建课卡' },
  'audit.f.counterparty': { en: 'Counterparty', zh: '往来对象' },
  'audit.f.account': { en: 'Account', zh: '账户' },
  'audit.f.category': { en: 'Category', zh: '类别' },
  'audit.f.direction': { en: 'Direction', zh: '收支' },
  'audit.f.description': { en: 'Description', zh: '描述' },
  'audit.f.onSale': { en: 'On sale', zh: '在售' },
  'audit.f.address': { en: 'Address', zh: '地址' },
  'audit.f.phone': { en: 'Phone', zh: '电话' },
  'audit.f.color': { en: 'Colour', zh: '颜色' },
  'audit.f.intention': { en: 'Intention', zh: '意向' },
  'audit.f.source': { en: 'Source', zh: '来源' },
  'audit.f.gender': { en: 'Gender', zh: '性别' },
  'audit.f.birthday': { en: 'Birthday', zh: '生日' },
  'audit.f.closedBy': { en: 'Closed by', zh: '结账人' },
  'audit.f.closedAt': { en: 'Closed at', zh: '结账时间' },
  'audit.f.invalidReason': { en: 'Reason', zh: '原因' },
  'audit.f.invalidatedAt': { en: 'Invalidated at', zh: '作废时间' },
  'audit.f.voidReason': { en: 'Void reason', zh: '作废原因' },
  'audit.f.approve': { en: 'Approved', zh: '通过' },
  'audit.f.startTime': { en: 'Starts', zh: '开始时间' },
  'audit.f.endTime': { en: 'Ends', zh: '结束时间' },
  'audit.f.published': { en: 'Published', zh: '已发布' },
  'audit.f.onlineMaxMonths': { en: 'Online sale months', zh: '线上售卡月数' },
  'audit.f.feePercent': { en: 'Fee (%)', zh: '手续费（%）' },
  'audit.f.trialDays': { en: 'Trial days', zh: '试用天数' },
  'audit.f.wechat': { en: 'WeChat', zh: '微信' },
  'audit.f.score': { en: 'Score', zh: '成绩' },
  'audit.f.comment': { en: 'Comment', zh: '评语' },
  'audit.f.dueDate': { en: 'Due', zh: '截止日期' },
  'audit.f.balanceBefore': { en: 'Hours left before', zh: '操作前剩余课时' },
  'audit.f.balanceAfter': { en: 'Hours left after', zh: '操作后剩余课时' },
  'audit.g.self': { en: 'Own account', zh: '个人账号' },
  'audit.g.subscription': { en: 'Subscription', zh: '订阅' },
  'audit.g.notify': { en: 'Notification rules', zh: '通知规则' },
  'audit.g.notice': { en: 'Notices', zh: '通知' },
  'audit.g.messageTemplate': { en: 'Message templates', zh: '消息模板' },
  'audit.g.bulletin': { en: 'Bulletins', zh: '公告' },
  'audit.g.finance': { en: 'Month close and arrears', zh: '结账与欠费' },
  'audit.g.bill': { en: 'Bill', zh: '账单' },
  'audit.g.salary': { en: 'Salaries', zh: '工资' },
  'audit.g.permission': { en: 'Permissions', zh: '权限' },
  'audit.g.campus': { en: 'Campuses', zh: '校区' },
  'audit.g.account': { en: 'Accounts', zh: '账号' },
  'audit.g.invitation': { en: 'Invitations', zh: '邀请' },
  'audit.g.settings': { en: 'Settings', zh: '设置' },
  'audit.g.web': { en: 'Web page', zh: '微官网' },
  'audit.g.invoice': { en: 'Invoices', zh: '发票' },
  'audit.g.contract': { en: 'Contracts', zh: '合同' },
  'audit.g.lead': { en: 'Leads', zh: '客户' },
  'audit.g.gather': { en: 'Collection forms', zh: '采集表单' },
  'audit.g.webSignup': { en: 'Web sign-ups', zh: '网站报名' },
  'audit.g.merchant': { en: 'Merchants', zh: '合作商户' },
  'audit.g.lesson': { en: 'Lessons and roll calls', zh: '排课与点名' },
  'audit.g.leave': { en: 'Leave', zh: '请假' },
  'audit.g.reservation': { en: 'Bookings', zh: '预约' },
  'audit.g.trial': { en: 'Free trials', zh: '试听' },
  'audit.g.staff': { en: 'Staff', zh: '员工' },
  'audit.g.room': { en: 'Rooms', zh: '教室' },
  'audit.g.class': { en: 'Classes', zh: '班级' },
  'audit.g.student': { en: 'Students', zh: '学员' },
  'audit.g.cardTemplate': { en: 'Card templates', zh: '课卡模板' },
  'audit.g.card': { en: 'Cards', zh: '课卡' },
  'audit.g.homework': { en: 'Homework', zh: '作业' },
  'audit.g.exam': { en: 'Score sheets', zh: '成绩单' },
  'audit.g.company': { en: 'Companies', zh: '公司' },
  'audit.g.package': { en: 'Packages', zh: '套餐' },
  'audit.g.settlement': { en: 'Settlements', zh: '结算' },
  'audit.g.platform': { en: 'Platform settings', zh: '平台设置' },
  'audit.g.other': { en: 'Other', zh: '其他' },
});

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The scalar fields of a value (a body, a summary answer) as "after" changes: what a write gave or answered. */
function scalarFields(v: unknown): AuditChange[] {
  if (!isPlain(v)) return [];
  return Object.entries(v)
    .filter(([k, x]) => !SKIP_FIELDS.has(k) && (isScalar(x) || (Array.isArray(x) && x.every(isScalar))))
    .map(([k, x]) => ({ field: k, after: clone(x) }));
}

/** Where a sentence's variables come from: the first of these fields the write's rows, answer or body have. */
const PARAM_FIELDS: Record<string, string[]> = {
  student: ['studentName'],
  amount: ['amount', 'paidAmount', 'price', 'total', 'net', 'wage'],
  hours: ['hours', 'requestedHours'],
  days: ['days'],
  month: ['month'],
  status: ['status', 'decision', 'approve', 'on'],
  reason: ['reason', 'invalidReason', 'voidReason', 'rejectReason'],
  count: ['created', 'receiverCount', 'count'],
  channel: ['channel'],
  receiver: ['receiver'],
};
const SUBJECT_FIELDS = ['cardNo', 'orderNo', 'slipNo', 'name', 'title', 'studentName', 'staffName', 'leadName', 'className', 'companyName', 'month', 'counterparty'];
const LIST_FIELDS = ['ids', 'studentIds', 'leadIds', 'rows', 'lines', 'lineIds', 'staffIds'];

/** The record a write was about and the variables of its sentence, from its rows (changed or created), answer and body. */
export function describeWrite(e: WriteEvent, kind: AuditKind | undefined): { subject?: string; params: Record<string, Scalar> } {
  const bag = new Map<string, Scalar>();
  const lists = new Map<string, number>();
  const take = (v: unknown) => {
    if (!isPlain(v)) return;
    for (const [k, x] of Object.entries(v)) {
      if (SKIP_FIELDS.has(k)) continue;
      if (isScalar(x) && x !== '' && !bag.has(k)) bag.set(k, x);
      if (Array.isArray(x) && !lists.has(k)) lists.set(k, x.length);
    }
  };
  for (const t of e.targets) take(e.method === 'delete' ? t.before : t.row);
  take(e.result);
  if (isPlain(e.result)) for (const v of Object.values(e.result)) take(v);
  take(e.ctx.body);
  const pick = (fields: string[]) => fields.map((f) => bag.get(f)).find((v) => v !== undefined);
  const params: Record<string, Scalar> = {};
  // A review's decision reads as approved / rejected.
  const approve = bag.get('approve');
  if (typeof approve === 'boolean') params.status = approve ? 'approved' : 'rejected';
  for (const [name, fields] of Object.entries(PARAM_FIELDS)) {
    if (params[name] !== undefined) continue;
    const v = pick(fields);
    if (v !== undefined) params[name] = v;
  }
  if (params.count === undefined) {
    const n = LIST_FIELDS.map((f) => lists.get(f)).find((x) => x !== undefined);
    if (n !== undefined) params.count = n;
  }
  const subject = pick([...(kind?.subject ? [kind.subject] : []), ...SUBJECT_FIELDS]);
  return { subject: subject === undefined ? undefined : String(subject), params };
}

const CLIENT: Record<Lang, Record<string, string>> = { en: enUS, zh: zhCN };
/** A value's label among the screens' own words (a notify event, a channel...), else undefined. */
const clientWord = (lang: Lang, keys: string[]) => keys.map((k) => CLIENT[lang][k]).find((x) => x !== undefined);
const MONEY_FIELDS = new Set(['amount', 'paidAmount', 'price', 'unitPrice', 'total', 'net', 'gross', 'fee', 'wage', 'refund', 'arrears']);
const HOUR_FIELDS = new Set(['hours', 'giftHours', 'boughtHours', 'remainingHours', 'balance', 'requestedHours', 'balanceAfter', 'balanceBefore']);
/** Never shown in a diff: ids and stamps nobody reads, and anything secret. */
const HIDDEN_FIELD = /^(id|companyId|createdAt|updatedAt|\w*Id|token|satoken|code|\w*[Pp]assword\w*|\w*Hash)$/;

function valueText(field: string, v: unknown, lang: Lang): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return message(lang, v ? 'audit.v.yes' : 'audit.v.no');
  if (typeof v === 'number') return MONEY_FIELDS.has(field) ? formatMoney(v) : HOUR_FIELDS.has(field) ? formatHours(v) : String(v);
  if (typeof v === 'string') {
    const words: Record<string, string> = { event: 'notify.event', channel: 'notify.channel', receiver: 'notify.receiver', method: 'card.method' };
    return (words[field] && clientWord(lang, [`${words[field]}.${v}`])) || v;
  }
  if (Array.isArray(v)) return v.every(isScalar) && v.length <= 5 && !/Ids$/.test(field) ? v.join(', ') : message(lang, 'audit.items', { n: v.length });
  return message(lang, 'audit.items', { n: Object.keys(v as object).length });
}

function fieldLabel(field: string, lang: Lang): string {
  const name = field.split('.').pop() ?? field;
  for (const key of [`audit.f.${name}`, `field.${name}`]) {
    const m = message(lang, key);
    if (m !== key) return m;
  }
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Set on a new row by the system, not by the person (its kind, state, derived figures): left out of a creation's lines. */
const DERIVED_ON_CREATE = new Set(['kind', 'type', 'status', 'unitPrice', 'remainingHours', 'balanceAfter', 'requestedHours', 'operatorName', 'readCount']);

/**
 * The changes of a row as a reader reads them: label, old → new, only what changed (a value set anew: its value, once,
 * when there is one), never ids or secrets.
 */
export function diffLines(e: AuditEntry, lang: Lang): AuditDiffLine[] {
  const seen = new Set<string>();
  const out: AuditDiffLine[] = [];
  for (const c of e.changes) {
    const name = c.field.split('.').pop() ?? c.field;
    if (HIDDEN_FIELD.test(name) || SKIP_FIELDS.has(name)) continue;
    if (c.before !== undefined && same(c.before, c.after)) continue;
    const label = fieldLabel(c.field, lang);
    const after = valueText(name, c.after, lang);
    if (c.before === undefined) {
      if (DERIVED_ON_CREATE.has(name) || after === '—' || (Array.isArray(c.after) && !c.after.length)) continue;
      if (seen.has(`${label}\u0000${after}`)) continue;
      seen.add(`${label}\u0000${after}`);
      out.push({ field: c.field, label, after });
    } else out.push({ field: c.field, label, before: valueText(name, c.before, lang), after });
  }
  return out;
}

/** The sentence of a row in the reader's language ("Sold card KC2000524 to 邵怡航, ¥2,880.00"). */
export function sentenceOf(e: AuditEntry, lang: Lang): string {
  const kind = e.kind ? KIND_BY_KEY.get(e.kind) : undefined;
  const p = e.params ?? {};
  const word = (name: string, v: Scalar): string => {
    if (name === 'amount' && typeof v === 'number') return formatMoney(v);
    if (name === 'hours' && typeof v === 'number') return formatHours(Math.abs(v));
    if (typeof v === 'boolean') return message(lang, v ? 'audit.v.on' : 'audit.v.off');
    const s = String(v);
    const own = message(lang, `audit.v.${s}`);
    return own !== `audit.v.${s}` ? own : clientWord(lang, [`notify.channel.${s}`, `notify.receiver.${s}`]) ?? s;
  };
  if (!kind) return message(lang, 'audit.other', { call: `${e.method} ${e.path}` });
  const subject = e.subject === undefined ? '—' : e.kind === 'notify.rule' ? clientWord(lang, [`notify.event.${e.subject}`]) ?? e.subject : e.subject;
  return kind[lang].replace(/\{(\w+)\}/g, (_m, k: string) => (k === 'subject' ? subject : p[k] === undefined ? '—' : word(k, p[k])));
}

/** A stored row with its sentence and readable changes in the reader's language (GET /v2/operate_log). */
export const renderEntry = (e: AuditEntry, lang: Lang): AuditEntry => ({ ...e, sentence: sentenceOf(e, lang), diff: diffLines(e, lang) });

/** The "kind of action" of a row: its kind's group (`card` of `card.sell`). */
export const groupOf = (e: Pick<AuditEntry, 'kind'>) => (e.kind ?? 'other.write').split('.')[0];

/**
 * Writes that belong in another company's log than the caller's session (call path → that company): an invitation
 * answered by the invited person is the inviting company's event (mock/domains/invitations.ts).
 */
export const auditCompanyOf = new Map<string, (e: WriteEvent) => { id: number; name: string } | undefined>();

/** The entry of one successful write, or none (a POST that changes nothing). */
export function auditEntryOf(e: WriteEvent): NewAuditEntry | undefined {
  const { ctx, method } = e;
  const kindOf = AUDIT_KINDS.get(`${method.toUpperCase()} ${e.path}`);
  // A POST that changes nothing (a preview, a read marker) is not a write to log.
  if (kindOf === null) return undefined;
  const s = ctx.session;
  const company = auditCompanyOf.get(e.path)?.(e) ?? s.company;
  const targets = new Set(e.targets.map((t) => t.row));
  let changes: AuditChange[];
  if (method === 'delete') changes = e.targets.flatMap((t) => diffRows(t.before, undefined));
  else {
    // Rows the write changed (found with ctx.target), then what it returned beyond them (a created row, before/after pairs).
    const prefix = e.targets.length > 1;
    const diffs = e.targets.flatMap((t) => diffRows(t.before, t.row).map((c) => (prefix ? { ...c, field: `${t.policy}.${c.field}` } : c)));
    const tables = Object.values(ctx.db).filter((t): t is unknown[] => Array.isArray(t));
    const isStored = (v: unknown) => (typeof v === 'object' && v !== null && createdRows.has(v)) || tables.some((t) => t.includes(v));
    const returned = fieldsOf(e.result, targets, isStored);
    const pairs = returned.filter((c) => c.before !== undefined);
    // A PUT answers the row it changed (already diffed): only its before/after pairs count.
    const rest = method === 'put' ? [] : returned.filter((c) => c.before === undefined);
    changes = [...pairs, ...(diffs.length && rest.length ? diffs.map((c) => (prefix || c.field.includes('.') ? c : { ...c, field: `${e.targets[0].policy}.${c.field}` })) : diffs), ...rest];
    // A write whose rows are derived views (a notice sent, an import's summary): what it was given and what it answered.
    if (!changes.length) changes = [...scalarFields(e.result), ...scalarFields(ctx.body)].filter((c, i, all) => all.findIndex((x) => x.field === c.field) === i);
  }
  const { subject, params } = describeWrite(e, kindOf);
  const action: AuditEntry['action'] = method === 'delete' ? 'delete' : method === 'put' ? 'update' : e.targets.length ? 'action' : 'create';
  return {
    at: new Date(),
    companyId: company.id,
    companyName: company.name,
    userId: s.user.id,
    userName: s.user.name,
    role: s.membership.role,
    ip: ipOf(ctx.request),
    method: method.toUpperCase(),
    path: ctx.url.pathname,
    resource: resourceOf(e.path),
    targetId: targetIdOf(e, targets),
    action,
    kind: kindOf?.kind ?? 'other.write',
    subject,
    params,
    changes,
  };
}

/** The write hook: the entry goes in with the write, in a savepoint (a failing entry never fails the write). */
export async function recordWrite(e: WriteEvent): Promise<void> {
  const entry = auditEntryOf(e);
  if (entry) await savepoint(() => appendAudit([entry]));
}

onWrite.push(recordWrite);

/** A few weeks of earlier writes, so /operate opens on a real history (the live mechanism adds to it). */
export const seedAudit: SqlSeeder = async (sql, db) => {
  await appendAudit(auditSeed(db).map((e) => ({ ...e, at: stampDate(e.at) })), sql);
};

function auditSeed(db: Db): (Omit<NewAuditEntry, 'at'> & { at: string })[] {
  const log: (Omit<NewAuditEntry, 'at'> & { at: string })[] = [];
  const rng = createRng(1414);
  const t = today();
  const users = [
    { userId: 2, userName: '周晓彤', role: 'dealer', companyId: 2, companyName: 'Starlight Dance' },
    { userId: 3, userName: '陈嘉怡', role: 'manager', companyId: 2, companyName: 'Starlight Dance' },
    { userId: 5, userName: '李浩然', role: 'sales', companyId: 2, companyName: 'Starlight Dance' },
    { userId: 9, userName: '何梦琪', role: 'dealer', companyId: 3, companyName: 'Sunrise Art' },
    { userId: 1, userName: '林思远', role: 'admin', companyId: 1, companyName: 'Campus Console Platform' },
  ];
  // Earlier writes of the demo companies, on real rows so that their sentences name real cards, students and classes.
  const cardsOf = (cid: number) => db.studentCards.filter((c) => c.companyId === cid && c.kind === 'count');
  const studentsOf = (cid: number) => db.seedStudents.filter((x) => x.companyId === cid);
  const leadsOf = (cid: number) => (db.seedLeads ?? []).filter((x) => x.companyId === cid);
  const classesOf = (cid: number) => db.seedClasses.filter((x) => x.companyId === cid);
  type Made = Omit<NewAuditEntry, 'at' | 'ip' | keyof (typeof users)[number]>;
  const kinds: ((u: (typeof users)[number]) => Made | undefined)[] = [
    (u) => {
      const card = cardsOf(u.companyId).length ? rng.pick(cardsOf(u.companyId)) : undefined;
      if (!card) return undefined;
      const before = rng.int(2, 12);
      const add = rng.pick([24, 36, 48]);
      const amount = add * 95;
      return { method: 'POST', path: '/v2/student_card/renew', resource: 'student_card', targetId: card.id, action: 'action', kind: 'card.renew', subject: card.cardNo, params: { student: card.studentName, amount, hours: add }, changes: [{ field: 'balance', before, after: before + add }, { field: 'order.amount', after: amount }] };
    },
    (u) => {
      const st = studentsOf(u.companyId).length ? rng.pick(studentsOf(u.companyId)) : undefined;
      if (!st) return undefined;
      return { method: 'PUT', path: '/v2/student', resource: 'student', targetId: st.id, action: 'update', kind: 'student.update', subject: st.name, params: {}, changes: [{ field: 'remark', before: '', after: rng.pick(['周末班优先', 'Prefers Saturday classes', '家长要求调班']) }] };
    },
    (u) => {
      const lead = leadsOf(u.companyId).length ? rng.pick(leadsOf(u.companyId)) : undefined;
      if (!lead) return undefined;
      return { method: 'POST', path: '/v2/customer_follow_up', resource: 'customer_follow_up', targetId: lead.id, action: 'create', kind: 'lead.followUp', subject: lead.name, params: {}, changes: [{ field: 'status', before: 'following', after: rng.pick(['following', 'trial', 'formal']) }] };
    },
    (u) => {
      const cls = classesOf(u.companyId).length ? rng.pick(classesOf(u.companyId)) : undefined;
      if (!cls) return undefined;
      return { method: 'PUT', path: '/v2/company_class', resource: 'company_class', targetId: cls.id, action: 'update', kind: 'class.update', subject: cls.name, params: {}, changes: [{ field: 'capacity', before: 12, after: rng.pick([14, 15, 16]) }] };
    },
  ];
  for (let i = 0; i < 80; i += 1) {
    const u = rng.pick(users.slice(0, 4));
    const day = addDays(t, -rng.int(1, 40));
    const at = `${day} ${pad(rng.int(8, 20))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`;
    const made = rng.pick(kinds)(u);
    if (made) log.push({ at, ip: `10.0.${rng.int(1, 9)}.${rng.int(2, 250)}`, ...u, ...made });
  }
  const admin = users[4];
  for (const [companyId, days] of [[4, 365], [3, 90]] as const) {
    const day = addDays(t, -rng.int(60, 200));
    const name = db.seedCompanies.find((c) => c.id === companyId)?.name;
    log.push({ at: `${day} 10:0${companyId}:00`, ip: '10.0.0.8', ...admin, method: 'POST', path: '/v2/company_kt/renew_valid_day', resource: 'company_kt', targetId: companyId, action: 'action', kind: 'company.renew', subject: name, params: { days }, changes: [{ field: 'validUntil', before: addDays(day, 3), after: addDays(day, 3 + days) }] });
  }
  return log.sort((a, b) => a.at.localeCompare(b.at));
}

const LIST_SORT = {
  at: auditLog.at,
  companyName: auditLog.companyNameSort,
  userName: auditLog.userNameSort,
  resource: auditLog.resource,
};

/** An id filter's value (comma = any of); a value that is no id matches nothing, never a database error. */
function idsIn(column: AnyColumn, value: string): SQL {
  const ids = value.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
  return ids.length ? sql`${column} in (${sql.join(ids.map((n) => sql`${n}`), sql`, `)})` : sql`false`;
}

/** The "kind of action" filter: the kinds of a group (`card` → `card.*`; `other` also holds rows without a kind). */
function groupIs(group: string): SQL {
  const kinds = like(auditLog.kind, `${group.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`);
  return group === 'other' ? or(isNull(auditLog.kind), kinds)! : kinds;
}

export const auditHandlers = [
  /**
   * The log, newest first, each row with its sentence and readable changes in the reader's language. Filters: company
   * (platform), person (`userId`), kind of action (`group`, e.g. `card`), record (`record`: the card number, name or
   * title the write was about, or any of its sentence's values), date range; `keyword` searches the sentence too.
   */
  api('get', '/v2/operate_log', { read: auditPolicy }, async (ctx) => {
    const lang = ctx.lang;
    const page = await sqlList(
      await tx(),
      auditLog,
      ctx.scope(auditPolicy),
      ctx.query,
      {
        keyword: [auditLog.path, auditLog.userName, auditLog.companyName, auditLog.ip, auditLog.subject],
        equal: { resource: auditLog.resource, method: auditLog.method, action: auditLog.action, kind: auditLog.kind },
        filters: {
          companyId: (v) => idsIn(auditLog.companyId, v),
          userId: (v) => idsIn(auditLog.userId, v),
          targetId: (v) => idsIn(auditLog.targetId, v),
          group: groupIs,
          record: (v) => {
            const p = contains(v.trim());
            return sql`(${ilike(auditLog.subject, p)} or exists (select 1 from jsonb_each_text(coalesce(${auditLog.params}, '{}'::jsonb)) as p(k, v) where p.v ilike ${p}))`;
          },
        },
        date: auditLog.at,
        sortable: LIST_SORT,
        defaultSort: { field: 'at', order: 'descend' },
        // Newest first within one second.
        tiebreak: [desc(auditLog.id)],
      },
      lang,
    );
    return { total: page.total, list: page.list.map((r) => renderEntry(fromRow(r), lang)) };
  }),

  /** The filter options of /operate: the companies, users, resources and kinds of action present in the caller's log. */
  api('get', '/v2/operate_log/options', { read: auditPolicy }, async (ctx) => {
    const lang = ctx.lang;
    const db = await tx();
    const scope = ctx.scope(auditPolicy);
    // Each company and person once, in the order they first appear, with the name of their latest entry.
    const named = async (id: PgColumn, name: PgColumn) =>
      db
        .select({ value: sql<number>`${id}`, label: sql<string>`(array_agg(${name} order by ${auditLog.id} desc))[1]` })
        .from(auditLog)
        .where(scope)
        .groupBy(id)
        .orderBy(sql`min(${auditLog.id})`);
    const companies = await named(auditLog.companyId, auditLog.companyName);
    const users = await named(auditLog.userId, auditLog.userName);
    const resources = (await db.selectDistinct({ r: auditLog.resource }).from(auditLog).where(scope)).map((x) => x.r);
    const kinds = await db.selectDistinct({ kind: auditLog.kind }).from(auditLog).where(scope);
    const groups = new Set(kinds.map((k) => groupOf({ kind: k.kind ?? undefined })));
    return {
      companies,
      users,
      resources: [...resources].sort(),
      groups: [...groups].map((value) => ({ value, label: message(lang, `audit.g.${value}`) })).sort((a, b) => a.label.localeCompare(b.label, lang === 'zh' ? 'zh-CN' : 'en')),
    };
  }),
];
