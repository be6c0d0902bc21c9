import { IMPORT_MESSAGES, inventoryImportSchema, type InventoryImport } from '@aduro/shared/inventory-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { inventoryQueryKey } from './get-inventory';

/**
 * Stock import (docs/domain.md "Stock import"): upload a file for its preview, apply the preview, and
 * the two files a clerk starts from. One module: the three calls are one workflow of the Import dialog.
 */

/** POST /inventory/imports: the file's preview; nothing changes yet. */
export function previewImport(file: File, onProgress?: (percent: number) => void): Promise<InventoryImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload('/inventory/imports', form, { schema: inventoryImportSchema, onProgress });
}

/**
 * Uploads a file for its preview; `progress` is the upload's percent. The dialog shows a refused file's
 * message itself, beside the file picker, so no toast repeats it.
 */
export function usePreviewImport(orgId: string) {
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationKey: ['inventory', orgId, 'import', 'preview'],
    mutationFn: (file: File) => {
      setProgress(0);
      return previewImport(file, setProgress);
    },
    meta: { suppressErrorToast: true },
  });
  return { ...mutation, progress };
}

/** POST /inventory/imports/{id}/apply: every valid row at once; a second apply answers the first result. */
export function applyImport(id: string): Promise<InventoryImport> {
  return apiRequest(`/inventory/imports/${id}/apply`, { method: 'POST', schema: inventoryImportSchema });
}

/** Applies an import and refreshes the organisation's inventory: the table and the totals. */
export function useApplyImport(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['inventory', orgId, 'import', 'apply'],
    mutationFn: applyImport,
    onSuccess: async () => {
      toast.success(IMPORT_MESSAGES.applied);
      await queryClient.invalidateQueries({ queryKey: inventoryQueryKey(orgId) });
    },
  });
}

/** GET /inventory/imports/template: the header row to fill in. */
export const downloadImportTemplate = () =>
  downloadFile('/inventory/imports/template', 'stock_import_template.csv');

/** GET /inventory/imports/export: the current stock in the import's columns, to edit and import again. */
export const downloadCurrentStock = () => downloadFile('/inventory/imports/export', 'current_stock.csv');

// A failed download toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadImportFile(orgId: string) {
  return useMutation({
    mutationKey: ['inventory', orgId, 'import', 'download'],
    mutationFn: (which: 'template' | 'stock') =>
      which === 'template' ? downloadImportTemplate() : downloadCurrentStock(),
  });
}
