/**
 * Customer center of the backend (docs/rules.md#leads, docs/screens.md#customer-center): leads, follow-ups, the lead
 * pool, distribution and conversion. Rules come from src/domain/leads.ts. Collection forms, web sign-ups and merchants
 * are in ./customerExtra.ts; the seed in ./customerSeed.ts. Everything is in the database
 * (server/db/schema/customer.ts): a lead call reads and writes the `leads` table in the request's transaction; the
 * pool's rules (claim, distribution, return after N days) lock the rows they change (`for update`), and whoever
 * gets leads is locked too (`lockOwner`), so that two claims of one lead, or two claims against one limit, cannot
 * both succeed. The synchronous scope functions of other domains still in the process (a student converted from
 * one's own lead, trials of the leads one sees) find the ids they need in the request's memo (`leadIdsOf`), read
 * before the handler (`beforeCall`).
 *
 * Exported for other domains: `insertLead` (unique mobile per company) and `setLeadStatus` (free trials: booked,
 * attended, converted).
 */
import { emit } from './notify';
import type { Db } from '../db';
import { isSeeding, nextId } from '../db';
import { campusesOf } from './campusRows';
import { loadSettings, settingsOf } from './companySettings';
import { allCompanies } from './companyRows';
import { api, beforeCall, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { staffOf, staffPerson } from './people';
import { defineMessages, message, type Lang } from '../messages';
import { checkDates } from '../list';
import { parseBody } from '../schema';
import { addDays, nowStamp, today } from '../clock';
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
  ACTIVE_STATUSES,
  canDelete,
  canDistribute,
  claimCheck,
  conversionBlocker,
  findDuplicate,
  leadsDueForPool,
  leadStats,
  normalizeMobile,
  seesAllLeads,
  statusAfterFollowUp,
  type DueFilter,
} from '../../src/domain/leads';
import { createStudentForLead, seedStudentForLead } from './customerStudent';
import { loadVisibleStudents } from './studentRows';
import { leadDrill } from './analysis';
import { created } from './audit';
import { leadDataScope, narrowsScope, rememberLeadIds } from './dataScope';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { inTransaction, requestMemo, tx } from '../../server/db';
import { followUps, leads, merchants } from '../../server/db/schema';
import { stampDate, stampOf } from '../../server/db/time';
import { sortKey } from '../../server/db/sortKey';
import { localDay, sqlList, type SqlListSpec } from '../../server/db/list';

/** Stored merchant: counts are derived when listed. */
export type MerchantRow = Omit<Merchant, 'leadCount' | 'formalCount'>;
/** Stored form: counts are derived when listed. */
export type GatherFormRow = Omit<GatherForm, 'submissionCount' | 'leadCount'>;

