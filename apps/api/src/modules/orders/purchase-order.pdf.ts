import { formatDay, formatUnits } from '@aduro/shared/format';
import { ORDER_MESSAGES, type Order } from '@aduro/shared/orders';
import {
  drawHeader,
  drawHeading,
  drawLines,
  drawNote,
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

/** "PO-2026-000042.pdf". */
export const purchaseOrderFileName = (order: Order) => `${order.number}.pdf`;

/**
 * The purchase order: both parties, when it was placed and approved, one line per drop and batch
 * (before approval, per drop, with a note that batches come at approval), the total, payment and drops.
 */
export async function renderPurchaseOrder(document: OrderDocument): Promise<Buffer> {
  const { order } = document;
  const doc = newDocument(`Purchase order ${order.number}`);
  drawHeader(doc, {
    title: 'PURCHASE ORDER',
    number: order.number,
    facts: [
      ['Created', formatDay(order.createdAt)],
      ['Approved', order.approvedAt ? formatDay(order.approvedAt) : 'Awaiting approval'],
    ],
    parties: orderParties(document, 'Buyer'),
  });
  drawTable(doc, LINE_COLUMNS, lineRows(order, order.drops));
  if (order.status === 'AWAITING_CUSTOMER_APPROVAL') drawNote(doc, ORDER_MESSAGES.batchesAtApproval);
  drawTotals(doc, [
    { label: 'Units', amount: formatUnits(order.totalQuantity) },
    { label: 'Order total', amount: pdfMoney(order.totalCost), strong: true },
  ]);
  drawHeading(doc, 'Payment');
  drawLines(doc, paymentLines(order));
  drawHeading(doc, 'Drops');
  drawLines(doc, dropLines(order.drops));
  return pdfBytes(doc);
}
