import type { InventoryRow } from '@aduro/shared/inventory';
import { toCsv } from '../../../lib/csv';

export const INVENTORY_EXPORT_FILENAME = 'inventory_export.csv';
export const NO_INVENTORY_TO_EXPORT = 'No inventory rows to export';

/** SPEC §2's columns first and in their order; then the lot's batch and the recall quarantining it. */
export const INVENTORY_CSV_COLUMNS = [
  'product',
  'units',
  'unitPrice',
  'expiry',
  'status',
  'daysUntilExpiry',
  'batch',
  'recall',
] as const;

/**
 * One line per lot; the price keeps its 2 decimals as shown on screen, a lot without expiry, batch or
 * recall has blanks there. status stays the expiry status; a recalled lot is told by its recall number.
 */
export function inventoryCsv(rows: readonly InventoryRow[]): string {
  return toCsv(
    INVENTORY_CSV_COLUMNS,
    rows.map((row) => ({
      product: row.product.name,
      units: row.quantity,
      unitPrice: row.unitPrice.toFixed(2),
      expiry: row.expiryDate,
      status: row.expiryStatus,
      daysUntilExpiry: row.daysUntilExpiry,
      batch: row.batchNumber,
      recall: row.recall?.number ?? null,
    })),
  );
}
