/**
 * Message templates of a company (/template-message), the platform's bulletins with who has read them
 * (/system_bulletin, the dashboard banner), and feedback from users (/user/feedback/opinion-fill, read by the
 * platform). Notices and inboxes are still in the server's memory (mock/domains/notice.ts, notify.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { FEEDBACK_CATEGORIES, type TemplateScene } from '../../../src/types/notice';
import { ofCompany } from './companies';

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull(),
    scene: text('scene').$type<TemplateScene>().notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  // One name per company ("A template named … already exists").
  (t) => [unique('message_templates_company_name_key').on(t.companyId, t.name)],
);

/** Platform-wide: no company. */
export const bulletins = pgTable(
  'bulletins',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    pinned: boolean('pinned').notNull().default(false),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [check('bulletins_window_check', sql`${t.endDate} >= ${t.startDate}`), index('bulletins_window_idx').on(t.startDate, t.endDate)],
);

export const bulletinReads = pgTable(
  'bulletin_reads',
  {
    bulletinId: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bulletinId, t.userId] }), index('bulletin_reads_user_idx').on(t.userId)],
);

/** What users sent the platform (its /cool list and overview): kept when their company is deleted, no foreign key. */
export const feedback = pgTable(
  'feedback',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull(),
    category: text('category', { enum: FEEDBACK_CATEGORIES }).notNull(),
    text: text('text').notNull(),
    /** A data URL of an image, at most 2 MB (checked before the write). */
    screenshot: text('screenshot'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('feedback_category_check', sql`${t.category} in ('bug', 'suggestion', 'question', 'other')`),
    index('feedback_created_idx').on(t.createdAt, t.id),
    index('feedback_user_idx').on(t.userId, t.createdAt),
  ],
);
