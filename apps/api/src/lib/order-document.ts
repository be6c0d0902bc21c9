import { formatDay, formatUnits } from '@aduro/shared/format';
import { toCedis, toPesewas } from '@aduro/shared/money';
import type { Drop, Order } from '@aduro/shared/orders';
import { PAYMENT_METHOD_LABELS } from '@aduro/shared/payments';
import { pdfMoney, type Column, type Party } from './pdf.ts';

/**
 * The parts an order's documents share: the purchase order (modules/orders) and the invoice
 * (modules/invoices) print the same parties, lines, payment and drops, so they live here rather than
 * in one module the other would have to reach into.
 */

/** An order as its documents print it: the order read, plus the buyer's phone. */
export interface OrderDocument {
  order: Order;
  buyerPhone: string | null;
}

/** The seller and the buyer, as the header shows them. */
export function orderParties({ order, buyerPhone }: OrderDocument, buyerHeading: string): [Party, Party] {
  return [
    {
      heading: 'Seller',
      name: order.seller.name,
      location: order.seller.location,
      phone: order.seller.phoneNumber,
    },
    { heading: buyerHeading, name: order.buyer.name, location: order.buyer.location, phone: buyerPhone },
  ];
}

export const LINE_COLUMNS: Column[] = [
  { header: 'Product', width: 3.2 },
  { header: 'Batch', width: 1.4 },
  { header: 'Expiry', width: 1.4 },
  { header: 'Qty', width: 0.8, align: 'right' },
  { header: 'Unit price', width: 1.4, align: 'right' },
  { header: 'Amount', width: 1.6, align: 'right' },
];

const lineAmount = (unitPrice: number, quantity: number) => toCedis(toPesewas(unitPrice) * quantity);

/**
 * The table's rows: one per batch a drop received (product, batch, expiry, units), or one for the
 * whole drop before its batches are allocated; every amount is units times the order's unit price.
 */
export function lineRows(order: Order, drops: Drop[]): string[][] {
  const price = pdfMoney(order.unitPrice);
  return drops.flatMap((drop) => {
    const product = `${order.product.name}\nDrop ${drop.sequence}: ${drop.addressName}${
      drop.status === 'Cancelled' ? ' (cancelled)' : ''
    }`;
    const parts =
      drop.batches.length > 0
        ? drop.batches.map((b) => ({
            batch: b.batchNumber ?? '—',
            expiry: b.expiryDate,
            quantity: b.quantity,
          }))
        : [{ batch: '—', expiry: null, quantity: drop.quantity }];
    return parts.map((part, i) => [
      i === 0 ? product : '',
      part.batch,
      part.expiry ? formatDay(part.expiry) : '—',
      formatUnits(part.quantity),
      price,
      pdfMoney(lineAmount(order.unitPrice, part.quantity)),
    ]);
  });
}

/** How the buyer pays: the method, and the seller's terms (with the credit period on credit). */
export function paymentLines(order: Order): [string, string][] {
  const lines: [string, string][] = [['Payment method', PAYMENT_METHOD_LABELS[order.paymentMethod]]];
  lines.push(['Payment terms', order.paymentTerms || '—']);
  if (order.creditTermDays !== null) lines.push(['Credit period', `${order.creditTermDays} days`]);
  return lines;
}

/** Where each drop goes: its address name, address, contact and units. */
export function dropLines(drops: Drop[]): string[] {
  return drops.map((d) => {
    const contact = [d.contactName, d.contactPhone].filter(Boolean).join(', ');
    return (
      `Drop ${d.sequence}, ${d.addressName}: ${d.address}. ` +
      `Contact: ${contact || 'not given'}. ${formatUnits(d.quantity)} units` +
      (d.status === 'Cancelled' ? ' (cancelled).' : '.')
    );
  });
}
