import { ORDER_MESSAGES, orderSchema, type DraftOrder, type Order } from '@aduro/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate-orders';

/** POST /orders: a multi-drop order awaiting the buyer's approval. */
export function createOrder(body: DraftOrder): Promise<Order> {
  return apiRequest('/orders', { method: 'POST', body, schema: orderSchema });
}

export function useCreateOrder(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', orgId, 'create'],
    mutationFn: createOrder,
    onSuccess: async () => {
      toast.success(ORDER_MESSAGES.drafted);
      await invalidateAfterOrderChange(queryClient, orgId);
    },
  });
}
