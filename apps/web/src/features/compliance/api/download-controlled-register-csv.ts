import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

export const CONTROLLED_REGISTER_CSV_FILE = 'controlled_register.csv';

/** GET /controlled-register.csv: every entry the caller may read, streamed by the server. */
export function downloadControlledRegisterCsv(): Promise<void> {
  return downloadFile('/controlled-register.csv', CONTROLLED_REGISTER_CSV_FILE);
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadControlledRegisterCsv(orgId: string | null) {
  return useMutation({
    mutationKey: ['controlled-register', orgId, 'csv'],
    mutationFn: downloadControlledRegisterCsv,
  });
}
