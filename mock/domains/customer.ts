/**
 * Customer center of the mock backend (docs/rules.md#leads, docs/screens.md#customer-center): leads, follow-ups, the lead pool, distribution and
 * conversion. Rules come from src/domain/leads.ts. Collection forms, web sign-ups and merchants are in
 * ./customerExtra.ts; the seed in ./customerSeed.ts. The follow-ups, forms, sign-ups and merchants are in the database
 * (server/db/schema/customer.ts); the leads are still in the process (read synchronously by other domains).
 *
 * Exported for other domains: `insertLead` (unique mobile per company) and `setLeadStatus` (free trials: booked,
 * attended, converted).
 */
import { scopeLeads } from './dataScope';
import { emit } from './notify';
import type { Db } from '../db';
import { nextId } from '../db';
import { campusesOf } from './campusRows';
import { settingsOf } from './companySettings';
import { api, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { staffOf, staffPerson } from './people';
import { defineMessages, message, type Lang } from '../messages';
import { listQuery } from '../list';
import { parseBody } from '../schema';
import { indexOf } from '../indexes';
import { nowStamp, today } from '../clock';
import type {
  ClaimResult,
  ConvertResult,
  FastCheckResult,
  FollowUp,
  FollowUpMethod,
  GatherForm,
  Lead,
  LeadGender,
  LeadIntention,
  LeadQuota,
  LeadSource,
  LeadStatus,
  Merchant,
  OwnerOption,
  PoolReason,
} from '../../src/types/customer';
import { DistributeBody, FastCheckQuery, FollowUpBody, FollowUpQuery, LeadBody, LeadIdsBody, LeadUpdateBody } from '../../src/types/customer.schemas';
import type { Role } from '../../src/types/session';
import {
  canDelete,
  canDistribute,
  claimCheck,
  conversionBlocker,
  findDuplicate,
  leadsDueForPool,
  leadStats,
  matchesDue,
  normalizeMobile,
  ownedCount,
  seesAllLeads,
  statusAfterFollowUp,
  type DueFilter,
} from '../../src/domain/leads';
import { createStudentForLead } from './customerStudent';
import { drillRows } from './analysis';
import { created } from './audit';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { beforeCommit, tx } from '../../server/db';
import { followUps, merchants } from '../../server/db/schema';
import { stampDate, stampOf } from '../../server/db/time';

/** Stored merchant: counts are derived when listed. */
export type MerchantRow = Omit<Merchant, 'leadCount' | 'formalCount'>;
/** Stored form: counts are derived when listed. */
export type GatherFormRow = Omit<GatherForm, 'submissionCount' | 'leadCount'>;

declare module '../db' {
  interface Db {
    leads: Lead[];
  }
}

/** `column in (…ids)`, false for none. */
export function anyOf(column: PgColumn, ids: number[]): SQL {
  return ids.length ? inArray(column, ids) : sql`false`;
}

defineMessages({
  'lead.lead': { en: 'Lead', zh: '客户' },
  'lead.owner': { en: 'Owner', zh: '负责人' },
  'lead.merchant': { en: 'Merchant', zh: '合作商家' },
  'lead.campus': { en: 'Campus', zh: '校区' },
  'lead.duplicate': { en: 'The mobile {mobile} already belongs to lead {name} ({owner}).', zh: '手机号 {mobile} 已是客户 {name}（{owner}）。' },
  'lead.inPool': { en: 'in the pool', zh: '在公海' },
  'lead.ownedBy': { en: 'owned by {owner}', zh: '负责人：{owner}' },
  'lead.limit': {
    en: 'You already own {owned} active leads; the limit is {limit} per person, so at most {room} more can be taken.',
    zh: '您已负责 {owned} 个跟进中的客户，每人上限 {limit} 个，最多还能领取 {room} 个。',
  },
  'lead.ownerLimit': {
    en: '{owner} already owns {owned} active leads; the limit is {limit} per person, so at most {room} more can be assigned.',
    zh: '{owner} 已负责 {owned} 个跟进中的客户，每人上限 {limit} 个，最多还能分配 {room} 个。',
  },
  'lead.alreadyInPool': { en: 'Lead {name} is already in the pool.', zh: '客户 {name} 已在公海中。' },
  'lead.notInPool': { en: 'Lead {name} is no longer in the pool (someone claimed it).', zh: '客户 {name} 已不在公海（已被领取）。' },
  'lead.notYours': { en: 'Lead {name} is not yours.', zh: '客户 {name} 不属于您。' },
  'lead.alreadyFormal': { en: 'Lead {name} has already been converted.', zh: '客户 {name} 已转为正式学员。' },
  'lead.invalidCannotConvert': { en: 'Lead {name} is invalid; set it back to following before converting.', zh: '客户 {name} 是无效客户，请先改回跟进中再转正。' },
  'lead.formalNoDelete': { en: 'Lead {name} has been converted to a student and cannot be deleted.', zh: '客户 {name} 已转为正式学员，不能删除。' },
  'lead.followUpFormal': { en: 'A follow-up cannot convert a lead; use "Convert to student".', zh: '跟进不能直接转正，请使用“转为正式学员”。' },
  'lead.formalLocked': { en: 'A converted lead keeps the status "formal".', zh: '已转正的客户状态不能修改。' },
  'lead.badOwner': { en: 'The owner must be a sales person, manager or store manager of this company.', zh: '负责人必须是本公司的销售、负责人或店长。' },
  'lead.distributeOnly': { en: 'Only managers and store managers can distribute leads.', zh: '只有负责人和店长可以分配客户。' },
  'lead.nextBeforeToday': { en: 'The next follow-up cannot be in the past.', zh: '下次跟进时间不能早于今天。' },
  'lead.studentFailed': { en: 'The student could not be created: {detail}', zh: '学员创建失败：{detail}' },
  'lead.autoStatus': { en: 'Status changed to {status} by {operator}.', zh: '{operator} 将状态改为 {status}。' },
  'lead.status.new': { en: 'new', zh: '新客户' },
  'lead.status.following': { en: 'following', zh: '跟进中' },
  'lead.status.trial': { en: 'trial booked', zh: '已约试听' },
  'lead.status.formal': { en: 'formal', zh: '已转正' },
  'lead.status.invalid': { en: 'invalid', zh: '无效' },
  'lead.pool': { en: 'Pool', zh: '公海' },
  'f.name': { en: 'Name', zh: '姓名' },
  'f.mobile': { en: 'Mobile', zh: '手机号' },
  'f.parentName': { en: 'Parent', zh: '家长' },
  'f.age': { en: 'Age', zh: '年龄' },
  'f.course': { en: 'Course of interest', zh: '意向课程' },
  'f.remark': { en: 'Remark', zh: '备注' },
  'f.intention': { en: 'Intention', zh: '意向等级' },
  'f.source': { en: 'Source', zh: '来源' },
  'f.status': { en: 'Status', zh: '状态' },
  'f.gender': { en: 'Gender', zh: '性别' },
  'f.campusId': { en: 'Campus', zh: '校区' },
  'f.ownerId': { en: 'Owner', zh: '负责人' },
  'f.ids': { en: 'Leads', zh: '客户' },
  'f.method': { en: 'Method', zh: '跟进方式' },
  'f.content': { en: 'Content', zh: '跟进内容' },
  'f.nextFollowUpAt': { en: 'Next follow-up', zh: '下次跟进' },
  'f.leadId': { en: 'Lead', zh: '客户' },
  'f.merchantId': { en: 'Merchant', zh: '合作商家' },
  'f.id': { en: 'Id', zh: '编号' },
});

export const FIELD_KEYS = [
  'name',
  'mobile',
  'parentName',
  'age',
  'course',
  'remark',
  'intention',
  'source',
  'status',
  'gender',
  'campusId',
  'ownerId',
  'ids',
  'method',
  'content',
  'nextFollowUpAt',
  'leadId',
  'merchantId',
  'id',
];

/** Field labels of the customer calls in a language. */
export function labels(lang: Lang): Record<string, string> {
  return Object.fromEntries(FIELD_KEYS.map((k) => [k, message(lang, `f.${k}`)]));
}

export interface Operator {
  id: number;
  name: string;
}

/** The leads' table (created on first use, so another domain's seeder may insert leads before ours runs). */
export function ensureCustomerTables(db: Db) {
  db.leads ??= [];
}

const OWNER_ROLES: Role[] = ['sales', 'manager', 'dealer'];

/** People who may own leads: users of the company with role sales, manager or dealer (by user id). */
export function ownerOptions(db: Db, companyId: number): OwnerOption[] {
  const seen = new Set<number>();
  const out: OwnerOption[] = [];
  for (const { membership: m, person: u } of staffOf(db, companyId)) {
    if (!OWNER_ROLES.includes(m.role) || seen.has(u.id)) continue;
    seen.add(u.id);
    out.push({ value: u.id, label: u.name });
  }
  return out;
}

function campusName(db: Db, companyId: number, campusId: number, lang: Lang): string {
  const c = campusesOf(db, companyId).find((x) => x.id === campusId);
  if (!c) throw new HttpError(400, message(lang, 'common.notFound', { what: message(lang, 'lead.campus') }));
  return c.name;
}

export interface LeadInput {
  companyId: number;
  campusId: number;
  name: string;
  mobile: string;
  intention?: LeadIntention;
  source: LeadSource;
  status?: LeadStatus;
  parentName?: string;
  gender?: LeadGender;
  age?: number;
  course?: string;
  remark?: string;
  /** A merchant of the company (the caller checked it), with its name. */
  merchant?: { id: number; name: string };
  formId?: number;
  ownerId?: number;
  nextFollowUpAt?: string;
  /** Default now. */
  createdAt?: string;
  /** Name of who added it (default "system"). */
  createdBy?: string;
  poolReason?: PoolReason;
}

function duplicateError(db: Db, existing: Lead, lang: Lang): HttpError {
  const owner = existing.ownerId === undefined ? message(lang, 'lead.inPool') : message(lang, 'lead.ownedBy', { owner: existing.ownerName ?? '' });
  return new HttpError(400, message(lang, 'lead.duplicate', { mobile: existing.mobile, name: existing.name, owner }));
}

/**
 * Adds a lead. Enforces the unique mobile per company (400 naming the existing lead and its owner) and that the
 * campus belongs to the company. No owner = in the pool. Does not check the claim limit (callers that act for a
 * person do: see `assertRoom`).
 */
export function insertLead(db: Db, input: LeadInput, lang: Lang = 'en'): Lead {
  ensureCustomerTables(db);
  const mobile = normalizeMobile(input.mobile);
  const dup = findDuplicate(db.leads, input.companyId, mobile);
  if (dup) throw duplicateError(db, dup, lang);
  const at = input.createdAt ?? nowStamp();
  const owner = input.ownerId !== undefined ? staffPerson(db, input.companyId, input.ownerId) : undefined;
  const merchant = input.merchant;
  const lead: Lead = {
    id: nextId(db, 'leads'),
    companyId: input.companyId,
    campusId: input.campusId,
    campusName: campusName(db, input.companyId, input.campusId, lang),
    name: input.name,
    mobile,
    parentName: input.parentName,
    gender: input.gender,
    age: input.age,
    course: input.course,
    status: input.status ?? 'new',
    intention: input.intention ?? 'C',
    source: input.source,
    ownerId: owner?.id,
    ownerName: owner?.name,
    assignedAt: owner ? at : undefined,
    poolReason: owner ? undefined : input.poolReason ?? 'unassigned',
    pooledAt: owner ? undefined : at,
    nextFollowUpAt: input.nextFollowUpAt,
    followUpCount: 0,
    merchantId: merchant?.id,
    merchantName: merchant?.name,
    formId: input.formId,
    remark: input.remark,
    createdAt: at,
    createdBy: input.createdBy ?? 'system',
  };
  db.leads.push(lead);
  return lead;
}

function statusLabel(lang: Lang, s: LeadStatus) {
  return message(lang, `lead.status.${s}`);
}

/** A follow-up before the database gives it its id. */
export type FollowUpRecord = Omit<FollowUp, 'id'>;
/** Where a follow-up is written (the seed collects them; a request writes them in its transaction). */
export type FollowUpSink = (row: FollowUpRecord) => void;

/** A follow-up as stored. */
export function followUpValues(r: FollowUpRecord): typeof followUps.$inferInsert {
  return { ...r, nextFollowUpAt: r.nextFollowUpAt ?? null, createdAt: stampDate(r.createdAt) };
}

/** A stored follow-up as the API answers it. */
export function followUpOf(r: typeof followUps.$inferSelect): FollowUp {
  const row: FollowUp = {
    id: r.id,
    companyId: r.companyId,
    leadId: r.leadId,
    method: r.method,
    content: r.content,
    statusBefore: r.statusBefore,
    statusAfter: r.statusAfter,
    intentionBefore: r.intentionBefore,
    intentionAfter: r.intentionAfter,
    operatorId: r.operatorId,
    operatorName: r.operatorName,
    createdAt: stampOf(r.createdAt),
  };
  if (r.nextFollowUpAt !== null) row.nextFollowUpAt = r.nextFollowUpAt;
  return row;
}

/**
 * The default sink: the follow-up is written in the request's transaction before its commit (the callers in other
 * domains, free trials, are synchronous); outside a request at once.
 */
const queueFollowUp: FollowUpSink = (row) => {
  void beforeCommit(async () => {
    await (await tx()).insert(followUps).values(followUpValues(row));
  });
};

/** Appends a follow-up to the timeline (written by `sink`) and updates the lead (status, intention, dates, count). */
export function recordFollowUp(
  db: Db,
  lead: Lead,
  input: { method: FollowUpMethod; content: string; nextFollowUpAt?: string; status: LeadStatus; intention: LeadIntention; operator: Operator; at?: string },
  sink: FollowUpSink = queueFollowUp,
): FollowUpRecord {
  ensureCustomerTables(db);
  const at = input.at ?? nowStamp();
  const row: FollowUpRecord = {
    companyId: lead.companyId,
    leadId: lead.id,
    method: input.method,
    content: input.content,
    nextFollowUpAt: input.nextFollowUpAt,
    statusBefore: lead.status,
    statusAfter: input.status,
    intentionBefore: lead.intention,
    intentionAfter: input.intention,
    operatorId: input.operator.id,
    operatorName: input.operator.name,
    createdAt: at,
  };
  sink(row);
  lead.status = input.status;
  lead.intention = input.intention;
  lead.lastFollowUpAt = at;
  lead.nextFollowUpAt = input.nextFollowUpAt;
  lead.followUpCount += 1;
  return row;
}

/**
 * Converts a lead: creates the student (school domain) in the same step and marks the lead formal.
 * Throws 400 when the lead cannot be converted.
 */
export function convertLead(db: Db, lead: Lead, operator: Operator, lang: Lang = 'en', at = nowStamp(), sink: FollowUpSink = queueFollowUp): number {
  const blocker = conversionBlocker(lead);
  if (blocker) throw new HttpError(400, message(lang, blocker, { name: lead.name }));
  const studentId = createStudentForLead(db, lead, at, lang);
  recordFollowUp(db, lead, {
    method: 'other',
    content: message(lang, 'lead.autoStatus', { status: statusLabel(lang, 'formal'), operator: operator.name }),
    status: 'formal',
    intention: lead.intention,
    operator,
    at,
  }, sink);
  lead.studentId = studentId;
  lead.convertedAt = at;
  lead.nextFollowUpAt = undefined;
  return studentId;
}

/**
 * Sets a lead's status from another domain (free trials: 'trial' when booked or attended, 'formal' when converted,
 * which creates the student). The change is written to the lead's follow-up timeline. A converted lead is left as it
 * is for any other status. Returns the lead.
 */
export function setLeadStatus(db: Db, leadId: number, status: LeadStatus, operator: Operator, lang: Lang = 'en'): Lead {
  ensureCustomerTables(db);
  const lead = db.leads.find((l) => l.id === leadId);
  if (!lead) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'lead.lead') }));
  if (lead.status === status) return lead;
  if (status === 'formal') {
    convertLead(db, lead, operator, lang);
    return lead;
  }
  // A converted lead stays formal: later trial events (attended, no-show...) do not move it back.
  if (lead.status === 'formal') return lead;
  recordFollowUp(db, lead, {
    method: 'other',
    content: message(lang, 'lead.autoStatus', { status: statusLabel(lang, status), operator: operator.name }),
    nextFollowUpAt: lead.nextFollowUpAt,
    status,
    intention: lead.intention,
    operator,
  });
  return lead;
}

