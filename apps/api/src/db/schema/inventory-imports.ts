import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.ts';
import { createdAt } from './columns.ts';

/**
 * A stock and price-list import (issue 33): the preview of a supplier's file, kept so that applying it
 * applies exactly what was previewed, and its result, so a second apply answers the first one's result
 * and changes nothing. `rows` holds every previewed row (its line, status, values and field errors);
 * `result` is set once, in the apply's own transaction.
 */
export const inventoryImports = pgTable(
  'inventory_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // No foreign keys: the trail keeps who imported after the user or key is gone.
    createdByUserId: uuid('created_by_user_id'),
    apiKeyId: uuid('api_key_id'),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    status: text('status').$type<'previewed' | 'applied'>().notNull().default('previewed'),
    rows: jsonb('rows').notNull(),
    totals: jsonb('totals').notNull(),
    result: jsonb('result'),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    appliedByUserId: uuid('applied_by_user_id'),
  },
  (t) => [
    index('inventory_imports_supplier_idx').on(t.supplierId, t.createdAt),
    check('inventory_imports_status_known', sql`${t.status} in ('previewed', 'applied')`),
    check(
      'inventory_imports_applied_has_result',
      sql`(${t.status} = 'applied') = (${t.result} is not null and ${t.appliedAt} is not null)`,
    ),
  ],
);
