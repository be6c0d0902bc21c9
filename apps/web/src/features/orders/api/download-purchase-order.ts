import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** A document's record as the card knows it: its id for the path, its number for the file name. */
export interface DocumentRef {
  id: string;
  number: string;
}

/** GET /orders/{id}/purchase-order.pdf, saved as PO-….pdf. */
export function downloadPurchaseOrder(order: DocumentRef): Promise<void> {
  return downloadFile(`/orders/${order.id}/purchase-order.pdf`, `${order.number}.pdf`);
}

/**
 * GET /invoices/{id}/pdf, for the invoice line of an order card. The invoices feature has its own
 * call for its card: features do not import each other, and the call is one line.
 */
export function downloadOrderInvoice(invoice: DocumentRef): Promise<void> {
  return downloadFile(`/invoices/${invoice.id}/pdf`, `${invoice.number}.pdf`);
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadPurchaseOrder(orgId: string | null) {
  return useMutation({
    mutationKey: ['orders', orgId, 'purchase-order-pdf'],
    mutationFn: downloadPurchaseOrder,
  });
}

export function useDownloadOrderInvoice(orgId: string | null) {
  return useMutation({ mutationKey: ['orders', orgId, 'invoice-pdf'], mutationFn: downloadOrderInvoice });
}
