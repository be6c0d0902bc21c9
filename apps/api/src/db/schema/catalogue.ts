import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations } from './auth.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * What a catalogue search reads: name (the generic name and strength), brand and category as one text.
 * The trigram index below is built on exactly this expression, so the search (catalogue.repository.ts)
 * must use this function for PostgreSQL to use the index.
 */
export const productSearchText = (t: {
  name: AnyPgColumn;
  brandName: AnyPgColumn;
  category: AnyPgColumn;
}): SQL => sql`(${t.name} || ' ' || ${t.brandName} || ' ' || ${t.category})`;

/** One catalogue shared by all suppliers. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    brandName: text('brand_name').notNull(),
    category: text('category').notNull(),
    description: text('description'),
    unitOfMeasure: text('unit_of_measure').notNull(),
    itemsPerUnit: text('items_per_unit').notNull(),
    isService: boolean('is_service').notNull().default(false),
    // The GS1 barcode number in its 14-digit form (packages/shared/src/gtin.ts); one product per GTIN.
    gtin: text('gtin'),
    // name|brand|unit|pack, lower-cased with spaces removed: the same product is never added twice.
    dedupeKey: text('dedupe_key').notNull(),
    // Legal status (issue 32, docs/domain.md "Who may buy what"). No class means class A, the strictest.
    medicineClass: text('medicine_class').$type<'A' | 'B' | 'C'>(),
    controlled: text('controlled').$type<'narcotic' | 'psychotropic' | 'precursor'>(),
    fdaRegistrationNumber: text('fda_registration_number'),
    // Once past, the product is not offered to buyers (absent from matches and catalogues, refused).
    fdaRegistrationExpiresOn: date('fda_registration_expires_on', { mode: 'string' }),
    createdByOrgId: uuid('created_by_org_id').references(() => organizations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_dedupe_key_unique').on(t.dedupeKey),
    uniqueIndex('products_gtin_unique').on(t.gtin),
    check('products_gtin_check', sql`${t.gtin} ~ '^[0-9]{14}$'`),
    check('products_medicine_class_check', sql`${t.medicineClass} in ('A', 'B', 'C')`),
    check('products_controlled_check', sql`${t.controlled} in ('narcotic', 'psychotropic', 'precursor')`),
    index('products_name_idx').on(sql`lower(${t.name})`),
    index('products_category_idx').on(t.category),
    // Trigram GIN (pg_trgm, migration 0013): serves both the contains match (ILIKE) and the
    // typo-tolerant word-similarity match (<%) of the search.
    index('products_search_trgm_idx').using('gin', sql`${productSearchText(t)} gin_trgm_ops`),
  ],
);
