import type { TopProduct } from '@aduro/shared/analytics';
import type { Db } from '../../db/client.ts';
import { listTopProducts } from './analytics.repository.ts';

/** The chart shows 6; the detail list a few more. */
const TOP_PRODUCTS_LIMIT = 20;

/** A customer organisation's most purchased products, from its released orders. */
export async function getTopProducts(db: Db, buyerOrgId: string): Promise<TopProduct[]> {
  return listTopProducts(db, buyerOrgId, TOP_PRODUCTS_LIMIT);
}
