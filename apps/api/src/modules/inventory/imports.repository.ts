import { sql } from 'drizzle-orm';
import type { ImportResult, ImportRow, ImportTotals } from '@aduro/shared/inventory-import';
import { pgArray, queryRows, type Executor, type Tx } from '../../db/client.ts';
import { inventoryImports, inventoryLots, offerPrices, offers, products } from '../../db/schema/index.ts';

/**
 * The SQL of stock imports (docs/domain.md "Stock import"). Every statement takes the whole file at once
 * (arrays or jsonb_to_recordset), never one statement per row: 10,000 rows are a handful of round trips.
 */

export interface CatalogueProduct extends Record<string, unknown> {
  id: string;
  name: string;
  gtin: string | null;
}

/** Every product any row names, by id, 14-digit GTIN or name (case-insensitive), in one query. */
export async function findProductsNamed(
  db: Executor,
  names: { ids: string[]; gtins: string[]; lowerNames: string[] },
): Promise<CatalogueProduct[]> {
  if (names.ids.length + names.gtins.length + names.lowerNames.length === 0) return [];
  // Three index lookups (primary key, products_gtin_unique, products_name_idx) rather than one OR.
  return queryRows<CatalogueProduct>(
    db,
    sql`select id, name, gtin from ${products} where id = any(${pgArray(names.ids)}::uuid[])
        union
        select id, name, gtin from ${products} where gtin = any(${pgArray(names.gtins)}::text[])
        union
        select id, name, gtin from ${products} where lower(name) = any(${pgArray(names.lowerNames)}::text[])`,
  );
}

export interface HeldLot extends Record<string, unknown> {
  productId: string;
  batchNumber: string | null;
  expiryDate: string | null;
  quantity: number;
}

/** The supplier's offer prices of these products. */
export async function offerPricesOf(
  db: Executor,
  supplierId: string,
  productIds: string[],
  lock = false,
): Promise<Map<string, number>> {
  const rows = await queryRows<{ productId: string; unitPrice: number }>(
    db,
    sql`select product_id as "productId", unit_price as "unitPrice" from ${offers}
        where supplier_id = ${supplierId} and product_id = any(${pgArray(productIds)}::uuid[])
        order by product_id
        ${lock ? sql`for update` : sql``}`,
  );
  return new Map(rows.map((r) => [r.productId, r.unitPrice]));
}

/**
 * The supplier's lots of these products, optionally locked in id order. All the products' lots are read
 * (one index range per product), not only the file's: a lookup by (product, batch, expiry) with nulls
 * would need IS NOT DISTINCT FROM, which no index or hash join serves.
 */
export async function lotsOf(
  db: Executor,
  supplierId: string,
  productIds: string[],
  lock = false,
): Promise<HeldLot[]> {
  return queryRows<HeldLot>(
    db,
    sql`select product_id as "productId", batch_number as "batchNumber",
               to_char(expiry_date, 'YYYY-MM-DD') as "expiryDate", quantity
        from ${inventoryLots}
        where supplier_id = ${supplierId} and product_id = any(${pgArray(productIds)}::uuid[])
        order by id
        ${lock ? sql`for update` : sql``}`,
  );
}

export interface StoredImport extends Record<string, unknown> {
  id: string;
  fileName: string;
  createdAt: string;
  status: 'previewed' | 'applied';
  rows: ImportRow[];
  totals: ImportTotals;
  result: ImportResult | null;
}

const importColumns = sql`id, file_name as "fileName",
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  status, rows, totals, result`;

/** Keeps a preview, so the apply applies exactly what was shown. */
export async function insertImport(
  db: Executor,
  values: {
    supplierId: string;
    createdByUserId: string | null;
    apiKeyId: string | null;
    fileName: string;
    rows: ImportRow[];
    totals: ImportTotals;
  },
): Promise<StoredImport> {
  const [row] = await queryRows<StoredImport>(
    db,
    sql`insert into ${inventoryImports}
          (supplier_id, created_by_user_id, api_key_id, file_name, row_count, rows, totals)
        values (${values.supplierId}, ${values.createdByUserId}, ${values.apiKeyId}, ${values.fileName},
                ${values.rows.length}, ${JSON.stringify(values.rows)}::jsonb, ${JSON.stringify(values.totals)}::jsonb)
        returning ${importColumns}`,
  );
  return row!;
}

