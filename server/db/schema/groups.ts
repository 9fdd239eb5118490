/**
 * Permission groups (docs/rules.md#permission-groups-and-data-scope, mock/domains/campus.ts): a company's named sets
 * of the ten permission flags with a data scope; one default group per staff role, seeded with the company. A staff
 * member without an account yet keeps the group chosen for them in `staff_groups` (an account's membership names
 * its own). The session reads its group at every request, so a change applies at once.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PermissionFlag, Role } from '../../../src/types/session';
import type { DataScope } from '../../../src/domain/dataScope';
import { ofCompany } from './companies';

export const permissionGroups = pgTable(
  'permission_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    name: text('name').notNull(),
    flags: jsonb('flags').$type<Record<PermissionFlag, number>>().notNull(),
    dataScope: text('data_scope').$type<DataScope>().notNull(),
    /** The staff role this group was seeded for (new staff of that role join it); none for groups the company made. */
    defaultFor: text('default_for').$type<Role>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Names are unique in a company whatever their case.
    uniqueIndex('permission_groups_name_key').on(t.companyId, sql`lower(${t.name})`),
    // One default group per role.
    uniqueIndex('permission_groups_default_key').on(t.companyId, t.defaultFor).where(sql`${t.defaultFor} is not null`),
    check('permission_groups_scope_check', sql`${t.dataScope} in ('own', 'campus', 'company')`),
  ],
);

export const staffGroups = pgTable(
  'staff_groups',
  {
    companyId: ofCompany(),
    staffId: integer('staff_id').notNull(),
    groupId: integer('group_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'staff_groups_pkey', columns: [t.companyId, t.staffId] }),
    // A deleted group takes its assignments with it.
    foreignKey({ name: 'staff_groups_group_fk', columns: [t.groupId], foreignColumns: [permissionGroups.id] }).onDelete('cascade'),
    index('staff_groups_group_idx').on(t.groupId),
  ],
);
