/**
 * Salaries (docs/rules.md#salaries, mock/domains/salary.ts): one plan per staff member, one line per staff member and
 * month (the month's sheet: draft → checked → paid), and the pay slip a payment writes (one per line). A line keeps
 * the plan terms it was calculated with, its commission items and its bonuses and penalties as documents (jsonb): they
 * are read and written with the line, never queried apart. Money in `numeric`, never floating point.
 */
import { check, foreignKey, index, integer, jsonb, numeric, pgSequence, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CommissionItem, ElimMode, JournalAccount, PaySlipLine, SalaryAdjustment, SalaryLine, SalaryStatus, Tier, TierMode } from '../../../src/types/finance';
import type { Role } from '../../../src/types/session';
import { ofCompany } from './companies';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

/** Ids of the bonuses and penalties inside the lines' `adjustments` (removed by id). */
export const salaryAdjustmentIds = pgSequence('salary_adjustment_id_seq');

export const salaryPlans = pgTable(
  'salary_plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    role: text('role').$type<Role>().notNull(),
    campusName: text('campus_name').notNull(),
    baseSalary: money('base_salary').notNull(),
    cardRate: percent('card_rate').notNull(),
    elimMode: text('elim_mode').$type<ElimMode>().notNull(),
    elimAmount: money('elim_amount').notNull(),
    elimRate: percent('elim_rate').notNull(),
    tiers: jsonb('tiers').$type<Tier[]>().notNull(),
    tierMode: text('tier_mode').$type<TierMode>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('salary_plans_staff_key').on(t.companyId, t.staffId)],
);

export const salaryLines = pgTable(
  'salary_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    month: text('month').notNull(),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    /** The name's sort key (server/db/sortKey.ts: pinyin for Chinese). */
    staffNameSort: text('staff_name_sort').notNull(),
    role: text('role').$type<Role>().notNull(),
    campusName: text('campus_name').notNull(),
    plan: jsonb('plan').$type<SalaryLine['plan']>().notNull(),
    wageChange: jsonb('wage_change').$type<NonNullable<SalaryLine['wageChange']>>(),
    base: money('base').notNull(),
    cardCommission: money('card_commission').notNull(),
    elimCommission: money('elim_commission').notNull(),
    bonus: money('bonus').notNull(),
    penalties: money('penalties').notNull(),
    total: money('total').notNull(),
    hours: numeric('hours', { precision: 10, scale: 1, mode: 'number' }).notNull(),
    cardItems: jsonb('card_items').$type<CommissionItem[]>().notNull(),
    elimItems: jsonb('elim_items').$type<CommissionItem[]>().notNull(),
    adjustments: jsonb('adjustments').$type<SalaryAdjustment[]>().notNull(),
    status: text('status').$type<SalaryStatus>().notNull(),
    calculatedAt: timestamp('calculated_at', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedBy: text('checked_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    slipId: integer('slip_id'),
  },
  (t) => [
    // One line per staff member and month: generating a month twice recalculates the drafts it made.
    unique('salary_lines_month_staff_key').on(t.companyId, t.month, t.staffId),
    index('salary_lines_company_staff_idx').on(t.companyId, t.staffId),
    check('salary_lines_status_check', sql`${t.status} in ('draft', 'checked', 'paid')`),
    check('salary_lines_month_check', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
    // A paid line names its slip; a line before payment has none.
    check('salary_lines_paid_check', sql`(${t.status} = 'paid') = (${t.slipId} is not null)`),
  ],
);

export const paySlips = pgTable(
  'pay_slips',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    slipNo: text('slip_no').notNull(),
    lineId: integer('line_id').notNull(),
    month: text('month').notNull(),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    staffNameSort: text('staff_name_sort').notNull(),
    role: text('role').$type<Role>().notNull(),
    campusId: integer('campus_id').notNull(),
    campusName: text('campus_name').notNull(),
    lines: jsonb('lines').$type<PaySlipLine[]>().notNull(),
    total: money('total').notNull(),
    account: text('account').$type<JournalAccount>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    paidBy: text('paid_by').notNull(),
  },
  (t) => [
    unique('pay_slips_slip_no_key').on(t.companyId, t.slipNo),
    // One slip per line: a line is paid once.
    unique('pay_slips_line_key').on(t.lineId),
    foreignKey({ name: 'pay_slips_line_fk', columns: [t.lineId], foreignColumns: [salaryLines.id] }),
    index('pay_slips_company_paid_idx').on(t.companyId, t.paidAt),
  ],
);
