import { asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ControlledKind, MedicineClass } from '@aduro/shared/compliance';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';
import { registrationLapsedSql } from '../compliance/eligibility.ts';
import {
  inventoryLots,
  offerPrices,
  offers,
  organizations,
  products,
  productSearchText,
} from '../../db/schema/index.ts';

const productColumns = {
  id: products.id,
  name: products.name,
  brandName: products.brandName,
  category: products.category,
  description: products.description,
  unitOfMeasure: products.unitOfMeasure,
  itemsPerUnit: products.itemsPerUnit,
  isService: products.isService,
  gtin: products.gtin,
  medicineClass: products.medicineClass,
  controlled: products.controlled,
  fdaRegistrationNumber: products.fdaRegistrationNumber,
  fdaRegistrationExpiresOn: products.fdaRegistrationExpiresOn,
};

/** A product's legal status as stored (issue 32); null where nothing is recorded. */
export interface LegalStatusValues {
  medicineClass: MedicineClass | null;
  controlled: ControlledKind | null;
  fdaRegistrationNumber: string | null;
  /** YYYY-MM-DD. */
  fdaRegistrationExpiresOn: string | null;
}

export interface NewProduct {
  name: string;
  brandName: string;
  category: string;
  description: string | null;
  unitOfMeasure: string;
  itemsPerUnit: string;
  /** 14 digits, or null when the supplier gave none. */
  gtin: string | null;
  dedupeKey: string;
  createdByOrgId: string;
  // The legal status a supplier may give when adding the product; null (or absent) is not recorded.
  medicineClass?: MedicineClass | null;
  controlled?: ControlledKind | null;
  fdaRegistrationNumber?: string | null;
  fdaRegistrationExpiresOn?: string | null;
}

// A search term is matched literally: % and _ typed by a user are not wildcards.
const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/**
 * How alike a search and a stretch of a product's text must be, as pg_trgm's word similarity (shared
 * trigrams over the trigrams of both), to count as a typo of it. pg_trgm's default, 0.6, misses a
 * dropped letter and a single l together ("amoxcilin" is 0.47 of Amoxicillin); 0.4 takes it and
 * "metfromin", and still leaves Ampicillin (0.31) out of "amoxcilin".
 */
export const TYPO_SIMILARITY = 0.4;

/** The whole catalogue by name (case-insensitively). */
export async function listAllProducts(db: Executor, options: { limit?: number } = {}) {
  const query = db
    .select(productColumns)
    .from(products)
    .orderBy(...BY_NAME)
    .$dynamic();
  return options.limit === undefined ? query : query.limit(options.limit);
}

const BY_NAME = [sql`lower(${products.name})`, asc(products.name), asc(products.id)];

/**
 * A catalogue search: products whose name (the generic name and strength), brand or category contains
 * `search`, or resembles it closely enough to be a typo of it (pg_trgm word similarity over the trigram
 * index, so "paracetmol" finds Paracetamol), or whose GTIN is `gtin` (the search read as a barcode
 * number, when it is one). Closer matches come first: an exact name, brand or category (or the GTIN),
 * then one starting with the search, then one containing it, then typos, most alike first. Runs in a
 * transaction because the typo threshold is a setting local to it.
 */
