import { cartCheckoutSchema, type CartCheckout } from '@aduro/shared/marketplace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ErrorCode } from '@aduro/shared/errors';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { draftedOrdersMessage } from '../utils/cart-view';
import { cartQueryKey } from './get-cart';

/**
 * POST /cart/checkout (beyond the spec, DOMAIN.md "Cart"): one draft order per supplier and product,
 * awaiting the buyer's approval, and the cart without the lines they took.
 */
export function checkoutCart(): Promise<CartCheckout> {
  return apiRequest('/cart/checkout', { method: 'POST', schema: cartCheckoutSchema });
}

/** Refusals that mean the cart shows offers that changed since it was read: it and the directory are read again. */
const OUTDATED: ReadonlySet<ErrorCode> = new Set([
  'SUPPLIER_INACTIVE',
  'NOT_OFFERED',
  'BELOW_MOQ',
  'NO_PAYMENT_METHOD',
  'NO_CREDIT_LINE',
  'CREDIT_SHORTFALL',
]);

/**
 * A refusal (empty cart, inactive supplier, under the moq) toasts globally and changes nothing; one that
 * says the offers moved also refreshes the cart and the directory.
 */
export function useCheckoutCart(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cart', orgId, 'checkout'],
    mutationFn: checkoutCart,
    onSuccess: async ({ orders, cart }) => {
      queryClient.setQueryData(cartQueryKey(orgId), cart);
      toast.success(draftedOrdersMessage(orders.length));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders', orgId] }),
        // The supplier directory counts the buyer's drafts awaiting approval on each card.
        queryClient.invalidateQueries({ queryKey: ['suppliers', orgId] }),
      ]);
    },
    onError: async (error) => {
      if (!(error instanceof ApiError) || !error.code || !OUTDATED.has(error.code)) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey(orgId) }),
        queryClient.invalidateQueries({ queryKey: ['suppliers', orgId] }),
      ]);
    },
  });
}
