/**
 * Card templates and the renewal reminders sent (docs/rules.md#cards-and-hours, docs/screens.md#school-setup). A
 * template's issued count is read from its cards on the way out, never stored (cards are still in the process); a
 * reminder names its card by id (`card_id`) for the same reason.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ofCompany } from './companies';

export const cardTemplates = pgTable(
  'card_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull(),
    kind: text('kind', { enum: ['count', 'period'] }).notNull(),
    /** Hours bought (a count card); 0 for a period card. One decimal. */
    hours: numeric('hours', { precision: 10, scale: 1, mode: 'number' }).notNull(),
    giftHours: numeric('gift_hours', { precision: 10, scale: 1, mode: 'number' }).notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    validDays: integer('valid_days').notNull(),
    /** The classes it applies to (none: every class). */
    classIds: integer('class_ids').array().notNull(),
    onSale: boolean('on_sale').notNull(),
  },
  (t) => [
    index('card_templates_company_idx').on(t.companyId, t.id),
    check('card_templates_kind_check', sql`${t.kind} in ('count', 'period')`),
    // A count card holds hours; a period card none (the call's rule, `card.countNeedsHours`).
    check('card_templates_hours_check', sql`(${t.kind} = 'count' and ${t.hours} > 0 and ${t.giftHours} >= 0) or (${t.kind} = 'period' and ${t.hours} = 0 and ${t.giftHours} = 0)`),
    check('card_templates_price_check', sql`${t.price} >= 0`),
    check('card_templates_valid_days_check', sql`${t.validDays} > 0`),
  ],
);

/** Renewal reminders sent (GET /v2/student_card/renew_remind shows each card's last): appended only. */
export const cardReminders = pgTable(
  'card_reminders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    /** A student card (cards are still kept in the process). */
    cardId: integer('card_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    operatorName: text('operator_name').notNull(),
  },
  (t) => [index('card_reminders_company_card_idx').on(t.companyId, t.cardId, t.sentAt)],
);
