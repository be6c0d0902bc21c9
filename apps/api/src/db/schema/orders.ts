import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, paymentMethod, users } from './auth.ts';
import { products } from './catalogue.ts';
import { createdAt, money, updatedAt } from './columns.ts';

export const orderStatus = pgEnum('order_status', [
  'AWAITING_CUSTOMER_APPROVAL',
  'RELEASED',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
]);
export const dropStatus = pgEnum('drop_status', [
  'Awaiting Dispatch',
  'Shipped',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
]);

/** Feeds PO-year-sequence order numbers. */
export const orderNumberSeq = pgSequence('order_number_seq');

/** A purchase order of one product from one supplier, delivered in one or more drops. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Human-facing PO number (PO-2026-000042), unique across the platform.
    number: text('number').notNull().unique(),
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    sellerOrgId: uuid('seller_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    // Snapshot of the offer price when drafted; the client's price is never trusted.
    unitPrice: money('unit_price').notNull(),
    totalQuantity: integer('total_quantity').notNull(),
    totalCost: money('total_cost').notNull(),
    paymentMethod: paymentMethod('payment_method').notNull(),
    paymentTerms: text('payment_terms').notNull(),
    useCredit: boolean('use_credit').notNull().default(false),
    creditTermDays: integer('credit_term_days'),
    // Days of shelf life every allocated lot must still have at its drop's delivery (DOMAIN.md
    // "Minimum shelf life"); 0 asks for none beyond being unexpired today.
    minShelfLifeDays: integer('min_shelf_life_days').notNull().default(0),
    entityName: text('entity_name'),
    entityLocation: text('entity_location'),
    requesterRole: text('requester_role'),
    deliveryContactName: text('delivery_contact_name'),
    deliveryContactPhone: text('delivery_contact_phone'),
    deliveryAddress: text('delivery_address'),
    status: orderStatus('status').notNull().default('AWAITING_CUSTOMER_APPROVAL'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedByUserId: uuid('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerOrgId, t.createdAt),
    index('orders_seller_idx').on(t.sellerOrgId, t.createdAt),
    index('orders_status_idx').on(t.status, t.approvedAt),
    index('orders_product_idx').on(t.productId),
    check('orders_total_quantity_positive', sql`${t.totalQuantity} > 0`),
    check('orders_total_cost_nonnegative', sql`${t.totalCost} >= 0`),
    check('orders_unit_price_positive', sql`${t.unitPrice} > 0`),
    check(
      'orders_credit_term_days_range',
      sql`${t.creditTermDays} is null or ${t.creditTermDays} between 0 and 180`,
    ),
    check('orders_min_shelf_life_days_range', sql`${t.minShelfLifeDays} between 0 and 1095`),
    check('orders_buyer_not_seller', sql`${t.buyerOrgId} <> ${t.sellerOrgId}`),
  ],
);

export const orderDrops = pgTable(
  'order_drops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    addressName: text('address_name').notNull(),
    address: text('address').notNull(),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    quantity: integer('quantity').notNull(),
    status: dropStatus('status').notNull().default('Awaiting Dispatch'),
    trackingNumber: text('tracking_number'),
    estimatedDeliveryDate: date('estimated_delivery_date', { mode: 'string' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('order_drops_order_sequence_unique').on(t.orderId, t.sequence),
    index('order_drops_status_idx').on(t.status),
    check('order_drops_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every status change of an order or a drop: who, when, from, to. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    dropId: uuid('drop_id').references(() => orderDrops.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept as text so the history still reads well after the user is removed.
    actorName: text('actor_name'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.createdAt)],
);
