import { productSchema, type Product } from '@aduro/shared/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ProductSearch {
  /** Name or brand text; omitted for the whole catalogue. */
  q?: string;
  limit?: number;
}

/**
 * The catalogue is one list shared by every organisation (DOMAIN.md), so unlike stock its keys carry
 * no organisation id: every supplier sees the same answer for the same search.
 */
export const productsQueryKey = (search: ProductSearch = {}) => ['products', search] as const;

const productListSchema = productSchema.array();

/** GET /products, optionally searched by name or brand (?q=) for pickers. */
export function getProducts(search: ProductSearch = {}, signal?: AbortSignal): Promise<Product[]> {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.limit) params.set('limit', String(search.limit));
  const query = params.toString();
  return apiRequest(`/products${query ? `?${query}` : ''}`, { schema: productListSchema, signal });
}

export const productsQueryOptions = (search: ProductSearch = {}) =>
  queryOptions({
    queryKey: productsQueryKey(search),
    queryFn: ({ signal }) => getProducts(search, signal),
    // SPEC §9 caches catalogue reads for 60 seconds; products are added rarely.
    staleTime: 60_000,
  });

/** A search that keeps showing the previous matches while the next keystroke's answer loads. */
export function useProductSearch(search: ProductSearch, enabled: boolean) {
  return useQuery({ ...productsQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
