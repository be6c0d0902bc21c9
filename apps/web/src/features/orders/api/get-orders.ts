import { orderSchema, type Order, type OrderStatus } from '@aduro/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export interface OrdersFilter {
  buyerId?: string | null;
  sellerId?: string | null;
  /** Only orders in these states (the counters read the orders in flight, not the whole history). */
  status?: readonly OrderStatus[];
}

/** Keys carry the organisation, so another organisation signing in on this browser sees nothing of these. */
export const ordersQueryKey = (orgId: string | null, filter: OrdersFilter = {}) =>
  ['orders', orgId, 'list', filter.buyerId ?? null, filter.sellerId ?? null, filter.status ?? null] as const;

const ordersSchema = z.array(orderSchema);

/** GET /orders?buyerId|sellerId[&status]: the caller's orders, newest first, all of them (no paging). */
export function getOrders(filter: OrdersFilter, signal?: AbortSignal): Promise<Order[]> {
  const query = new URLSearchParams();
  if (filter.buyerId) query.set('buyerId', filter.buyerId);
  if (filter.sellerId) query.set('sellerId', filter.sellerId);
  if (filter.status?.length) query.set('status', filter.status.join(','));
  return apiRequest(`/orders?${query.toString()}`, { schema: ordersSchema, signal });
}

export const ordersQueryOptions = (orgId: string | null, filter: OrdersFilter) =>
  queryOptions({
    queryKey: ordersQueryKey(orgId, filter),
    queryFn: ({ signal }) => getOrders(filter, signal),
    // SPEC §7: enabled only when a buyerId or sellerId is present.
    enabled: Boolean(filter.buyerId || filter.sellerId),
  });

export function useOrders(orgId: string | null, filter: OrdersFilter) {
  return useQuery(ordersQueryOptions(orgId, filter));
}