/** The supplier's import (another organisation's is not found), locked for the apply when asked. */
export async function findImport(
  db: Executor,
  supplierId: string,
  id: string,
  lock = false,
): Promise<StoredImport | null> {
  const [row] = await queryRows<StoredImport>(
    db,
    sql`select ${importColumns} from ${inventoryImports}
        where id = ${id} and supplier_id = ${supplierId}
        ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

/**
 * Sets the offers of the products whose price is new or changed, in product id order, and writes each
 * change to the price history (as syncLot does), dated by the clock once the offers are locked. A new
 * offer starts at moq 1; an existing one keeps its moq.
 */
export async function setOfferPrices(
  tx: Tx,
  supplierId: string,
  prices: Array<{ productId: string; unitPrice: number }>,
  now: Date,
): Promise<void> {
  if (prices.length === 0) return;
  const json = JSON.stringify(prices);
  await tx.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${json}::jsonb) as x("productId" uuid, "unitPrice" numeric)
    ), offer as (
      insert into ${offers} as f (supplier_id, product_id, unit_price, moq)
      select ${supplierId}, x."productId", x."unitPrice", 1 from x order by x."productId"
      on conflict (supplier_id, product_id) do update
        set unit_price = excluded.unit_price, updated_at = ${now}
      returning product_id, unit_price
    )
    insert into ${offerPrices} (supplier_id, product_id, unit_price, effective_at)
    select ${supplierId}, offer.product_id, offer.unit_price, clock_timestamp() from offer`);
}

/** Sets each lot to its counted quantity, creating the new ones; the file's lots, in one statement. */
export async function setLotQuantities(
  tx: Tx,
  supplierId: string,
  lots: Array<{ productId: string; batchNumber: string | null; expiryDate: string | null; quantity: number }>,
  now: Date,
): Promise<void> {
  if (lots.length === 0) return;
  await tx.execute(sql`
    insert into ${inventoryLots} as l (supplier_id, product_id, batch_number, expiry_date, quantity)
    select ${supplierId}, x."productId", x."batchNumber", x."expiryDate", x.quantity
    from jsonb_to_recordset(${JSON.stringify(lots)}::jsonb)
         as x("productId" uuid, "batchNumber" text, "expiryDate" date, quantity int)
    order by x."productId", x."batchNumber", x."expiryDate"
    on conflict (supplier_id, product_id, batch_number, expiry_date) do update
      set quantity = excluded.quantity, updated_at = ${now}`);
}

/** Records the apply's result: from now on every apply answers it. */
export async function markApplied(
  tx: Tx,
  id: string,
  result: ImportResult,
  appliedByUserId: string | null,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    update ${inventoryImports}
    set status = 'applied', result = ${JSON.stringify(result)}::jsonb, applied_at = ${now},
        applied_by_user_id = ${appliedByUserId}
    where id = ${id}`);
}

/**
 * The supplier's stock in the import's columns, for the export that round-trips: each lot with its
 * product's id and name and the offer price, in the inventory list's order.
 */
export async function stockForExport(db: Executor, supplierId: string) {
  return queryRows<{
    productId: string;
    productName: string;
    batchNumber: string | null;
    expiryDate: string | null;
    quantity: number;
    unitPrice: number;
  }>(
    db,
    sql`select p.id as "productId", p.name as "productName", l.batch_number as "batchNumber",
               to_char(l.expiry_date, 'YYYY-MM-DD') as "expiryDate", l.quantity, o.unit_price as "unitPrice"
        from ${inventoryLots} l
        join ${products} p on p.id = l.product_id
        join ${offers} o on o.supplier_id = l.supplier_id and o.product_id = l.product_id
        where l.supplier_id = ${supplierId}
        order by lower(p.name), p.name, p.id, l.expiry_date asc nulls last, l.batch_number asc nulls last, l.id`,
  );
}
