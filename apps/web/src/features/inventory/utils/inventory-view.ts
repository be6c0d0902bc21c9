import type { InventoryRow } from '@aduro/shared/inventory';

export type SortKey = 'product' | 'units' | 'price' | 'expiry';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** Product A to Z keeps the lots of one product together, the way a stock count sheet reads. */
export const DEFAULT_SORT: SortState = { key: 'product', direction: 'asc' };

/** The direction a column starts in when first chosen: the order a supplier looks for first. */
export const FIRST_DIRECTION: Record<SortKey, SortDirection> = {
  product: 'asc',
  units: 'desc',
  price: 'desc',
  expiry: 'asc',
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Case-insensitive match of every word of the query against product name, brand and batch number, so
 * a batch named in a recall is found by typing it.
 */
export function filterRows(rows: readonly InventoryRow[], query: string): InventoryRow[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack =
      `${row.product.name} ${row.product.brandName} ${row.batchNumber ?? ''}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

function compareExpiry(a: InventoryRow, b: InventoryRow): number {
  // ISO dates compare as text; the caller keeps lots without a date last in either direction.
  return (a.expiryDate ?? '').localeCompare(b.expiryDate ?? '');
}

const COMPARATORS: Record<SortKey, (a: InventoryRow, b: InventoryRow) => number> = {
  product: (a, b) => collator.compare(a.product.name, b.product.name),
  units: (a, b) => a.quantity - b.quantity,
  price: (a, b) => a.unitPrice - b.unitPrice,
  expiry: compareExpiry,
};

/**
 * A sorted copy. Lots without an expiry date always go last when sorting by expiry, since 'no date'
 * is neither soon nor late. Ties fall back to product name, then expiry, so the order is stable.
 */
export function sortRows(rows: readonly InventoryRow[], sort: SortState): InventoryRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.key === 'expiry' && (a.expiryDate === null) !== (b.expiryDate === null)) {
      return a.expiryDate === null ? 1 : -1;
    }
    return (
      sign * COMPARATORS[sort.key](a, b) ||
      COMPARATORS.product(a, b) ||
      compareExpiry(a, b) ||
      a.id.localeCompare(b.id)
    );
  });
}

/** Clicking the sorted column flips it; another column starts in its own first direction. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: FIRST_DIRECTION[key] };
}
