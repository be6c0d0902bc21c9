import { ENTITIES_CSV_FILE } from '@aduro/shared/admin';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { entityFilterParams, type EntityFilters } from './get-entities';

/** GET /admin/entities.csv with the list's filters: every organisation they match, streamed by the server. */
export function downloadEntitiesCsv(filters: EntityFilters): Promise<void> {
  const query = new URLSearchParams(entityFilterParams(filters)).toString();
  return downloadFile(`/admin/entities.csv${query ? `?${query}` : ''}`, ENTITIES_CSV_FILE);
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadEntitiesCsv() {
  return useMutation({ mutationKey: ['admin', 'entities', 'csv'], mutationFn: downloadEntitiesCsv });
}