/** Returns to the pool the company's leads whose owners have not followed them up for the configured days. */
export function sweepPool(db: Db, companyId: number, day = today(), at = nowStamp()): number {
  ensureCustomerTables(db);
  const { leadPoolDays } = settingsOf(db, companyId);
  const ids = new Set(leadsDueForPool(db.leads.filter((l) => l.companyId === companyId), day, leadPoolDays));
  for (const l of db.leads) {
    if (!ids.has(l.id)) continue;
    toPool(l, 'returned', at);
  }
  return ids.size;
}

export function toPool(l: Lead, reason: PoolReason, at: string) {
  l.previousOwnerName = l.ownerName;
  l.ownerId = undefined;
  l.ownerName = undefined;
  l.assignedAt = undefined;
  l.poolReason = reason;
  l.pooledAt = at;
  // The owner's plan goes with the owner: whoever claims the lead plans the next follow-up.
  l.nextFollowUpAt = undefined;
}

function assign(l: Lead, owner: OwnerOption, at: string) {
  l.ownerId = owner.value;
  l.ownerName = owner.label;
  l.assignedAt = at;
  l.poolReason = undefined;
  l.pooledAt = undefined;
}

/** 400 unless `owner` may take `count` more leads. */
export function assertRoom(db: Db, companyId: number, owner: OwnerOption, count: number, lang: Lang, self: boolean) {
  const { leadOwnLimit } = settingsOf(db, companyId);
  const owned = ownedCount(
    db.leads.filter((l) => l.companyId === companyId),
    owner.value,
  );
  const check = claimCheck(owned, count, leadOwnLimit);
  if (!check.ok) {
    throw new HttpError(400, message(lang, self ? 'lead.limit' : 'lead.ownerLimit', { owner: owner.label, owned, limit: leadOwnLimit, room: check.room }));
  }
}

