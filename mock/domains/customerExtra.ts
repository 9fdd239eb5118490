/**
 * Lead sources of the customer center (docs/screens.md#customer-center): collection forms with a public link (/gather, /f/{code}),
 * sign-ups from the campus web page (/wdc-customer) and partner merchants (/market_merchant).
 */
import type { Db } from '../db';
import { nextId } from '../db';
import { api, definePolicy, HttpError, type AuthedCtx } from '../http';
import { defineMessages, message, type Lang } from '../messages';
import { listQuery } from '../list';
import { parseBody } from '../schema';
import { indexOf } from '../indexes';
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
import { findDuplicate, normalizeMobile, seesAllLeads } from '../../src/domain/leads';
import { checkImageDataUrl } from '../../src/domain/upload';
import { ensureCustomerTables, insertLead, leadRows, poolPolicy, type GatherFormRow, type MerchantRow } from './customer';
import { narrowsScope, scopeLeads } from './dataScope';

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

export function formWithCounts(db: Db, f: GatherFormRow): GatherForm {
  const subs = db.gatherSubmissions.filter((s) => s.formId === f.id);
  return { ...f, submissionCount: subs.length, leadCount: subs.filter((s) => s.result === 'lead').length };
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
  rows: (db, s) => {
    ensureCustomerTables(db);
    return indexOf(db, 'gatherForms', s.company.id);
  },
});
/**
 * Web sign-ups waiting for the customer center. Whoever sees every lead reads them all; anyone else (sales, a narrowed
 * data scope) those of their campus scope still unlinked (pending, discarded) and the accepted ones whose lead is in
 * their lead lists (`leadRows`, the pool): an accepted sign-up shows its lead's name and mobile (issue 29).
 */
export const signupPolicy = definePolicy<WebSignup>({
  name: 'web sign-ups',
  read: 'customerCenter',
  rows: (db, s) => {
    ensureCustomerTables(db);
    const all = indexOf(db, 'webSignups', s.company.id);
    if (seesAllLeads(s.membership.role) && !narrowsScope(db, s)) return all;
    const leads = new Set([...leadRows(db, s), ...poolPolicy.rows!(db, s)].map((l) => l.id));
    const inScope = new Set(scopeLeads(db, s, all.map((w) => ({ id: w.id, campusId: w.campusId }))).map((w) => w.id));
    return all.filter((w) => (w.leadId === undefined ? inScope.has(w.id) : leads.has(w.leadId)));
  },
});
/** Partner merchants. */
export const merchantPolicy = definePolicy<MerchantRow>({
  name: 'merchants',
  read: 'customerCenter',
  rows: (db, s) => {
    ensureCustomerTables(db);
    return indexOf(db, 'merchants', s.company.id);
  },
});

function findForm(ctx: AuthedCtx, id: number): GatherFormRow {
  return ctx.target(gatherFormPolicy, id, 'gather.form');
}

