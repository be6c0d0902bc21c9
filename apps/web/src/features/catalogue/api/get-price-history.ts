import { priceHistorySchema, type PriceHistory } from '@aduro/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Under the products key, so whatever refreshes the catalogue refreshes the history too. No
 * organisation in it: the cache is cleared with the token, and every buyer gets the same answer.
 */
export const priceHistoryQueryKey = (productId: string) => ['products', productId, 'price-history'] as const;

/** GET /products/{id}/price-history: each supplier's offer price over the last 12 months. */
export function getPriceHistory(productId: string, signal?: AbortSignal): Promise<PriceHistory> {
  return apiRequest(`/products/${encodeURIComponent(productId)}/price-history`, {
    schema: priceHistorySchema,
    signal,
  });
}

export const priceHistoryQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: priceHistoryQueryKey(productId),
    queryFn: ({ signal }) => getPriceHistory(productId, signal),
    // As the supplier matches (SPEC §9, 60 seconds): the same offers, seen over time.
    staleTime: 60_000,
    // The section says it failed and offers a retry; a toast over the open dialog would say it twice.
    meta: { suppressErrorToast: true },
  });

/** No product open means nothing to ask for. */
export function usePriceHistory(productId: string | null) {
  return useQuery({ ...priceHistoryQueryOptions(productId ?? ''), enabled: productId !== null });
}
