import { orderDetailSchema, type OrderDetail } from '@aduro/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const orderQueryKey = (orgId: string | null, orderId: string) =>
  ['orders', orgId, 'detail', orderId] as const;

/** GET /orders/{id}: one order with its history, for its buyer or seller. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiRequest(`/orders/${orderId}`, { schema: orderDetailSchema, signal });
}

export function useOrder(orgId: string | null, orderId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: orderQueryKey(orgId, orderId),
      queryFn: ({ signal }) => getOrder(orderId, signal),
      enabled,
    }),
  );
}
