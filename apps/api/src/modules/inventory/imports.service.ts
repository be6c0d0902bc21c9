import { normaliseGtin } from '@aduro/shared/gtin';
import { parseGs1 } from '@aduro/shared/gs1';
import {
  BATCH_NUMBER_PATTERN,
  expiryStatusFor,
  INVENTORY_MESSAGES,
  isIsoDate,
  todayUtc,
} from '@aduro/shared/inventory';
import {
  IMPORT_MESSAGES,
  type ImportResult,
  type ImportRow,
  type ImportRowStatus,
  type ImportTotals,
  type InventoryImport,
} from '@aduro/shared/inventory-import';
import { formatCedis, hasWholePesewas, toPesewas } from '@aduro/shared/money';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import type { FileRow } from './import-file.ts';
import {
  findImport,
  findProductsNamed,
  insertImport,
  lotsOf,
  markApplied,
  offerPricesOf,
  setLotQuantities,
  setOfferPrices,
  stockForExport,
  type CatalogueProduct,
  type HeldLot,
  type StoredImport,
} from './imports.repository.ts';

/**
 * Stock and price-list import (docs/domain.md "Stock import"): a file's rows are read and decided
 * (preview, nothing changes), kept, then applied in one transaction that decides each row again under
 * the locks. The rules are the single sync's (inventory.service.ts syncInventory), row by row.
 */

/** An import's event names its products only up to this many, so its SSE frame stays small. */
const EVENT_PRODUCT_IDS = 200;
const MAX_QUANTITY = 10_000_000;
const MAX_PRICE = 10_000_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const GTIN_LIKE = /^[\d\s]+$/;

/** How a row names its product, once read. */
type ProductRef = { by: 'id' | 'gtin' | 'name'; key: string; written: string; column: 'product' | 'gs1' };

/** A row read and checked on its own, before the catalogue and the stock are consulted. */
interface Draft {
  row: ImportRow;
  ref: ProductRef | null;
}

const addError = (row: ImportRow, column: string, message: string) => {
  (row.fieldErrors[column] ??= []).push(message);
};

/** Day-first dates as Ghana writes them: 31/03/2027, 31-03-2027 or 31.03.2027. */
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** YYYY-MM-DD (also what exceljs's date cells become) or DD/MM/YYYY; null when neither is a real date. */
export function readDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = DAY_FIRST.exec(text);
  const [year, month, day] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : dayFirst
      ? [dayFirst[3]!, dayFirst[2]!, dayFirst[1]!]
      : [];
  if (!year) return null;
  const date = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return isIsoDate(date) ? date : null;
}

/** A count of units: digits, thousands written with commas or spaces allowed (1,200). */
function readQuantity(text: string, row: ImportRow) {
  if (text === '') return addError(row, 'quantity', IMPORT_MESSAGES.quantityMissing);
  const plain = /^\d{1,3}([, ]\d{3})+$/.test(text) ? text.replace(/[, ]/g, '') : text;
  const n = /^\d+(\.0+)?$/.test(plain) ? Number(plain) : NaN;
  if (!Number.isSafeInteger(n)) return addError(row, 'quantity', IMPORT_MESSAGES.quantityWhole);
  if (n > MAX_QUANTITY) return addError(row, 'quantity', IMPORT_MESSAGES.quantityTooLarge);
  row.quantity = n;
}

/** Cedis: "12.50", "GH₵ 1,200.00" or "GHS 12.5"; more than 0, whole pesewas. */
function readPrice(text: string, row: ImportRow) {
  if (text === '') return addError(row, 'unitPrice', IMPORT_MESSAGES.priceMissing);
  const plain = text.replace(/^(GH₵|GHS|GHC|₵)\s*/i, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^-?\d*\.?\d+$/.test(plain)) return addError(row, 'unitPrice', IMPORT_MESSAGES.priceNumber);
  const n = Number(plain);
  if (!(n > 0)) return addError(row, 'unitPrice', IMPORT_MESSAGES.pricePositive);
  if (n > MAX_PRICE) return addError(row, 'unitPrice', IMPORT_MESSAGES.priceTooLarge);
  if (!hasWholePesewas(n)) return addError(row, 'unitPrice', IMPORT_MESSAGES.priceCents);
  row.unitPrice = n;
}

