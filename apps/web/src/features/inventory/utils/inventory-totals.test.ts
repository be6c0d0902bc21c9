import { describe, expect, it } from 'vitest';
import { inventoryRow } from '../testing/fixtures';
import { inventoryTotals } from './inventory-totals';

describe('inventoryTotals', () => {
  it('adds value in whole pesewas, so prices like 0.10 and 0.20 leave no float drift', () => {
    const rows = [
      inventoryRow({ quantity: 3, unitPrice: 0.1 }),
      inventoryRow({ quantity: 1, unitPrice: 0.2 }),
      inventoryRow({ quantity: 7, unitPrice: 1.15 }),
    ];
    // As floating-point cedis: 3 * 0.1 + 0.2 + 7 * 1.15 = 8.549999999999999.
    expect(3 * 0.1 + 0.2 + 7 * 1.15).not.toBe(8.55);
    expect(inventoryTotals(rows).valuePesewas).toBe(855);
  });

  it('sums units and counts the lots that are expired or expiring soon', () => {
    const totals = inventoryTotals([
      inventoryRow({ quantity: 120, unitPrice: 45.5, expiryStatus: 'healthy' }),
      inventoryRow({ quantity: 30, unitPrice: 45.5, expiryStatus: 'expiring_soon', daysUntilExpiry: 20 }),
      inventoryRow({ quantity: 5, unitPrice: 9.99, expiryStatus: 'expired', daysUntilExpiry: -4 }),
      inventoryRow({ quantity: 0, unitPrice: 3, expiryStatus: 'not_applicable', expiryDate: null }),
    ]);
    expect(totals).toEqual({
      unitsOnHand: 155,
      valuePesewas: 120 * 4550 + 30 * 4550 + 5 * 999,
      lots: 4,
      lotsAtRisk: 2,
    });
  });

  it('is zero for an empty inventory', () => {
    expect(inventoryTotals([])).toEqual({ unitsOnHand: 0, valuePesewas: 0, lots: 0, lotsAtRisk: 0 });
  });
});
