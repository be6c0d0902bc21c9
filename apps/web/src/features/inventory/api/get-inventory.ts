import {
  inventoryRowSchema,
  inventoryTotalsSchema,
  type ExpiryStatus,
  type InventoryRow,
  type InventoryTotals,
} from '@aduro/shared/inventory';
import { inventoryPageSchema } from '@aduro/shared/inventory-list';
import type { Page } from '@aduro/shared/pagination';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every inventory answer of an organisation sits under this key, so one invalidation refreshes them all. */
export const inventoryQueryKey = (orgId: string) => ['inventory', orgId] as const;

/** Lots per page of the inventory table: rows are short, fifty fill a laptop's scrolling table. */
export const INVENTORY_PAGE = 50;

/** What GET /inventory and GET /inventory.csv narrow by (inventoryQuerySchema), less paging. */
export interface InventoryFilters {
  /** Text in the product's name or brand. */
  product?: string;
  /** Any of these expiry statuses. */
  status?: readonly ExpiryStatus[];
  /** Text in the lot's batch number. */
  batch?: string;
}

/** The filters as a query string: trimmed, blanks left out, in a fixed order so keys and URLs are stable. */
export function inventoryQueryString(filters: InventoryFilters, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  const product = filters.product?.trim();
  const batch = filters.batch?.trim();
  if (product) query.set('product', product);
  if (filters.status?.length) query.set('status', filters.status.join(','));
  if (batch) query.set('batch', batch);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return query.toString();
}

/** Under ['inventory', orgId], so a sync, a recall or a live event refreshes every page read so far. */
export const inventoryPagesQueryKey = (orgId: string, filters: InventoryFilters) =>
  [...inventoryQueryKey(orgId), 'pages', inventoryQueryString(filters)] as const;

const inventoryListSchema = inventoryRowSchema.array();

/** GET /inventory: the signed-in supplier's stock lots, all of them (SPEC §7), which a recall picks from. */
export function getInventory(signal?: AbortSignal): Promise<InventoryRow[]> {
  return apiRequest('/inventory', { schema: inventoryListSchema, signal });
}

export const inventoryQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: inventoryQueryKey(orgId),
    queryFn: ({ signal }) => getInventory(signal),
  });

/** GET /inventory/totals: the tab's totals, summed by the server rather than from every lot. */
export function getInventoryTotals(signal?: AbortSignal): Promise<InventoryTotals> {
  return apiRequest('/inventory/totals', { schema: inventoryTotalsSchema, signal });
}

/** Under ['inventory', orgId], so a sync, a recall or a live event refreshes the totals with the lots. */
export function useInventoryTotals(orgId: string) {
  return useQuery({
    queryKey: [...inventoryQueryKey(orgId), 'totals'] as const,
    queryFn: ({ signal }) => getInventoryTotals(signal),
  });
}

/** GET /inventory/page?…&limit=&cursor=: one page of lots in the list's order, with the filtered total. */
export function getInventoryPage(
  filters: InventoryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<InventoryRow>> {
  const query = inventoryQueryString(filters, {
    limit: String(INVENTORY_PAGE),
    ...(cursor ? { cursor } : {}),
  });
  return apiRequest(`/inventory/page?${query}`, { schema: inventoryPageSchema, signal });
}

export const inventoryPagesQueryOptions = (orgId: string, filters: InventoryFilters) =>
  infiniteQueryOptions({
    queryKey: inventoryPagesQueryKey(orgId, filters),
    queryFn: ({ pageParam, signal }) => getInventoryPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The lots the filters match, a page at a time; the previous result stays on screen while a new one loads. */
export function useInventoryPages(orgId: string, filters: InventoryFilters) {
  return useInfiniteQuery({
    ...inventoryPagesQueryOptions(orgId, filters),
    placeholderData: keepPreviousData,
  });
}
