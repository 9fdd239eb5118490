/**
 * Companies and their people (docs/rules.md#people-and-credentials): the companies (one of them the platform itself;
 * the table is in ./companies.ts, exported here too), the campuses of each company (/campus/campus; exactly one main
 * campus, whose validity is the company's) and the rules each company sets for its school (`company_settings`,
 * /setting; a company without a row follows the defaults, src/types/settings.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PermissionFlag, Role } from '../../../src/types/session';
import { companies } from './companies';
import { permissionGroups } from './groups';

export { companies };

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

/**
 * People (docs/rules.md#people-and-credentials): one user per person, whatever the companies they belong to. The
 * username and a non-empty mobile each name one user (the login takes either). A user created by a company's staff
 * or parent account keeps that company (`created_by_company_id`): only it may set a first password, and only while
 * the user belongs to no other company.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    /** scrypt (mock/credentials.ts); the plain password is never stored. */
    passwordHash: text('password_hash').notNull(),
    /** A password set by someone else (a first or one-time password): to be replaced at the next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdByCompanyId: integer('created_by_company_id').references(() => companies.id, { onDelete: 'set null' }),
    mobile: text('mobile').notNull(),
    name: text('name').notNull(),
    /** A path or an image data URL (/v2/user/avatar). */
    avatar: text('avatar').notNull(),
    /** The membership the next login opens (the last one switched to). */
    lastRoleId: integer('last_role_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_mobile_key').on(t.mobile).where(sql`${t.mobile} <> ''`),
  ],
);

/**
 * Accounts: a user's membership of a company with a role (`role_id` is the id the API calls roleId). At most one per
 * user and company, and one owner (type 0) per company. A permission group, when set, replaces the flags at every
 * request; deleting a group is refused while a membership names it (mock/domains/campus.ts), which the foreign key
 * holds too.
 */
export const memberships = pgTable(
  'memberships',
  {
    roleId: integer('role_id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    /** 0 = the owner (who may renew), 2 = everyone else. */
    type: integer('type').notNull(),
    flags: jsonb('flags').$type<Record<PermissionFlag, number>>().notNull(),
    groupId: integer('group_id').references(() => permissionGroups.id, { onDelete: 'restrict' }),
    /** A disabled account: its sessions end and its logins are refused. */
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_user_company_key').on(t.userId, t.companyId),
    index('memberships_company_idx').on(t.companyId),
    uniqueIndex('memberships_owner_key').on(t.companyId).where(sql`${t.type} = 0`),
    index('memberships_group_idx').on(t.groupId),
    check('memberships_role_check', sql`${t.role} in ('admin', 'service', 'operation', 'dealer', 'manager', 'teacher', 'sales', 'customer')`),
    check('memberships_type_check', sql`${t.type} in (0, 2)`),
  ],
);
