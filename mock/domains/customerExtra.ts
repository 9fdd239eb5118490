/**
 * Lead sources of the customer center (docs/screens.md#customer-center): collection forms with a public link (/gather, /f/{code}),
 * sign-ups from the campus web page (/wdc-customer) and partner merchants (/market_merchant).
 */
import type { Db } from '../db';
import { campusById } from './campusRows';
import { companyById, loadCompany } from './companyRows';
import { api, definePolicy, HttpError, type AuthedCtx, type Ctx } from '../http';
import { defineMessages, message, type Lang } from '../messages';
import { parseBody } from '../schema';
import { int, mobile as mobileSchema, oneOf, optText, text, z } from '../../src/types/schema';
import { GatherFormBody, GatherFormUpdateBody, MerchantBody, MerchantUpdateBody, SignupIdsBody } from '../../src/types/customer.schemas';
import { nowStamp } from '../clock';
import type {
  GatherField,
  GatherFieldKey,
  GatherForm,
  GatherSubmission,
  Merchant,
  MerchantStatus,
  PublicGatherForm,
  WebSignup,
} from '../../src/types/customer';
import { GATHER_FIELD_KEYS } from '../../src/types/customer';
import { normalizeMobile, seesAllLeads } from '../../src/domain/leads';
import { checkImageDataUrl } from '../../src/domain/upload';
import { anyOf, insertLead, leadByMobile, leadScope, poolScope, type GatherFormRow, type MerchantRow } from './customer';
import { narrowsScope, scopeLeads } from './dataScope';
import { created } from './audit';
import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tx } from '../../server/db';
import { sqlList, type SqlListSpec } from '../../server/db/list';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import { gatherForms, gatherSubmissions, leads, merchants, webSignups } from '../../server/db/schema';
import { campusesOf } from './campusRows';

defineMessages({
  'gather.form': { en: 'Form', zh: '表单' },
  'gather.title': { en: 'Title', zh: '标题' },
  'gather.description': { en: 'Description', zh: '说明' },
  'gather.fields': { en: 'Fields', zh: '字段' },
  'gather.enabled': { en: 'Enabled', zh: '启用' },
  'gather.campusId': { en: 'Campus', zh: '校区' },
  'gather.badFields': { en: 'Fields must be a list of known fields, each once, including name and mobile.', zh: '字段必须是已知字段的列表，不能重复，且须包含姓名和手机号。' },
  'gather.closed': { en: 'This form is closed.', zh: '该表单已停止收集。' },
  'gather.hasSubmissions': { en: 'This form has {n} submissions; disable it instead of deleting it.', zh: '该表单已有 {n} 条提交，请停用而不是删除。' },
  'gather.missing': { en: '{field} is required.', zh: '{field}不能为空。' },
  'web.notPending': { en: 'Sign-up of {name} has already been handled.', zh: '{name} 的报名已处理。' },
  'web.signup': { en: 'Sign-up', zh: '报名' },
  'merchant.name': { en: 'Name', zh: '名称' },
  'merchant.category': { en: 'Category', zh: '类别' },
  'merchant.contact': { en: 'Contact', zh: '联系人' },
  'merchant.mobile': { en: 'Mobile', zh: '手机号' },
  'merchant.address': { en: 'Address', zh: '地址' },
  'merchant.status': { en: 'Status', zh: '状态' },
  'merchant.remark': { en: 'Remark', zh: '备注' },
  'merchant.hasLeads': { en: 'Merchant {name} has {n} leads; pause it instead of deleting it.', zh: '商家 {name} 已有 {n} 个客户，请暂停合作而不是删除。' },
  'merchant.duplicate': { en: 'A merchant named {name} already exists.', zh: '已存在名为 {name} 的商家。' },
});

/* ---------------- collection forms ---------------- */

function newCode(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('').slice(0, 10);
}

