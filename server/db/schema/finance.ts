/**
 * The bill journal's manual entries (docs/rules.md#bill-journal, mock/domains/finance.ts): rent, utilities, marketing
 * and other income or expenses a finance user enters. The journal's other entries are derived from card orders,
 * approved refunds and pay slips, never stored twice. An entry is voided with a reason, never deleted.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { JournalAccount, JournalCategory, JournalDirection } from '../../../src/types/finance';
import { ofCompany } from './companies';

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    date: date('date', { mode: 'string' }).notNull(),
    direction: text('direction').$type<JournalDirection>().notNull(),
    category: text('category').$type<JournalCategory>().notNull(),
    account: text('account').$type<JournalAccount>().notNull(),
    campusId: integer('campus_id').notNull(),
    campusName: text('campus_name').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    counterparty: text('counterparty').notNull(),
    remark: text('remark'),
    status: text('status').$type<'active' | 'void'>().notNull(),
    voidReason: text('void_reason'),
    operatorName: text('operator_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('journal_entries_company_date_idx').on(t.companyId, t.date),
    check('journal_entries_status_check', sql`${t.status} in ('active', 'void')`),
    // The category belongs to the direction (income.* or expense.*).
    check('journal_entries_category_check', sql`${t.direction} in ('income', 'expense') and ${t.category} like ${t.direction} || '.%'`),
    check('journal_entries_amount_check', sql`${t.amount} > 0`),
    check('journal_entries_void_check', sql`(${t.status} = 'void') = (${t.voidReason} is not null)`),
  ],
);