function readForm(ctx: AuthedCtx, b: { campusId: number; title: string; description?: string; fields: unknown[]; enabled?: boolean }) {
  const campus = indexOf(ctx.db, 'campuses', ctx.session.company.id).find((c) => c.id === b.campusId);
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
export function submitGather(db: Db, form: GatherFormRow, values: Partial<Record<GatherFieldKey, string>>, lang: Lang, at = nowStamp()): GatherSubmission {
  ensureCustomerTables(db);
  const name = (values.name ?? '').trim();
  const mobile = normalizeMobile(values.mobile ?? '');
  const existing = findDuplicate(db.leads, form.companyId, mobile);
  let leadId = existing?.id;
  if (!existing) {
    const age = values.age ? Number(values.age) : undefined;
    const lead = insertLead(
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
  const sub: GatherSubmission = {
    id: nextId(db, 'gatherSubmissions'),
    companyId: form.companyId,
    formId: form.id,
    name,
    mobile,
    values,
    result: existing ? 'duplicate' : 'lead',
    leadId,
    createdAt: at,
  };
  db.gatherSubmissions.push(sub);
  return sub;
}

/* ---------------- web sign-ups ---------------- */

/** The earlier sign-up of a mobile on a campus's page, whatever its state (one row per mobile and page). */
export function findWebSignup(db: Db, campusId: number, mobile: string): WebSignup | undefined {
  ensureCustomerTables(db);
  const m = normalizeMobile(mobile);
  return db.webSignups.find((s) => s.campusId === campusId && s.mobile === m);
}

/** A sign-up from the campus web page (the campus web domain calls this; pending until accepted or discarded). */
export function insertWebSignup(
  db: Db,
  input: { companyId: number; campusId: number; name: string; mobile: string; course?: string; message?: string; createdAt?: string },
): WebSignup {
  ensureCustomerTables(db);
  const row: WebSignup = {
    id: nextId(db, 'webSignups'),
    companyId: input.companyId,
    campusId: input.campusId,
    campusName: db.campuses.find((c) => c.id === input.campusId)?.name ?? '',
    name: input.name,
    mobile: normalizeMobile(input.mobile),
    course: input.course,
    message: input.message,
    status: 'pending',
    createdAt: input.createdAt ?? nowStamp(),
  };
  db.webSignups.push(row);
  return row;
}

/* ---------------- merchants ---------------- */

export function merchantWithCounts(db: Db, m: MerchantRow): Merchant {
  const leads = db.leads.filter((l) => l.merchantId === m.id);
  return { ...m, leadCount: leads.length, formalCount: leads.filter((l) => l.status === 'formal').length };
}

const MERCHANT_LABELS = Object.fromEntries(['name', 'category', 'contact', 'mobile', 'address', 'status', 'remark'].map((k) => [k, `merchant.${k}`]));

function readMerchant(ctx: AuthedCtx, b: { name: string; category: string; contact: string; mobile: string; address?: string; status?: MerchantStatus; remark?: string; logo?: string }) {
  if (b.logo !== undefined) {
    const problem = checkImageDataUrl(b.logo);
    if (problem) throw ctx.bad(problem === 'type' ? 'logo.notImage' : 'logo.tooLarge');
  }
  return { name: b.name, category: b.category, contact: b.contact, mobile: b.mobile, address: b.address, status: b.status ?? ('active' as MerchantStatus), remark: b.remark, logo: b.logo };
}

function findMerchant(ctx: AuthedCtx, id: number): MerchantRow {
  return ctx.target(merchantPolicy, id, 'lead.merchant');
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

export const customerExtraHandlers = [
  /* ----- forms ----- */
  api('get', '/v2/gather', { read: gatherFormPolicy }, (ctx) =>
    listQuery(
      ctx.rows(gatherFormPolicy).map((f) => formWithCounts(ctx.db, f)),
      ctx.query,
      {
        keywordFields: ['title', 'description'],
        equalFields: ['campusId', 'enabled'],
        dateField: 'createdAt',
        sortable: ['createdAt', 'submissionCount', 'leadCount', 'title'],
        defaultSort: { field: 'createdAt', order: 'descend' },
      },
      ctx.lang,
    ),
  ),

  api('post', '/v2/gather', { write: gatherFormPolicy, body: GatherFormBody, labels: FORM_LABELS }, (ctx) => {
    const { campusId, campusName, title, description, fields, enabled } = readForm(ctx, ctx.body);
    const row: GatherFormRow = {
      id: nextId(ctx.db, 'gatherForms'),
      companyId: ctx.session.company.id,
      campusId,
      campusName,
      title,
      description,
      fields,
      code: newCode(),
      enabled,
      createdAt: nowStamp(),
      createdBy: ctx.session.user.name,
    };
    ctx.db.gatherForms.push(row);
    return formWithCounts(ctx.db, row);
  }),

  api('put', '/v2/gather', { write: gatherFormPolicy, body: GatherFormUpdateBody, labels: FORM_LABELS }, (ctx) => {
    const row = findForm(ctx, ctx.body.id);
    const { campusId, campusName, title, description, fields, enabled } = readForm(ctx, ctx.body);
    Object.assign(row, { campusId, campusName, title, description, fields, enabled });
    return formWithCounts(ctx.db, row);
  }),

  api('delete', '/v2/gather/:id', { write: gatherFormPolicy }, (ctx) => {
    const row = findForm(ctx, Number(ctx.params.id));
    const n = ctx.db.gatherSubmissions.filter((s) => s.formId === row.id).length;
    if (n > 0) throw ctx.bad('gather.hasSubmissions', { n });
    ctx.db.gatherForms = ctx.db.gatherForms.filter((f) => f.id !== row.id);
    return { id: row.id };
  }),

  api('get', '/v2/gather_submission', { read: gatherFormPolicy }, (ctx) => {
    const form = findForm(ctx, Number(ctx.query.formId));
    return listQuery(
      ctx.db.gatherSubmissions.filter((s) => s.formId === form.id),
      ctx.query,
      { keywordFields: ['name', 'mobile'], equalFields: ['result'], dateField: 'createdAt', sortable: ['createdAt'], defaultSort: { field: 'createdAt', order: 'descend' } },
      ctx.lang,
    );
  }),

  /* ----- the public form (no login) ----- */
  api('get', '/v2/public/gather/:code', { auth: false }, (ctx): PublicGatherForm => {
    ensureCustomerTables(ctx.db);
    const f = ctx.db.gatherForms.find((x) => x.code === ctx.params.code);
    if (!f) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('gather.form') }));
    if (!f.enabled) throw ctx.bad('gather.closed');
    const company = ctx.db.companies.find((c) => c.id === f.companyId);
    return { code: f.code, title: f.title, description: f.description, companyName: company?.name ?? '', campusName: f.campusName, fields: f.fields };
  }),

  api('post', '/v2/public/gather/:code', { auth: false }, (ctx) => {
    ensureCustomerTables(ctx.db);
    const f = ctx.db.gatherForms.find((x) => x.code === ctx.params.code);
    if (!f) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('gather.form') }));
    if (!f.enabled) throw ctx.bad('gather.closed');
    const labels = Object.fromEntries(f.fields.map((x) => [x.key, x.label]));
    const parsed = parseBody(submissionSchema(f.fields), ctx.body, ctx.lang, labels) as Record<string, unknown>;
    const values: Partial<Record<GatherFieldKey, string>> = {};
    for (const field of f.fields) {
      const v = parsed[field.key];
      if (v !== undefined && v !== null) values[field.key] = String(v);
    }
    submitGather(ctx.db, f, values, ctx.lang);
    // The public never learns whether the number was already known.
    return { ok: true };
  }),

  /* ----- web sign-ups ----- */
  api('get', '/v2/wdc_customer', { read: signupPolicy }, (ctx) => {
    return listQuery(
      ctx.rows(signupPolicy),
      ctx.query,
      {
        keywordFields: ['name', 'mobile', 'course', 'message'],
        equalFields: ['status', 'campusId'],
        dateField: 'createdAt',
        sortable: ['createdAt', 'handledAt'],
        defaultSort: { field: 'createdAt', order: 'descend' },
      },
      ctx.lang,
    );
  }),

  api('post', '/v2/wdc_customer/accept', { write: signupPolicy, body: SignupIdsBody, labels: { ids: 'web.signup' } }, (ctx) => {
    const rows = ctx.body.ids.map((id) => {
      const w = ctx.target(signupPolicy, id, 'web.signup');
      if (w.status !== 'pending') throw ctx.bad('web.notPending', { name: w.name });
      return w;
    });
    const at = nowStamp();
    const duplicates: { id: number; name: string; leadName: string; ownerName?: string }[] = [];
    let accepted = 0;
    for (const w of rows) {
      const dup = findDuplicate(ctx.db.leads, w.companyId, w.mobile);
      if (dup) {
        w.leadId = dup.id;
        w.duplicate = true;
        duplicates.push({ id: w.id, name: w.name, leadName: dup.name, ownerName: dup.ownerName });
      } else {
        const lead = insertLead(
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
    }
    return { accepted, duplicates };
  }),

  api('post', '/v2/wdc_customer/discard', { write: signupPolicy, body: SignupIdsBody, labels: { ids: 'web.signup' } }, (ctx) => {
    const rows = ctx.body.ids.map((id) => {
      const w = ctx.target(signupPolicy, id, 'web.signup');
      if (w.status !== 'pending') throw ctx.bad('web.notPending', { name: w.name });
      return w;
    });
    const at = nowStamp();
    for (const w of rows) Object.assign(w, { status: 'discarded', handledAt: at, handledBy: ctx.session.user.name });
    return { discarded: rows.length };
  }),

  /* ----- merchants ----- */
  api('get', '/v2/market_merchant/options', { read: merchantPolicy }, (ctx) => {
    return ctx.rows(merchantPolicy).map((m) => ({ value: m.id, label: m.name, disabled: m.status === 'paused' }));
  }),

  api('get', '/v2/market_merchant', { read: merchantPolicy }, (ctx) => {
    return listQuery(
      ctx.rows(merchantPolicy).map((m) => merchantWithCounts(ctx.db, m)),
      ctx.query,
      {
        keywordFields: ['name', 'contact', 'mobile', 'category', 'address'],
        equalFields: ['status', 'category'],
        dateField: 'createdAt',
        sortable: ['createdAt', 'leadCount', 'formalCount', 'name'],
        defaultSort: { field: 'createdAt', order: 'descend' },
      },
      ctx.lang,
    );
  }),

  api('post', '/v2/market_merchant', { write: merchantPolicy, body: MerchantBody, labels: MERCHANT_LABELS }, (ctx) => {
    const data = readMerchant(ctx, ctx.body);
    if (ctx.rows(merchantPolicy).some((m) => m.name === data.name)) throw ctx.bad('merchant.duplicate', { name: data.name });
    const row: MerchantRow = { id: nextId(ctx.db, 'merchants'), companyId: ctx.session.company.id, ...data, createdAt: nowStamp() };
    ctx.db.merchants.push(row);
    return merchantWithCounts(ctx.db, row);
  }),

  api('put', '/v2/market_merchant', { write: merchantPolicy, body: MerchantUpdateBody, labels: MERCHANT_LABELS }, (ctx) => {
    const row = findMerchant(ctx, ctx.body.id);
    const data = readMerchant(ctx, ctx.body);
    if (ctx.rows(merchantPolicy).some((m) => m.name === data.name && m.id !== row.id)) throw ctx.bad('merchant.duplicate', { name: data.name });
    Object.assign(row, data);
    for (const l of ctx.db.leads) if (l.merchantId === row.id) l.merchantName = row.name;
    return merchantWithCounts(ctx.db, row);
  }),

  api('delete', '/v2/market_merchant/:id', { write: merchantPolicy }, (ctx) => {
    const row = findMerchant(ctx, Number(ctx.params.id));
    const n = ctx.db.leads.filter((l) => l.merchantId === row.id).length;
    if (n > 0) throw ctx.bad('merchant.hasLeads', { name: row.name, n });
    ctx.db.merchants = ctx.db.merchants.filter((m) => m.id !== row.id);
    return { id: row.id };
  }),
];
