import { formatDay } from '@aduro/shared/format';
import type { Invoice } from '@aduro/shared/invoices';
import { sumCedis } from '@aduro/shared/money';
import {
  drawHeader,
  drawHeading,
  drawLines,
  drawTable,
  drawTotals,
  newDocument,
  pdfBytes,
  pdfMoney,
} from '../../lib/pdf.ts';
import {
  dropLines,
  LINE_COLUMNS,
  lineRows,
  orderParties,
  paymentLines,
  type OrderDocument,
} from '../../lib/order-document.ts';

/** Paid, Void, Overdue (unpaid past its due date) or Unpaid. */
export function invoiceStatusLabel(invoice: Pick<Invoice, 'status' | 'overdue'>): string {
  if (invoice.status === 'paid') return 'Paid';
  if (invoice.status === 'void') return 'Void';
  return invoice.overdue ? 'Overdue' : 'Unpaid';
}

/** "INV-2026-000123.pdf". */
export const invoiceFileName = (invoice: Invoice) => `${invoice.number}.pdf`;

/**
 * The invoice: both parties, issue and due dates and status, the order's lines by drop and batch (the
 * drops it still bills: cancelled ones left out, as the invoice's amount leaves them out), the amount,
 * what is paid, what credit notes settled and what is due, payment terms and drops.
 */
export async function renderInvoice(invoice: Invoice, document: OrderDocument): Promise<Buffer> {
  const { order } = document;
  const billed = order.drops.filter((d) => d.status !== 'Cancelled');
  const doc = newDocument(`Invoice ${invoice.number}`);
  drawHeader(doc, {
    title: 'INVOICE',
    number: invoice.number,
    facts: [
      ['Issued', formatDay(invoice.issuedAt)],
      ['Due', formatDay(invoice.dueDate)],
      ['Order', order.number],
      ['Status', invoiceStatusLabel(invoice)],
    ],
    parties: orderParties(document, 'Bill to'),
  });
  drawTable(doc, LINE_COLUMNS, lineRows(order, billed));
  // What credit notes settled, so paid + credited + due add up to the total (a credit held with the
  // supplier settled nothing here and stays off).
  const creditApplied = sumCedis([invoice.amount, -invoice.amountPaid, -invoice.amountDue]);
  drawTotals(doc, [
    { label: 'Invoice total', amount: pdfMoney(invoice.amount) },
    { label: 'Amount paid', amount: pdfMoney(invoice.amountPaid) },
    ...(creditApplied > 0 ? [{ label: 'Credited', amount: pdfMoney(creditApplied) }] : []),
    { label: 'Amount due', amount: pdfMoney(invoice.amountDue), strong: true },
  ]);
  drawHeading(doc, 'Payment');
  drawLines(doc, [
    ...paymentLines(order),
    ...(invoice.onCredit ? (['Charged to the buyer’s credit line with the seller'] as const) : []),
  ]);
  drawHeading(doc, 'Drops');
  drawLines(doc, dropLines(billed));
  return pdfBytes(doc);
}