/** The product column: an Aduro id, a GTIN of 8, 12, 13 or 14 digits, or else an exact name. */
function readProduct(text: string, row: ImportRow): ProductRef | null {
  if (text === '') {
    addError(row, 'product', IMPORT_MESSAGES.productMissing);
    return null;
  }
  if (UUID.test(text)) return { by: 'id', key: text.toLowerCase(), written: text, column: 'product' };
  if (GTIN_LIKE.test(text)) {
    const gtin = normaliseGtin(text);
    if (gtin === null) {
      addError(row, 'product', IMPORT_MESSAGES.gtinInvalid);
      return null;
    }
    return { by: 'gtin', key: gtin, written: text, column: 'product' };
  }
  return { by: 'name', key: text.toLowerCase(), written: text, column: 'product' };
}

/** One file row read on its own: its values parsed, its own errors found. */
function draftOf({ line, values }: FileRow, today: string): Draft {
  const row: ImportRow = {
    line,
    status: 'error',
    productId: null,
    productName: null,
    batchNumber: null,
    expiryDate: null,
    quantity: null,
    unitPrice: null,
    expired: false,
    fieldErrors: {},
    values,
  };
  let batch = values.batchNumber;
  let expiry = values.expiryDate;
  let ref: ProductRef | null = null;
  if (values.gs1 !== '') {
    // The scanned element string stands in for product, batch and expiry; what it does not carry the
    // other columns may still give.
    const gs1 = parseGs1(values.gs1);
    if (!gs1.ok) addError(row, 'gs1', gs1.message);
    else {
      if (gs1.gtin) ref = { by: 'gtin', key: gs1.gtin, written: gs1.gtin, column: 'gs1' };
      if (gs1.batch) batch = gs1.batch;
      if (gs1.expiry) expiry = gs1.expiry;
    }
  }
  // An unreadable code with no product beside it is one error, not also "product is missing".
  if (ref === null && !(row.fieldErrors.gs1 && values.product === '')) ref = readProduct(values.product, row);

  if (batch !== '') {
    const upper = batch.toUpperCase();
    if (BATCH_NUMBER_PATTERN.test(upper)) row.batchNumber = upper;
    else addError(row, 'batchNumber', INVENTORY_MESSAGES.batchNumber);
  }
  if (expiry !== '') {
    const date = readDate(expiry);
    if (date === null) addError(row, 'expiryDate', IMPORT_MESSAGES.expiryDate);
    else {
      row.expiryDate = date;
      row.expired = expiryStatusFor(date, today) === 'expired';
    }
  }
  readQuantity(values.quantity, row);
  readPrice(values.unitPrice, row);
  return { row, ref };
}

/** Finds each row's product among the catalogue's: one match, none, or several of one name. */
function matchProducts(drafts: Draft[], found: CatalogueProduct[]) {
  const byId = new Map(found.map((p) => [p.id, p]));
  const byGtin = new Map(found.filter((p) => p.gtin).map((p) => [p.gtin!, p]));
  const byName = new Map<string, CatalogueProduct[]>();
  for (const p of found) {
    const key = p.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), p]);
  }
  for (const { row, ref } of drafts) {
    if (!ref) continue;
    const matches =
      ref.by === 'id'
        ? [byId.get(ref.key)].filter((p) => p !== undefined)
        : ref.by === 'gtin'
          ? [byGtin.get(ref.key)].filter((p) => p !== undefined)
          : (byName.get(ref.key) ?? []);
    if (matches.length === 0) addError(row, ref.column, IMPORT_MESSAGES.productUnknown(ref.written));
    else if (matches.length > 1)
      addError(row, ref.column, IMPORT_MESSAGES.productAmbiguous(ref.written, matches.length));
    else {
      row.productId = matches[0]!.id;
      row.productName = matches[0]!.name;
    }
  }
}

const lotKey = (productId: string, batch: string | null, expiry: string | null) =>
  `${productId}|${batch ?? ''}|${expiry ?? ''}`;

/**
 * Rules across rows: a lot named twice is an error on the later line, and so is a second price for one
 * product (an offer has one price; which of two a clerk meant is not for the import to guess).
 */