function operatorOf(s: Session): Operator {
  return { id: s.user.id, name: s.user.name };
}

/** The leads of the caller's company that the caller may see on /customer (sales: their own). The one scope of every lead call. */
export function leadRows(db: Db, s: Session): Lead[] {
  ensureCustomerTables(db);
  sweepPool(db, s.company.id);
  const all = indexOf(db, 'leads', s.company.id);
  // The data scope of the caller's permission group (own / campus / company), mock/domains/dataScope.ts.
  return scopeLeads(db, s, seesAllLeads(s.membership.role) ? all : all.filter((l) => l.ownerId === s.user.id));
}

const visibleLeads = leadRows;

/** Leads: /customer, its options, stats and every write on a lead. */
export const leadPolicy = definePolicy<Lead>({ name: 'leads', read: 'customerCenter', rows: leadRows });
/** The lead pool (/customer/pool): unowned leads of the company, open to every customer-center user. */
export const poolPolicy = definePolicy<Lead>({
  name: 'lead pool',
  read: 'customerCenter',
  rows: (db, s) => {
    ensureCustomerTables(db);
    sweepPool(db, s.company.id);
    // The permission group's data scope applies to the pool as to every lead list (campus: the caller's campus).
    return scopeLeads(db, s, indexOf(db, 'leads', s.company.id).filter((l) => l.ownerId === undefined));
  },
});
/** Follow-ups: those of the leads the caller sees. */
export const followUpPolicy = definePolicy<FollowUp>({
  name: 'follow-ups',
  read: 'customerCenter',
  where: (s, db) => and(eq(followUps.companyId, s.company.id), anyOf(followUps.leadId, leadRows(db, s).map((l) => l.id))),
});

