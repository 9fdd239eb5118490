/**
 * The school's staff (docs/screens.md#school-setup, /school/staff): teachers, sales, managers and the dealer of a
 * company, each at a campus, with the account they log in with when they have one (`user_id`). One staff member per
 * mobile in a company (the call's check, `school.staffMobileTaken`). A campus's name is read from the campus, never
 * stored. Classes name their teacher here (a staff member who teaches a class cannot be deleted: `school.staffTeaches`);
 * salary lines, pay slips, group choices, invitations and the process's tables still name staff by a plain id.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campuses, users } from './accounts';
import { ofCompany } from './companies';
import { salaryPlans } from './salary';

export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull(),
    mobile: text('mobile').notNull(),
    role: text('role', { enum: ['dealer', 'manager', 'teacher', 'sales'] }).notNull(),
    status: text('status', { enum: ['active', 'left'] }).notNull(),
    hireDate: date('hire_date', { mode: 'string' }).notNull(),
    /** The salary plan the staff list shows (salary.ts keeps one plan per staff member). */
    salaryPlanId: integer('salary_plan_id').references(() => salaryPlans.id, { onDelete: 'set null' }),
    /** The account's user when this staff member can log in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_company_idx').on(t.companyId, t.userId),
    // One staff member per mobile in a company (a mobile left empty names none).
    uniqueIndex('staff_mobile_key').on(t.companyId, t.mobile).where(sql`${t.mobile} <> ''`),
    check('staff_role_check', sql`${t.role} in ('dealer', 'manager', 'teacher', 'sales')`),
    check('staff_status_check', sql`${t.status} in ('active', 'left')`),
  ],
);
