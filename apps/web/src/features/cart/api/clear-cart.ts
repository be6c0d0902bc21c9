import { CART_MESSAGES, cartSchema, type Cart } from '@aduro/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

/** DELETE /cart: answers the emptied cart. */
export function clearCart(): Promise<Cart> {
  return apiRequest('/cart', { method: 'DELETE', schema: cartSchema });
}

export function useClearCart(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cart', orgId, 'clear'],
    mutationFn: clearCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartQueryKey(orgId), cart);
      toast.success(CART_MESSAGES.cleared);
    },
  });
}