function findVisible(ctx: AuthedCtx, id: number): Lead {
  return ctx.target(leadPolicy, id, 'lead.lead');
}

function ownerOf(ctx: AuthedCtx, ownerId: number): OwnerOption {
  const o = ownerOptions(ctx.db, ctx.session.company.id).find((x) => x.value === ownerId);
  if (!o) throw ctx.bad('lead.badOwner');
  return o;
}

type LeadDetailsInput = {
  parentName?: string;
  gender?: LeadGender | null;
  age?: number | null;
  course?: string;
  remark?: string;
  merchantId?: number | null;
  nextFollowUpAt?: string;
};

/** A merchant of the company by id (undefined: none). */
export async function companyMerchant(companyId: number, id: number): Promise<{ id: number; name: string } | undefined> {
  const [m] = await (await tx()).select({ id: merchants.id, name: merchants.name }).from(merchants).where(and(eq(merchants.companyId, companyId), eq(merchants.id, id)));
  return m;
}

/** Shared optional fields of create and update. */
async function readDetails(b: LeadDetailsInput, ctx: AuthedCtx, keepNext?: string) {
  const merchantId = b.merchantId ?? undefined;
  const merchant = merchantId === undefined ? undefined : await companyMerchant(ctx.session.company.id, merchantId);
  if (merchantId !== undefined && !merchant) {
    throw new HttpError(400, ctx.t('common.notFound', { what: ctx.t('lead.merchant') }));
  }
  const nextFollowUpAt = b.nextFollowUpAt;
  if (nextFollowUpAt && nextFollowUpAt < today() && nextFollowUpAt !== keepNext) throw ctx.bad('lead.nextBeforeToday');
  return {
    parentName: b.parentName,
    gender: b.gender ?? undefined,
    age: b.age ?? undefined,
    course: b.course,
    remark: b.remark,
    merchant,
    nextFollowUpAt,
  };
}

