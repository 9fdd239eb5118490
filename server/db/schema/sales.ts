/**
 * Campus online sales (/campus/online-order, /campus/settlement, /campus/invoice and the platform's side of them):
 * card orders placed on the public web page /w/:code (paying one issues the card in the school tables, still in the
 * process: the card and student ids are plain columns), the monthly settlements of the paid ones less the platform
 * fee, and the invoices companies ask for on their paid subscription orders. Company and campus names are copied at
 * the time of the write, as the screens show them. The orders, settlements and invoices are the platform's records of
 * the money it took, paid out and invoiced (its lists show every company's): they outlive a deleted company, so their
 * company ids are plain columns, no foreign key. A company's cap goes with it.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, numeric, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { InvoiceStatus, OnlineOrderStatus, SettlementStatus } from '../../../src/types/campus';
import { subscriptionOrders } from './platform';
import { ofCompany } from './companies';

const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled'] as const satisfies readonly OnlineOrderStatus[];
const SETTLEMENT_STATUSES = ['pending', 'paid'] as const satisfies readonly SettlementStatus[];
const INVOICE_STATUSES = ['requested', 'issued', 'rejected'] as const satisfies readonly InvoiceStatus[];
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A company's paid online orders of one finished month, paid out less the platform fee (pending → paid). */
export const settlements = pgTable(
  'settlements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    companyNameSort: text('company_name_sort').notNull(),
    /** YYYY-MM */
    month: text('month').notNull(),
    orderCount: integer('order_count').notNull(),
    gross: money('gross').notNull(),
    /** Platform fee rate in percent (e.g. 0.6). */
    feeRate: numeric('fee_rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    fee: money('fee').notNull(),
    net: money('net').notNull(),
    status: text('status', { enum: SETTLEMENT_STATUSES }).notNull(),
    createdAt: stamp('created_at').notNull(),
    paidAt: stamp('paid_at'),
  },
  (t) => [
    unique('settlements_company_id_key').on(t.companyId, t.id),
    // One settlement per company and month (the sweep that writes it does nothing the second time).
    unique('settlements_company_month_key').on(t.companyId, t.month),
    index('settlements_month_idx').on(t.month, t.id),
    check('settlements_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('settlements_status_check', sql`${t.status} in ('pending', 'paid')`),
    check('settlements_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check('settlements_figures_check', sql`${t.gross} = ${t.fee} + ${t.net} and ${t.orderCount} > 0`),
  ],
);

/** A card bought on a campus's public page: unpaid, then paid (with its card) or cancelled. */
export const onlineOrders = pgTable(
  'online_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    companyNameSort: text('company_name_sort').notNull(),
    campusId: integer('campus_id').notNull(),
    campusName: text('campus_name').notNull(),
    /** OL + 200000 + id. */
    orderNo: text('order_no').notNull(),
    templateId: integer('template_id').notNull(),
    templateName: text('template_name').notNull(),
    hours: numeric('hours', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    giftHours: numeric('gift_hours', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    parentName: text('parent_name').notNull(),
    mobile: text('mobile').notNull(),
    studentName: text('student_name').notNull(),
    /** The student, card and card number the payment issued (school tables, in the process). */
    studentId: integer('student_id'),
    cardId: integer('card_id'),
    cardNo: text('card_no'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    createdAt: stamp('created_at').notNull(),
    paidAt: stamp('paid_at'),
    /** The settlement that paid this order out. */
    settlementId: integer('settlement_id'),
  },
  (t) => [
    unique('online_orders_order_no_key').on(t.orderNo),
    // Settled by a settlement of its own company.
    foreignKey({ columns: [t.companyId, t.settlementId], foreignColumns: [settlements.companyId, settlements.id], name: 'online_orders_settlement_fk' }),
    index('online_orders_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('online_orders_company_settlement_idx').on(t.companyId, t.settlementId),
    index('online_orders_created_idx').on(t.createdAt, t.id),
    check('online_orders_status_check', sql`${t.status} in ('unpaid', 'paid', 'cancelled')`),
    check('online_orders_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check('online_orders_card_check', sql`${t.status} <> 'paid' or ${t.cardId} is not null`),
    check('online_orders_settled_check', sql`${t.settlementId} is null or ${t.status} = 'paid'`),
  ],
);

/** An invoice a company asks for on a paid subscription order (server/db/schema/platform.ts; its number copied). */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    companyName: text('company_name').notNull(),
    orderId: integer('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    amount: money('amount').notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    invoiceNo: text('invoice_no'),
    issuedAt: stamp('issued_at'),
    rejectReason: text('reject_reason'),
    createdAt: stamp('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    // An invoice number is used once, across the platform.
    unique('invoices_invoice_no_key').on(t.invoiceNo),
    // One open (requested or issued) invoice per order; a rejected one may be asked again.
    uniqueIndex('invoices_open_order_key').on(t.companyId, t.orderId).where(sql`${t.status} <> 'rejected'`),
    // An order of its own company.
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [subscriptionOrders.companyId, subscriptionOrders.id], name: 'invoices_order_fk' }),
    index('invoices_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('invoices_created_idx').on(t.createdAt, t.id),
    check('invoices_status_check', sql`${t.status} in ('requested', 'issued', 'rejected')`),
    check('invoices_issued_check', sql`(${t.status} = 'issued') = (${t.invoiceNo} is not null and ${t.issuedAt} is not null)`),
    check('invoices_rejected_check', sql`(${t.status} = 'rejected') = (${t.rejectReason} is not null)`),
  ],
);

/** A company's cap on one online purchase (/setting); a company without a row has the built-in default. */
export const saleCaps = pgTable(
  'sale_caps',
  {
    companyId: ofCompany().primaryKey(),
    maxHours: integer('max_hours').notNull(),
    maxMonths: integer('max_months').notNull(),
  },
  (t) => [check('sale_caps_positive_check', sql`${t.maxHours} >= 1 and ${t.maxMonths} >= 1`)],
);
