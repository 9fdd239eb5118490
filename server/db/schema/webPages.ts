/**
 * Campus web pages (/campus/web, public at /w/:code): one per campus, created with the campus (unpublished), with a
 * random public code (mock/domains/campusSales.ts `pageCode`) and the card templates it sells.
 */
import { boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { campuses } from './accounts';
import { ofCompany } from './companies';

export const webPages = pgTable(
  'web_pages',
  {
    campusId: integer('campus_id')
      .primaryKey()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    companyId: ofCompany(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    intro: text('intro').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    published: boolean('published').notNull(),
    /** Card templates offered for sale online. */
    templateIds: integer('template_ids').array().notNull(),
  },
  (t) => [unique('web_pages_code_key').on(t.code), index('web_pages_company_idx').on(t.companyId)],
);
