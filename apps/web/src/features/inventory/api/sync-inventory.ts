import {
  INVENTORY_MESSAGES,
  inventoryRowSchema,
  type InventoryRow,
  type inventorySyncSchema,
} from '@aduro/shared/inventory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { inventoryQueryKey } from './get-inventory';

/** The sync body after the shared schema has trimmed it and turned blanks into null. */
export type InventorySync = ReturnType<typeof inventorySyncSchema.parse>;

/** POST /inventory: sets the counted quantity of one lot and the product's offer price (DOMAIN.md). */
export function syncInventory(input: InventorySync): Promise<InventoryRow> {
  return apiRequest('/inventory', { method: 'POST', body: input, schema: inventoryRowSchema });
}

/**
 * Syncs a lot and refreshes the organisation's inventory: the table, the totals and any open forecast,
 * whose weeks of cover depend on the stock. Failures toast globally (SPEC §8).
 */
export function useSyncInventory(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['inventory', 'sync'],
    mutationFn: syncInventory,
    onSuccess: async () => {
      toast.success(INVENTORY_MESSAGES.synced);
      await queryClient.invalidateQueries({ queryKey: inventoryQueryKey(orgId) });
    },
  });
}
