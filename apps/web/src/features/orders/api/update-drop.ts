import { ORDER_MESSAGES, orderSchema, type DropUpdateInput, type Order } from '@aduro/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '../../../lib/api-client';
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
    // A recall reached the drop after the board was drawn, or a re-pick left a controlled supply to sign
    // off again: read the orders again, so the board shows why instead of the step the server refused.
    onError: async (error) => {
      if (
        error instanceof ApiError &&
        (error.code === 'DROP_HOLDS_RECALLED_BATCH' || error.code === 'CONTROLLED_SIGNOFF_REQUIRED')
      )
        await invalidateAfterOrderChange(queryClient, orgId);
    },
  });
}
