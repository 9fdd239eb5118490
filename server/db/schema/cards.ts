/**
 * Card templates, the students' cards, their card orders, the hour ledger, the arrears items and the renewal reminders
 * sent (docs/rules.md#cards-and-hours, #arrears, docs/screens.md#students, #school-setup).
 *
 * A card names its student with a key (the console refuses to delete a student with cards, `school.studentHasCards`;
 * a student deleted in SQL, as with their company, takes their cards, orders, records and arrears), its template
 * and seller by id without one (a template or a staff member may go while the cards sold stay), and keeps the names
 * they had. Money is `numeric` (2 decimals), hours `numeric` (1 decimal). The hour ledger is append-only: a record is
 * never deleted (but with its company), and the only change a record takes is the review of a return request
 * (`backing` → `back` or `back_reject`, migration 0035's trigger). An arrears item is one per student and lesson while
 * it stands (a partial unique index: a cancelled item leaves room for the lesson's next roll call).
 *
 * The process still reads these four tables (cards, orders, records, arrears) from memory, loaded from here when the
 * server starts on a used database and written here in each request's transaction (mock/domains/cardRows.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { companies, ofCompany } from './companies';
import { students } from './students';
import type { ArrearsReason, ArrearsStatus } from '../../../src/types/arrears';
import type { AttendanceMark } from '../../../src/types/schedule';
import type { CardKind, HourRecordType, PayMethod } from '../../../src/types/school';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const hours = (name: string) => numeric(name, { precision: 10, scale: 1, mode: 'number' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

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
    /** A student card (by id: the reminders log came before the cards' table). */
    cardId: integer('card_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    operatorName: text('operator_name').notNull(),
  },
  (t) => [index('card_reminders_company_card_idx').on(t.companyId, t.cardId, t.sentAt)],
);

/** A student's card: bought hours (a count card) or days (a period card), valid from its start to its expiry. */
export const studentCards = pgTable(
  'student_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    cardNo: text('card_no').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    templateId: integer('template_id').notNull(),
    templateName: text('template_name').notNull(),
    kind: text('kind').$type<CardKind>().notNull(),
    boughtHours: hours('bought_hours').notNull(),
    giftHours: hours('gift_hours').notNull(),
    paidAmount: money('paid_amount').notNull(),
    unitPrice: money('unit_price').notNull(),
    /** The balance the ledger leaves (the last record's `balance_after`), kept with each record in the same transaction. */
    remainingHours: hours('remaining_hours').notNull(),
    startDate: day('start_date').notNull(),
    expiryDate: day('expiry_date').notNull(),
    /** Invalidated: the one status not derived from the dates and hours (src/domain/ledger.ts `cardStatus`). */
    invalid: boolean('invalid').notNull(),
    invalidReason: text('invalid_reason'),
    invalidatedAt: at('invalidated_at'),
    classIds: integer('class_ids').array().notNull(),
    sellerId: integer('seller_id').notNull(),
    sellerName: text('seller_name').notNull(),
    /** The expiry dates renewals replaced, oldest first ({ from, before }). */
    expiryChanges: jsonb('expiry_changes').$type<{ from: string; before: string }[]>(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('student_cards_company_no_idx').on(t.companyId, t.cardNo),
    index('student_cards_company_student_idx').on(t.companyId, t.studentId),
    index('student_cards_student_idx').on(t.studentId),
    // The renewal reminder's candidates: cards ending soon, count cards with few hours left (`renewalDueOf`).
    index('student_cards_company_expiry_idx').on(t.companyId, t.expiryDate),
    index('student_cards_company_hours_idx').on(t.companyId, t.remainingHours).where(sql`${t.kind} = 'count'`),
    check('student_cards_kind_check', sql`${t.kind} in ('count', 'period')`),
    check('student_cards_hours_check', sql`${t.boughtHours} >= 0 and ${t.giftHours} >= 0`),
    check('student_cards_money_check', sql`${t.paidAmount} >= 0 and ${t.unitPrice} >= 0`),
    check('student_cards_dates_check', sql`${t.startDate} <= ${t.expiryDate}`),
  ],
);

/** A sale or a renewal of a card: what was paid, by which method, to whom. */
export const cardOrders = pgTable(
  'card_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    orderNo: text('order_no').notNull(),
    kind: text('kind').$type<'new' | 'renew'>().notNull(),
    studentId: integer('student_id').notNull(),
    studentName: text('student_name').notNull(),
    cardId: integer('card_id')
      .notNull()
      .references(() => studentCards.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').notNull(),
    templateName: text('template_name').notNull(),
    hours: hours('hours').notNull(),
    giftHours: hours('gift_hours').notNull(),
    amount: money('amount').notNull(),
    method: text('method').$type<PayMethod>().notNull(),
    sellerId: integer('seller_id').notNull(),
    sellerName: text('seller_name').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('card_orders_company_no_idx').on(t.companyId, t.orderNo),
    index('card_orders_company_created_idx').on(t.companyId, t.createdAt),
    index('card_orders_card_idx').on(t.cardId),
    index('card_orders_student_idx').on(t.studentId),
    check('card_orders_kind_check', sql`${t.kind} in ('new', 'renew')`),
    check('card_orders_method_check', sql`${t.method} in ('cash', 'wechat', 'alipay', 'card', 'transfer')`),
    check('card_orders_amount_check', sql`${t.amount} >= 0 and ${t.hours} >= 0 and ${t.giftHours} >= 0`),
  ],
);