function checkAcrossRows(rows: ImportRow[]) {
  const lots = new Map<string, number>();
  const prices = new Map<string, { line: number; price: number }>();
  for (const row of rows) {
    if (!row.productId) continue;
    const key = lotKey(row.productId, row.batchNumber, row.expiryDate);
    const earlier = lots.get(key);
    if (earlier !== undefined) addError(row, 'batchNumber', IMPORT_MESSAGES.duplicateLot(earlier));
    else lots.set(key, row.line);
    if (row.unitPrice === null) continue;
    const price = prices.get(row.productId);
    if (price === undefined) prices.set(row.productId, { line: row.line, price: row.unitPrice });
    else if (toPesewas(price.price) !== toPesewas(row.unitPrice))
      addError(row, 'unitPrice', IMPORT_MESSAGES.otherPrice(price.line, formatCedis(price.price)));
  }
}

/** What a valid row does to the stock as it stands: a new lot, a change of quantity or price, or nothing. */
function statusOf(row: ImportRow, lots: Map<string, HeldLot>, prices: Map<string, number>): ImportRowStatus {
  const lot = lots.get(lotKey(row.productId!, row.batchNumber, row.expiryDate));
  if (!lot) return 'new_lot';
  const price = prices.get(row.productId!);
  const samePrice = price !== undefined && toPesewas(price) === toPesewas(row.unitPrice!);
  return lot.quantity === row.quantity && samePrice ? 'unchanged' : 'update';
}

const keyedLots = (held: HeldLot[]) =>
  new Map(held.map((l) => [lotKey(l.productId, l.batchNumber, l.expiryDate), l]));

function totalsOf(rows: ImportRow[]): ImportTotals {
  const count = (s: ImportRowStatus) => rows.filter((r) => r.status === s).length;
  return {
    rows: rows.length,
    newLots: count('new_lot'),
    updates: count('update'),
    unchanged: count('unchanged'),
    errors: count('error'),
  };
}

const answerOf = (stored: StoredImport): InventoryImport => ({
  id: stored.id,
  fileName: stored.fileName,
  createdAt: stored.createdAt,
  status: stored.status,
  rows: stored.rows,
  totals: stored.totals,
  result: stored.result,
});

const validProductIds = (rows: ImportRow[]) => [
  ...new Set(rows.filter((r) => r.status !== 'error' && r.productId).map((r) => r.productId!)),
];

/**
 * Reads a file's rows against the catalogue and the supplier's stock and keeps the preview: each row's
 * status and field errors, and the totals. Changes no stock. Three queries whatever the file's size.
 */
export async function previewImport(
  db: Db,
  supplierId: string,
  fileName: string,
  fileRows: FileRow[],
  actorUserId: string | null,
  /** The API key the request was made with, kept on the import (issue 33). */
  apiKeyId: string | null = null,
): Promise<InventoryImport> {
  const today = todayUtc();
  const drafts = fileRows.map((r) => draftOf(r, today));
  const refs = drafts.flatMap((d) => (d.ref ? [d.ref] : []));
  const keysBy = (by: ProductRef['by']) => [...new Set(refs.filter((r) => r.by === by).map((r) => r.key))];
  matchProducts(
    drafts,
    await findProductsNamed(db, { ids: keysBy('id'), gtins: keysBy('gtin'), lowerNames: keysBy('name') }),
  );
  const rows = drafts.map((d) => d.row);
  checkAcrossRows(rows);
  for (const row of rows) if (Object.keys(row.fieldErrors).length === 0) row.status = 'unchanged';
  const productIds = validProductIds(rows);
  const [held, prices] = await Promise.all([
    lotsOf(db, supplierId, productIds),
    offerPricesOf(db, supplierId, productIds),
  ]);
  const lots = keyedLots(held);
  for (const row of rows) if (row.status !== 'error') row.status = statusOf(row, lots, prices);

  const stored = await insertImport(db, {
    supplierId,
    createdByUserId: actorUserId,
    apiKeyId,
    fileName,
    rows,
    totals: totalsOf(rows),
  });
  return answerOf(stored);
}

/** The supplier's import as previewed, with its result once applied. */
export async function getImport(db: Db, supplierId: string, id: string): Promise<InventoryImport> {
  const stored = await findImport(db, supplierId, id);
  if (!stored) throw notFound('IMPORT_NOT_FOUND', IMPORT_MESSAGES.notFound);
  return answerOf(stored);
}

