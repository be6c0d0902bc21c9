import { ordersPageSchema, type Order, type OrderStatus } from '@aduro/shared/orders';
import type { Page } from '@aduro/shared/pagination';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Order cards are tall: twenty fill a few screens, and the next twenty load as the last ones come up. */
export const ORDER_CARDS_PAGE = 20;

/** What GET /orders filters on (packages/shared ordersQuerySchema); blank text and dates mean no filter. */
export interface OrdersPageFilters {
  buyerId?: string | null;
  sellerId?: string | null;
  status?: readonly OrderStatus[];
  /** Text in the other party's name. */
  counterparty?: string;
  /** Text in the product's name or brand, or the order number. */
  product?: string;
  /** Placed on or after this day, YYYY-MM-DD. */
  from?: string;
  /** Placed on or before this day, YYYY-MM-DD. */
  to?: string;
}

/** The filters as they are sent: trimmed, blanks left out, so equal filters share one cache entry. */
function sentFilters(filters: OrdersPageFilters): Record<string, string> {
  const sent: Record<string, string> = {};
  if (filters.buyerId) sent.buyerId = filters.buyerId;
  if (filters.sellerId) sent.sellerId = filters.sellerId;
  if (filters.status?.length) sent.status = filters.status.join(',');
  for (const name of ['counterparty', 'product', 'from', 'to'] as const) {
    const value = filters[name]?.trim();
    if (value) sent[name] = value;
  }
  return sent;
}

/**
 * Only for a named buyer or seller (SPEC §7), and not for a date range that ends before it starts, which
 * the server would refuse: the filter bar says so instead.
 */
function askable(filters: OrdersPageFilters): boolean {
  const backwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  return Boolean(filters.buyerId || filters.sellerId) && !backwards;
}

/**
 * Under ['orders', orgId], so what refreshes the orders (a live event, an approval, a drop moved) refreshes
 * every page read so far too.
 */
export const ordersPagesQueryKey = (orgId: string | null, filters: OrdersPageFilters) =>
  ['orders', orgId, 'pages', sentFilters(filters)] as const;

export const ordersCountQueryKey = (orgId: string | null, filters: OrdersPageFilters) =>
  ['orders', orgId, 'count', sentFilters(filters)] as const;

/** GET /orders/page?…&limit=&cursor=: one page of the caller's orders, newest first, with the filtered total. */
export function getOrdersPage(
  filters: OrdersPageFilters,
  paging: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<Page<Order>> {
  const query = new URLSearchParams(sentFilters(filters));
  query.set('limit', String(paging.limit));
  if (paging.cursor) query.set('cursor', paging.cursor);
  return apiRequest(`/orders/page?${query.toString()}`, { schema: ordersPageSchema, signal });
}

export const ordersPagesQueryOptions = (orgId: string | null, filters: OrdersPageFilters) =>
  infiniteQueryOptions({
    queryKey: ordersPagesQueryKey(orgId, filters),
    queryFn: ({ pageParam, signal }) =>
      getOrdersPage(filters, { limit: ORDER_CARDS_PAGE, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: askable(filters),
  });

/**
 * The orders matching the filters, a page at a time. While a new filter is read, the previous result stays
 * on screen (dimmed by the list) rather than flashing back to skeletons on every keystroke.
 */
export function useOrdersPages(orgId: string | null, filters: OrdersPageFilters) {
  return useInfiniteQuery({ ...ordersPagesQueryOptions(orgId, filters), placeholderData: keepPreviousData });
}

/** How many orders match, read as the total of a one-order page: a counter without loading the orders. */
export function useOrdersCount(
  orgId: string | null,
  filters: OrdersPageFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery(
    queryOptions({
      queryKey: ordersCountQueryKey(orgId, filters),
      queryFn: ({ signal }) => getOrdersPage(filters, { limit: 1 }, signal),
      select: (page) => page.total,
      enabled: enabled && askable(filters),
    }),
  );
}
