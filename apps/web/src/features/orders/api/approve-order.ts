import { ORDER_MESSAGES, orderSchema, type Order } from '@aduro/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate-orders';

/** POST /orders/{id}/approve: stock allocated, credit charged, invoice issued, shipment released. */
export function approveOrder(orderId: string): Promise<Order> {
  return apiRequest(`/orders/${orderId}/approve`, { method: 'POST', schema: orderSchema });
}

export function useApproveOrder(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', orgId, 'approve'],
    mutationFn: approveOrder,
    onSuccess: async () => {
      toast.success(ORDER_MESSAGES.approved);
      await invalidateAfterOrderChange(queryClient, orgId);
    },
  });
}