/** A stored form as the domain reads it. */
export function formOf(r: typeof gatherForms.$inferSelect): GatherFormRow {
  const row: GatherFormRow = { id: r.id, companyId: r.companyId, campusId: r.campusId, campusName: r.campusName, title: r.title, fields: r.fields, code: r.code, enabled: r.enabled, createdAt: stampOf(r.createdAt), createdBy: r.createdBy };
  if (r.description !== null) row.description = r.description;
  return row;
}

/** A form as stored. */
export function formValues(f: Omit<GatherFormRow, 'id'> & { id?: number }): typeof gatherForms.$inferInsert {
  return { ...f, titleSort: sortKey(f.title), description: f.description ?? null, createdAt: stampDate(f.createdAt) };
}

/** Submissions and leads of each form (by form id). */
async function formCounts(ids: number[]): Promise<Map<number, { submissionCount: number; leadCount: number }>> {
  const rows = ids.length
    ? await (await tx())
        .select({ formId: gatherSubmissions.formId, submissionCount: sql<number>`count(*)::int`, leadCount: sql<number>`(count(*) filter (where ${gatherSubmissions.result} = 'lead'))::int` })
        .from(gatherSubmissions)
        .where(inArray(gatherSubmissions.formId, ids))
        .groupBy(gatherSubmissions.formId)
    : [];
  return new Map(rows.map((r) => [r.formId, { submissionCount: Number(r.submissionCount), leadCount: Number(r.leadCount) }]));
}

export async function formsWithCounts(forms: GatherFormRow[]): Promise<GatherForm[]> {
  const counts = await formCounts(forms.map((f) => f.id));
  return forms.map((f) => ({ ...f, ...(counts.get(f.id) ?? { submissionCount: 0, leadCount: 0 }) }));
}

export async function formWithCounts(f: GatherFormRow): Promise<GatherForm> {
  return (await formsWithCounts([f]))[0];
}

function submissionOf(r: typeof gatherSubmissions.$inferSelect): GatherSubmission {
  const row: GatherSubmission = { id: r.id, companyId: r.companyId, formId: r.formId, name: r.name, mobile: r.mobile, values: r.values, result: r.result, createdAt: stampOf(r.createdAt) };
  if (r.leadId !== null) row.leadId = r.leadId;
  return row;
}

/** A submission as stored. */
export function submissionValues(r: Omit<GatherSubmission, 'id'>): typeof gatherSubmissions.$inferInsert {
  return { ...r, leadId: r.leadId ?? null, createdAt: stampDate(r.createdAt) };
}

function readFields(raw: unknown, lang: Lang): GatherField[] {
  const fail = () => {
    throw new HttpError(400, message(lang, 'gather.badFields'));
  };
  if (!Array.isArray(raw)) return fail();
  const seen = new Set<string>();
  const out: GatherField[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') return fail();
    const { key, label, required } = item as Record<string, unknown>;
    if (typeof key !== 'string' || !GATHER_FIELD_KEYS.includes(key as GatherFieldKey) || seen.has(key)) return fail();
    if (typeof label !== 'string' || !label.trim() || label.length > 30) return fail();
    seen.add(key);
    out.push({ key: key as GatherFieldKey, label: label.trim(), required: key === 'name' || key === 'mobile' ? true : required === true });
  }
  if (!seen.has('name') || !seen.has('mobile')) return fail();
  return out;
}

const FORM_LABELS = Object.fromEntries(['title', 'description', 'fields', 'enabled', 'campusId'].map((k) => [k, `gather.${k}`]));

