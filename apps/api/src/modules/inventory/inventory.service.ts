import { z } from 'zod';
import {
  BATCH_NUMBER_PATTERN,
  daysUntil,
  expiryStatusFor,
  INVENTORY_MESSAGES,
  isIsoDate,
  todayUtc,
  type Forecast,
  type InventoryRow,
  type InventoryTotals,
  type inventorySyncSchema,
} from '@aduro/shared/inventory';
import { INVENTORY_CSV_COLUMNS, type InventoryQuery } from '@aduro/shared/inventory-list';
import { isPaged, type Page } from '@aduro/shared/pagination';
import type { Db } from '../../db/client.ts';
import { toCsvLine } from '../../lib/csv.ts';
import { cursorId, decodeCursor, pageLimit, toPage } from '../../lib/keyset.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { forecastDemand } from './forecast.ts';
import { isoWeek, nextIsoWeeks, startOfIsoWeek } from './iso-weeks.ts';
import {
  countLots,
  findProduct,
  lotsJsonText,
  listUnexpiredLots,
  lotTotals,
  pageLots,
  syncLot,
  weeklyReleasedUnits,
  type LotFilters,
  type LotPosition,
  type LotRow,
} from './inventory.repository.ts';

export type InventorySync = z.output<typeof inventorySyncSchema>;

/** DOMAIN.md "Forecast": 26 weeks of history (the current one included), 8 weeks projected. */
const HISTORY_WEEKS = 26;
const FORECAST_WEEKS = 8;
const WEEK_MS = 7 * 86_400_000;

const unknownProduct = () =>
  new AppError('PRODUCT_NOT_FOUND', INVENTORY_MESSAGES.unknownProduct, {
    fieldErrors: { productId: [INVENTORY_MESSAGES.unknownProduct] },
  });

function toInventoryRow(row: LotRow, today: string): InventoryRow {
  return {
    id: row.id,
    product: row.product,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    moq: row.moq,
    batchNumber: row.batchNumber,
    expiryDate: row.expiryDate,
    expiryStatus: expiryStatusFor(row.expiryDate, today),
    daysUntilExpiry: row.expiryDate === null ? null : daysUntil(row.expiryDate, today),
    recall: row.recall,
    updatedAt: row.updatedAt,
  };
}

/**
 * The supplier's lots with product, offer price and moq, and expiry status as of today (UTC), filtered:
 * without limit or cursor the whole list as the JSON text of InventoryRow[] (see lotsJsonText for why it
 * is text), otherwise a page of it.
 * Overloaded so each route gets its one shape: a query naming limit (GET .../page) answers the
 * page, one without the whole list (decision 0014).
 */
export function getInventory(
  db: Db,
  supplierId: string,
  query: InventoryQuery & { limit: number },
): Promise<Page<InventoryRow>>;
export function getInventory(
  db: Db,
  supplierId: string,
  query: Omit<InventoryQuery, 'cursor' | 'limit'>,
): Promise<string>;
export async function getInventory(
  db: Db,
  supplierId: string,
  query: InventoryQuery,
): Promise<string | Page<InventoryRow>> {
  const filters = lotFiltersOf(supplierId, query);
  if (!isPaged(query)) return lotsJsonText(db, filters);

  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, lotCursor);
  const limit = pageLimit(query);
  const [rows, total] = await Promise.all([
    pageLots(db, { ...filters, after, limit }),
    countLots(db, filters),
  ]);
  return toPage(rows, limit, total, positionOf, (r) => r.row);
}

/** SPEC §2's totals over every lot the supplier holds, as of today (UTC). */
export function getInventoryTotals(db: Db, supplierId: string): Promise<InventoryTotals> {
  return lotTotals(db, supplierId, todayUtc());
}

const lotFiltersOf = (supplierId: string, query: InventoryQuery): LotFilters => ({
  supplierId,
  product: query.product,
  status: query.status,
  batch: query.batch,
  today: todayUtc(),
});

/**
 * A cursor of the inventory list: the last lot's product (lower-cased name, name, id), expiry, batch and
 * id, each checked so PostgreSQL never sees a value it would refuse.
 */
const lotCursor = z.tuple([
  z.string().max(500),
  z.string().max(500),
  cursorId,
  z.string().refine(isIsoDate).nullable(),
  z.string().regex(BATCH_NUMBER_PATTERN).nullable(),
  cursorId,
]);

const positionOf = (r: {
  lowerName: string;
  productName: string;
  productId: string;
  expiryDate: string | null;
  batchNumber: string | null;
  id: string;
}): LotPosition => [r.lowerName, r.productName, r.productId, r.expiryDate, r.batchNumber, r.id];

/** Rows per read of the CSV export: few round trips, yet never the whole stock in memory at once. */
const CSV_BATCH = 500;

