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
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { createdAt, money, updatedAt } from './columns.ts';
import { inventoryLots } from './inventory.ts';
import { invoices } from './invoices.ts';
import { orderDrops, orders } from './orders.ts';
import { recalls } from './recalls.ts';

export const returnStatus = pgEnum('return_status', [
  'requested',
  'approved',
  'rejected',
  'received',
  'completed',
]);
export const returnReason = pgEnum('return_reason', [
  'damaged',
  'expired',
  'near_expiry',
  'wrong_item',
  'short_shipped',
  'recalled',
]);

/** Feeds RET-year-sequence return numbers. */
export const returnNumberSeq = pgSequence('return_number_seq');
/** Feeds CN-year-sequence credit note numbers. */
export const creditNoteNumberSeq = pgSequence('credit_note_number_seq');

/**
 * A buyer's return of delivered units of one order (docs/domain.md "Returns"): requested -> approved or
 * rejected by the supplier -> received (the units held apart, awaiting inspection) -> completed once
 * inspected, with its credit note. Each step's columns are set with it (checked below).
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Human-facing number (RET-2026-000042), unique across the platform.
    number: text('number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    sellerOrgId: uuid('seller_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    status: returnStatus('status').notNull().default('requested'),
    notes: text('notes'),
    // The recall whose acknowledged units this return sends back, when it was made from one.
    recallId: uuid('recall_id').references(() => recalls.id, { onDelete: 'restrict' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    rejectReason: text('reject_reason'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    inspectedAt: timestamp('inspected_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('returns_buyer_idx').on(t.buyerOrgId, t.createdAt),
    index('returns_seller_idx').on(t.sellerOrgId, t.createdAt),
    index('returns_order_idx').on(t.orderId),
    check('returns_buyer_not_seller', sql`${t.buyerOrgId} <> ${t.sellerOrgId}`),
    check(
      'returns_status_columns',
      sql`(${t.status} = 'requested' and ${t.decidedAt} is null and ${t.receivedAt} is null and ${t.inspectedAt} is null)
       or (${t.status} = 'rejected' and ${t.decidedAt} is not null and ${t.rejectReason} is not null and ${t.receivedAt} is null)
       or (${t.status} = 'approved' and ${t.decidedAt} is not null and ${t.receivedAt} is null and ${t.inspectedAt} is null)
       or (${t.status} = 'received' and ${t.decidedAt} is not null and ${t.receivedAt} is not null and ${t.inspectedAt} is null)
       or (${t.status} = 'completed' and ${t.receivedAt} is not null and ${t.inspectedAt} is not null)`,
    ),
  ],
);

/**
 * Units of one batch of one delivered drop sent back. The lot is the one the drop's units came from
 * (drop_allocations), so batch, expiry and product are the lot's. Received units wait here, outside
 * inventory_lots, until inspection: no allocation reads this table, so they can never be sold unseen.
 * Inspection splits the received units between restock (back into the lot), destruction and return to
 * the manufacturer.
 */
export const returnLines = pgTable(
  'return_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => orderDrops.id, { onDelete: 'restrict' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => inventoryLots.id, { onDelete: 'restrict' }),
    batchNumber: text('batch_number'),
    quantity: integer('quantity').notNull(),
    reason: returnReason('reason').notNull(),
    receivedQuantity: integer('received_quantity'),
    restockedQuantity: integer('restocked_quantity'),
    destroyedQuantity: integer('destroyed_quantity'),
    manufacturerQuantity: integer('manufacturer_quantity'),
  },
  (t) => [
    unique('return_lines_return_line_no_unique').on(t.returnId, t.lineNo),
    unique('return_lines_return_drop_lot_unique').on(t.returnId, t.dropId, t.lotId),
    index('return_lines_drop_idx').on(t.dropId, t.lotId),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'return_lines_received_range',
      sql`${t.receivedQuantity} is null or ${t.receivedQuantity} between 0 and ${t.quantity}`,
    ),
    // Inspected: every received unit has exactly one fate.
    check(
      'return_lines_fates_add_up',
      sql`(${t.restockedQuantity} is null and ${t.destroyedQuantity} is null and ${t.manufacturerQuantity} is null)
       or (${t.receivedQuantity} is not null and ${t.restockedQuantity} >= 0 and ${t.destroyedQuantity} >= 0
           and ${t.manufacturerQuantity} >= 0
           and ${t.restockedQuantity} + ${t.destroyedQuantity} + ${t.manufacturerQuantity} = ${t.receivedQuantity})`,
    ),
  ],
);

/**
 * The record of a destruction, kept for the FDA (which supervises the destruction of medicines): when,
 * how, who witnessed it, and the FDA's certificate or reference. One per inspected return that destroyed
 * units; the units are the return lines' destroyed quantities.
 */
export const destructionRecords = pgTable(
  'destruction_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .unique()
      .references(() => returns.id, { onDelete: 'restrict' }),
    sellerOrgId: uuid('seller_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    destroyedOn: date('destroyed_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    witness: text('witness').notNull(),
    fdaReference: text('fda_reference').notNull(),
    recordedByUserId: uuid('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('destruction_records_seller_idx').on(t.sellerOrgId, t.destroyedOn)],
);

/**
 * A credit note for the units a return's inspection accepted, at the unit price invoiced. Its amount is
 * split, and the parts add up to it: what settled the invoice's outstanding amount, which for an invoice
 * on credit is `applied_to_credit_line` (it lowered the line's balance too, which stays the sum of what
 * credit invoices owe) and otherwise `applied_to_invoice`; the rest, when the invoice was already paid,
 * `held_as_credit` with the supplier (supplier_credits).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // CN-2026-000042, unique across the platform.
    number: text('number').notNull().unique(),
    returnId: uuid('return_id')
      .notNull()
      .unique()
      .references(() => returns.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    sellerOrgId: uuid('seller_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    appliedToInvoice: money('applied_to_invoice').notNull().default(0),
    appliedToCreditLine: money('applied_to_credit_line').notNull().default(0),
    heldAsCredit: money('held_as_credit').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_buyer_idx').on(t.buyerOrgId, t.issuedAt),
    index('credit_notes_seller_idx').on(t.sellerOrgId, t.issuedAt),
    check('credit_notes_amount_positive', sql`${t.amount} > 0`),
    check(
      'credit_notes_split_adds_up',
      sql`${t.appliedToInvoice} >= 0 and ${t.appliedToCreditLine} >= 0 and ${t.heldAsCredit} >= 0
          and ${t.appliedToInvoice} + ${t.appliedToCreditLine} + ${t.heldAsCredit} = ${t.amount}`,
    ),
  ],
);

/**
 * Credit a buyer holds with a supplier: the part of credit notes that found nothing owed to settle.
 * Shown to both sides; a later invoice may be settled from it.
 */
export const supplierCredits = pgTable(
  'supplier_credits',
  {
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    sellerOrgId: uuid('seller_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    balance: money('balance').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerOrgId, t.sellerOrgId] }),
    check('supplier_credits_balance_nonnegative', sql`${t.balance} >= 0`),
  ],
);
