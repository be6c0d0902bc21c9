import { CART_MESSAGES, cartSchema, type addToCartSchema, type Cart } from '@aduro/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

/** The body after the shared schema has trimmed it and turned blanks, 0 and negatives into null. */
export type AddToCart = ReturnType<typeof addToCartSchema.parse>;

/** POST /cart/items: answers the whole cart, so the drawer opening next needs no second request. */
export function addToCart(input: AddToCart): Promise<Cart> {
  return apiRequest('/cart/items', { method: 'POST', body: input, schema: cartSchema });
}

/** Failures (an inactive supplier, a product no longer offered) toast globally with the server's words. */
export function useAddToCart(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cart', orgId, 'add'],
    mutationFn: addToCart,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartQueryKey(orgId), cart);
      toast.success(CART_MESSAGES.added);
    },
  });
}
