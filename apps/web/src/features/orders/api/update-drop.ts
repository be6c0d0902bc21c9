import { ORDER_MESSAGES, orderSchema, type DropUpdateInput, type Order } from '@aduro/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate-orders';

export interface DropMove extends DropUpdateInput {
  orderId: string;
  dropId: string;
}

/** PATCH /orders/{orderId}/drops/{dropId}: the next step, or Cancelled. */
export function updateDrop({ orderId, dropId, ...change }: DropMove): Promise<Order> {
  return apiRequest(`/orders/${orderId}/drops/${dropId}`, {
    method: 'PATCH',
    body: change,
    schema: orderSchema,
  });
}

export function useUpdateDrop(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', orgId, 'drop'],
    mutationFn: updateDrop,
    onSuccess: async (_order, move) => {
      toast.success(ORDER_MESSAGES.dropMoved(move.status));
      await invalidateAfterOrderChange(queryClient, orgId);
    },
  });
}
