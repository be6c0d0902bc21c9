import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** GET /payments/{reference}/receipt, saved as the server names it, else RECEIPT-<reference>.pdf. */
export function downloadPaymentReceipt(reference: string): Promise<void> {
  return downloadFile(`/payments/${encodeURIComponent(reference)}/receipt`, `RECEIPT-${reference}.pdf`);
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadPaymentReceipt() {
  return useMutation({ mutationKey: ['payment-attempts', 'receipt'], mutationFn: downloadPaymentReceipt });
}
