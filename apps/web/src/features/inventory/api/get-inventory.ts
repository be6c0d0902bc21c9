import { inventoryRowSchema, type InventoryRow } from '@aduro/shared/inventory';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every inventory answer of an organisation sits under this key, so one invalidation refreshes them all. */
export const inventoryQueryKey = (orgId: string) => ['inventory', orgId] as const;

const inventoryListSchema = inventoryRowSchema.array();

/** GET /inventory: the signed-in supplier's stock lots (SPEC §7). */
export function getInventory(signal?: AbortSignal): Promise<InventoryRow[]> {
  return apiRequest('/inventory', { schema: inventoryListSchema, signal });
}

export const inventoryQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: inventoryQueryKey(orgId),
    queryFn: ({ signal }) => getInventory(signal),
  });

export function useInventory(orgId: string) {
  return useQuery(inventoryQueryOptions(orgId));
}
