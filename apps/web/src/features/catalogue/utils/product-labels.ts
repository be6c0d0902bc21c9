import type { Product } from '@aduro/shared/catalogue';

/** SPEC §2 packaging: the unit of measure and what one unit holds, e.g. '100 capsules per box'. */
export function packagingLabel(product: Pick<Product, 'unitOfMeasure' | 'itemsPerUnit'>): string {
  return `${product.itemsPerUnit} per ${product.unitOfMeasure}`;
}
