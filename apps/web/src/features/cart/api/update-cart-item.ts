import { CART_MESSAGES, cartSchema, type Cart, type UpdateCartItem } from '@aduro/shared/cart';
import type { ErrorCode } from '@aduro/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { cartQueryKey } from './get-cart';

export type { UpdateCartItem };

export interface UpdateCartItemVariables {
  id: string;
  /** The line as it should be, after the shared schema has trimmed it (a left-out field is cleared). */
  input: UpdateCartItem;
}

/** PATCH /cart/items/{id}: answers the whole cart, the edited line priced at the current offer. */
export function updateCartItem({ id, input }: UpdateCartItemVariables): Promise<Cart> {
  return apiRequest(`/cart/items/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
    schema: cartSchema,
  });
}

/**
 * Refusals that say the cart on screen is out of date: the line is gone (drafted or removed in another
 * tab) or can no longer be ordered. The cart is read again so the line shows as it now stands.
 */
const OUTDATED: ReadonlySet<ErrorCode> = new Set([
  'CART_LINE_NOT_FOUND',
  'NOT_OFFERED',
  'SUPPLIER_INACTIVE',
  'BUYER_INACTIVE',
]);

export function isOutdatedLineError(error: unknown): boolean {
  return error instanceof ApiError && error.code !== undefined && OUTDATED.has(error.code);
}

/** Failures toast globally with the server's words; field errors are the dialog's to place. */
export function useUpdateCartItem(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cart', orgId, 'update'],
    mutationFn: updateCartItem,
    onSuccess: (cart, { id, input }) => {
      queryClient.setQueryData(cartQueryKey(orgId), cart);
      // The line holds more than was asked for only when it took in the line whose details it now has.
      const merged = (cart.items.find((i) => i.id === id)?.quantity ?? 0) > input.quantity;
      toast.success(merged ? CART_MESSAGES.merged : CART_MESSAGES.updated);
    },
    onError: async (error) => {
      if (isOutdatedLineError(error)) await queryClient.invalidateQueries({ queryKey: cartQueryKey(orgId) });
    },
  });
}
