/**
 * The customer center's lead sources and follow-ups (/customer, /gather, /f/{code}, /wdc-customer, /market_merchant):
 * partner merchants, collection forms with their public submissions, sign-ups from the campus web pages and the
 * follow-up timeline of a lead, and the leads themselves (mock/domains/customer.ts). A lead's follow-ups go with it
 * (cascade); a submission keeps its row when its lead is deleted (the lead id cleared); a web sign-up keeps naming
 * the lead it was accepted as (no foreign key: a lead may be deleted while its accepted sign-up stays accepted).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { campuses, companies } from './accounts';
import type { FollowUpMethod, GatherField, GatherFieldKey, LeadGender, LeadIntention, LeadSource, LeadStatus, MerchantStatus, PoolReason, SubmissionResult, WebSignupStatus } from '../../../src/types/customer';
import { ofCompany } from './companies';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull(),
    category: text('category').notNull(),
    contact: text('contact').notNull(),
    mobile: text('mobile').notNull(),
    address: text('address'),
    status: text('status').$type<MerchantStatus>().notNull(),
    remark: text('remark'),
    /** An image data URL (co-branded posters). */
    logo: text('logo'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    // One merchant name per company.
    unique('merchants_company_name_key').on(t.companyId, t.name),
    index('merchants_company_created_idx').on(t.companyId, t.createdAt, t.id),
    check('merchants_status_check', sql`${t.status} in ('active', 'paused')`),
  ],
);

