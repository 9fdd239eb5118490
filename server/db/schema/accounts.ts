/**
 * Companies and their people (docs/rules.md#people-and-credentials): the rules each company sets for its school
 * (`company_settings`, /setting). A company without a row follows the defaults (src/types/settings.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable } from 'drizzle-orm/pg-core';

export const companySettings = pgTable(
  'company_settings',
  {
    companyId: integer('company_id').primaryKey(),
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
