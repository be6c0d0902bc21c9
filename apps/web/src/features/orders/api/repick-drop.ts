import type { ErrorCode } from '@aduro/shared/errors';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { RECALL_MESSAGES } from '@aduro/shared/recalls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate-orders';

export interface DropRepick {
  orderId: string;
  dropId: string;
}

/**
 * POST /orders/{orderId}/drops/{dropId}/repick: the drop's recalled units go back to quarantine and the
 * supplier's other batches fill it, first expiry first out; the price and invoice stay as they were.
 */
export function repickDrop({ orderId, dropId }: DropRepick): Promise<Order> {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/drops/${encodeURIComponent(dropId)}/repick`, {
    method: 'POST',
    schema: orderSchema,
  });
}

/**
 * Refusals that mean the board shows an outdated drop (moved, re-picked or cancelled elsewhere) or
 * outdated stock: the orders are read again so what stays on screen is what the server decided on.
 */
const OUTDATED: ReadonlySet<ErrorCode> = new Set([
  'DROP_NOT_AWAITING_DISPATCH',
  'DROP_NOT_RECALLED',
  'STOCK_SHORTFALL',
  'SHELF_LIFE_SHORTFALL',
]);

/** What a re-pick changes on screen: the orders and stock, and the recall traces the drop leaves. */
async function invalidateAfterRepick(queryClient: ReturnType<typeof useQueryClient>, orgId: string | null) {
  await Promise.all([
    invalidateAfterOrderChange(queryClient, orgId),
    queryClient.invalidateQueries({ queryKey: ['recalls', orgId] }),
  ]);
}

export function useRepickDrop(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', orgId, 'repick'],
    mutationFn: repickDrop,
    onSuccess: async (order, { dropId }) => {
      const drop = order.drops.find((d) => d.id === dropId);
      if (drop) {
        const batches = drop.batches.map((b) => b.batchNumber ?? 'no batch');
        toast.success(RECALL_MESSAGES.repicked(drop.sequence, [...new Set(batches)]));
      }
      await invalidateAfterRepick(queryClient, orgId);
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code && OUTDATED.has(error.code))
        await invalidateAfterRepick(queryClient, orgId);
    },
  });
}
