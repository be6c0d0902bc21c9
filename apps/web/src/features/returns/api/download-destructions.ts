import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

export const DESTRUCTIONS_CSV_FILE = 'destruction_register.csv';

/** GET /returns/destructions.csv: the supplier's destruction register, one row per destroyed return line. */
export function downloadDestructionsCsv(): Promise<void> {
  return downloadFile('/returns/destructions.csv', DESTRUCTIONS_CSV_FILE);
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadDestructionsCsv(orgId: string | null) {
  return useMutation({
    mutationKey: ['returns', orgId, 'destructions-csv'],
    mutationFn: downloadDestructionsCsv,
  });
}