/** Field labels: field → `f.<field>` message. */
const F = Object.fromEntries(FIELD_KEYS.map((k) => [k, `f.${k}`]));

const DUE: DueFilter[] = ['overdue', 'today', 'week', 'none'];

function leadListSpec(day: string) {
  return {
    keywordFields: ['name', 'mobile', 'parentName', 'course'] as (keyof Lead)[],
    equalFields: ['status', 'intention', 'source', 'campusId', 'merchantId', 'formId', 'poolReason'] as (keyof Lead)[],
    filters: {
      ownerId: (r: Lead, v: string) => (v === 'pool' ? r.ownerId === undefined : v.split(',').includes(String(r.ownerId))),
      due: (r: Lead, v: string) => DUE.includes(v as DueFilter) && matchesDue(r, v as DueFilter, day),
      convertedStart: (r: Lead, v: string) => !!r.convertedAt && r.convertedAt.slice(0, 10) >= v,
      convertedEnd: (r: Lead, v: string) => !!r.convertedAt && r.convertedAt.slice(0, 10) <= v,
    },
    dateField: 'createdAt' as keyof Lead,
    sortable: ['createdAt', 'lastFollowUpAt', 'nextFollowUpAt', 'intention', 'name', 'convertedAt', 'pooledAt', 'followUpCount'] as (keyof Lead)[],
    defaultSort: { field: 'createdAt' as keyof Lead, order: 'descend' as const },
  };
}

