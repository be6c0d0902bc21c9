import { cartCheckoutSchema, type CartCheckout } from '@aduro/shared/marketplace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { draftedOrdersMessage } from '../utils/cart-view';
import { cartQueryKey } from './get-cart';

/**
 * POST /cart/checkout (beyond the spec, DOMAIN.md "Cart"): one draft order per supplier and product,
 * awaiting the buyer's approval, and the cart without the lines they took.
 */
export function checkoutCart(): Promise<CartCheckout> {
  return apiRequest('/cart/checkout', { method: 'POST', schema: cartCheckoutSchema });
}

/** A refusal (empty cart, inactive supplier, under the moq) toasts globally and changes nothing. */
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
  });
}
