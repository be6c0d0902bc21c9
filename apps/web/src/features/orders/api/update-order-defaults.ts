import { ORDER_MESSAGES, orderDefaultsSchema, type OrderDefaults } from '@aduro/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { orderDefaultsQueryKey } from './get-order-defaults';

/** PUT /orders/defaults. */
export function updateOrderDefaults(body: OrderDefaults): Promise<OrderDefaults> {
  return apiRequest('/orders/defaults', { method: 'PUT', body, schema: orderDefaultsSchema });
}

export function useUpdateOrderDefaults(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', orgId, 'defaults', 'update'],
    mutationFn: updateOrderDefaults,
    onSuccess: (saved) => {
      queryClient.setQueryData(orderDefaultsQueryKey(orgId), saved);
      toast.success(ORDER_MESSAGES.orderDefaultsSaved);
    },
  });
}
