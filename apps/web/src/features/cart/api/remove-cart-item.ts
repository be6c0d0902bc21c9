import { CART_MESSAGES, cartSchema, type Cart } from '@aduro/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

/** DELETE /cart/items/{id}: answers the cart without that line. */
export function removeCartItem(itemId: string): Promise<Cart> {
  return apiRequest(`/cart/items/${encodeURIComponent(itemId)}`, { method: 'DELETE', schema: cartSchema });
}

export function useRemoveCartItem(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cart', orgId, 'remove'],
    mutationFn: removeCartItem,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartQueryKey(orgId), cart);
      toast.success(CART_MESSAGES.removed);
    },
  });
}
