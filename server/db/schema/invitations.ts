/**
 * Invitations (docs/rules.md#people-and-credentials): a company asks an existing account to join it, with the role,
 * permission group, staff record or linked students the membership would carry; the person accepts or declines, or
 * the company cancels. One pending invitation per company and person, and per company and staff record.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Role } from '../../../src/types/session';
import { ofCompany } from './companies';

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;

export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    /** The invited person (an existing user). */
    userId: integer('user_id').notNull(),
    /** The mobile the company typed (the user's at the time). */
    mobile: text('mobile').notNull(),
    /** The person's name in the company: the staff member's, or the parent's name as entered. */
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull(),
    role: text('role').$type<Role>().notNull(),
    groupId: integer('group_id'),
    /** The staff member whose login this becomes (staff invitations). */
    staffId: integer('staff_id'),
    /** Students linked to the parent at acceptance (parent invitations). */
    studentIds: integer('student_ids').array().notNull(),
    inviterId: integer('inviter_id').notNull(),
    inviterName: text('inviter_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: INVITATION_STATUSES }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** The membership created at acceptance. */
    roleId: integer('role_id'),
  },
  (t) => [
    uniqueIndex('invitations_pending_user_key').on(t.companyId, t.userId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('invitations_pending_staff_key').on(t.companyId, t.staffId).where(sql`${t.status} = 'pending' and ${t.staffId} is not null`),
    index('invitations_user_idx').on(t.userId, t.status),
    index('invitations_company_idx').on(t.companyId),
    check('invitations_status_check', sql`${t.status} in ('pending', 'accepted', 'declined', 'cancelled')`),
    check('invitations_role_check', sql`${t.role} in ('dealer', 'manager', 'teacher', 'sales', 'customer')`),
    // Answered exactly when it is no longer pending; an accepted one names its membership.
    check('invitations_decided_check', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check('invitations_accepted_check', sql`(${t.status} = 'accepted') = (${t.roleId} is not null)`),
  ],
);
