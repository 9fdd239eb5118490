/**
 * The customer center's lead sources and follow-ups (/customer, /gather, /f/{code}, /wdc-customer, /market_merchant):
 * partner merchants, collection forms with their public submissions, sign-ups from the campus web pages and the
 * follow-up timeline of a lead. The leads themselves are still in the server process (mock/domains/customer.ts):
 * these rows name a lead by id, without a foreign key.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { FollowUpMethod, GatherField, GatherFieldKey, LeadIntention, LeadStatus, MerchantStatus, SubmissionResult, WebSignupStatus } from '../../../src/types/customer';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
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
    companyId: integer('company_id').notNull(),
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

export const gatherSubmissions = pgTable(
  'gather_submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    formId: integer('form_id').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    values: jsonb('values').$type<Partial<Record<GatherFieldKey, string>>>().notNull(),
    result: text('result').$type<SubmissionResult>().notNull(),
    /** The lead it created or matched (leads are in the process: no foreign key). */
    leadId: integer('lead_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    // A form with submissions cannot be deleted (the call refuses it; the key too).
    foreignKey({ columns: [t.companyId, t.formId], foreignColumns: [gatherForms.companyId, gatherForms.id], name: 'gather_submissions_form_fk' }),
    index('gather_submissions_form_created_idx').on(t.formId, t.createdAt, t.id),
    check('gather_submissions_result_check', sql`${t.result} in ('lead', 'duplicate')`),
  ],
);

export const webSignups = pgTable(
  'web_signups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    campusId: integer('campus_id').notNull(),
    campusName: text('campus_name').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    course: text('course'),
    message: text('message'),
    status: text('status').$type<WebSignupStatus>().notNull(),
    /** The lead it became or was linked to (no foreign key: leads are in the process). */
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
    companyId: integer('company_id').notNull(),
    /** The lead (in the process: no foreign key); deleting a lead deletes its follow-ups. */
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
    index('follow_ups_company_lead_idx').on(t.companyId, t.leadId, t.createdAt, t.id),
    check('follow_ups_method_check', sql`${t.method} in ('phone', 'wechat', 'visit', 'sms', 'other')`),
    check('follow_ups_status_check', sql`${t.statusBefore} in ('new', 'following', 'trial', 'formal', 'invalid') and ${t.statusAfter} in ('new', 'following', 'trial', 'formal', 'invalid')`),
    check('follow_ups_intention_check', sql`${t.intentionBefore} in ('A', 'B', 'C', 'D') and ${t.intentionAfter} in ('A', 'B', 'C', 'D')`),
  ],
);
