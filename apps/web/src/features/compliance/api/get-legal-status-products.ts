import { productSchema, type Product } from '@aduro/shared/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How many products one search lists: enough to pick from, few enough not to bury the page below. */
export const LEGAL_STATUS_SEARCH_LIMIT = 8;

/**
 * Under the ['products'] root the live feed refreshes (lib/live/live-invalidations.ts); the catalogue is
 * one list shared by every organisation, so the key carries no organisation id.
 */
export const legalStatusProductsKey = (q: string) => ['products', 'legal-status', q] as const;

const productListSchema = productSchema.array();

/** GET /products?q=: the catalogue's products matching a name or brand, each with its legal status. */
export function getLegalStatusProducts(q: string, signal?: AbortSignal): Promise<Product[]> {
  const params = new URLSearchParams({ limit: String(LEGAL_STATUS_SEARCH_LIMIT) });
  if (q) params.set('q', q);
  return apiRequest(`/products?${params.toString()}`, { schema: productListSchema, signal });
}

export const legalStatusProductsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: legalStatusProductsKey(q),
    queryFn: ({ signal }) => getLegalStatusProducts(q, signal),
  });

/** The products a search finds; the previous keystroke's answer stays while the next loads. */
export function useLegalStatusProducts(q: string) {
  return useQuery({ ...legalStatusProductsQueryOptions(q), placeholderData: keepPreviousData });
}
