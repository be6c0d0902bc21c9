import { formatDay, formatUnits } from '@aduro/shared/format';
import { todayUtc } from '@aduro/shared/inventory';
import { toCedis, toPesewas } from '@aduro/shared/money';
import { RETURN_REASON_LABELS, type ReturnReason } from '@aduro/shared/returns';
import type { Db } from '../../db/client.ts';
import { orderParties, type OrderDocument } from '../../lib/order-document.ts';
import {
  drawHeader,
  drawHeading,
  drawLines,
  drawTable,
  drawTotals,
  newDocument,
  pdfBytes,
  pdfMoney,
  type Column,
} from '../../lib/pdf.ts';
import { findOrderDocumentFor } from '../orders/orders.repository.ts';
import { findCreditNoteFor, type CreditNoteDocument } from './inspection.repository.ts';

const COLUMNS: Column[] = [
  { header: 'Product', width: 2.6 },
  { header: 'Batch', width: 1.3 },
  { header: 'Expiry', width: 1.3 },
  { header: 'Reason', width: 1.2 },
  { header: 'Qty', width: 0.7, align: 'right' },
  { header: 'Unit price', width: 1.3, align: 'right' },
  { header: 'Amount', width: 1.5, align: 'right' },
];

/** What became of a line's units, as the document lists it. */
function fateLine(line: CreditNoteDocument['lines'][number]): string {
  const parts = [
    line.restocked > 0 ? `${formatUnits(line.restocked)} back into stock` : null,
    line.destroyed > 0 ? `${formatUnits(line.destroyed)} destroyed` : null,
    line.manufacturer > 0 ? `${formatUnits(line.manufacturer)} returned to the manufacturer` : null,
  ].filter(Boolean);
  return `Line ${line.lineNo}, drop ${line.dropSequence}, batch ${line.batchNumber ?? '—'}: ${parts.join(', ')}.`;
}

/**
 * The credit note, in the invoice's layout: both parties, issue date, the invoice, order and return it
 * belongs to, the credited lines (received units at the unit price invoiced), the amount and how it was
 * applied (to the invoice, to the credit line, held as credit), and what inspection did with the units.
 */
export async function renderCreditNote(note: CreditNoteDocument, document: OrderDocument): Promise<Buffer> {
  const { order } = document;
  const doc = newDocument(`Credit note ${note.number}`);
  drawHeader(doc, {
    title: 'CREDIT NOTE',
    number: note.number,
    facts: [
      ['Issued', formatDay(note.issuedAt)],
      ['Invoice', note.invoiceNumber],
      ['Order', order.number],
      ['Return', note.returnNumber],
    ],
    parties: orderParties(document, 'Credit to'),
  });
  const price = toPesewas(order.unitPrice);
  drawTable(
    doc,
    COLUMNS,
    note.lines.map((line) => [
      `${order.product.name}\nDrop ${line.dropSequence}`,
      line.batchNumber ?? '—',
      line.expiryDate ? formatDay(line.expiryDate) : '—',
      RETURN_REASON_LABELS[line.reason as ReturnReason] ?? line.reason,
      formatUnits(line.received),
      pdfMoney(order.unitPrice),
      pdfMoney(toCedis(price * line.received)),
    ]),
  );
  drawTotals(doc, [
    ...(note.appliedToInvoice > 0
      ? [{ label: 'Applied to the invoice', amount: pdfMoney(note.appliedToInvoice) }]
      : []),
    ...(note.appliedToCreditLine > 0
      ? [{ label: 'Applied to the credit line', amount: pdfMoney(note.appliedToCreditLine) }]
      : []),
    ...(note.heldAsCredit > 0
      ? [{ label: 'Held as credit with the seller', amount: pdfMoney(note.heldAsCredit) }]
      : []),
    { label: 'Credit total', amount: pdfMoney(note.amount), strong: true },
  ]);
  drawHeading(doc, 'Inspection');
  drawLines(doc, note.lines.map(fateLine));
  return pdfBytes(doc);
}

/**
 * The credit note as a PDF for one of its two organisations (null for any other, or an unknown note):
 * the note and its order, both read scoped to that organisation, then rendered.
 */
export async function creditNotePdfFor(
  db: Db,
  orgId: string,
  creditNoteId: string,
): Promise<{ fileName: string; content: Buffer } | null> {
  const note = await findCreditNoteFor(db, creditNoteId, orgId);
  if (!note) return null;
  const document = await findOrderDocumentFor(db, note.orderId, orgId, todayUtc());
  if (!document) return null;
  return { fileName: `${note.number}.pdf`, content: await renderCreditNote(note, document) };
}
