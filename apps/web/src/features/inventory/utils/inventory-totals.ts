import type { InventoryRow } from '@aduro/shared/inventory';
import { toPesewas } from '@aduro/shared/money';

export interface InventoryTotals {
  unitsOnHand: number;
  /** Sum of quantity × unit price, in whole pesewas so that 3 × 0.10 is exactly 30. */
  valuePesewas: number;
  lots: number;
  /** Lots that are expired or expire within 90 days: the ones a supplier should act on. */
  lotsAtRisk: number;
}

/** SPEC §2 totals 'Units on hand' and 'Inventory value' over every lot the supplier holds. */
export function inventoryTotals(rows: readonly InventoryRow[]): InventoryTotals {
  let unitsOnHand = 0;
  let valuePesewas = 0;
  let lotsAtRisk = 0;
  for (const row of rows) {
    unitsOnHand += row.quantity;
    valuePesewas += row.quantity * toPesewas(row.unitPrice);
    if (row.expiryStatus === 'expired' || row.expiryStatus === 'expiring_soon') lotsAtRisk += 1;
  }
  return { unitsOnHand, valuePesewas, lots: rows.length, lotsAtRisk };
}