export const customerHandlers = [
  api('get', '/v2/customer/owners', { read: leadPolicy }, ({ db, session }) => ownerOptions(db, session.company.id)),

  api('get', '/v2/customer/campus_options', { read: leadPolicy }, ({ db, session }): OwnerOption[] =>
    campusesOf(db, session.company.id).map((c) => ({ value: c.id, label: c.name })),
  ),

  // A duplicate check over the whole company (it names the owner, never the details), as the add form needs.
  api('get', '/v2/customer/fast_check', { read: leadPolicy }, (ctx): FastCheckResult => {
    const { mobile } = parseBody(FastCheckQuery, { mobile: ctx.query.mobile }, ctx.lang, F);
    sweepPool(ctx.db, ctx.session.company.id);
    const l = findDuplicate(ctx.db.leads, ctx.session.company.id, mobile);
    if (!l) return { exists: false };
    return {
      exists: true,
      lead: {
        id: l.id,
        name: l.name,
        status: l.status,
        ownerId: l.ownerId,
        ownerName: l.ownerName,
        inPool: l.ownerId === undefined,
        mine: l.ownerId === ctx.session.user.id,
        createdAt: l.createdAt,
      },
    };
  }),

  api('get', '/v2/customer/stats', { read: leadPolicy }, (ctx) => {
    const { startDate, endDate } = ctx.query;
    // Validates the dates and the range the same way the lists do.
    listQuery([], { startDate, endDate, page: '1', pageSize: '1' }, {}, ctx.lang);
    return leadStats(ctx.rows(leadPolicy), { startDate: startDate || undefined, endDate: endDate || undefined }, ctx.t('lead.pool'), today());
  }),

  api('get', '/v2/customer', { read: leadPolicy }, (ctx) =>
    listQuery(drillRows(ctx.db, ctx.session, 'customer', ctx.rows(leadPolicy), ctx.query, ctx.lang), ctx.query, leadListSpec(today()), ctx.lang),
  ),

  api('post', '/v2/customer', { write: leadPolicy, body: LeadBody, labels: F }, async (ctx) => {
    const s = ctx.session;
    const { name, mobile, campusId, intention, source } = ctx.body;
    const details = await readDetails(ctx.body, ctx);
    // Sales own what they add; managers and dealers may pick an owner or leave it in the pool (ownerId 0 / absent).
    let owner: OwnerOption | undefined;
    if (seesAllLeads(s.membership.role)) {
      // Absent = the caller; 0 = the pool.
      const ownerId = ctx.body.ownerId;
      owner = ownerId === undefined ? ownerOf(ctx, s.user.id) : ownerId === 0 ? undefined : ownerOf(ctx, ownerId);
    } else {
      owner = { value: s.user.id, label: s.user.name };
    }
    sweepPool(ctx.db, s.company.id);
    const dup = findDuplicate(ctx.db.leads, s.company.id, mobile);
    if (dup) throw duplicateError(ctx.db, dup, ctx.lang);
    if (owner) assertRoom(ctx.db, s.company.id, owner, 1, ctx.lang, owner.value === s.user.id);
    return insertLead(
      ctx.db,
      { companyId: s.company.id, campusId, name, mobile, intention, source, ...details, ownerId: owner?.value, createdBy: s.user.name },
      ctx.lang,
    );
  }),

  api('put', '/v2/customer', { write: leadPolicy, body: LeadUpdateBody, labels: F }, async (ctx) => {
    const b = ctx.body;
    const lead = findVisible(ctx, b.id);
    const patch: Partial<Lead> = {};
    if (b.name !== undefined) patch.name = b.name;
    if (b.mobile !== undefined) {
      const mobile = b.mobile;
      const dup = findDuplicate(ctx.db.leads, ctx.session.company.id, mobile, lead.id);
      if (dup) throw duplicateError(ctx.db, dup, ctx.lang);
      patch.mobile = normalizeMobile(mobile);
    }
    if (b.campusId !== undefined) {
      const campusId = b.campusId;
      patch.campusId = campusId;
      patch.campusName = campusName(ctx.db, ctx.session.company.id, campusId, ctx.lang);
    }
    if (b.intention !== undefined) patch.intention = b.intention;
    if (b.source !== undefined) patch.source = b.source;
    const d = await readDetails(b, ctx, lead.nextFollowUpAt);
    const body = b as Record<string, unknown>;
    // Optional text fields: present in the body (even empty) = set or clear.
    for (const k of ['parentName', 'gender', 'age', 'course', 'remark', 'nextFollowUpAt'] as const) {
      if (k in body) (patch as Record<string, unknown>)[k] = d[k];
    }
    if ('merchantId' in body) {
      patch.merchantId = d.merchant?.id;
      patch.merchantName = d.merchant?.name;
    }
    Object.assign(lead, patch);
    return lead;
  }),

  api('post', '/v2/customer/distribute', { write: leadPolicy, body: DistributeBody, labels: F }, (ctx) => {
    const s = ctx.session;
    if (!canDistribute(s.membership.role)) throw new HttpError(403, ctx.t('lead.distributeOnly'));
    const ids = ctx.body.ids;
    const owner = ownerOf(ctx, ctx.body.ownerId);
    const leads = ids.map((id) => findVisible(ctx, id));
    const moving = leads.filter((l) => l.ownerId !== owner.value && l.status !== 'formal' && l.status !== 'invalid');
    const movingActive = leads.filter((l) => l.ownerId !== owner.value && (l.status === 'new' || l.status === 'following' || l.status === 'trial'));
    if (movingActive.length) assertRoom(ctx.db, s.company.id, owner, movingActive.length, ctx.lang, owner.value === s.user.id);
    const at = nowStamp();
    // Converted and invalid leads may change owner too (for the records); only active ones count towards the limit.
    for (const l of leads) if (l.ownerId !== owner.value) assign(l, owner, at);
    if (leads.length) emit(ctx.db, s.company.id, 'leadAssigned', { ownerUserId: owner.value, values: { count: leads.length, names: leads.slice(0, 5).map((l) => l.name).join('、'), ownerName: owner.label } });
    return { distributed: leads.length, active: moving.length };
  }),

  api('post', '/v2/customer/release', { write: leadPolicy, body: LeadIdsBody, labels: F }, (ctx) => {
    const leads = ctx.body.ids.map((id) => findVisible(ctx, id));
    for (const l of leads) {
      if (l.ownerId === undefined) throw new HttpError(400, ctx.t('lead.alreadyInPool', { name: l.name }));
      if (l.status === 'formal') throw new HttpError(400, ctx.t('lead.alreadyFormal', { name: l.name }));
    }
    const at = nowStamp();
    for (const l of leads) toPool(l, 'released', at);
    return { released: leads.length };
  }),

  api('post', '/v2/customer/formal', { write: leadPolicy, body: LeadIdsBody, labels: F }, (ctx): ConvertResult => {
    const leads = ctx.body.ids.map((id) => findVisible(ctx, id));
    // All or nothing: check every lead first.
    for (const l of leads) {
      const blocker = conversionBlocker(l);
      if (blocker) throw new HttpError(400, ctx.t(blocker, { name: l.name }));
    }
    const op = operatorOf(ctx.session);
    const converted = leads.map((l) => ({ leadId: l.id, studentId: convertLead(ctx.db, l, op, ctx.lang), name: l.name }));
    return { converted };
  }),

  api('post', '/v2/customer_follow_up', { write: followUpPolicy, body: FollowUpBody, labels: F }, async (ctx) => {
    const lead = findVisible(ctx, ctx.body.leadId);
    const { method, content, nextFollowUpAt } = ctx.body;
    if (nextFollowUpAt && nextFollowUpAt < today()) throw ctx.bad('lead.nextBeforeToday');
    const requested = ctx.body.status;
    const intention = ctx.body.intention ?? lead.intention;
    const next = statusAfterFollowUp(lead.status, requested);
    if ('error' in next) throw ctx.bad(next.error);
    let record: FollowUpRecord | undefined;
    recordFollowUp(ctx.db, lead, { method, content, nextFollowUpAt, status: next.status, intention, operator: operatorOf(ctx.session) }, (r) => (record = r));
    const [row] = await (await tx()).insert(followUps).values(followUpValues(record!)).returning();
    return created(followUpOf(row));
  }),

  api('get', '/v2/customer_follow_up', { read: followUpPolicy }, async (ctx) => {
    const { leadId } = parseBody(FollowUpQuery, { leadId: ctx.query.leadId }, ctx.lang, F);
    const lead = findVisible(ctx, leadId);
    // Newest first (one second's follow-ups: the latest written first).
    const rows = await (await tx()).select().from(followUps).where(and(ctx.scope(followUpPolicy), eq(followUps.leadId, lead.id))).orderBy(desc(followUps.createdAt), desc(followUps.id));
    return rows.map(followUpOf);
  }),

  api('get', '/v2/customer/:id', { read: leadPolicy }, (ctx) => findVisible(ctx, Number(ctx.params.id))),

  api('delete', '/v2/customer/:id', { write: leadPolicy }, async (ctx) => {
    const lead = findVisible(ctx, Number(ctx.params.id));
    if (!canDelete(lead)) throw ctx.bad('lead.formalNoDelete', { name: lead.name });
    await (await tx()).delete(followUps).where(and(eq(followUps.companyId, lead.companyId), eq(followUps.leadId, lead.id)));
    ctx.db.leads = ctx.db.leads.filter((l) => l.id !== lead.id);
    return { id: lead.id };
  }),

  /* ---------- the pool ---------- */

  api('get', '/v2/lead/quota', { read: poolPolicy }, ({ db, session }): LeadQuota => {
    sweepPool(db, session.company.id);
    const st = settingsOf(db, session.company.id);
    return { owned: ownedCount(db.leads.filter((l) => l.companyId === session.company.id), session.user.id), limit: st.leadOwnLimit, poolDays: st.leadPoolDays };
  }),

  api('get', '/v2/lead', { read: poolPolicy }, (ctx) => {
    return listQuery(ctx.rows(poolPolicy), ctx.query, { ...leadListSpec(today()), defaultSort: { field: 'pooledAt', order: 'descend' } }, ctx.lang);
  }),

  api('post', '/v2/lead/claim', { write: poolPolicy, body: LeadIdsBody, labels: F }, (ctx): ClaimResult => {
    const s = ctx.session;
    const ids = ctx.body.ids;
    const pool = ctx.rows(poolPolicy);
    const leads = ids.map((id) => {
      const l = pool.find((x) => x.id === id);
      if (l) return l;
      const owned = indexOf(ctx.db, 'leads', s.company.id).find((x) => x.id === id);
      if (!owned) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('lead.lead') }));
      throw new HttpError(400, ctx.t('lead.notInPool', { name: owned.name }));
    });
    const me: OwnerOption = { value: s.user.id, label: s.user.name };
    const activeCount = leads.filter((l) => l.status === 'new' || l.status === 'following' || l.status === 'trial').length;
    // Only active leads count towards the limit (an invalid lead from the pool can always be taken).
    if (activeCount > 0) assertRoom(ctx.db, s.company.id, me, activeCount, ctx.lang, true);
    const at = nowStamp();
    for (const l of leads) assign(l, me, at);
    const st = settingsOf(ctx.db, s.company.id);
    return { claimed: leads.length, owned: ownedCount(ctx.db.leads.filter((l) => l.companyId === s.company.id), s.user.id), limit: st.leadOwnLimit };
  }),
];
