import type { Product } from '@aduro/shared/catalogue';

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
    ...overrides,
  };
}
