/**
 * The companies (docs/rules.md#people-and-credentials), one of them the platform itself. In a file of its own that
 * imports no other schema file, so that every table of company data may reference it (`company_id … references
 * companies(id) on delete cascade`) without an import cycle (accounts.ts imports groups.ts); accounts.ts exports it
 * too.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * The column of a table of company data: `company_id integer not null references companies(id) on delete cascade`,
 * so that no row names a company that does not exist and deleting a company (DELETE /v2/company_kt/:id) takes its
 * rows with it. The platform's own logs that outlive a company keep a plain column (audit.ts, platform.ts, sales.ts).
 */
export const ofCompany = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
