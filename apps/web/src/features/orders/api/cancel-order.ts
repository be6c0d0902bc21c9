import { ORDER_MESSAGES, orderSchema, type Order } from '@aduro/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate-orders';

/** POST /orders/{id}/cancel (beyond the spec): withdraw an order still awaiting approval. */
export function cancelOrder(orderId: string): Promise<Order> {
  return apiRequest(`/orders/${orderId}/cancel`, { method: 'POST', schema: orderSchema });
}

export function useCancelOrder(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', orgId, 'cancel'],
    mutationFn: cancelOrder,
    onSuccess: async () => {
      toast.success(ORDER_MESSAGES.cancelled);
      await invalidateAfterOrderChange(queryClient, orgId);
    },
  });
}