export async function searchProducts(
  tx: Tx,
  options: { search: string; gtin: string | null; limit?: number },
) {
  const { search, gtin } = options;
  // The <% operator reads its threshold from this setting; `true` keeps it to this transaction.
  await tx.execute(
    sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`,
  );
  const text = productSearchText(products);
  const contains = `%${escapeLike(search)}%`;
  const prefix = `${escapeLike(search)}%`;
  const anyField = (test: (field: AnyPgColumn) => SQL) =>
    sql.join(
      [products.name, products.brandName, products.category].map((field) => sql`(${test(field)})`),
      sql` or `,
    );
  const rank = sql`case
      when ${anyField((field) => sql`lower(${field}) = lower(${search})`)}
        ${gtin ? sql`or ${products.gtin} = ${gtin}` : sql``} then 0
      when ${anyField((field) => sql`${field} ilike ${prefix}`)} then 1
      when ${anyField((field) => sql`${field} ilike ${contains}`)} then 2
      else 3
    end`;
  const query = tx
    .select(productColumns)
    .from(products)
    .where(
      or(
        // Both predicates read the one trigram index on this very expression (products_search_trgm_idx).
        sql`${text} ilike ${contains}`,
        sql`${search} <% ${text}`,
        gtin ? eq(products.gtin, gtin) : undefined,
      ),
    )
    .orderBy(rank, desc(sql`word_similarity(${search}, ${text})`), ...BY_NAME)
    .$dynamic();
  return options.limit === undefined ? query : query.limit(options.limit);
}

/** Inserts the product unless its dedupe key is taken; null when it was (the caller reads the winner). */
export async function insertProductIfNew(db: Executor, values: NewProduct) {
  const rows = await db
    .insert(products)
    .values(values)
    .onConflictDoNothing({ target: products.dedupeKey })
    .returning(productColumns);
  return rows[0] ?? null;
}

export async function findProductByDedupeKey(db: Executor, dedupeKey: string) {
  const rows = await db.select(productColumns).from(products).where(eq(products.dedupeKey, dedupeKey));
  return rows[0] ?? null;
}

export async function findProductByGtin(db: Executor, gtin: string) {
  const rows = await db.select(productColumns).from(products).where(eq(products.gtin, gtin));
  return rows[0] ?? null;
}

/**
 * The product, locked against another correction until the caller's transaction ends, so two
 * administrators' corrections follow each other and each records what it really changed. Null when
 * there is no such product.
 */
export async function lockProduct(tx: Tx, productId: string) {
  const rows = await tx.select(productColumns).from(products).where(eq(products.id, productId)).for('update');
  return rows[0] ?? null;
}

/** Writes a product's legal status (all four fields) and answers the product as it now stands. */
export async function updateProductLegalStatus(tx: Tx, productId: string, values: LegalStatusValues) {
  const rows = await tx
    .update(products)
    .set(values)
    .where(eq(products.id, productId))
    .returning(productColumns);
  return rows[0] ?? null;
}

/** The suppliers that offer the product (an offer row, stocked or not): the ones a change to it concerns. */
export async function listOfferingSuppliers(db: Executor, productId: string): Promise<string[]> {
  const rows = await db
    .select({ supplierId: offers.supplierId })
    .from(offers)
    .where(eq(offers.productId, productId))
    .orderBy(asc(offers.supplierId));
  return rows.map((r) => r.supplierId);
}

/** One supplier's offer of a product with its prices over a window, as listPriceLines reads it. */
export interface PriceLineRow extends Record<string, unknown> {
  /** Null on the one row that only says the product exists. */
  supplierId: string | null;
  supplierName: string | null;
  currentPrice: number | null;
  /** Whether buyers can order it now: an active supplier holding unexpired units. */
  published: boolean | null;
  /** The price in force when the window opened; null when the offer is younger than the window. */
  opening: number | null;
  /** Each price set inside the window, oldest first, with its UTC day. */
  changes: { day: string; unitPrice: number }[] | null;
}

/**
 * The offers of a product the caller may see, with their prices since `from` (a UTC day), cheapest
 * first, in one statement: every published offer (an active supplier with units in an unexpired lot,
 * docs/domain.md "Published stock", the rule the supplier matches apply; none of a product whose FDA
 * registration lapsed, which is not offered to buyers) and, for a supplier caller, its
 * own offer whatever its state. No rows: the product does not exist; one row with a null supplierId:
 * nobody the caller may see offers it.
 */
export async function listPriceLines(
  db: Executor,
  opts: { productId: string; ownSupplierId: string | null; from: string; today: string },
) {
  const windowStart = sql`(${opts.from}::date::timestamp at time zone 'UTC')`;
  return queryRows<PriceLineRow>(
    db,
    sql`
      with product as (
        select id from ${products} where id = ${opts.productId}
      ),
      offered as (
        select f.supplier_id, s.name, f.unit_price,
               s.is_active and not ${registrationLapsedSql('p', opts.today)} and exists (
                 select 1 from ${inventoryLots} l
                 where l.supplier_id = f.supplier_id and l.product_id = f.product_id
                   and l.quantity > 0 and (l.expiry_date is null or l.expiry_date >= ${opts.today}::date)
                   -- A recalled (quarantined) lot is not stock on offer, as in the supplier matches.
                   and l.quarantined_at is null
               ) as published
        from ${offers} f
        join ${organizations} s on s.id = f.supplier_id and s.kind = 'supplier'
        join ${products} p on p.id = f.product_id
        where f.product_id = ${opts.productId}
      )
      select o.supplier_id as "supplierId", o.name as "supplierName", o.unit_price as "currentPrice",
             o.published, opening.unit_price as opening, changes.list as changes
      from product p
      left join offered o on o.published or o.supplier_id = ${opts.ownSupplierId}::uuid
      left join lateral (
        select op.unit_price from ${offerPrices} op
        where op.product_id = p.id and op.supplier_id = o.supplier_id and op.effective_at < ${windowStart}
        order by op.effective_at desc, op.id desc
        limit 1
      ) opening on true
      left join lateral (
        select json_agg(json_build_object(
                 'day', to_char(op.effective_at at time zone 'UTC', 'YYYY-MM-DD'),
                 'unitPrice', op.unit_price)
               order by op.effective_at, op.id) as list
        from ${offerPrices} op
        where op.product_id = p.id and op.supplier_id = o.supplier_id and op.effective_at >= ${windowStart}
      ) changes on true
      order by o.unit_price asc, lower(o.name), o.supplier_id`,
  );
}
