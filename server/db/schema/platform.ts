/**
 * The platform's own tables (mock/domains/platform.ts, subscription.ts, platformRows.ts): the subscription packages,
 * every company's subscription orders (a company's renewal, a campus's renewal), the platform's log of company
 * validity changes, and two single-row tables, the platform settings and the customer-service contact. The orders
 * and the renewal log are the platform's records and outlive a deleted company (its revenue by month, its renewal
 * log, a package with orders kept from deletion): their company ids are plain columns, no foreign key, and the
 * company's name is copied at the time of the write (an order's name follows a rename).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SubscriptionOrderStatus } from '../../../src/types/subscription';
import type { CompanyRenewal } from '../../../src/types/platform';

const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled'] as const satisfies readonly SubscriptionOrderStatus[];
const RENEWAL_KINDS = ['create', 'renew', 'recover'] as const satisfies readonly CompanyRenewal['kind'][];
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A package companies renew with (days of validity for a price); one with orders is taken off sale, never deleted. */
export const packages = pgTable(
  'packages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull(),
    nameZh: text('name_zh'),
    days: integer('days').notNull(),
    price: money('price').notNull(),
    /** Campuses the package includes (the platform's screens). */
    campuses: integer('campuses').notNull(),
    description: text('description').notNull(),
    descriptionZh: text('description_zh'),
    onSale: boolean('on_sale').notNull(),
  },
  (t) => [
    // One package per name whatever its case (the call refuses a second one first, with its message).
    uniqueIndex('packages_name_key').on(sql`lower(${t.name})`),
    check('packages_figures_check', sql`${t.days} > 0 and ${t.price} >= 0 and ${t.campuses} >= 1`),
  ],
);

/** A company's order of a package: unpaid, then paid (the company's validity moves) or cancelled. SO + 100000 + id. */
export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    companyNameSort: text('company_name_sort').notNull(),
    orderNo: text('order_no').notNull(),
    packageId: integer('package_id').notNull(),
    /** The package's name at the time (a campus renewal adds the campus's). */
    packageName: text('package_name').notNull(),
    days: integer('days').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    createdAt: stamp('created_at').notNull(),
    paidAt: stamp('paid_at'),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    unique('subscription_orders_order_no_key').on(t.orderNo),
    // The key an invoice request names its order by (an order of its own company).
    unique('subscription_orders_company_id_key').on(t.companyId, t.id),
    // A package with orders cannot be deleted (the call refuses it first, with its message).
    foreignKey({ columns: [t.packageId], foreignColumns: [packages.id], name: 'subscription_orders_package_fk' }),
    index('subscription_orders_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('subscription_orders_created_idx').on(t.createdAt, t.id),
    index('subscription_orders_package_idx').on(t.packageId),
    index('subscription_orders_paid_idx').on(t.paidAt).where(sql`${t.status} = 'paid'`),
    check('subscription_orders_status_check', sql`${t.status} in ('unpaid', 'paid', 'cancelled')`),
    check('subscription_orders_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check('subscription_orders_figures_check', sql`${t.days} > 0 and ${t.amount} >= 0`),
  ],
);

/** The platform's log of a company's validity: its creation, renewals by the platform, recoveries. Never changed. */
export const companyRenewals = pgTable(
  'company_renewals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    kind: text('kind', { enum: RENEWAL_KINDS }).notNull(),
    days: integer('days').notNull(),
    before: date('before', { mode: 'string' }).notNull(),
    after: date('after', { mode: 'string' }).notNull(),
    remark: text('remark'),
    operator: text('operator').notNull(),
    at: stamp('at').notNull(),
  },
  (t) => [
    index('company_renewals_company_at_idx').on(t.companyId, t.at, t.id),
    index('company_renewals_at_idx').on(t.at, t.id),
    check('company_renewals_kind_check', sql`${t.kind} in ('create', 'renew', 'recover')`),
    // A recovery may add no day (a company already expired when disabled); the others add some.
    check('company_renewals_days_check', sql`${t.after} >= ${t.before} and (${t.days} > 0 or (${t.kind} = 'recover' and ${t.days} = 0))`),
  ],
);

/** The platform's settings: one row (id 1), written by the seed (demo and production) and by the platform admin. */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Platform fee on online money, percent. */
    feePercent: numeric('fee_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    trialDays: integer('trial_days').notNull(),
    defaultCampuses: integer('default_campuses').notNull(),
    defaultCapHours: integer('default_cap_hours').notNull(),
    defaultCapMonths: integer('default_cap_months').notNull(),
    welcomeNote: text('welcome_note').notNull(),
  },
  (t) => [
    check('platform_settings_one_row_check', sql`${t.id} = 1`),
    check(
      'platform_settings_ranges_check',
      sql`${t.feePercent} between 0 and 100 and ${t.trialDays} between 1 and 365 and ${t.defaultCampuses} between 1 and 100 and ${t.defaultCapHours} between 1 and 1000 and ${t.defaultCapMonths} between 1 and 36`,
    ),
  ],
);

/** The customer-service contact every user reads (GET /v2/company_role/service): one row (id 1). */
export const serviceContact = pgTable(
  'service_contact',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    wechat: text('wechat').notNull(),
  },
  (t) => [check('service_contact_one_row_check', sql`${t.id} = 1`)],
);
