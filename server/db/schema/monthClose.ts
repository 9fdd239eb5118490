/**
 * The finance month close (docs/rules.md#revenue-and-month-close, mock/domains/finance.ts): a company's closed months,
 * the figures each close stored (a closed month's reports answer with them, never with a later recomputation) and the
 * log of the closes reopened with their reasons. The closed months of a company are one run of months (closed in
 * order, only the last one reopens: src/domain/monthClose.ts); a reopen deletes the close, its figures going with it.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { AccrualCardRow, AccrualOverview, RevenueMonth, RollforwardFigures } from '../../../src/types/finance';
import { ofCompany } from './companies';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A closed month of a company (`GET /v2/finance/month_close` lists them): one per company and month. */
export const monthCloses = pgTable(
  'month_closes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    /** YYYY-MM */
    month: text('month').notNull(),
    closedAt: stamp('closed_at').notNull(),
    closedBy: text('closed_by').notNull(),
    /** The company's closing deferred value of the month when closed. */
    closing: money('closing').notNull(),
  },
  (t) => [
    // Also the index of the company's list (sorted by month) and of a month's lookup.
    unique('month_closes_company_month_key').on(t.companyId, t.month),
    check('month_closes_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** What a close stored: the month's report figures as they stood (one row per close, gone with it). */
export const monthCloseFigures = pgTable(
  'month_close_figures',
  {
    companyId: ofCompany(),
    month: text('month').notNull(),
    /** The accrual overview's campuses and total. */
    campuses: jsonb('campuses').$type<AccrualOverview['campuses']>().notNull(),
    total: jsonb('total').$type<RollforwardFigures>().notNull(),
    /** The accrual per card. */
    cards: jsonb('cards').$type<AccrualCardRow[]>().notNull(),
    /** Revenue figures of the month: the company's under '' and each campus's under its id. */
    revenue: jsonb('revenue').$type<Record<string, RevenueMonth>>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'month_close_figures_pkey', columns: [t.companyId, t.month] }),
    foreignKey({ name: 'month_close_figures_close_fk', columns: [t.companyId, t.month], foreignColumns: [monthCloses.companyId, monthCloses.month] }).onDelete('cascade'),
  ],
);

/** A close undone (`POST /v2/finance/month_close/reopen`), with the close's fields and the reason: a log, never changed. */
export const monthReopens = pgTable(
  'month_reopens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    month: text('month').notNull(),
    reason: text('reason').notNull(),
    closedAt: stamp('closed_at').notNull(),
    closedBy: text('closed_by').notNull(),
    closing: money('closing').notNull(),
    reopenedAt: stamp('reopened_at').notNull(),
    reopenedBy: text('reopened_by').notNull(),
  },
  (t) => [
    index('month_reopens_company_month_idx').on(t.companyId, t.month),
    check('month_reopens_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('month_reopens_reason_check', sql`length(trim(${t.reason})) > 0`),
  ],
);
