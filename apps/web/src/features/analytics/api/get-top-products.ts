import { topProductSchema, type TopProduct } from '@aduro/shared/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** An organisation's purchasing history is its own; the key carries it like every buyer-scoped answer. */
export const topProductsQueryKey = (orgId: string | null) => ['top-products', orgId] as const;

const topProductsSchema = topProductSchema.array();

/** GET /orders/customers/{orgId}/analytics/top-products: most units first, from released orders (SPEC §7). */
export function getTopProducts(orgId: string, signal?: AbortSignal): Promise<TopProduct[]> {
  return apiRequest(`/orders/customers/${encodeURIComponent(orgId)}/analytics/top-products`, {
    schema: topProductsSchema,
    signal,
  });
}

export const topProductsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: topProductsQueryKey(orgId),
    // Disabled without an organisation, so the empty string is never sent.
    queryFn: ({ signal }) => getTopProducts(orgId ?? '', signal),
    enabled: orgId !== null,
    // Released orders change when the buyer approves one, not while they browse; a minute is fresh.
    staleTime: 60_000,
  });

export function useTopProducts(orgId: string | null) {
  return useQuery(topProductsQueryOptions(orgId));
}
