import type { InventoryRow } from '@aduro/shared/inventory';
import { toCsv } from '../../../lib/csv';

export const INVENTORY_EXPORT_FILENAME = 'inventory_export.csv';
export const NO_INVENTORY_TO_EXPORT = 'No inventory rows to export';

/** SPEC §2: exactly these columns, in this order. */
export const INVENTORY_CSV_COLUMNS = [
  'product',
  'units',
  'unitPrice',
  'expiry',
  'status',
  'daysUntilExpiry',
] as const;

/** One line per lot; the price keeps its 2 decimals as shown on screen, a lot without expiry has blanks. */
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
    })),
  );
}