/**
 * The supplier's whole filtered stock as CSV lines (header first), the web app's export's columns and
 * values, read in keyset batches as the consumer pulls them, so 50,000 lots never sit in memory at once.
 */
export function inventoryCsv(db: Db, supplierId: string, query: InventoryQuery): AsyncGenerator<string> {
  const filters = lotFiltersOf(supplierId, query);
  return (async function* lines() {
    yield toCsvLine(INVENTORY_CSV_COLUMNS);
    let after: LotPosition | null = null;
    for (;;) {
      const rows = await pageLots(db, { ...filters, after, limit: CSV_BATCH });
      const batch = rows.slice(0, CSV_BATCH);
      if (batch.length > 0) yield batch.map((r) => csvLine(r.row)).join('');
      if (rows.length <= CSV_BATCH) return;
      after = positionOf(batch.at(-1)!);
    }
  })();
}

/** One lot as the web app's export writes it: the price with its 2 decimals, blanks for what is missing. */
const csvLine = (row: InventoryRow) =>
  toCsvLine([
    row.product.name,
    row.quantity,
    row.unitPrice.toFixed(2),
    row.expiryDate,
    row.expiryStatus,
    row.daysUntilExpiry,
    row.batchNumber,
    row.recall?.number ?? null,
  ]);

/**
 * Sets one lot (product, batch or none, expiry or none) to the counted quantity and the offer's price
 * (and moq) in one transaction, and records inventory.synced for every buyer: the offer and the stock
 * they match against changed. An expiry date already past (as of today, UTC) needs confirmExpired: the
 * lot is then kept as expired, which no offer, match or approval ever sells.
 */
export async function syncInventory(
  db: Db,
  supplierId: string,
  input: InventorySync,
  actorUserId?: string,
  /** The API key the request was made with: the trail names it (issue 33). */
  apiKeyId: string | null = null,
): Promise<InventoryRow> {
  if (
    input.expiryDate &&
    expiryStatusFor(input.expiryDate, todayUtc()) === 'expired' &&
    input.confirmExpired !== true
  ) {
    // Most often a mistyped year: asking costs one click, a silent expired lot costs a confused count.
    throw badRequest(
      INVENTORY_MESSAGES.expiryPassed,
      { expiryDate: [INVENTORY_MESSAGES.expiryPassed] },
      'EXPIRY_PASSED',
    );
  }
  // No check that the organisation is active: a supplier pending review prepares its stock (DOMAIN.md).
  const row = await inTransaction(db, async (tx) => {
    const lot = await syncLot(tx, {
      supplierId,
      productId: input.productId,
      unitPrice: input.unitPrice,
      moq: input.moq,
      batchNumber: input.batchNumber,
      expiryDate: input.expiryDate,
      quantity: input.quantity,
      now: new Date(),
    });
    if (!lot) throw unknownProduct();
    await recordEvent(tx, {
      type: 'inventory.synced',
      orgIds: [supplierId],
      audience: ['customer'],
      refs: { supplierId, productIds: [input.productId], lotId: lot.id },
      actorUserId,
      apiKeyId,
    });
    return lot;
  });
  return toInventoryRow(row, todayUtc());
}

/** Forecasts the caller's weekly sales of a product from its own released orders (zeros if never sold). */
export async function getForecast(
  db: Db,
  supplierId: string,
  productId: string,
  now = new Date(),
): Promise<Forecast> {
  const product = await findProduct(db, productId);
  if (!product) throw unknownProduct();
  const today = todayUtc(now);
  const firstWeek = new Date(startOfIsoWeek(now).getTime() - (HISTORY_WEEKS - 1) * WEEK_MS);
  const [weeks, lots] = await Promise.all([
    weeklyReleasedUnits(db, supplierId, productId, todayUtc(firstWeek), HISTORY_WEEKS),
    listUnexpiredLots(db, supplierId, productId, today),
  ]);

  const history = weeks.map((w) => ({ period: isoWeek(new Date(`${w.week}T00:00:00Z`)), units: w.units }));
  const firstSale = history.findIndex((h) => h.units > 0);
  const result = forecastDemand({
    history: history.map((h) => h.units),
    weeksWithHistory: firstSale < 0 ? 0 : history.length - firstSale,
    lots,
    today,
    horizon: FORECAST_WEEKS,
  });

  return {
    productId: product.id,
    productName: product.name,
    commentary: result.commentary,
    points: nextIsoWeeks(now, FORECAST_WEEKS).map((period, i) => ({
      period,
      projected: result.projected[i] ?? 0,
    })),
    baseline: result.baseline,
    history,
    model: { method: result.method, alpha: result.alpha, beta: result.beta, sse: result.sse },
    unexpiredStock: result.unexpiredStock,
    weeksOfCover: result.weeksOfCover,
    unitsAtRiskOfExpiry: result.unitsAtRiskOfExpiry,
  };
}
