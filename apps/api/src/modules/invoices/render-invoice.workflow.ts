import { todayUtc } from '@aduro/shared/inventory';
import type { Db } from '../../db/client.ts';
import { findOrderDocumentFor } from '../orders/orders.repository.ts';
import { invoiceFileName, renderInvoice } from './invoice.pdf.ts';
import { listInvoices } from './invoices.repository.ts';

/**
 * The invoice as a PDF as it stands now, for one of its two organisations (null for any other, or an
 * unknown invoice): the invoice and its order, both read scoped to that organisation, then rendered.
 * What the invoice download answers, and what the buyer's release e-mail attaches when it is sent.
 */
export async function invoicePdfFor(
  db: Db,
  orgId: string,
  invoiceId: string,
): Promise<{ number: string; fileName: string; content: Buffer } | null> {
  const today = todayUtc();
  const [invoice] = await listInvoices(db, { partyOrgId: orgId, invoiceId, today });
  if (!invoice) return null;
  const document = await findOrderDocumentFor(db, invoice.order.id, orgId, today);
  if (!document) return null;
  return {
    number: invoice.number,
    fileName: invoiceFileName(invoice),
    content: await renderInvoice(invoice, document),
  };
}
