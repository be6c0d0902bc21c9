import { priceHistorySchema, type PriceHistory } from '@aduro/shared/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * A key of its own, which the live feed refreshes on a stock sync (where prices change) without
 * refetching the catalogue. No organisation in it: the cache is cleared with the token.
 */
export const priceHistoryQueryKey = (productId: string) => ['price-history', productId] as const;

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
