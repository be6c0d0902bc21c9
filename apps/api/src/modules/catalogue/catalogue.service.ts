import type { z } from 'zod';
import type { SessionUser } from '@aduro/shared/auth';
import {
  CATALOGUE_MESSAGES,
  PRICE_HISTORY_MONTHS,
  productDedupeKey,
  type createProductSchema,
  type PriceHistory,
  type PricePoint,
  type Product,
} from '@aduro/shared/catalogue';
import { normaliseGtin } from '@aduro/shared/gtin';
import { todayUtc } from '@aduro/shared/inventory';
import type { Db } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import {
  findProductByDedupeKey,
  findProductByGtin,
  insertProductIfNew,
  listPriceLines,
  listAllProducts,
  searchProducts,
  type PriceLineRow,
} from './catalogue.repository.ts';

export type NewProductInput = z.output<typeof createProductSchema>;

/** A search is for pickers: it answers this many products unless the caller asks for another limit. */
const SEARCH_LIMIT = 50;

/**
 * The whole catalogue by name, or a search: the products whose name, brand or category contains `q` or
 * resembles it (a typo), or whose GTIN it is (typed or scanned, in any of its lengths), closest first.
 */
export async function getProducts(db: Db, query: { q?: string; limit?: number }): Promise<Product[]> {
  const search = query.q?.trim() || undefined;
  if (!search) return listAllProducts(db, { limit: query.limit });
  return inTransaction(db, (tx) =>
    searchProducts(tx, { search, gtin: normaliseGtin(search), limit: query.limit ?? SEARCH_LIMIT }),
  );
}

/** The 409 for a GTIN another product already has, naming that product. */
const gtinTaken = (gtin: string, existing: Product) =>
  conflict('PRODUCT_GTIN_TAKEN', CATALOGUE_MESSAGES.gtinTaken(gtin, existing.name, existing.brandName));

/**
 * Adds a product to the shared catalogue and records product.created for every buyer, or answers 409
 * naming the same product already there, or the product that already has its GTIN. Only supplier staff
 * add products (the route's guard), so the creating organisation is the supplier the event names.
 */
export async function addProduct(
  db: Db,
  orgId: string,
  input: NewProductInput,
  actorUserId?: string,
): Promise<Product> {
  const { gtin } = input;
  try {
    return await insertProduct(db, orgId, input, actorUserId);
  } catch (err) {
    // Another request took the GTIN between our check and our insert: the unique index refused it and
    // the transaction rolled back, so the winner, committed by now, is read outside it.
    if (gtin && isUniqueViolation(err)) {
      const existing = await findProductByGtin(db, gtin);
      if (existing) throw gtinTaken(gtin, existing);
    }
    throw err;
  }
}

async function insertProduct(
  db: Db,
  orgId: string,
  input: NewProductInput,
  actorUserId?: string,
): Promise<Product> {
  const dedupeKey = productDedupeKey(input);
  return inTransaction(db, async (tx) => {
    if (input.gtin) {
      const existing = await findProductByGtin(tx, input.gtin);
      if (existing) throw gtinTaken(input.gtin, existing);
    }
    // Insert-or-nothing, then read: two suppliers adding the same product at once both get an answer
    // (one 201, one 409) instead of a unique-violation 500. Each statement sees what committed before
    // it, so the loop covers the rare case where the conflicting row vanished between the two.
    for (let attempt = 0; attempt < 3; attempt++) {
      const created = await insertProductIfNew(tx, { ...input, dedupeKey, createdByOrgId: orgId });
      if (created) {
        await recordEvent(tx, {
          type: 'product.created',
          orgIds: [orgId],
          audience: ['customer'],
          refs: { supplierId: orgId, productIds: [created.id] },
          actorUserId,
        });
        return created;
      }
      const existing = await findProductByDedupeKey(tx, dedupeKey);
      if (existing)
        throw conflict('PRODUCT_EXISTS', CATALOGUE_MESSAGES.duplicate(existing.name, existing.id));
    }
    throw new Error(`product ${dedupeKey} neither inserted nor found`);
  });
}

/**
 * The UTC day `months` calendar months before `day` (YYYY-MM-DD), kept inside the month: 12 months
 * before 29 Feb is 28 Feb, as PostgreSQL's date arithmetic has it.
 */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDate = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDate));
  return first.toISOString().slice(0, 10);
}

/**
 * A line's points: the opening price on the window's first day, then each day a price was set with the
 * price the day closed at; a day that ends where the previous point stood adds nothing, so the line
 * only bends where the price moved. A line without any price row (none is expected: every offer's first
 * price is kept) still shows today's price, so no offer vanishes from the chart.
 */
function pointsOf(row: PriceLineRow, from: string, today: string, currentPrice: number): PricePoint[] {
  const byDay = new Map<string, number>();
  if (row.opening !== null) byDay.set(from, row.opening);
  // Oldest first, so the last price set on a day is the one kept.
  for (const change of row.changes ?? []) byDay.set(change.day, change.unitPrice);
  const points: PricePoint[] = [];
  for (const [at, unitPrice] of byDay) {
    if (points.at(-1)?.unitPrice !== unitPrice) points.push({ at, unitPrice });
  }
  return points.length > 0 ? points : [{ at: today, unitPrice: currentPrice }];
}

/**
 * Per supplier, the product's offer prices over the last 12 months, and the cheapest offer a buyer can
 * order now (docs/domain.md "Price history"). Every signed-in caller sees the published offers, as the
 * supplier matches show them; a supplier also sees its own offer, published or not. 404 for an unknown
 * product.
 */
export async function getPriceHistory(
  db: Db,
  user: SessionUser,
  productId: string,
  now = new Date(),
): Promise<PriceHistory> {
  const today = todayUtc(now);
  const from = monthsBefore(today, PRICE_HISTORY_MONTHS);
  const rows = await listPriceLines(db, {
    productId,
    ownSupplierId: user.userType === 'supplier' ? user.orgId : null,
    from,
    today,
  });
  if (rows.length === 0) throw notFound('PRODUCT_NOT_FOUND', CATALOGUE_MESSAGES.productNotFound);

  const suppliers: PriceHistory['suppliers'] = [];
  let cheapest: PriceHistory['cheapest'] = null;
  // Rows come cheapest first, so the first published one is the cheapest a buyer can order.
  for (const row of rows) {
    if (row.supplierId === null || row.supplierName === null || row.currentPrice === null) continue;
    suppliers.push({
      supplierId: row.supplierId,
      supplierName: row.supplierName,
      currentPrice: row.currentPrice,
      points: pointsOf(row, from, today, row.currentPrice),
    });
    if (cheapest === null && row.published) {
      cheapest = { supplierId: row.supplierId, supplierName: row.supplierName, unitPrice: row.currentPrice };
    }
  }
  return { productId, from, to: today, suppliers, cheapest };
}
