import { ORDER_MESSAGES, orderSchema, type Order } from '@aduro/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ErrorCode } from '@aduro/shared/errors';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate-orders';

/** POST /orders/{id}/approve: stock allocated, credit charged, invoice issued, shipment released. */
export function approveOrder(orderId: string): Promise<Order> {
  return apiRequest(`/orders/${orderId}/approve`, { method: 'POST', schema: orderSchema });
}

/**
 * Refusals that mean the screen shows an outdated state (the seller's stock or status moved, the credit
 * line changed, the order was approved or withdrawn elsewhere): the orders and what they draw on are
 * read again, so what the buyer sees after the toast is what the server decided on.
 */
const OUTDATED: ReadonlySet<ErrorCode> = new Set([
  'STOCK_SHORTFALL',
  'SHELF_LIFE_SHORTFALL',
  'SUPPLIER_INACTIVE',
  'BUYER_INACTIVE',
  'CREDIT_SHORTFALL',
  'NO_CREDIT_LINE',
  'ORDER_NOT_AWAITING_APPROVAL',
]);

export function useApproveOrder(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', orgId, 'approve'],
    mutationFn: approveOrder,
    onSuccess: async () => {
      toast.success(ORDER_MESSAGES.approved);
      await invalidateAfterOrderChange(queryClient, orgId);
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code && OUTDATED.has(error.code)) {
        await invalidateAfterOrderChange(queryClient, orgId);
      }
    },
  });
}
