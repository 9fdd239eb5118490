/**
 * Contract templates (/pact): a company's contract texts with {variables}, each in a language or for any, and the
 * default of each language (a card's contract prints from it, mock/domains/campusSales.ts `renderContract`).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContractLang } from '../../../src/types/campus';
import { ofCompany } from './companies';

export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull(),
    body: text('body').notNull(),
    /** Null: any language. */
    lang: text('lang').$type<ContractLang>(),
    isDefault: boolean('is_default').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('contract_templates_company_idx').on(t.companyId, t.id),
    // At most one default per company and language (a template for any language counts as its own language here).
    uniqueIndex('contract_templates_default_key').on(t.companyId, sql`coalesce(${t.lang}, '')`).where(sql`${t.isDefault}`),
    check('contract_templates_lang_check', sql`${t.lang} is null or ${t.lang} in ('zh-CN', 'en-US')`),
  ],
);