declare module '../db' {
  interface Db {
    /** The demo seed's leads, written to the database by its SqlSeeder (./customerSeed.ts); read only while seeding. */
    seedLeads: Lead[];
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

/** The seed's leads (created on first use, so another domain's seeder may read them before ours runs). */
export function ensureCustomerTables(db: Db) {
  db.seedLeads ??= [];
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

function duplicateError(existing: Pick<Lead, 'ownerId' | 'ownerName' | 'mobile' | 'name'>, lang: Lang): HttpError {
  const owner = existing.ownerId === undefined ? message(lang, 'lead.inPool') : message(lang, 'lead.ownedBy', { owner: existing.ownerName ?? '' });
  return new HttpError(400, message(lang, 'lead.duplicate', { mobile: existing.mobile, name: existing.name, owner }));
}

/* ---------------- rows ---------------- */

const stampOrNull = (v: string | undefined) => (v === undefined ? null : stampDate(v));

/** A stored lead as the API answers it (every field present, as the in-process rows had them: an empty one undefined). */
export function leadOf(r: typeof leads.$inferSelect): Lead {
  const u = <T>(v: T | null): T | undefined => (v === null ? undefined : v);
  const at = (v: Date | null) => (v === null ? undefined : stampOf(v));
  return {
    id: r.id,
    companyId: r.companyId,
    campusId: r.campusId,
    campusName: r.campusName,
    name: r.name,
    mobile: r.mobile,
    parentName: u(r.parentName),
    gender: u(r.gender),
    age: u(r.age),
    course: u(r.course),
    status: r.status,
    intention: r.intention,
    source: r.source,
    ownerId: u(r.ownerId),
    ownerName: u(r.ownerName),
    assignedAt: at(r.assignedAt),
    poolReason: u(r.poolReason),
    pooledAt: at(r.pooledAt),
    previousOwnerName: u(r.previousOwnerName),
    lastFollowUpAt: at(r.lastFollowUpAt),
    nextFollowUpAt: u(r.nextFollowUpAt),
    followUpCount: r.followUpCount,
    studentId: u(r.studentId),
    convertedAt: at(r.convertedAt),
    merchantId: u(r.merchantId),
    merchantName: u(r.merchantName),
    formId: u(r.formId),
    remark: u(r.remark),
    createdAt: stampOf(r.createdAt),
    createdBy: r.createdBy,
  };
}

/** A lead's stored fields (without its id), its name's pinyin sort key beside it. */
export function leadValues(l: Omit<Lead, 'id'>): Omit<typeof leads.$inferInsert, 'id'> {
  return {
    companyId: l.companyId,
    campusId: l.campusId,
    campusName: l.campusName,
    name: l.name,
    nameSort: sortKey(l.name),
    mobile: l.mobile,
    parentName: l.parentName ?? null,
    gender: l.gender ?? null,
    age: l.age ?? null,
    course: l.course ?? null,
    status: l.status,
    intention: l.intention,
    source: l.source,
    ownerId: l.ownerId ?? null,
    ownerName: l.ownerName ?? null,
    assignedAt: stampOrNull(l.assignedAt),
    poolReason: l.poolReason ?? null,
    pooledAt: stampOrNull(l.pooledAt),
    previousOwnerName: l.previousOwnerName ?? null,
    lastFollowUpAt: stampOrNull(l.lastFollowUpAt),
    nextFollowUpAt: l.nextFollowUpAt ?? null,
    followUpCount: l.followUpCount,
    studentId: l.studentId ?? null,
    convertedAt: stampOrNull(l.convertedAt),
    merchantId: l.merchantId ?? null,
    merchantName: l.merchantName ?? null,
    formId: l.formId ?? null,
    remark: l.remark ?? null,
    createdAt: stampDate(l.createdAt),
    createdBy: l.createdBy,
  };
}

/** Writes a lead a request read (locked) and changed. */
export async function saveLead(l: Lead): Promise<void> {
  const { companyId: _company, ...fields } = leadValues(l);
  await (await tx()).update(leads).set(fields).where(and(eq(leads.companyId, l.companyId), eq(leads.id, l.id)));
}

/** The lead of the company with that mobile (digits compared), but `exceptId`. */
export async function leadByMobile(companyId: number, mobile: string, exceptId?: number): Promise<Lead | undefined> {
  const [r] = await (await tx())
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, companyId), eq(leads.mobile, normalizeMobile(mobile)), exceptId === undefined ? undefined : ne(leads.id, exceptId)));
  return r && leadOf(r);
}

