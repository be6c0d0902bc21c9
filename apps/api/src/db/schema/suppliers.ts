import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.ts';
import { products } from './catalogue.ts';

/**
 * Cedis like db/schema/columns.ts money, wider since it sums orders; read as a number like every numeric
 * (db/client.ts). The default is the text the migrations created it with, so drizzle-kit sees no change.
 */
const gmv = () =>
  numeric('gmv', { precision: 16, scale: 2, mode: 'number' })
    .notNull()
    .default(sql`'0'`);

// The marketplace's trade figures, kept up to date by triggers in the transaction that changes orders or
// lots (migrations/0002_trade_figures.sql) instead of being aggregated per read: the directory reads 500
// rows, not 200,000 orders. The triggers are deferred to commit, so their row locks are always the last
// a transaction takes (docs/decisions/0007-invalidation-by-what-changed.md).

/** Released orders and GMV between one supplier and one buyer: what makes the buyer a customer. */
export const tradePairs = pgTable(
  'trade_pairs',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    releasedOrders: integer('released_orders').notNull().default(0),
    gmv: gmv(),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.buyerId] }),
    check('trade_pairs_released_nonnegative', sql`${t.releasedOrders} >= 0`),
  ],
);

/** Per supplier: distinct buyers with a released order, and GMV of released orders. */
export const supplierTrade = pgTable(
  'supplier_trade',
  {
    supplierId: uuid('supplier_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerCount: integer('customer_count').notNull().default(0),
    gmv: gmv(),
  },
  (t) => [check('supplier_trade_customers_nonnegative', sql`${t.customerCount} >= 0`)],
);

/**
 * Per supplier and product: the latest expiry among lots with units ('infinity' when one is undated), or
 * null when nothing is on hand or the pair is not offered. The pair is a stocked line on a day when this
 * is that day or later, so the directory counts stocked lines from this table alone, and midnight needs
 * no write.
 */
export const stockPositions = pgTable(
  'stock_positions',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    latestExpiry: date('latest_expiry', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.productId] })],
);
