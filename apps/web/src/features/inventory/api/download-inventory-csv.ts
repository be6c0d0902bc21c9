import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { inventoryQueryString, type InventoryFilters } from './get-inventory';

/** SPEC §2's name for the inventory export. */
export const INVENTORY_EXPORT_FILENAME = 'inventory_export.csv';
export const NO_INVENTORY_TO_EXPORT = 'No inventory rows to export';

/**
 * GET /inventory.csv with the table's filters: every lot they match, written and streamed by the server,
 * which names the file as SPEC §2 does.
 */
export function downloadInventoryCsv(filters: InventoryFilters): Promise<void> {
  const query = inventoryQueryString(filters);
  return downloadFile(`/inventory.csv${query ? `?${query}` : ''}`, INVENTORY_EXPORT_FILENAME);
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadInventoryCsv(orgId: string) {
  return useMutation({ mutationKey: ['inventory', orgId, 'csv'], mutationFn: downloadInventoryCsv });
}
