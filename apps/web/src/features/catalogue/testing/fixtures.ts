import type { PriceHistory, Product } from '@aduro/shared/catalogue';

/** A catalogue product as GET /products answers it; tests override only what they are about. */
export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: '7e8ce9e5-d4c6-4c53-8c9f-b32832b95476',
    name: 'Amoxicillin 500 mg capsules',
    brandName: 'Ernest Chemists',
    category: 'Antibiotics',
    description: 'Broad-spectrum penicillin for respiratory, ear and urinary tract infections.',
    unitOfMeasure: 'box',
    itemsPerUnit: '100 capsules',
    isService: false,
    gtin: null,
    medicineClass: 'A',
    controlled: null,
    fdaRegistrationNumber: 'FDA/SD.221-4107',
    fdaRegistrationExpiresOn: '2028-06-30',
    ...overrides,
  };
}

/** GET /products/{id}/price-history for product(): two suppliers over the year to 24 Nov 2026. */
export function priceHistory(overrides: Partial<PriceHistory> = {}): PriceHistory {
  return {
    productId: product().id,
    from: '2025-11-24',
    to: '2026-11-24',
    suppliers: [
      {
        supplierId: 'sup-tema',
        supplierName: 'Tema Pharma Distributors',
        currentPrice: 12.5,
        points: [
          { at: '2025-11-24', unitPrice: 11.8 },
          { at: '2026-03-02', unitPrice: 12.1 },
          { at: '2026-09-14', unitPrice: 12.5 },
        ],
      },
      {
        supplierId: 'sup-accra',
        supplierName: 'Accra Medilink Importers',
        currentPrice: 13.25,
        points: [
          { at: '2026-01-20', unitPrice: 12.9 },
          { at: '2026-07-01', unitPrice: 13.25 },
        ],
      },
    ],
    cheapest: { supplierId: 'sup-tema', supplierName: 'Tema Pharma Distributors', unitPrice: 12.5 },
    ...overrides,
  };
}
