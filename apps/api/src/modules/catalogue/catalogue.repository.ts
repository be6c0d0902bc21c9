import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { inventoryLots, offerPrices, offers, organizations, products } from '../../db/schema/index.ts';

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
};

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
}

// A search term is matched literally: % and _ typed by a user are not wildcards.
const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/**
 * Products by name (case-insensitively), optionally those whose name or brand contains `search` or
 * whose GTIN is `gtin` (the search read as a barcode number, when it is one).
 */
export async function listProducts(
  db: Executor,
  options: { search?: string; gtin?: string | null; limit?: number },
) {
  const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined;
  const query = db
    .select(productColumns)
    .from(products)
    .where(
      pattern
        ? or(
            ilike(products.name, pattern),
            ilike(products.brandName, pattern),
            options.gtin ? eq(products.gtin, options.gtin) : undefined,
          )
        : undefined,
    )
    .orderBy(sql`lower(${products.name})`, asc(products.name), asc(products.id))
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
 * docs/domain.md "Published stock", the rule the supplier matches apply) and, for a supplier caller, its
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
               s.is_active and exists (
                 select 1 from ${inventoryLots} l
                 where l.supplier_id = f.supplier_id and l.product_id = f.product_id
                   and l.quantity > 0 and (l.expiry_date is null or l.expiry_date >= ${opts.today}::date)
                   -- A recalled (quarantined) lot is not stock on offer, as in the supplier matches.
                   and l.quarantined_at is null
               ) as published
        from ${offers} f
        join ${organizations} s on s.id = f.supplier_id and s.kind = 'supplier'
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
