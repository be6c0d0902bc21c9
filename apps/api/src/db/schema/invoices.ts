import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, paymentMethod, users } from './auth.ts';
import { createdAt, money, updatedAt } from './columns.ts';
import { creditLines } from './credit.ts';
import { orders } from './orders.ts';

export const invoiceStatus = pgEnum('invoice_status', ['unpaid', 'paid', 'void']);

/** Feeds INV-year-sequence invoice numbers. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq');

/** Issued when an order is released; INV-year-sequence. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    sellerOrgId: uuid('seller_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    creditLineId: uuid('credit_line_id').references(() => creditLines.id, { onDelete: 'restrict' }),
    onCredit: boolean('on_credit').notNull().default(false),
    amount: money('amount').notNull(),
    amountPaid: money('amount_paid').notNull().default(0),
    // Every credit note issued against the invoice (docs/domain.md "Returns"): never more than it
    // invoiced, a check PostgreSQL holds under concurrent returns, since each credit note raises this
    // one row.
    credited: money('credited').notNull().default(0),
    // The part of `credited` that settled what the invoice owed; what it still owes is
    // amount - amount_paid - credit_applied.
    creditApplied: money('credit_applied').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: invoiceStatus('status').notNull().default('unpaid'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_buyer_idx').on(t.buyerOrgId, t.status, t.dueDate),
    index('invoices_seller_idx').on(t.sellerOrgId, t.status, t.dueDate),
    check('invoices_amount_nonnegative', sql`${t.amount} >= 0`),
    check('invoices_paid_within_amount', sql`${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.amount}`),
    check('invoices_credited_within_amount', sql`${t.credited} >= 0 and ${t.credited} <= ${t.amount}`),
    check(
      'invoices_settled_within_amount',
      sql`${t.creditApplied} >= 0 and ${t.creditApplied} <= ${t.credited}
          and ${t.amountPaid} + ${t.creditApplied} <= ${t.amount}`,
    ),
    check('invoices_credit_line_when_on_credit', sql`not ${t.onCredit} or ${t.creditLineId} is not null`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    method: paymentMethod('method').notNull(),
    reference: text('reference'),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    // Paying a credit invoice "on credit" would only move the debt; a payment is real money.
    check('payments_method_not_credit', sql`${t.method} <> 'credit_facility'`),
  ],
);
