import { formatDay } from '@aduro/shared/format';
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
  type Column,
} from '../../lib/pdf.ts';
import type { PaymentNotice } from './receipt.repository.ts';

const COLUMNS: Column[] = [
  { header: 'Paid for', width: 2.6 },
  { header: 'Network', width: 1.8 },
  { header: 'Phone', width: 1.3 },
  { header: 'Amount', width: 1.5, align: 'right' },
];

/**
 * The phone as the receipt shows it: only the last 4 digits are ever kept. The bullet is in the PDF
 * standard fonts' encoding (WinAnsi), unlike the cedi sign, so it prints as the screens show it.
 */
export const maskedPhone = (last4: string) => `•••• ${last4}`;

/** "27 Nov 2026, 14:05": Ghana keeps UTC all year, so the stored instant is Accra's clock. */
const settledOn = (iso: string) => `${formatDay(iso)}, ${iso.slice(11, 16)}`;

/** "receipt-ADR-INV-2026-000123-K3J9QZ2M4P.pdf". */
export const receiptFileName = (reference: string) => `receipt-${reference}.pdf`;

/**
 * A settled mobile-money payment's receipt, in the layout of the invoice and the credit note: its
 * reference as the number, when it settled, the payee (the supplier) and the payer (the buyer), what
 * it paid for, the network and the phone's last digits, how the amount was split (to the invoice, held
 * as credit with the supplier when any) and what the invoice still owed after it.
 */
export async function renderReceipt(payment: PaymentNotice & { settledAt: string }): Promise<Buffer> {
  const doc = newDocument(`Payment receipt ${payment.reference}`);
  drawHeader(doc, {
    title: 'PAYMENT RECEIPT',
    number: payment.reference,
    facts: [
      ['Settled', settledOn(payment.settledAt)],
      ['Invoice', payment.invoiceNumber],
      ['Method', 'Mobile money'],
    ],
    parties: [
      { heading: 'Payee', ...payment.seller },
      { heading: 'Payer', ...payment.buyer },
    ],
  });
  drawTable(doc, COLUMNS, [
    [
      `Invoice ${payment.invoiceNumber}`,
      payment.providerName,
      maskedPhone(payment.phoneLast4),
      pdfMoney(payment.amount),
    ],
  ]);
  const held = payment.heldAsCredit ?? 0;
  drawTotals(doc, [
    { label: 'Applied to the invoice', amount: pdfMoney(payment.applied ?? 0) },
    ...(held > 0 ? [{ label: 'Held as credit with the seller', amount: pdfMoney(held) }] : []),
    { label: 'Amount paid', amount: pdfMoney(payment.amount), strong: true },
  ]);
  drawHeading(doc, 'Invoice');
  drawLines(doc, [
    [
      `Outstanding on invoice ${payment.invoiceNumber} after this payment`,
      pdfMoney(payment.outstandingAfter ?? 0),
    ],
    ...(held > 0
      ? ([
          [
            'Held as credit',
            `${pdfMoney(held)} was more than the invoice still owed, and is held as credit with ${payment.seller.name}`,
          ],
        ] as [string, string][])
      : []),
  ]);
  drawNote(
    doc,
    "Paid by mobile money through Paystack, and verified with Paystack before it was applied. This receipt's number is the payment's Paystack reference.",
  );
  return pdfBytes(doc);
}
