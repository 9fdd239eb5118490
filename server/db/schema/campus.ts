/**
 * Campus renewals (mock/domains/campus.ts `/v2/company_kt/campus/renew`): the log of a branch campus's renewals by
 * package, with the validity before and after. No call changes or deletes one.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { campuses } from './accounts';
import { ofCompany } from './companies';

export const campusRenewals = pgTable(
  'campus_renewals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    campusName: text('campus_name').notNull(),
    packageId: integer('package_id').notNull(),
    packageName: text('package_name').notNull(),
    days: integer('days').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    before: date('before', { mode: 'string' }).notNull(),
    after: date('after', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('campus_renewals_company_created_idx').on(t.companyId, t.createdAt),
    check('campus_renewals_days_check', sql`${t.days} > 0 and ${t.after} > ${t.before}`),
  ],
);