/**
 * Applies every valid row of a previewed import in one transaction (rows with errors are skipped, and any
 * failure applies none), and records one inventory.imported event. Idempotent: the import row is locked
 * first, and an import already applied answers its stored result and changes nothing. Each row is decided
 * again under the locks (the import, then the offers in product id order, then the lots), since stock may
 * have moved since the preview; the preview's rows are kept as they were shown.
 */
export async function applyImport(
  db: Db,
  supplierId: string,
  id: string,
  actorUserId: string | null,
  /** The API key the request was made with: the event, and so the trail, names it (issue 33). */
  apiKeyId: string | null = null,
): Promise<InventoryImport> {
  return inTransaction(db, async (tx) => {
    const stored = await findImport(tx, supplierId, id, true);
    if (!stored) throw notFound('IMPORT_NOT_FOUND', IMPORT_MESSAGES.notFound);
    if (stored.status === 'applied') return answerOf(stored);
    const valid = stored.rows.filter((r) => r.status !== 'error');
    if (valid.length === 0) throw conflict('IMPORT_NOTHING_TO_APPLY', IMPORT_MESSAGES.nothingToApply);

    const now = new Date();
    const productIds = validProductIds(valid).sort();
    // Offers first, in product id order: a single sync locks its offer, then its lot, so no cycle forms.
    const prices = await offerPricesOf(tx, supplierId, productIds, true);
    const lots = keyedLots(await lotsOf(tx, supplierId, productIds, true));
    const statuses = valid.map((row) => statusOf(row, lots, prices));

    const newPrices = new Map<string, number>();
    for (const row of valid) {
      const held = prices.get(row.productId!);
      if (held === undefined || toPesewas(held) !== toPesewas(row.unitPrice!))
        newPrices.set(row.productId!, row.unitPrice!);
    }
    await setOfferPrices(
      tx,
      supplierId,
      [...newPrices].map(([productId, unitPrice]) => ({ productId, unitPrice })),
      now,
    );
    const lotWrites = valid.filter((row, i) => {
      if (statuses[i] === 'new_lot') return true;
      const held = lots.get(lotKey(row.productId!, row.batchNumber, row.expiryDate));
      return held !== undefined && held.quantity !== row.quantity;
    });
    await setLotQuantities(
      tx,
      supplierId,
      lotWrites.map((r) => ({
        productId: r.productId!,
        batchNumber: r.batchNumber,
        expiryDate: r.expiryDate,
        quantity: r.quantity!,
      })),
      now,
    );

    const result: ImportResult = {
      created: statuses.filter((s) => s === 'new_lot').length,
      updated: statuses.filter((s) => s === 'update').length,
      unchanged: statuses.filter((s) => s === 'unchanged').length,
      skipped: stored.rows.length - valid.length,
      appliedAt: now.toISOString(),
    };
    await markApplied(tx, id, result, actorUserId, now);
    const { created, updated, unchanged, skipped } = result;
    await recordEvent(tx, {
      type: 'inventory.imported',
      orgIds: [supplierId],
      audience: ['customer'],
      refs: {
        supplierId,
        importId: id,
        importCounts: { created, updated, unchanged, skipped },
        // Past a few hundred products the event names none, and the caches drop every product's matches
        // (marketplace-tags.ts): an event naming 10,000 ids would go to every buyer's screen.
        ...(productIds.length <= EVENT_PRODUCT_IDS ? { productIds } : {}),
      },
      actorUserId,
      apiKeyId,
    });
    return { ...answerOf(stored), status: 'applied' as const, result };
  });
}

/**
 * The supplier's current stock in the import's columns: product as the Aduro id, the name beside it
 * for people (ignored on import), so the file re-imported unchanged gives every row 'unchanged'.
 */
export async function exportRows(db: Db, supplierId: string) {
  const rows = await stockForExport(db, supplierId);
  return rows.map((r) => [
    r.productId,
    r.productName,
    r.batchNumber ?? '',
    r.expiryDate ?? '',
    r.quantity,
    r.unitPrice.toFixed(2),
  ]);
}