export const gatherForms = pgTable(
  'gather_forms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    campusId: integer('campus_id').notNull(),
    campusName: text('campus_name').notNull(),
    title: text('title').notNull(),
    titleSort: text('title_sort').notNull(),
    description: text('description'),
    /** Always with name and mobile (required). */
    fields: jsonb('fields').$type<GatherField[]>().notNull(),
    /** The public link: /f/{code}. */
    code: text('code').notNull(),
    enabled: boolean('enabled').notNull(),
    createdAt: at('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    unique('gather_forms_code_key').on(t.code),
    unique('gather_forms_company_id_key').on(t.companyId, t.id),
    index('gather_forms_company_created_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    campusName: text('campus_name').notNull(),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull(),
    /** Digits only (normalizeMobile); one lead per mobile and company, whatever its state. */
    mobile: text('mobile').notNull(),
    parentName: text('parent_name'),
    gender: text('gender').$type<LeadGender>(),
    age: integer('age'),
    course: text('course'),
    status: text('status').$type<LeadStatus>().notNull(),
    intention: text('intention').$type<LeadIntention>().notNull(),
    source: text('source').$type<LeadSource>().notNull(),
    /** The owning user (no foreign key yet: users are still in the process); null = in the pool. */
    ownerId: integer('owner_id'),
    /** The owner's name when it got the lead (kept, as before). */
    ownerName: text('owner_name'),
    assignedAt: at('assigned_at'),
    poolReason: text('pool_reason').$type<PoolReason>(),
    pooledAt: at('pooled_at'),
    previousOwnerName: text('previous_owner_name'),
    lastFollowUpAt: at('last_follow_up_at'),
    nextFollowUpAt: date('next_follow_up_at', { mode: 'string' }),
    followUpCount: integer('follow_up_count').notNull().default(0),
    /** The student the conversion created (by id, without a key: the student may be deleted while the lead stays). */
    studentId: integer('student_id'),
    convertedAt: at('converted_at'),
    /** A merchant with leads cannot be deleted (the call refuses it; the key too). */
    merchantId: integer('merchant_id').references(() => merchants.id),
    merchantName: text('merchant_name'),
    formId: integer('form_id'),
    remark: text('remark'),
    createdAt: at('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    uniqueIndex('leads_company_mobile_key').on(t.companyId, t.mobile),
    unique('leads_company_id_key').on(t.companyId, t.id),
    index('leads_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('leads_company_owner_idx').on(t.companyId, t.ownerId, t.status),
    index('leads_company_pooled_idx').on(t.companyId, t.pooledAt).where(sql`${t.ownerId} is null`),
    // The form it came from (a form with submissions, so with leads, cannot be deleted).
    foreignKey({ columns: [t.companyId, t.formId], foreignColumns: [gatherForms.companyId, gatherForms.id], name: 'leads_form_fk' }),
    check('leads_status_check', sql`${t.status} in ('new', 'following', 'trial', 'formal', 'invalid')`),
    check('leads_intention_check', sql`${t.intention} in ('A', 'B', 'C', 'D')`),
    check('leads_source_check', sql`${t.source} in ('walk_in', 'referral', 'phone', 'online', 'form', 'web', 'merchant', 'event')`),
    check('leads_gender_check', sql`${t.gender} in ('male', 'female')`),
    check('leads_pool_reason_check', sql`${t.poolReason} in ('unassigned', 'returned', 'released')`),
    // In the pool = no owner, with why and since when; an owned lead has neither.
    check('leads_pool_check', sql`(${t.ownerId} is null) = (${t.poolReason} is not null) and (${t.poolReason} is null) = (${t.pooledAt} is null)`),
    check('leads_follow_up_count_check', sql`${t.followUpCount} >= 0`),
    // Converted = formal with its student and the time.
    check('leads_converted_check', sql`(${t.studentId} is null) = (${t.convertedAt} is null) and (${t.studentId} is null or ${t.status} = 'formal')`),
  ],
);

export const gatherSubmissions = pgTable(
  'gather_submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    formId: integer('form_id').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    values: jsonb('values').$type<Partial<Record<GatherFieldKey, string>>>().notNull(),
    result: text('result').$type<SubmissionResult>().notNull(),
    /** The lead it created or matched (cleared when the lead is deleted). */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    // A form with submissions cannot be deleted (the call refuses it; the key too).
    foreignKey({ columns: [t.companyId, t.formId], foreignColumns: [gatherForms.companyId, gatherForms.id], name: 'gather_submissions_form_fk' }),
    index('gather_submissions_form_created_idx').on(t.formId, t.createdAt, t.id),
    index('gather_submissions_company_form_idx').on(t.companyId, t.formId),
    check('gather_submissions_result_check', sql`${t.result} in ('lead', 'duplicate')`),
  ],
);

export const webSignups = pgTable(
  'web_signups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    campusId: integer('campus_id').notNull(),
    campusName: text('campus_name').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    course: text('course'),
    message: text('message'),
    status: text('status').$type<WebSignupStatus>().notNull(),
    /** The lead it became or was linked to (no foreign key: an accepted sign-up keeps naming a deleted lead). */
    leadId: integer('lead_id'),
    duplicate: boolean('duplicate'),
    handledBy: text('handled_by'),
    handledAt: at('handled_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    // One sign-up per mobile and campus page, whatever its state.
    unique('web_signups_campus_mobile_key').on(t.companyId, t.campusId, t.mobile),
    index('web_signups_company_created_idx').on(t.companyId, t.createdAt, t.id),
    check('web_signups_status_check', sql`${t.status} in ('pending', 'accepted', 'discarded')`),
    // Handled = accepted or discarded, with who and when; an accepted one names its lead.
    check('web_signups_handled_check', sql`(${t.status} = 'pending') = (${t.handledAt} is null) and (${t.status} <> 'accepted' or ${t.leadId} is not null)`),
  ],
);

export const followUps = pgTable(
  'follow_ups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    /** Deleting a lead deletes its follow-ups (cascade); a converted lead keeps them. */
    leadId: integer('lead_id').notNull(),
    method: text('method').$type<FollowUpMethod>().notNull(),
    content: text('content').notNull(),
    nextFollowUpAt: date('next_follow_up_at', { mode: 'string' }),
    statusBefore: text('status_before').$type<LeadStatus>().notNull(),
    statusAfter: text('status_after').$type<LeadStatus>().notNull(),
    intentionBefore: text('intention_before').$type<LeadIntention>().notNull(),
    intentionAfter: text('intention_after').$type<LeadIntention>().notNull(),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.leadId], foreignColumns: [leads.companyId, leads.id], name: 'follow_ups_lead_fk' }).onDelete('cascade'),
    index('follow_ups_company_lead_idx').on(t.companyId, t.leadId, t.createdAt, t.id),
    check('follow_ups_method_check', sql`${t.method} in ('phone', 'wechat', 'visit', 'sms', 'other')`),
    check('follow_ups_status_check', sql`${t.statusBefore} in ('new', 'following', 'trial', 'formal', 'invalid') and ${t.statusAfter} in ('new', 'following', 'trial', 'formal', 'invalid')`),
    check('follow_ups_intention_check', sql`${t.intentionBefore} in ('A', 'B', 'C', 'D') and ${t.intentionAfter} in ('A', 'B', 'C', 'D')`),
  ],
);
