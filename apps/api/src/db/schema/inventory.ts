import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.ts';
import { products } from './catalogue.ts';
import { createdAt, money, updatedAt } from './columns.ts';
import { orderDrops } from './orders.ts';

/** A supplier's offer for a product: its price and minimum order quantity. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    unitPrice: money('unit_price').notNull(),
    moq: integer('moq').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('offers_supplier_product_unique').on(t.supplierId, t.productId),
    index('offers_product_idx').on(t.productId),
    check('offers_unit_price_positive', sql`${t.unitPrice} > 0`),
    check('offers_moq_positive', sql`${t.moq} >= 1`),
  ],
);

/**
 * Every price an offer has had: one row each time a supplier's price for a product changes (the first
 * when the offer is made), effective from `effective_at` until the next row. The offer keeps the price
 * in force; this is its history, which the product dialog charts (docs/domain.md "Price history").
 */
export const offerPrices = pgTable(
  'offer_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    unitPrice: money('unit_price').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('offer_prices_product_effective_idx').on(t.productId, t.effectiveAt),
    check('offer_prices_unit_price_positive', sql`${t.unitPrice} > 0`),
  ],
);

/**
 * Stock in lots: one row per supplier, product, batch number (or none) and expiry date (or none)
 * (docs/domain.md "Batches"). A lot under a recall is quarantined (`quarantined_at`): it keeps its units,
 * which are never allocated, counted as stock on offer or shown to buyers again.
 */
export const inventoryLots = pgTable(
  'inventory_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The manufacturer's batch (lot) number, in capitals, as printed and in GS1 AI (10). */
    batchNumber: text('batch_number'),
    expiryDate: date('expiry_date', { mode: 'string' }),
    quantity: integer('quantity').notNull(),
    /** Set once, by the first recall naming the lot's batch; never cleared. */
    quarantinedAt: timestamp('quarantined_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('inventory_lots_supplier_product_batch_expiry_unique')
      .on(t.supplierId, t.productId, t.batchNumber, t.expiryDate)
      .nullsNotDistinct(),
    index('inventory_lots_product_batch_idx').on(t.productId, t.batchNumber),
    check('inventory_lots_batch_number_check', sql`${t.batchNumber} ~ '^[A-Z0-9][A-Z0-9./_-]{0,19}$'`),
    index('inventory_lots_product_idx').on(t.productId, t.expiryDate),
    check('inventory_lots_quantity_nonnegative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Stock that left a lot for an order's drop: which lot each drop's units came from, so a cancelled drop
 * returns them to the same lots. Inventory's table, since it is the lots' ledger; the drop is its reference.
 */
export const dropAllocations = pgTable(
  'drop_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => orderDrops.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => inventoryLots.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('drop_allocations_drop_idx').on(t.dropId),
    index('drop_allocations_lot_idx').on(t.lotId),
    check('drop_allocations_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
