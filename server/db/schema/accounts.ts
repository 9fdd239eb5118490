/**
 * Companies and their people (docs/rules.md#people-and-credentials): the companies (one of them the platform
 * itself), the campuses of each company
 * (/campus/campus; exactly one main campus, whose validity is the company's) and the rules each company sets for its
 * school (`company_settings`, /setting; a company without a row follows the defaults, src/types/settings.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** The platform's own company (its admin, service and operation staff): exactly one. */
    platform: boolean('platform').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['active', 'disabled'] }).notNull(),
    ownerMobile: text('owner_mobile').notNull(),
    /** The owner's name when no owner account is found (imports keep it). */
    ownerName: text('owner_name'),
    createdAt: date('created_at', { mode: 'string' }).notNull(),
    themeColor: text('theme_color'),
    /** An image data URL (/campus/theme-color), drawn on posters. */
    logo: text('logo'),
    contact: text('contact'),
    address: text('address'),
    remark: text('remark'),
    /** The day it was disabled (a recovery adds the valid days lost since). */
    disabledAt: date('disabled_at', { mode: 'string' }),
  },
  (t) => [
    // Names are unique whatever their case and spacing (the platform's check, `assertNameFree`).
    uniqueIndex('companies_name_key').on(sql`lower(regexp_replace(btrim(${t.name}), '[[:space:]]+', ' ', 'g'))`),
    uniqueIndex('companies_platform_key').on(t.platform).where(sql`${t.platform}`),
    check('companies_status_check', sql`${t.status} in ('active', 'disabled')`),
  ],
);

export const campuses = pgTable(
  'campuses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    isMain: boolean('is_main').notNull(),
    /** A branch's own validity (moved only by a campus renewal); kept, unused, while the campus is main. */
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (t) => [
    index('campuses_company_idx').on(t.companyId),
    // One main campus per company (making another main clears the old one first, in the same transaction).
    uniqueIndex('campuses_main_key').on(t.companyId).where(sql`${t.isMain}`),
    // Names are unique in a company whatever their case.
    uniqueIndex('campuses_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);

export const companySettings = pgTable(
  'company_settings',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    truantConsumes: boolean('truant_consumes').notNull(),
    leaveConsumes: boolean('leave_consumes').notNull(),
    allowNegative: boolean('allow_negative').notNull(),
    leadPoolDays: integer('lead_pool_days').notNull(),
    leadOwnLimit: integer('lead_own_limit').notNull(),
    lowHoursThreshold: integer('low_hours_threshold').notNull(),
    expiryReminderDays: integer('expiry_reminder_days').notNull(),
  },
  (t) => [
    check('company_settings_positive_check', sql`${t.leadPoolDays} > 0 and ${t.leadOwnLimit} > 0 and ${t.lowHoursThreshold} >= 0 and ${t.expiryReminderDays} >= 0`),
  ],
);
