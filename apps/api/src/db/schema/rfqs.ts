import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { products } from './catalogue.ts';
import { createdAt, money, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

export const rfqStatus = pgEnum('rfq_status', ['open', 'closed', 'awarded', 'cancelled']);
export const rfqInvitationStatus = pgEnum('rfq_invitation_status', [
  'invited',
  'quoted',
  'declined',
  'withdrawn',
]);

/** Feeds RFQ-year-sequence numbers. */
export const rfqNumberSeq = pgSequence('rfq_number_seq');

/**
 * A request for quotation (docs/domain.md "Requests for quotation"): a buyer asks the invited suppliers
 * for prices on its lines until `response_deadline`. `status` moves open -> closed -> awarded, or to
 * cancelled from open or closed; the columns of each step are set with it (checks below), so a row can
 * never say awarded without the time it was.
 */
export const rfqs = pgTable(
  'rfqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Human-facing number (RFQ-2026-000042), unique across the platform.
    number: text('number').notNull().unique(),
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: rfqStatus('status').notNull().default('open'),
    sealed: boolean('sealed').notNull().default(true),
    requiredBy: date('required_by', { mode: 'string' }).notNull(),
    responseDeadline: timestamp('response_deadline', { withTimezone: true, mode: 'date' }).notNull(),
    deliveryLocation: text('delivery_location').notNull(),
    notes: text('notes'),
    minShelfLifeDays: integer('min_shelf_life_days').notNull().default(0),
    // Whether the buyer invited every supplier offering the products, or named them.
    inviteAll: boolean('invite_all').notNull().default(false),
    // Set once by the deadline job, 24 hours before the deadline, so the reminder is sent once.
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    awardedAt: timestamp('awarded_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rfqs_buyer_idx').on(t.buyerOrgId, t.createdAt),
    // The deadline job's sweep: open RFQs by deadline.
    index('rfqs_open_deadline_idx')
      .on(t.responseDeadline)
      .where(sql`${t.status} = 'open'`),
    check('rfqs_min_shelf_life_days_range', sql`${t.minShelfLifeDays} between 0 and 1095`),
    check(
      'rfqs_status_columns',
      sql`(${t.status} = 'open' and ${t.closedAt} is null and ${t.awardedAt} is null and ${t.cancelledAt} is null)
       or (${t.status} = 'closed' and ${t.closedAt} is not null and ${t.awardedAt} is null and ${t.cancelledAt} is null)
       or (${t.status} = 'awarded' and ${t.closedAt} is not null and ${t.awardedAt} is not null and ${t.cancelledAt} is null)
       or (${t.status} = 'cancelled' and ${t.cancelledAt} is not null and ${t.awardedAt} is null)`,
    ),
  ],
);

/** One product asked for, `quantity` units. A product appears once per RFQ. */
export const rfqLines = pgTable(
  'rfq_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    unique('rfq_lines_rfq_line_no_unique').on(t.rfqId, t.lineNo),
    unique('rfq_lines_rfq_product_unique').on(t.rfqId, t.productId),
    check('rfq_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A supplier invited to quote, and its answer. */
export const rfqInvitations = pgTable(
  'rfq_invitations',
  {
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    supplierOrgId: uuid('supplier_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    status: rfqInvitationStatus('status').notNull().default('invited'),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.rfqId, t.supplierOrgId] }),
    // A supplier's Quotes tab: its invitations.
    index('rfq_invitations_supplier_idx').on(t.supplierOrgId),
  ],
);

/**
 * A supplier's one quote on an RFQ, revisable until the deadline (`revision` counts the changes). Withdrawn,
 * it is deleted with its lines; the invitation keeps that it was withdrawn.
 */
export const rfqQuotes = pgTable(
  'rfq_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    supplierOrgId: uuid('supplier_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    paymentTerms: text('payment_terms').notNull(),
    notes: text('notes'),
    revision: integer('revision').notNull().default(1),
    submittedByUserId: uuid('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('rfq_quotes_rfq_supplier_unique').on(t.rfqId, t.supplierOrgId),
    check('rfq_quotes_revision_positive', sql`${t.revision} > 0`),
  ],
);

/** The quote's price and terms for one line of the RFQ. */
export const rfqQuoteLines = pgTable(
  'rfq_quote_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => rfqQuotes.id, { onDelete: 'cascade' }),
    rfqLineId: uuid('rfq_line_id')
      .notNull()
      .references(() => rfqLines.id, { onDelete: 'cascade' }),
    unitPrice: money('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    earliestExpiry: date('earliest_expiry', { mode: 'string' }),
  },
  (t) => [
    unique('rfq_quote_lines_quote_line_unique').on(t.quoteId, t.rfqLineId),
    check('rfq_quote_lines_unit_price_positive', sql`${t.unitPrice} > 0`),
    check('rfq_quote_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('rfq_quote_lines_lead_time_range', sql`${t.leadTimeDays} between 0 and 365`),
  ],
);

/**
 * What the buyer awarded: units of one quote line, and the order drafted for them. The quote's price
 * and the supplier are copied, so the award reads the same whatever happens to the quote later.
 */
export const rfqAwards = pgTable(
  'rfq_awards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'restrict' }),
    rfqLineId: uuid('rfq_line_id')
      .notNull()
      .references(() => rfqLines.id, { onDelete: 'restrict' }),
    quoteLineId: uuid('quote_line_id')
      .notNull()
      .references(() => rfqQuoteLines.id, { onDelete: 'restrict' }),
    supplierOrgId: uuid('supplier_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One award per quote line, and one order per award: a second award of the RFQ cannot slip in.
    unique('rfq_awards_quote_line_unique').on(t.quoteLineId),
    unique('rfq_awards_order_unique').on(t.orderId),
    index('rfq_awards_rfq_idx').on(t.rfqId),
    check('rfq_awards_quantity_positive', sql`${t.quantity} > 0`),
    check('rfq_awards_unit_price_positive', sql`${t.unitPrice} > 0`),
  ],
);