/** Collection forms of the company (customer center). */
export const gatherFormPolicy = definePolicy<GatherFormRow>({
  name: 'collection forms',
  read: 'customerCenter',
  where: (s) => eq(gatherForms.companyId, s.company.id),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(gatherForms).where(and(eq(gatherForms.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && formOf(r);
  },
});

function signupOf(r: typeof webSignups.$inferSelect): WebSignup {
  const row: WebSignup = { id: r.id, companyId: r.companyId, campusId: r.campusId, campusName: r.campusName, name: r.name, mobile: r.mobile, status: r.status, createdAt: stampOf(r.createdAt) };
  if (r.course !== null) row.course = r.course;
  if (r.message !== null) row.message = r.message;
  if (r.leadId !== null) row.leadId = r.leadId;
  if (r.duplicate !== null) row.duplicate = r.duplicate;
  if (r.handledBy !== null) row.handledBy = r.handledBy;
  if (r.handledAt !== null) row.handledAt = stampOf(r.handledAt);
  return row;
}

/** A sign-up as stored. */
export function signupValues(w: Omit<WebSignup, 'id'>): typeof webSignups.$inferInsert {
  return {
    ...w,
    course: w.course ?? null,
    message: w.message ?? null,
    leadId: w.leadId ?? null,
    duplicate: w.duplicate ?? null,
    handledBy: w.handledBy ?? null,
    handledAt: w.handledAt === undefined ? null : stampDate(w.handledAt),
    createdAt: stampDate(w.createdAt),
  };
}

/**
 * Web sign-ups waiting for the customer center. Whoever sees every lead reads them all; anyone else (sales, a narrowed
 * data scope) those of their campus scope still unlinked (pending, discarded) and the accepted ones whose lead is in
 * their lead lists (`leadRows`, the pool): an accepted sign-up shows its lead's name and mobile (issue 29).
 */
export const signupPolicy = definePolicy<WebSignup>({
  name: 'web sign-ups',
  read: 'customerCenter',
  where: (s, db) => {
    const company = eq(webSignups.companyId, s.company.id);
    if (seesAllLeads(s.membership.role) && !narrowsScope(db, s)) return company;
    const seen = sql`${webSignups.leadId} in (select ${leads.id} from ${leads} where ${or(leadScope(s, db), poolScope(s, db))})`;
    // The campuses of the caller's scope (a sign-up has no owner: its campus decides).
    const campuses = scopeLeads(db, s, campusesOf(db, s.company.id).map((c) => ({ id: c.id, campusId: c.id }))).map((c) => c.id);
    return and(company, or(and(isNull(webSignups.leadId), anyOf(webSignups.campusId, campuses)), seen));
  },
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(webSignups).where(and(eq(webSignups.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && signupOf(r);
  },
});

/** A stored merchant as the domain reads it. */
export function merchantOf(r: typeof merchants.$inferSelect): MerchantRow {
  const row: MerchantRow = { id: r.id, companyId: r.companyId, name: r.name, category: r.category, contact: r.contact, mobile: r.mobile, status: r.status, createdAt: stampOf(r.createdAt) };
  if (r.address !== null) row.address = r.address;
  if (r.remark !== null) row.remark = r.remark;
  if (r.logo !== null) row.logo = r.logo;
  return row;
}

/** A merchant as stored. */
export function merchantValues(m: Omit<MerchantRow, 'id'> & { id?: number }): typeof merchants.$inferInsert {
  return { ...m, nameSort: sortKey(m.name), address: m.address ?? null, remark: m.remark ?? null, logo: m.logo ?? null, createdAt: stampDate(m.createdAt) };
}

/** Partner merchants. */
export const merchantPolicy = definePolicy<MerchantRow>({
  name: 'merchants',
  read: 'customerCenter',
  where: (s) => eq(merchants.companyId, s.company.id),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(merchants).where(and(eq(merchants.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && merchantOf(r);
  },
});

function findForm(ctx: AuthedCtx, id: number): Promise<GatherFormRow> {
  return ctx.find(gatherFormPolicy, id, 'gather.form');
}

function readForm(ctx: AuthedCtx, b: { campusId: number; title: string; description?: string; fields: unknown[]; enabled?: boolean }) {
  const campus = campusesOf(ctx.db, ctx.session.company.id).find((c) => c.id === b.campusId);
  if (!campus) throw new HttpError(400, ctx.t('common.notFound', { what: ctx.t('gather.campusId') }));
  return {
    campusId: campus.id,
    campusName: campus.name,
    title: b.title,
    description: b.description,
    fields: readFields(b.fields, ctx.lang),
    enabled: b.enabled ?? true,
  };
}

/** Records a public submission: a new mobile becomes a lead with source "form" (in the pool); a known one is linked. */
export async function submitGather(db: Db, form: GatherFormRow, values: Partial<Record<GatherFieldKey, string>>, lang: Lang, at = nowStamp()): Promise<GatherSubmission> {
  const name = (values.name ?? '').trim();
  const mobile = normalizeMobile(values.mobile ?? '');
  const existing = await leadByMobile(form.companyId, mobile);
  let leadId = existing?.id;
  if (!existing) {
    const age = values.age ? Number(values.age) : undefined;
    const lead = await insertLead(
      db,
      {
        companyId: form.companyId,
        campusId: form.campusId,
        name,
        mobile,
        source: 'form',
        intention: 'C',
        parentName: values.parentName || undefined,
        gender: values.gender === 'male' || values.gender === 'female' ? values.gender : undefined,
        age: age && Number.isInteger(age) && age > 0 && age < 100 ? age : undefined,
        course: values.course || undefined,
        remark: values.remark || undefined,
        formId: form.id,
        createdAt: at,
        createdBy: form.title,
      },
      lang,
    );
    leadId = lead.id;
  }
  const [row] = await (await tx())
    .insert(gatherSubmissions)
    .values(submissionValues({ companyId: form.companyId, formId: form.id, name, mobile, values, result: existing ? 'duplicate' : 'lead', leadId, createdAt: at }))
    .returning();
  return submissionOf(row);
}

/* ---------------- web sign-ups ---------------- */

/** The earlier sign-up of a mobile on a campus's page, whatever its state (one row per mobile and page), locked. */
export async function findWebSignup(companyId: number, campusId: number, mobile: string): Promise<WebSignup | undefined> {
  const m = normalizeMobile(mobile);
  const [r] = await (await tx())
    .select()
    .from(webSignups)
    .where(and(eq(webSignups.companyId, companyId), eq(webSignups.campusId, campusId), eq(webSignups.mobile, m)))
    .for('update');
  return r && signupOf(r);
}

/** A pending sign-up takes the name given when the mobile signs up again. */
export async function renameWebSignup(w: WebSignup, name: string): Promise<void> {
  w.name = name;
  await (await tx()).update(webSignups).set({ name }).where(and(eq(webSignups.companyId, w.companyId), eq(webSignups.id, w.id)));
}

/** A sign-up as the campus web domain gives it (pending until accepted or discarded). */
export function newWebSignup(
  db: Db,
  input: { companyId: number; campusId: number; name: string; mobile: string; course?: string; message?: string; createdAt?: string },
): Omit<WebSignup, 'id'> {
  return {
    companyId: input.companyId,
    campusId: input.campusId,
    campusName: campusById(db, input.campusId)?.name ?? '',
    name: input.name,
    mobile: normalizeMobile(input.mobile),
    course: input.course,
    message: input.message,
    status: 'pending',
    createdAt: input.createdAt ?? nowStamp(),
  };
}

/** A sign-up from the campus web page (the campus web domain calls this). */
export async function insertWebSignup(
  db: Db,
  input: { companyId: number; campusId: number; name: string; mobile: string; course?: string; message?: string; createdAt?: string },
): Promise<WebSignup> {
  const [row] = await (await tx()).insert(webSignups).values(signupValues(newWebSignup(db, input))).returning();
  return signupOf(row);
}

/* ---------------- merchants ---------------- */

/** Merchants with their lead and converted-lead counts (one query for all). */
export async function merchantsWithCounts(rows: MerchantRow[]): Promise<Merchant[]> {
  const ids = rows.map((m) => m.id);
  const counts = ids.length
    ? await (await tx())
        .select({ id: leads.merchantId, leadCount: sql<number>`count(*)::int`, formalCount: sql<number>`(count(*) filter (where ${leads.status} = 'formal'))::int` })
        .from(leads)
        .where(inArray(leads.merchantId, ids))
        .groupBy(leads.merchantId)
    : [];
  const by = new Map(counts.map((c) => [c.id, c]));
  return rows.map((m) => ({ ...m, leadCount: Number(by.get(m.id)?.leadCount ?? 0), formalCount: Number(by.get(m.id)?.formalCount ?? 0) }));
}

async function merchantWithCounts(m: MerchantRow): Promise<Merchant> {
  return (await merchantsWithCounts([m]))[0];
}

/** The leads (and converted ones) of a merchant, as an SQL expression over the merchant's id. */
function merchantCount(formal: boolean): SQL {
  return sql`(select count(*) from ${leads} where ${leads.merchantId} = ${merchants.id}${formal ? sql` and ${leads.status} = 'formal'` : sql``})`;
}

const MERCHANT_LABELS = Object.fromEntries(['name', 'category', 'contact', 'mobile', 'address', 'status', 'remark'].map((k) => [k, `merchant.${k}`]));

function readMerchant(ctx: AuthedCtx, b: { name: string; category: string; contact: string; mobile: string; address?: string; status?: MerchantStatus; remark?: string; logo?: string }) {
  if (b.logo !== undefined) {
    const problem = checkImageDataUrl(b.logo);
    if (problem) throw ctx.bad(problem === 'type' ? 'logo.notImage' : 'logo.tooLarge');
  }
  return { name: b.name, category: b.category, contact: b.contact, mobile: b.mobile, address: b.address, status: b.status ?? ('active' as MerchantStatus), remark: b.remark, logo: b.logo };
}

function findMerchant(ctx: AuthedCtx, id: number): Promise<MerchantRow> {
  return ctx.find(merchantPolicy, id, 'lead.merchant');
}

/** Another merchant of the company with this name. */
async function merchantNamed(ctx: AuthedCtx, name: string, except?: number): Promise<boolean> {
  const [m] = await (await tx())
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(ctx.scope(merchantPolicy), eq(merchants.name, name), except === undefined ? undefined : ne(merchants.id, except)));
  return m !== undefined;
}

/** The forms and merchants of a company, oldest first (the poster picker). */
export async function posterSources(companyId: number) {
  const db = await tx();
  const forms = await db.select({ code: gatherForms.code, name: gatherForms.title }).from(gatherForms).where(eq(gatherForms.companyId, companyId)).orderBy(asc(gatherForms.id));
  const partners = await db
    .select({ id: merchants.id, name: merchants.name, category: merchants.category, logo: merchants.logo })
    .from(merchants)
    .where(eq(merchants.companyId, companyId))
    .orderBy(asc(merchants.id));
  return { forms, merchants: partners };
}

/** The strict schema of a public form's submission, built from the form's fields. */
function submissionSchema(fields: GatherField[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const req = field.required || field.key === 'name' || field.key === 'mobile';
    if (field.key === 'mobile') shape.mobile = mobileSchema();
    else if (field.key === 'age') shape.age = req ? int(1, 99) : int(1, 99).nullish();
    else if (field.key === 'gender') shape.gender = req ? oneOf(['male', 'female']) : oneOf(['male', 'female']).nullish();
    else {
      const max = field.key === 'remark' ? 500 : 50;
      shape[field.key] = req ? text(max) : optText(max);
    }
  }
  return z.object(shape);
}

/** What the lists share: created-at dates, newest first by default, ties in id order (as the in-memory lists had them). */
function newestFirst(createdAt: PgColumn, id: PgColumn) {
  return { date: createdAt, defaultSort: { field: 'createdAt', order: 'descend' as const }, tiebreak: [asc(id)] };
}

const FORM_LIST: SqlListSpec = {
  keyword: [gatherForms.title, gatherForms.description],
  equal: { campusId: gatherForms.campusId },
  filters: { enabled: (v) => booleanIn(gatherForms.enabled, v) },
  sortable: {
    createdAt: gatherForms.createdAt,
    submissionCount: sql`(select count(*) from ${gatherSubmissions} where ${gatherSubmissions.formId} = ${gatherForms.id})`,
    leadCount: sql`(select count(*) from ${gatherSubmissions} where ${gatherSubmissions.formId} = ${gatherForms.id} and ${gatherSubmissions.result} = 'lead')`,
    title: sql`${gatherForms.titleSort} collate "C"`,
  },
  ...newestFirst(gatherForms.createdAt, gatherForms.id),
};

const SUBMISSION_LIST: SqlListSpec = {
  keyword: [gatherSubmissions.name, gatherSubmissions.mobile],
  equal: { result: gatherSubmissions.result },
  sortable: { createdAt: gatherSubmissions.createdAt },
  ...newestFirst(gatherSubmissions.createdAt, gatherSubmissions.id),
};

const SIGNUP_LIST: SqlListSpec = {
  keyword: [webSignups.name, webSignups.mobile, webSignups.course, webSignups.message],
  equal: { status: webSignups.status, campusId: webSignups.campusId },
  sortable: { createdAt: webSignups.createdAt, handledAt: webSignups.handledAt },
  ...newestFirst(webSignups.createdAt, webSignups.id),
};

function merchantList(): SqlListSpec {
  return {
    keyword: [merchants.name, merchants.contact, merchants.mobile, merchants.category, merchants.address],
    equal: { status: merchants.status, category: merchants.category },
    sortable: { createdAt: merchants.createdAt, leadCount: merchantCount(false), formalCount: merchantCount(true), name: sql`${merchants.nameSort} collate "C"` },
    ...newestFirst(merchants.createdAt, merchants.id),
  };
}

/** A boolean column equal to any of 'true' / 'false' (another value matches nothing, as in the in-memory lists). */
function booleanIn(column: PgColumn, v: string): SQL {
  const values = v.split(',').filter((x) => x === 'true' || x === 'false').map((x) => x === 'true');
  return values.length ? inArray(column, values) : sql`false`;
}

/** A public form by its code: 404 unknown, 400 closed. */
async function publicForm(ctx: Ctx<Record<string, string>>): Promise<GatherFormRow> {
  const [r] = await (await tx()).select().from(gatherForms).where(eq(gatherForms.code, ctx.params.code));
  if (!r) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('gather.form') }));
  if (!r.enabled) throw ctx.bad('gather.closed');
  // A public call has no session to have read the company's rules and campuses.
  await loadCompany(r.companyId);
  return formOf(r);
}

/** The pending sign-ups of the ids, locked (404 outside the scope, 400 once handled), in the order given. */
async function pendingSignups(ctx: AuthedCtx<Record<string, string>, { ids: number[] }>): Promise<WebSignup[]> {
  const rows: WebSignup[] = [];
  for (const id of ctx.body.ids) {
    const w = await ctx.find(signupPolicy, id, 'web.signup');
    if (w.status !== 'pending') throw ctx.bad('web.notPending', { name: w.name });
    rows.push(w);
  }
  return rows;
}

async function handleSignup(w: WebSignup): Promise<void> {
  await (await tx())
    .update(webSignups)
    .set({ status: w.status, leadId: w.leadId ?? null, duplicate: w.duplicate ?? null, handledAt: w.handledAt === undefined ? null : stampDate(w.handledAt), handledBy: w.handledBy ?? null })
    .where(and(eq(webSignups.companyId, w.companyId), eq(webSignups.id, w.id)));
}

export const customerExtraHandlers = [
  /* ----- forms ----- */
  api('get', '/v2/gather', { read: gatherFormPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), gatherForms, ctx.scope(gatherFormPolicy), ctx.query, FORM_LIST, ctx.lang);
    return { list: await formsWithCounts(page.list.map(formOf)), total: page.total };
  }),

  api('post', '/v2/gather', { write: gatherFormPolicy, body: GatherFormBody, labels: FORM_LABELS }, async (ctx) => {
    const { campusId, campusName, title, description, fields, enabled } = readForm(ctx, ctx.body);
    const [row] = await (await tx())
      .insert(gatherForms)
      .values(formValues({ companyId: ctx.session.company.id, campusId, campusName, title, description, fields, code: newCode(), enabled, createdAt: nowStamp(), createdBy: ctx.session.user.name }))
      .returning();
    return created(await formWithCounts(formOf(row)));
  }),

  api('put', '/v2/gather', { write: gatherFormPolicy, body: GatherFormUpdateBody, labels: FORM_LABELS }, async (ctx) => {
    const row = await findForm(ctx, ctx.body.id);
    const { campusId, campusName, title, description, fields, enabled } = readForm(ctx, ctx.body);
    Object.assign(row, { campusId, campusName, title, description, fields, enabled });
    await (await tx())
      .update(gatherForms)
      .set({ campusId, campusName, title, titleSort: sortKey(title), description: description ?? null, fields, enabled })
      .where(and(eq(gatherForms.companyId, row.companyId), eq(gatherForms.id, row.id)));
    return formWithCounts(row);
  }),

  api('delete', '/v2/gather/:id', { write: gatherFormPolicy }, async (ctx) => {
    const row = await findForm(ctx, Number(ctx.params.id));
    const { submissionCount: n } = await formWithCounts(row);
    if (n > 0) throw ctx.bad('gather.hasSubmissions', { n });
    await (await tx()).delete(gatherForms).where(and(eq(gatherForms.companyId, row.companyId), eq(gatherForms.id, row.id)));
    return { id: row.id };
  }),

  api('get', '/v2/gather_submission', { read: gatherFormPolicy }, async (ctx) => {
    const form = await findForm(ctx, Number(ctx.query.formId));
    const page = await sqlList(await tx(), gatherSubmissions, and(eq(gatherSubmissions.companyId, form.companyId), eq(gatherSubmissions.formId, form.id)), ctx.query, SUBMISSION_LIST, ctx.lang);
    return { list: page.list.map(submissionOf), total: page.total };
  }),

  /* ----- the public form (no login) ----- */
  api('get', '/v2/public/gather/:code', { auth: false }, async (ctx): Promise<PublicGatherForm> => {
    const f = await publicForm(ctx);
    const company = companyById(ctx.db, f.companyId);
    return { code: f.code, title: f.title, description: f.description, companyName: company?.name ?? '', campusName: f.campusName, fields: f.fields };
  }),

  api('post', '/v2/public/gather/:code', { auth: false }, async (ctx) => {
    const f = await publicForm(ctx);
    const labels = Object.fromEntries(f.fields.map((x) => [x.key, x.label]));
    const parsed = parseBody(submissionSchema(f.fields), ctx.body, ctx.lang, labels) as Record<string, unknown>;
    const values: Partial<Record<GatherFieldKey, string>> = {};
    for (const field of f.fields) {
      const v = parsed[field.key];
      if (v !== undefined && v !== null) values[field.key] = String(v);
    }
    await submitGather(ctx.db, f, values, ctx.lang);
    // The public never learns whether the number was already known.
    return { ok: true };
  }),

  /* ----- web sign-ups ----- */
  api('get', '/v2/wdc_customer', { read: signupPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), webSignups, ctx.scope(signupPolicy), ctx.query, SIGNUP_LIST, ctx.lang);
    return { list: page.list.map(signupOf), total: page.total };
  }),

  api('post', '/v2/wdc_customer/accept', { write: signupPolicy, body: SignupIdsBody, labels: { ids: 'web.signup' } }, async (ctx) => {
    const rows = await pendingSignups(ctx);
    const at = nowStamp();
    const duplicates: { id: number; name: string; leadName: string; ownerName?: string }[] = [];
    let accepted = 0;
    for (const w of rows) {
      const dup = await leadByMobile(w.companyId, w.mobile);
      if (dup) {
        w.leadId = dup.id;
        w.duplicate = true;
        duplicates.push({ id: w.id, name: w.name, leadName: dup.name, ownerName: dup.ownerName });
      } else {
        const lead = await insertLead(
          ctx.db,
          { companyId: w.companyId, campusId: w.campusId, name: w.name, mobile: w.mobile, source: 'web', intention: 'B', course: w.course, remark: w.message, createdAt: at, createdBy: ctx.session.user.name },
          ctx.lang,
        );
        w.leadId = lead.id;
        accepted += 1;
      }
      w.status = 'accepted';
      w.handledAt = at;
      w.handledBy = ctx.session.user.name;
      await handleSignup(w);
    }
    return { accepted, duplicates };
  }),

  api('post', '/v2/wdc_customer/discard', { write: signupPolicy, body: SignupIdsBody, labels: { ids: 'web.signup' } }, async (ctx) => {
    const rows = await pendingSignups(ctx);
    const at = nowStamp();
    for (const w of rows) {
      Object.assign(w, { status: 'discarded', handledAt: at, handledBy: ctx.session.user.name });
      await handleSignup(w);
    }
    return { discarded: rows.length };
  }),

  /* ----- merchants ----- */
  api('get', '/v2/market_merchant/options', { read: merchantPolicy }, async (ctx) => {
    const rows = await (await tx()).select().from(merchants).where(ctx.scope(merchantPolicy)).orderBy(asc(merchants.id));
    return rows.map((m) => ({ value: m.id, label: m.name, disabled: m.status === 'paused' }));
  }),

  api('get', '/v2/market_merchant', { read: merchantPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), merchants, ctx.scope(merchantPolicy), ctx.query, merchantList(), ctx.lang);
    return { list: await merchantsWithCounts(page.list.map(merchantOf)), total: page.total };
  }),

  api('post', '/v2/market_merchant', { write: merchantPolicy, body: MerchantBody, labels: MERCHANT_LABELS }, async (ctx) => {
    const data = readMerchant(ctx, ctx.body);
    if (await merchantNamed(ctx, data.name)) throw ctx.bad('merchant.duplicate', { name: data.name });
    const [row] = await (await tx())
      .insert(merchants)
      .values(merchantValues({ companyId: ctx.session.company.id, ...data, createdAt: nowStamp() }))
      .returning();
    return created(await merchantWithCounts(merchantOf(row)));
  }),

  api('put', '/v2/market_merchant', { write: merchantPolicy, body: MerchantUpdateBody, labels: MERCHANT_LABELS }, async (ctx) => {
    const row = await findMerchant(ctx, ctx.body.id);
    const data = readMerchant(ctx, ctx.body);
    if (await merchantNamed(ctx, data.name, row.id)) throw ctx.bad('merchant.duplicate', { name: data.name });
    Object.assign(row, data);
    await (await tx())
      .update(merchants)
      .set({ name: row.name, nameSort: sortKey(row.name), category: row.category, contact: row.contact, mobile: row.mobile, address: row.address ?? null, status: row.status, remark: row.remark ?? null, logo: row.logo ?? null })
      .where(and(eq(merchants.companyId, row.companyId), eq(merchants.id, row.id)));
    await (await tx()).update(leads).set({ merchantName: row.name }).where(and(eq(leads.companyId, row.companyId), eq(leads.merchantId, row.id)));
    return merchantWithCounts(row);
  }),

  api('delete', '/v2/market_merchant/:id', { write: merchantPolicy }, async (ctx) => {
    const row = await findMerchant(ctx, Number(ctx.params.id));
    const [{ n }] = await (await tx()).select({ n: sql<number>`count(*)::int` }).from(leads).where(eq(leads.merchantId, row.id));
    if (n > 0) throw ctx.bad('merchant.hasLeads', { name: row.name, n });
    await (await tx()).delete(merchants).where(and(eq(merchants.companyId, row.companyId), eq(merchants.id, row.id)));
    return { id: row.id };
  }),
];
