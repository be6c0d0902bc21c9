import { z } from 'zod';

/** One of a customer's most purchased products, from released orders (DOMAIN.md "Marketplace reads"). */
export const topProductSchema = z
  .object({
    productId: z.string(),
    productName: z.string(),
    category: z.string(),
    supplierCount: z.number().int(),
    totalSpend: z.number(),
    averageUnitPrice: z.number(),
    totalQuantity: z.number().int(),
    lastOrderDate: z.string(),
  })
  .meta({ id: 'TopProduct' });
export type TopProduct = z.infer<typeof topProductSchema>;

export const topProductsParamsSchema = z.object({
  orgId: z.string().uuid({ error: 'Organisation id must be a UUID' }),
});

/** SPEC §2 donut: the first 6 products only. */
export const TOP_PRODUCTS_IN_CHART = 6;

export interface ProductShare<T> {
  item: T;
  /** Share of the charted total, 0..1. */
  share: number;
}

/**
 * Shares of the first 6 products by quantity; the centre shows Math.round(share*100), the list one
 * decimal. An all-zero list yields zero shares rather than NaN.
 */
export function productShares<T extends { totalQuantity: number }>(items: readonly T[]): ProductShare<T>[] {
  const shown = items.slice(0, TOP_PRODUCTS_IN_CHART);
  const total = shown.reduce((sum, i) => sum + i.totalQuantity, 0);
  return shown.map((item) => ({ item, share: total > 0 ? item.totalQuantity / total : 0 }));
}
