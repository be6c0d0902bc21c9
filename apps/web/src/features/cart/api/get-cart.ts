import { cartSchema, type Cart } from '@aduro/shared/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The cart belongs to the signed-in buyer, but its key carries the organisation so another buyer
 * signing in on this browser never sees these lines (docs: cache keys carry the organisation).
 */
export const cartQueryKey = (orgId: string | null) => ['cart', orgId] as const;

/** GET /cart: the caller's lines, newest first, with the supplier's current quote (SPEC §7). */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiRequest('/cart', { schema: cartSchema, signal });
}

export const cartQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: cartQueryKey(orgId),
    queryFn: ({ signal }) => getCart(signal),
    // Without an organisation the API refuses every cart call, so there is nothing to ask.
    enabled: orgId !== null,
  });

export function useCart(orgId: string | null) {
  return useQuery(cartQueryOptions(orgId));
}
