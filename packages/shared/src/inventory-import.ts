import { z } from 'zod';

/**
 * Stock and price-list import (issue 33, docs/domain.md "Stock import"): a supplier's CSV or XLSX file is
 * previewed row by row (nothing changes), then applied in one transaction. The columns, limits, words and
 * answers every side shares.
 */

/**
 * The columns of the template and of the current-stock export, in order. `productName` is written by the
 * export for people to read and ignored on import; `gs1` may stand in for product, batch and expiry.
 */
export const INVENTORY_IMPORT_COLUMNS = [
  'product',
  'productName',
  'batchNumber',
  'expiryDate',
  'quantity',
  'unitPrice',
] as const;
/** The columns an import reads (productName is only for people). */
export const IMPORT_READ_COLUMNS = [
  'product',
  'batchNumber',
  'expiryDate',
  'quantity',
  'unitPrice',
  'gs1',
] as const;
export type ImportColumn = (typeof IMPORT_READ_COLUMNS)[number];

/** At most this many data rows in one file (the header not counted). */
export const IMPORT_MAX_ROWS = 20_000;
/**
 * At most this many bytes an XLSX may unpack to: a 20,000-row sheet unpacks to some tens of megabytes,
 * while 10 MB of repeated text can unpack to gigabytes (a "zip bomb").
 */
export const IMPORT_MAX_UNPACKED_BYTES = 150 * 1024 * 1024;
/** At most this many bytes in one file: 10 MB. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const IMPORT_ROW_STATUSES = ['new_lot', 'update', 'unchanged', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportRowStatus, string> = {
  new_lot: 'New lot',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
};

/** The words of the import, for a stock clerk. */
export const IMPORT_MESSAGES = {
  notSpreadsheet:
    'This file is not a CSV or XLSX spreadsheet. Save it as CSV or Excel (.xlsx) and try again.',
  unreadableXlsx:
    'This Excel file could not be read. Open it in Excel, save it again as .xlsx and try again.',
  unpackedTooLarge: `This Excel file holds far more than a stock list: it unpacks to over ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB. Save the stock as a new .xlsx or CSV and try again.`,
  noFile: 'Choose a CSV or XLSX file to import.',
  empty: 'This file is empty. Download the template to start from.',
  noHeader:
    'The first row of the file must name the columns: product, batchNumber, expiryDate, quantity, unitPrice (or gs1). Download the template to start from.',
  missingColumns: (names: string[]) =>
    `The file has no ${names.join(' or ')} column. Download the template to see the columns.`,
  noRows: 'The file has a header row but no rows of stock under it.',
  tooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString('en-GB')} rows of stock. Split it into smaller files.`,
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  productMissing: 'Product is missing: give its Aduro id, GTIN or exact name.',
  productUnknown: (value: string) => `No product in the catalogue has the id, GTIN or name “${value}”.`,
  productAmbiguous: (value: string, count: number) =>
    `${count} products in the catalogue are called “${value}”: use the GTIN or Aduro id instead.`,
  gtinInvalid: 'This GTIN has a wrong check digit or length (8, 12, 13 or 14 digits).',
  expiryDate: 'Expiry date must be a real date written 2027-03-31 or 31/03/2027.',
  quantityMissing: 'Quantity is missing.',
  quantityWhole: 'Quantity must be a whole number of units, 0 or more.',
  quantityTooLarge: 'Quantity is too large.',
  priceMissing: 'Unit price is missing.',
  priceNumber: 'Unit price must be a number of cedis, like 12.50.',
  pricePositive: 'Unit price must be more than 0.',
  priceCents: 'Unit price can have at most 2 decimals.',
  priceTooLarge: 'Unit price is too large.',
  duplicateLot: (line: number) => `This lot is already on line ${line}.`,
  otherPrice: (line: number, price: string) =>
    `This product is priced ${price} on line ${line}: a file gives one price per product.`,
  expired: 'This expiry date has passed: the lot is recorded as expired and never sold.',
  notFound: 'No such import for this organisation.',
  nothingToApply:
    'Every row of this file has an error, so there is nothing to apply. Fix the file and upload it again.',
  applied: 'Import applied',
} as const;

/** What the clerk wrote in each column, as text ('' when blank). */
export const importValuesSchema = z
  .object({
    product: z.string(),
    batchNumber: z.string(),
    expiryDate: z.string(),
    quantity: z.string(),
    unitPrice: z.string(),
    gs1: z.string(),
  })
  .meta({ id: 'InventoryImportValues' });
export type ImportValues = z.infer<typeof importValuesSchema>;

/** One row of a previewed import: what it will do, what it was read as, and what is wrong with it. */
export const importRowSchema = z
  .object({
    line: z.number().int().describe("The spreadsheet's row number (the header row is 1)"),
    status: z.enum(IMPORT_ROW_STATUSES),
    productId: z.string().nullable(),
    productName: z.string().nullable(),
    batchNumber: z.string().nullable().describe('In capitals; null for a lot without a batch'),
    expiryDate: z.string().nullable().describe('YYYY-MM-DD; null for a lot without an expiry date'),
    quantity: z.number().int().nullable(),
    unitPrice: z.number().nullable().describe('The offer price of the product, GH₵'),
    expired: z.boolean().describe('The expiry date has passed: the lot is recorded as expired, never sold'),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .describe('By column (product, batchNumber, expiryDate, quantity, unitPrice, gs1); empty when valid'),
    values: importValuesSchema,
  })
  .meta({ id: 'InventoryImportRow' });
export type ImportRow = z.infer<typeof importRowSchema>;

export const importTotalsSchema = z
  .object({
    rows: z.number().int(),
    newLots: z.number().int(),
    updates: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
  })
  .meta({ id: 'InventoryImportTotals' });
export type ImportTotals = z.infer<typeof importTotalsSchema>;

/** What an apply did, decided again under the locks (stock may have moved since the preview). */
export const importResultSchema = z
  .object({
    created: z.number().int().describe('Lots created'),
    updated: z.number().int().describe('Lots whose quantity or product price changed'),
    unchanged: z.number().int(),
    skipped: z.number().int().describe('Rows with errors, never applied'),
    appliedAt: z.string(),
  })
  .meta({ id: 'InventoryImportResult' });
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /api/inventory/imports, GET /api/inventory/imports/{id} and the apply's answer. */
export const inventoryImportSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    createdAt: z.string(),
    status: z.enum(['previewed', 'applied']),
    rows: z.array(importRowSchema),
    totals: importTotalsSchema,
    result: importResultSchema.nullable(),
  })
  .meta({ id: 'InventoryImport' });
export type InventoryImport = z.infer<typeof inventoryImportSchema>;

export const importParamsSchema = z.object({
  id: z.uuid({ error: IMPORT_MESSAGES.notFound }),
});

export const importTemplateQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'format is csv or xlsx' }).optional(),
});
