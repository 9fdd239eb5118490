/**
 * The audit log (route /operate): one row per successful write, in the same transaction as the write. Append-only:
 * a trigger (migration 0002) refuses updates and deletes. Names carry a pinyin sort key (server/db/sortKey.ts).
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditChange, AuditEntry } from '../../../src/types/platform';

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * No foreign key: the log outlives a deleted company (its rows keep the company's id and name), and the trigger
     * refuses the delete a cascading key would make (or the update of `set null`).
     */
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    companyNameSort: text('company_name_sort').notNull(),
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull(),
    userNameSort: text('user_name_sort').notNull(),
    role: text('role').notNull(),
    ip: text('ip').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    resource: text('resource').notNull(),
    targetId: integer('target_id'),
    action: text('action', { enum: ['create', 'update', 'delete', 'action'] }).notNull(),
    kind: text('kind'),
    subject: text('subject'),
    params: jsonb('params').$type<NonNullable<AuditEntry['params']>>(),
    changes: jsonb('changes').$type<AuditChange[]>().notNull(),
  },
  (t) => [
    index('audit_log_company_at_idx').on(t.companyId, t.at, t.id),
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_company_user_idx').on(t.companyId, t.userId),
    index('audit_log_target_idx').on(t.resource, t.targetId),
  ],
);