/** The hour ledger: one signed change of a card's hours each, valued in money. Append-only (see the file's note). */
export const hourRecords = pgTable(
  'hour_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    cardId: integer('card_id')
      .notNull()
      .references(() => studentCards.id, { onDelete: 'cascade' }),
    cardNo: text('card_no').notNull(),
    studentId: integer('student_id').notNull(),
    studentName: text('student_name').notNull(),
    type: text('type').$type<HourRecordType>().notNull(),
    hours: hours('hours').notNull(),
    requestedHours: hours('requested_hours'),
    balanceAfter: hours('balance_after').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason'),
    /** The lesson roll-called (lessons are never deleted). */
    lessonId: integer('lesson_id'),
    orderId: integer('order_id').references(() => cardOrders.id),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewerName: text('reviewer_name'),
  },
  (t) => [
    index('hour_records_company_created_idx').on(t.companyId, t.createdAt),
    index('hour_records_card_idx').on(t.cardId, t.id),
    index('hour_records_student_idx').on(t.studentId),
    // The records that took a count card to 0 or below (the renewal rate's cohort), by day.
    index('hour_records_emptying_idx').on(t.companyId, t.createdAt).where(sql`${t.hours} < 0 and ${t.balanceAfter} <= 0`),
    index('hour_records_company_type_idx').on(t.companyId, t.type),
    check('hour_records_type_check', sql`${t.type} in ('add', 'give', 'reduce', 'diy', 'truant', 'leave', 'fail', 'proof', 'backing', 'back', 'back_reject')`),
  ],
);

/**
 * How many hour records each company holds, kept by statement triggers on the ledger in the same transaction as its
 * rows (migration 0036): the ledger list's total when nothing narrows it, which counting the rows would cost
 * in proportion to the ledger (372,000 records at MOCK_SCALE=large). A test holds it equal to the count.
 */
export const ledgerCounts = pgTable('ledger_counts', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  records: integer('records').notNull(),
});

/** An arrears item: a lesson attended without usable hours (docs/rules.md#arrears). */
export const arrearsItems = pgTable(
  'arrears_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: ofCompany(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    /** The lesson (none for the seed's card histories, which predate the timetable). */
    lessonId: integer('lesson_id'),
    lessonDate: day('lesson_date').notNull(),
    classId: integer('class_id').notNull(),
    className: text('class_name').notNull(),
    mark: text('mark').$type<AttendanceMark>().notNull(),
    hours: hours('hours').notNull(),
    value: money('value').notNull(),
    reason: text('reason').$type<ArrearsReason>().notNull(),
    cardId: integer('card_id').references(() => studentCards.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    status: text('status').$type<ArrearsStatus>().notNull(),
    settledCardId: integer('settled_card_id').references(() => studentCards.id, { onDelete: 'cascade' }),
    settledCardNo: text('settled_card_no'),
    settledRecordId: integer('settled_record_id').references((): AnyPgColumn => hourRecords.id, { onDelete: 'cascade' }),
    settledAmount: money('settled_amount'),
    settledAt: at('settled_at'),
    writeOffReason: text('write_off_reason'),
    writtenOffBy: text('written_off_by'),
    writtenOffAt: at('written_off_at'),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    index('arrears_items_company_student_idx').on(t.companyId, t.studentId),
    uniqueIndex('arrears_items_live_idx').on(t.companyId, t.studentId, t.lessonId).where(sql`${t.status} <> 'cancelled' and ${t.lessonId} is not null`),
    check('arrears_items_status_check', sql`${t.status} in ('open', 'settled', 'writtenOff', 'cancelled')`),
    check('arrears_items_reason_check', sql`${t.reason} in ('noCard', 'notEnough')`),
    check('arrears_items_hours_check', sql`${t.hours} > 0 and ${t.value} >= 0`),
    check('arrears_items_settled_check', sql`(${t.status} = 'settled') = (${t.settledRecordId} is not null) or ${t.status} = 'cancelled'`),
  ],
);

/**
 * The analysis figures' sums (docs/rules.md#analysis-metrics) per company, campus (the student's now), local day and
 * lesson (0: none), kept by triggers in the transaction of the records, orders and students they sum (migration 0038):
 * the consumed hours and recognised value of the consuming records (by their day and lesson), the refunds of the
 * approved returns (by their review day), the cash of the card orders (by their day). A student who moves campus moves
 * their sums. mock/domains/analysisSql.test.ts holds the figures read from here equal to the metric functions.
 */
export const ledgerDaySums = pgTable(
  'ledger_day_sums',
  {
    companyId: ofCompany(),
    campusId: integer('campus_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lessonId: integer('lesson_id').notNull(),
    consumed: numeric('consumed', { precision: 14, scale: 1, mode: 'number' }).notNull(),
    recognised: numeric('recognised', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    refunds: numeric('refunds', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    cash: numeric('cash', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.campusId, t.lessonId] })],
);

/**
 * Each card's money events summed over its whole life (src/domain/revenue.ts `cardEvents`: sold by its orders; the
 * value its records recognised, corrected and refunded) and its last record's time, kept by triggers (migration 0038):
 * a card's deferred value today without reading its records.
 */
export const cardSums = pgTable('card_sums', {
  cardId: integer('card_id')
    .primaryKey()
    .references(() => studentCards.id, { onDelete: 'cascade' }),
  companyId: ofCompany(),
  sold: numeric('sold', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  recognised: numeric('recognised', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  corrections: numeric('corrections', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  refunded: numeric('refunded', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  lastRecordAt: timestamp('last_record_at', { withTimezone: true, mode: 'date' }),
});
