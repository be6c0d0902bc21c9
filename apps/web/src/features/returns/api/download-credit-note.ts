import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** GET /credit-notes/{id}/pdf, saved as CN-….pdf. */
export function downloadCreditNotePdf(creditNote: { id: string; number: string }): Promise<void> {
  return downloadFile(`/credit-notes/${encodeURIComponent(creditNote.id)}/pdf`, `${creditNote.number}.pdf`);
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadCreditNotePdf(orgId: string | null) {
  return useMutation({
    mutationKey: ['returns', orgId, 'credit-note-pdf'],
    mutationFn: downloadCreditNotePdf,
  });
}
