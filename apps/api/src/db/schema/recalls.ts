import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { products } from './catalogue.ts';
import { createdAt } from './columns.ts';
import { inventoryLots } from './inventory.ts';
import { orderDrops } from './orders.ts';

export const recallSeverity = pgEnum('recall_severity', ['class_1', 'class_2', 'class_3']);

/** Feeds RC-year-sequence recall numbers. */
export const recallNumberSeq = pgSequence('recall_number_seq');

/**
 * A recall of batches of one product (docs/domain.md "Recalls"). A supplier's recall covers its own lots
 * of those batches (`supplier_id` is the supplier); a platform administrator's covers every supplier's
 * (`supplier_id` null), as a manufacturer's recall does.
 */
export const recalls = pgTable(
  'recalls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Human-facing number (RC-2026-000042), unique across the platform.
    number: text('number').notNull().unique(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The supplier whose stock is recalled; null when a platform administrator recalls every supplier's. */
    supplierId: uuid('supplier_id').references(() => organizations.id, { onDelete: 'cascade' }),
    batchNumbers: text('batch_numbers').array().notNull(),
    reason: text('reason').notNull(),
    severity: recallSeverity('severity').notNull(),
    declaredByOrgId: uuid('declared_by_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    declaredByUserId: uuid('declared_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    declaredByName: text('declared_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('recalls_supplier_idx').on(t.supplierId, t.createdAt),
    index('recalls_product_idx').on(t.productId),
    check('recalls_batch_numbers_present', sql`cardinality(${t.batchNumbers}) >= 1`),
  ],
);

/** The lots a recall quarantined, with the units each held when it was declared. */
export const recallLots = pgTable(
  'recall_lots',
  {
    recallId: uuid('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => inventoryLots.id, { onDelete: 'restrict' }),
    unitsHeld: integer('units_held').notNull(),
  },
  (t) => [primaryKey({ columns: [t.recallId, t.lotId] }), index('recall_lots_lot_idx').on(t.lotId)],
);

/** A buyer's word that a recalled delivery is quarantined at its pharmacy: one per recall and drop. */
export const recallAcknowledgements = pgTable(
  'recall_acknowledgements',
  {
    recallId: uuid('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => orderDrops.id, { onDelete: 'cascade' }),
    acknowledgedByUserId: uuid('acknowledged_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    acknowledgedByName: text('acknowledged_by_name').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recallId, t.dropId] })],
);

/**
 * A drop re-picked off a recall's batches before dispatch (docs/domain.md "Recalls"): its units of the
 * recall's lots went back into quarantine and other lots filled it. One row per recall and drop, so the
 * trace can tell the buyer the delivery was replaced, not just that it left the list.
 */
export const recallRepicks = pgTable(
  'recall_repicks',
  {
    recallId: uuid('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => orderDrops.id, { onDelete: 'cascade' }),
    /** Units of the recall's lots taken off the drop (back in their quarantined lots). */
    units: integer('units').notNull(),
    repickedByUserId: uuid('repicked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    repickedByName: text('repicked_by_name').notNull(),
    repickedAt: timestamp('repicked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recallId, t.dropId] }),
    index('recall_repicks_drop_idx').on(t.dropId),
    check('recall_repicks_units_positive', sql`${t.units} > 0`),
  ],
);
