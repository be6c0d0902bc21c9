import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** GET /invoices/{id}/pdf, saved as INV-….pdf. */
export function downloadInvoicePdf(invoice: { id: string; number: string }): Promise<void> {
  return downloadFile(`/invoices/${invoice.id}/pdf`, `${invoice.number}.pdf`);
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadInvoicePdf(orgId: string | null) {
  return useMutation({ mutationKey: ['invoices', orgId, 'pdf'], mutationFn: downloadInvoicePdf });
}
