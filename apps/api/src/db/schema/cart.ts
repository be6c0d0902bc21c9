import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { products } from './catalogue.ts';
import { createdAt, money, updatedAt } from './columns.ts';

/** The procurement cart belongs to a customer user; a null unit price means the supplier's quote. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price'),
    deliveryLocation: text('delivery_location'),
    preferredDropDate: date('preferred_drop_date', { mode: 'string' }),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cart_items_user_idx').on(t.userId, t.createdAt),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
    check('cart_items_unit_price_positive', sql`${t.unitPrice} is null or ${t.unitPrice} > 0`),
  ],
);
