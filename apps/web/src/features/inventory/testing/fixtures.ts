import type { Forecast, InventoryRow } from '@aduro/shared/inventory';

let next = 0;

/** A stock lot as GET /inventory answers it; tests override only what they are about. */
export function inventoryRow(
  overrides: Partial<Omit<InventoryRow, 'product'>> & { product?: Partial<InventoryRow['product']> } = {},
): InventoryRow {
  next += 1;
  const { product, ...rest } = overrides;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    product: {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Amoxicillin 500 mg capsules',
      brandName: 'Ernest Chemists',
      category: 'Antibiotics',
      unitOfMeasure: 'box',
      medicineClass: 'A',
      controlled: null,
      fdaRegistrationExpiresOn: '2028-06-30',
      registrationLapsed: false,
      ...product,
    },
    quantity: 10,
    unitPrice: 12.5,
    moq: 1,
    batchNumber: null,
    expiryDate: '2027-01-31',
    expiryStatus: 'healthy',
    daysUntilExpiry: 200,
    recall: null,
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...rest,
  };
}

/** A forecast fitted by Holt's method over 26 weeks with 8 projected weeks. */
export function forecastFixture(overrides: Partial<Forecast> = {}): Forecast {
  const history = Array.from({ length: 26 }, (_, i) => ({
    period: `2026-W${String(i + 1).padStart(2, '0')}`,
    units: 20 + i,
  }));
  const points = Array.from({ length: 8 }, (_, i) => ({
    period: `2026-W${String(i + 27).padStart(2, '0')}`,
    projected: 46 + i * 1.25,
  }));
  return {
    productId: '11111111-1111-4111-8111-111111111111',
    productName: 'Amoxicillin 500 mg capsules',
    commentary: 'Stock covers about 6.2 weeks of projected demand; 40 units will expire before use.',
    points,
    baseline: 41.5,
    history,
    model: { method: 'holt', alpha: 0.42, beta: 0.1, sse: 118.4 },
    unexpiredStock: 290,
    weeksOfCover: 6.2,
    unitsAtRiskOfExpiry: 40,
    ...overrides,
  };
}