/** A new lead's fields: no owner = in the pool. */
function newLead(db: Db, input: LeadInput, id: number, lang: Lang): Lead {
  const at = input.createdAt ?? nowStamp();
  const owner = input.ownerId !== undefined ? staffPerson(db, input.companyId, input.ownerId) : undefined;
  const merchant = input.merchant;
  const lead: Lead = {
    id,
    companyId: input.companyId,
    campusId: input.campusId,
    campusName: campusName(db, input.companyId, input.campusId, lang),
    name: input.name,
    mobile: normalizeMobile(input.mobile),
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
  return lead;
}

/**
 * Adds a lead. Enforces the unique mobile per company (400 naming the existing lead and its owner; the unique index
 * `leads_company_mobile_key` decides between two at once) and that the campus belongs to the company. No owner = in
 * the pool. Does not check the claim limit (callers that act for a person do: see `assertRoom`).
 */
export async function insertLead(db: Db, input: LeadInput, lang: Lang = 'en'): Promise<Lead> {
  const dup = await leadByMobile(input.companyId, input.mobile);
  if (dup) throw duplicateError(dup, lang);
  const [row] = await (await tx()).insert(leads).values(leadValues(newLead(db, input, 0, lang))).onConflictDoNothing({ target: [leads.companyId, leads.mobile] }).returning();
  if (!row) {
    const taken = await leadByMobile(input.companyId, input.mobile);
    if (taken) throw duplicateError(taken, lang);
    throw new Error('lead not inserted');
  }
  return leadOf(row);
}

/** Adds a lead of the demo seed (in process, written by the seed's SqlSeeder): the same rules as `insertLead`. */
export function seedLead(db: Db, input: LeadInput, lang: Lang = 'en'): Lead {
  ensureCustomerTables(db);
  const dup = findDuplicate(db.seedLeads, input.companyId, input.mobile);
  if (dup) throw duplicateError(dup, lang);
  const lead = newLead(db, input, nextId(db, 'leads'), lang);
  db.seedLeads.push(lead);
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

/** A sink that keeps the follow-ups to write (`writeFollowUps`). */
function collect(): { rows: FollowUpRecord[]; sink: FollowUpSink } {
  const rows: FollowUpRecord[] = [];
  return { rows, sink: (r) => rows.push(r) };
}

async function writeFollowUps(rows: FollowUpRecord[]): Promise<void> {
  if (rows.length) await (await tx()).insert(followUps).values(rows.map(followUpValues));
}

/** Appends a follow-up to the timeline (written by `sink`) and updates the lead (status, intention, dates, count). */
export function recordFollowUp(
  lead: Lead,
  input: { method: FollowUpMethod; content: string; nextFollowUpAt?: string; status: LeadStatus; intention: LeadIntention; operator: Operator; at?: string },
  sink: FollowUpSink,
): FollowUpRecord {
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
 * Converts a lead: creates the student (school domain) in the same step and marks the lead formal (the caller writes
 * the lead and the follow-up `sink` received). Throws 400 when the lead cannot be converted.
 */
export async function convertLead(db: Db, lead: Lead, operator: Operator, sink: FollowUpSink, lang: Lang = 'en', at = nowStamp()): Promise<number> {
  const blocker = conversionBlocker(lead);
  if (blocker) throw new HttpError(400, message(lang, blocker, { name: lead.name }));
  const studentId = await createStudentForLead(db, lead, at, lang);
  markConverted(lead, studentId, operator, sink, lang, at);
  return studentId;
}

/** The same in the in-process seed: the student is one of the seed's. */
export function convertSeedLead(db: Db, lead: Lead, operator: Operator, sink: FollowUpSink, at: string): number {
  const studentId = seedStudentForLead(db, lead, at);
  markConverted(lead, studentId, operator, sink, 'zh', at);
  return studentId;
}

/** Marks a lead converted to its student (formal, with an entry on its timeline). */
function markConverted(lead: Lead, studentId: number, operator: Operator, sink: FollowUpSink, lang: Lang, at: string): void {
  recordFollowUp(lead, {
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
}

/** Locks leads of a company by id (in id order, so that two writes over the same leads do not deadlock) and returns them by id. */
async function lockLeads(companyId: number, ids: number[]): Promise<Map<number, Lead>> {
  const rows = ids.length
    ? await (await tx()).select().from(leads).where(and(eq(leads.companyId, companyId), inArray(leads.id, [...new Set(ids)]))).orderBy(asc(leads.id)).for('update')
    : [];
  return new Map(rows.map((r) => [r.id, leadOf(r)]));
}

/**
 * Sets a lead's status from another domain (free trials: 'trial' when booked or attended, 'formal' when converted,
 * which creates the student). The change is written to the lead's follow-up timeline. A converted lead is left as it
 * is for any other status. Returns the lead as written.
 */
export async function setLeadStatus(db: Db, companyId: number, leadId: number, status: LeadStatus, operator: Operator, lang: Lang = 'en'): Promise<Lead> {
  const lead = (await lockLeads(companyId, [leadId])).get(leadId);
  if (!lead) throw new HttpError(404, message(lang, 'common.notFound', { what: message(lang, 'lead.lead') }));
  if (lead.status === status) return lead;
  // A converted lead stays formal: later trial events (attended, no-show...) do not move it back.
  if (lead.status === 'formal' && status !== 'formal') return lead;
  const timeline = collect();
  if (status === 'formal') await convertLead(db, lead, operator, timeline.sink, lang);
  else {
    recordFollowUp(lead, {
      method: 'other',
      content: message(lang, 'lead.autoStatus', { status: statusLabel(lang, status), operator: operator.name }),
      nextFollowUpAt: lead.nextFollowUpAt,
      status,
      intention: lead.intention,
      operator,
    }, timeline.sink);
  }
  await saveLead(lead);
  await writeFollowUps(timeline.rows);
  return lead;
}

/**
 * Returns to the pool the company's leads whose owners have not followed them up for the configured days (one
 * update, which locks them): an owned, active lead whose last follow-up, assignment or creation is `leadPoolDays`
 * days or more before `day` (src/domain/leads.ts `dueForPool`).
 */
export async function sweepPool(db: Db, companyId: number, day = today(), at = nowStamp()): Promise<number> {
  const { leadPoolDays } = settingsOf(db, companyId);
  if (leadPoolDays <= 0) return 0;
  // Due when the last activity's day is at most day - poolDays: before the start of the day after that.
  const before = localDay(addDays(day, 1 - leadPoolDays)).toISOString();
  const moved = await (await tx())
    .update(leads)
    .set({ previousOwnerName: sql`${leads.ownerName}`, ownerId: null, ownerName: null, assignedAt: null, poolReason: 'returned', pooledAt: stampDate(at), nextFollowUpAt: null })
    .where(
      and(
        eq(leads.companyId, companyId),
        isNotNull(leads.ownerId),
        inArray(leads.status, [...ACTIVE_STATUSES]),
        sql`greatest(${leads.lastFollowUpAt}, ${leads.assignedAt}, ${leads.createdAt}) < ${before}::timestamptz`,
      ),
    )
    .returning({ id: leads.id });
  return moved.length;
}

/**
 * Sweeps the pool of every company, each in its own transaction (one company's failure stops no other). A read never
 * sweeps (a GET writes nothing): the server's timer does it (`startPoolSweeps`), and so does every write over leads
 * and a change of the pool's days (/v2/setting), so a lead a write touches is never judged on a stale owner.
 */
export async function sweepAllPools(db: Db): Promise<void> {
  for (const c of await allCompanies()) {
    await inTransaction(async () => {
      await loadSettings(c.id);
      await sweepPool(db, c.id);
    }).catch((e: unknown) => console.error(`lead pool of company ${c.id}:`, e instanceof Error ? e.message : e));
  }
}

/** The server's pool timer: at start, then every 10 minutes (a lead falls due at the start of a day, in its first 10 minutes). */
export function startPoolSweeps(db: () => Db): () => void {
  void sweepAllPools(db());
  const timer = setInterval(() => void sweepAllPools(db()), 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The seed's sweep (in process, `sweepPool`'s rule over the seed's leads). */
export function sweepSeedPool(db: Db, companyId: number, day = today(), at = nowStamp()): number {
  ensureCustomerTables(db);
  const { leadPoolDays } = settingsOf(db, companyId);
  const ids = new Set(leadsDueForPool(db.seedLeads.filter((l) => l.companyId === companyId), day, leadPoolDays));
  for (const l of db.seedLeads) if (ids.has(l.id)) toPool(l, 'returned', at);
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

/** The advisory lock class of a person getting leads (with their user id): "ld" in ASCII. */
const OWNER_LOCK = 0x6c64;

/** Active leads a user owns in a company. */
async function ownedActive(companyId: number, ownerId: number): Promise<number> {
  const [{ n }] = await (await tx())
    .select({ n: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(eq(leads.companyId, companyId), eq(leads.ownerId, ownerId), inArray(leads.status, [...ACTIVE_STATUSES])));
  return Number(n);
}

/**
 * 400 unless `owner` may take `count` more leads. Locks the owner's intake until the request ends, so that two
 * requests giving them leads count one after the other.
 */
export async function assertRoom(db: Db, companyId: number, owner: OwnerOption, count: number, lang: Lang, self: boolean): Promise<void> {
  await (await tx()).execute(sql`select pg_advisory_xact_lock(${OWNER_LOCK}, ${owner.value})`);
  const { leadOwnLimit } = settingsOf(db, companyId);
  const owned = await ownedActive(companyId, owner.value);
  const check = claimCheck(owned, count, leadOwnLimit);
  if (!check.ok) {
    throw new HttpError(400, message(lang, self ? 'lead.limit' : 'lead.ownerLimit', { owner: owner.label, owned, limit: leadOwnLimit, room: check.room }));
  }
}

function operatorOf(s: Session): Operator {
  return { id: s.user.id, name: s.user.name };
}

/** The leads of the caller's company that the caller may see on /customer (sales: their own), within their data scope. The one scope of every lead call. */
export function leadScope(s: Session, db: Db): SQL {
  return and(eq(leads.companyId, s.company.id), seesAllLeads(s.membership.role) ? undefined : eq(leads.ownerId, s.user.id), leadDataScope(db, s, leads))!;
}

/** The lead pool (/customer/pool): unowned leads of the company, within the caller's data scope (campus: their campus). */
export function poolScope(s: Session, db: Db): SQL {
  return and(eq(leads.companyId, s.company.id), isNull(leads.ownerId), leadDataScope(db, s, leads))!;
}

/** The leads of the caller's lists (`leads`: /customer; `both`: and the pool), in id order. */
export async function visibleLeads(db: Db, s: Session, which: 'leads' | 'both' = 'leads'): Promise<Lead[]> {
  const where = which === 'leads' ? leadScope(s, db) : or(leadScope(s, db), poolScope(s, db));
  return (await (await tx()).select().from(leads).where(where).orderBy(asc(leads.id))).map(leadOf);
}

/**
 * Reads into the request's memo the lead ids the synchronous scope functions of the caller need (./dataScope.ts):
 * their own leads when their data scope narrows (students converted from them), the leads of both their lists when
 * they run the schedule without seeing every lead (trials of those leads).
 */
export async function loadLeadIds(db: Db, s: Session): Promise<void> {
  const narrowed = narrowsScope(db, s);
  const trials = s.access.scheduleManagement && (!seesAllLeads(s.membership.role) || narrowed);
  if (!narrowed && !trials) return;
  const t = await tx();
  if (narrowed) {
    const own = await t.select({ id: leads.id }).from(leads).where(and(eq(leads.companyId, s.company.id), eq(leads.ownerId, s.user.id)));
    rememberLeadIds(s, 'owned', new Set(own.map((r) => r.id)));
  }
  if (trials) {
    const seen = await t.select({ id: leads.id }).from(leads).where(or(leadScope(s, db), poolScope(s, db)));
    rememberLeadIds(s, 'seen', new Set(seen.map((r) => r.id)));
  }
}
// The students' scope reads the caller's own leads: it comes after them.
beforeCall.push(loadLeadIds, loadVisibleStudents);

const companyLeadsKey = (companyId: number) => `leads:${companyId}`;

/** Reads a company's leads into the request's memo for the synchronous figures given a bare company id (`companyLeadsOf`). */
export async function loadCompanyLeads(companyId: number): Promise<Lead[]> {
  const rows = (await (await tx()).select().from(leads).where(eq(leads.companyId, companyId)).orderBy(asc(leads.id))).map(leadOf);
  requestMemo()?.set(companyLeadsKey(companyId), rows);
  return rows;
}

/** A company's leads for synchronous code: the seed's while it runs, else those the request loaded (`loadCompanyLeads`). */
export function companyLeadsOf(db: Db, companyId: number): Lead[] {
  if (isSeeding()) return (db.seedLeads ?? []).filter((l) => l.companyId === companyId);
  const rows = requestMemo()?.get(companyLeadsKey(companyId)) as Lead[] | undefined;
  if (!rows) throw new Error(`The leads of company ${companyId} were not loaded in this request (loadCompanyLeads).`);
  return rows;
}

/** One lead by id within a scope condition, locked for update when `lock`. */
export async function findLead(id: number, scope: SQL | undefined, lock: boolean): Promise<Lead | undefined> {
  const q = (await tx()).select().from(leads).where(and(eq(leads.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && leadOf(r);
}

/** Leads: /customer, its options, stats and every write on a lead. */
export const leadPolicy = definePolicy<Lead>({ name: 'leads', read: 'customerCenter', where: leadScope, find: findLead });
/** The lead pool (/customer/pool): unowned leads of the company, open to every customer-center user. */
export const poolPolicy = definePolicy<Lead>({ name: 'lead pool', read: 'customerCenter', where: poolScope, find: findLead });
/** Follow-ups: those of the leads the caller sees. */
export const followUpPolicy = definePolicy<FollowUp>({
  name: 'follow-ups',
  read: 'customerCenter',
  where: (s, db) => and(eq(followUps.companyId, s.company.id), sql`${followUps.leadId} in (select ${leads.id} from ${leads} where ${leadScope(s, db)})`),
});

/** A lead the caller sees (404 otherwise), swept first; locked for a write. */
async function findVisible(ctx: AuthedCtx, id: number): Promise<Lead> {
  return ctx.find(leadPolicy, id, 'lead.lead');
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
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The lists of leads and of the pool: the same parameters as before, in SQL. */
function leadListSpec(day: string, defaultSort: SqlListSpec['defaultSort']): SqlListSpec {
  const active = inArray(leads.status, [...ACTIVE_STATUSES]);
  const due: Record<DueFilter, SQL> = {
    overdue: and(active, lt(leads.nextFollowUpAt, day))!,
    today: and(active, eq(leads.nextFollowUpAt, day))!,
    week: and(active, gte(leads.nextFollowUpAt, day), lte(leads.nextFollowUpAt, addDays(day, 6)))!,
    none: or(isNull(leads.nextFollowUpAt), notInArray(leads.status, [...ACTIVE_STATUSES]))!,
  };
  const nextDay = (v: string) => localDay(addDays(v, 1));
  return {
    keyword: [leads.name, leads.mobile, leads.parentName, leads.course],
    equal: {
      status: leads.status,
      intention: leads.intention,
      source: leads.source,
      campusId: leads.campusId,
      merchantId: leads.merchantId,
      formId: leads.formId,
      poolReason: leads.poolReason,
    },
    filters: {
      ownerId: (v) => (v === 'pool' ? isNull(leads.ownerId) : anyOf(leads.ownerId, v.split(',').filter((x) => /^-?\d{1,9}$/.test(x)).map(Number))),
      due: (v) => (DUE.includes(v as DueFilter) ? due[v as DueFilter] : sql`false`),
      convertedStart: (v) => (DAY.test(v) ? gte(leads.convertedAt, localDay(v)) : sql`false`),
      convertedEnd: (v) => (DAY.test(v) ? lt(leads.convertedAt, nextDay(v)) : sql`false`),
    },
    date: leads.createdAt,
    sortable: {
      createdAt: leads.createdAt,
      lastFollowUpAt: leads.lastFollowUpAt,
      nextFollowUpAt: leads.nextFollowUpAt,
      intention: leads.intention,
      name: sql`${leads.nameSort} collate "C"`,
      convertedAt: leads.convertedAt,
      pooledAt: leads.pooledAt,
      followUpCount: leads.followUpCount,
    },
    defaultSort,
    // Equal values in the order the leads came in (as the in-process lists' stable sort).
    tiebreak: [asc(leads.id)],
  };
}

/** The lead list's drill-down (from a figure, mock/domains/analysis.ts) as a condition. */
function drillCondition(query: Record<string, string>, lang: Lang): SQL | undefined {
  const d = leadDrill(query, lang);
  if (!d) return undefined;
  // A day that is no date matches nothing (never a 500).
  if (!DAY.test(d.range.start) || !DAY.test(d.range.end)) return sql`false`;
  return and(
    gte(leads.createdAt, localDay(d.range.start)),
    lt(leads.createdAt, localDay(addDays(d.range.end, 1))),
    d.campus === undefined ? undefined : eq(leads.campusId, d.campus),
    d.owner === undefined ? undefined : eq(leads.ownerId, d.owner),
    d.converted ? eq(leads.status, 'formal') : undefined,
  );
}

async function leadPage(ctx: AuthedCtx, scope: SQL | undefined, defaultSort: SqlListSpec['defaultSort'], drill = false) {
  const where = drill ? and(scope, drillCondition(ctx.query, ctx.lang)) : scope;
  const page = await sqlList(await tx(), leads, where, ctx.query, leadListSpec(today(), defaultSort), ctx.lang);
  return { list: page.list.map(leadOf), total: page.total };
}

export const customerHandlers = [
  api('get', '/v2/customer/owners', { read: leadPolicy }, ({ db, session }) => ownerOptions(db, session.company.id)),

  api('get', '/v2/customer/campus_options', { read: leadPolicy }, ({ db, session }): OwnerOption[] =>
    campusesOf(db, session.company.id).map((c) => ({ value: c.id, label: c.name })),
  ),

  // A duplicate check over the whole company (it names the owner, never the details), as the add form needs.
  api('get', '/v2/customer/fast_check', { read: leadPolicy }, async (ctx): Promise<FastCheckResult> => {
    const { mobile } = parseBody(FastCheckQuery, { mobile: ctx.query.mobile }, ctx.lang, F);
    const l = await leadByMobile(ctx.session.company.id, mobile);
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

  api('get', '/v2/customer/stats', { read: leadPolicy }, async (ctx) => {
    const { startDate, endDate } = ctx.query;
    // Validates the dates and the range the same way the lists do.
    checkDates({ startDate, endDate }, ctx.lang);
    return leadStats(await visibleLeads(ctx.db, ctx.session), { startDate: startDate || undefined, endDate: endDate || undefined }, ctx.t('lead.pool'), today());
  }),

  api('get', '/v2/customer', { read: leadPolicy }, (ctx) => leadPage(ctx, ctx.scope(leadPolicy), { field: 'createdAt', order: 'descend' }, true)),

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
    await sweepPool(ctx.db, s.company.id);
    const dup = await leadByMobile(s.company.id, mobile);
    if (dup) throw duplicateError(dup, ctx.lang);
    if (owner) await assertRoom(ctx.db, s.company.id, owner, 1, ctx.lang, owner.value === s.user.id);
    const lead = await insertLead(
      ctx.db,
      { companyId: s.company.id, campusId, name, mobile, intention, source, ...details, ownerId: owner?.value, createdBy: s.user.name },
      ctx.lang,
    );
    return created(lead);
  }),

  api('put', '/v2/customer', { write: leadPolicy, body: LeadUpdateBody, labels: F }, async (ctx) => {
    const b = ctx.body;
    await sweepPool(ctx.db, ctx.session.company.id);
    const lead = await findVisible(ctx, b.id);
    const patch: Partial<Lead> = {};
    if (b.name !== undefined) patch.name = b.name;
    if (b.mobile !== undefined) {
      const mobile = b.mobile;
      const dup = await leadByMobile(ctx.session.company.id, mobile, lead.id);
      if (dup) throw duplicateError(dup, ctx.lang);
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
    await saveLead(lead);
    return lead;
  }),

  api('post', '/v2/customer/distribute', { write: leadPolicy, body: DistributeBody, labels: F }, async (ctx) => {
    const s = ctx.session;
    if (!canDistribute(s.membership.role)) throw new HttpError(403, ctx.t('lead.distributeOnly'));
    const ids = ctx.body.ids;
    const owner = ownerOf(ctx, ctx.body.ownerId);
    await sweepPool(ctx.db, s.company.id);
    await lockLeads(s.company.id, ids);
    const found: Lead[] = [];
    for (const id of ids) found.push(await findVisible(ctx, id));
    const moving = found.filter((l) => l.ownerId !== owner.value && l.status !== 'formal' && l.status !== 'invalid');
    const movingActive = found.filter((l) => l.ownerId !== owner.value && (l.status === 'new' || l.status === 'following' || l.status === 'trial'));
    if (movingActive.length) await assertRoom(ctx.db, s.company.id, owner, movingActive.length, ctx.lang, owner.value === s.user.id);
    const at = nowStamp();
    // Converted and invalid leads may change owner too (for the records); only active ones count towards the limit.
    for (const l of found) {
      if (l.ownerId === owner.value) continue;
      assign(l, owner, at);
      await saveLead(l);
    }
    if (found.length) emit(ctx.db, s.company.id, 'leadAssigned', { ownerUserId: owner.value, values: { count: found.length, names: found.slice(0, 5).map((l) => l.name).join('、'), ownerName: owner.label } });
    return { distributed: found.length, active: moving.length };
  }),

  api('post', '/v2/customer/release', { write: leadPolicy, body: LeadIdsBody, labels: F }, async (ctx) => {
    await sweepPool(ctx.db, ctx.session.company.id);
    await lockLeads(ctx.session.company.id, ctx.body.ids);
    const found: Lead[] = [];
    for (const id of ctx.body.ids) found.push(await findVisible(ctx, id));
    for (const l of found) {
      if (l.ownerId === undefined) throw new HttpError(400, ctx.t('lead.alreadyInPool', { name: l.name }));
      if (l.status === 'formal') throw new HttpError(400, ctx.t('lead.alreadyFormal', { name: l.name }));
    }
    const at = nowStamp();
    for (const l of found) {
      toPool(l, 'released', at);
      await saveLead(l);
    }
    return { released: found.length };
  }),

  api('post', '/v2/customer/formal', { write: leadPolicy, body: LeadIdsBody, labels: F }, async (ctx): Promise<ConvertResult> => {
    await sweepPool(ctx.db, ctx.session.company.id);
    await lockLeads(ctx.session.company.id, ctx.body.ids);
    const found: Lead[] = [];
    for (const id of ctx.body.ids) found.push(await findVisible(ctx, id));
    // All or nothing: check every lead first.
    for (const l of found) {
      const blocker = conversionBlocker(l);
      if (blocker) throw new HttpError(400, ctx.t(blocker, { name: l.name }));
    }
    const op = operatorOf(ctx.session);
    const timeline = collect();
    const converted: ConvertResult['converted'] = [];
    for (const l of found) {
      converted.push({ leadId: l.id, studentId: await convertLead(ctx.db, l, op, timeline.sink, ctx.lang), name: l.name });
      await saveLead(l);
    }
    await writeFollowUps(timeline.rows);
    return { converted };
  }),

  api('post', '/v2/customer_follow_up', { write: followUpPolicy, body: FollowUpBody, labels: F }, async (ctx) => {
    await sweepPool(ctx.db, ctx.session.company.id);
    const lead = await findVisible(ctx, ctx.body.leadId);
    const { method, content, nextFollowUpAt } = ctx.body;
    if (nextFollowUpAt && nextFollowUpAt < today()) throw ctx.bad('lead.nextBeforeToday');
    const requested = ctx.body.status;
    const intention = ctx.body.intention ?? lead.intention;
    const next = statusAfterFollowUp(lead.status, requested);
    if ('error' in next) throw ctx.bad(next.error);
    let record: FollowUpRecord | undefined;
    recordFollowUp(lead, { method, content, nextFollowUpAt, status: next.status, intention, operator: operatorOf(ctx.session) }, (r) => (record = r));
    await saveLead(lead);
    const [row] = await (await tx()).insert(followUps).values(followUpValues(record!)).returning();
    return created(followUpOf(row));
  }),

  api('get', '/v2/customer_follow_up', { read: followUpPolicy }, async (ctx) => {
    const { leadId } = parseBody(FollowUpQuery, { leadId: ctx.query.leadId }, ctx.lang, F);
    const lead = await findVisible(ctx, leadId);
    // Newest first (one second's follow-ups: the latest written first).
    const rows = await (await tx()).select().from(followUps).where(and(ctx.scope(followUpPolicy), eq(followUps.leadId, lead.id))).orderBy(desc(followUps.createdAt), desc(followUps.id));
    return rows.map(followUpOf);
  }),

  api('get', '/v2/customer/:id', { read: leadPolicy }, async (ctx) => {
    return findVisible(ctx, Number(ctx.params.id));
  }),

  api('delete', '/v2/customer/:id', { write: leadPolicy }, async (ctx) => {
    await sweepPool(ctx.db, ctx.session.company.id);
    const lead = await findVisible(ctx, Number(ctx.params.id));
    if (!canDelete(lead)) throw ctx.bad('lead.formalNoDelete', { name: lead.name });
    // Its follow-ups go with it (cascade); a submission that named it keeps its row.
    await (await tx()).delete(leads).where(and(eq(leads.companyId, lead.companyId), eq(leads.id, lead.id)));
    return { id: lead.id };
  }),

  /* ---------- the pool ---------- */

  api('get', '/v2/lead/quota', { read: poolPolicy }, async ({ db, session }): Promise<LeadQuota> => {
    const st = settingsOf(db, session.company.id);
    return { owned: await ownedActive(session.company.id, session.user.id), limit: st.leadOwnLimit, poolDays: st.leadPoolDays };
  }),

  api('get', '/v2/lead', { read: poolPolicy }, (ctx) => leadPage(ctx, ctx.scope(poolPolicy), { field: 'pooledAt', order: 'descend' })),

  api('post', '/v2/lead/claim', { write: poolPolicy, body: LeadIdsBody, labels: F }, async (ctx): Promise<ClaimResult> => {
    const s = ctx.session;
    const ids = ctx.body.ids;
    await sweepPool(ctx.db, s.company.id);
    // Locked first: a second claim of the same lead waits, then finds it owned.
    const locked = await lockLeads(s.company.id, ids);
    const pool = new Set(
      ids.length ? (await (await tx()).select({ id: leads.id }).from(leads).where(and(ctx.scope(poolPolicy), inArray(leads.id, ids)))).map((r) => r.id) : [],
    );
    const found = ids.map((id) => {
      const l = locked.get(id);
      if (!l) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('lead.lead') }));
      if (!pool.has(id)) throw new HttpError(400, ctx.t('lead.notInPool', { name: l.name }));
      return l;
    });
    const me: OwnerOption = { value: s.user.id, label: s.user.name };
    const activeCount = found.filter((l) => l.status === 'new' || l.status === 'following' || l.status === 'trial').length;
    // Only active leads count towards the limit (an invalid lead from the pool can always be taken).
    if (activeCount > 0) await assertRoom(ctx.db, s.company.id, me, activeCount, ctx.lang, true);
    const at = nowStamp();
    for (const l of found) {
      assign(l, me, at);
      await saveLead(l);
    }
    const st = settingsOf(ctx.db, s.company.id);
    return { claimed: found.length, owned: await ownedActive(s.company.id, s.user.id), limit: st.leadOwnLimit };
  }),
];
