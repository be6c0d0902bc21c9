import { orderDefaultsSchema, type OrderDefaults } from '@aduro/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const orderDefaultsQueryKey = (orgId: string | null) => ['orders', orgId, 'defaults'] as const;

/** GET /orders/defaults: what the buyer's orders assume when they name nothing else. */
export function getOrderDefaults(signal?: AbortSignal): Promise<OrderDefaults> {
  return apiRequest('/orders/defaults', { schema: orderDefaultsSchema, signal });
}

export const orderDefaultsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: orderDefaultsQueryKey(orgId),
    queryFn: ({ signal }) => getOrderDefaults(signal),
    enabled: orgId !== null,
  });

export function useOrderDefaults(orgId: string | null) {
  return useQuery(orderDefaultsQueryOptions(orgId));
}
