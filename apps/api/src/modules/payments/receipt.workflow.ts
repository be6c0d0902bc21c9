import type { Db } from '../../db/client.ts';
import { receiptFileName, renderReceipt } from './receipt.pdf.ts';
import { findPaymentForReceipt } from './receipt.repository.ts';

/**
 * A settled mobile-money payment's receipt as a PDF, for its buyer or its seller: null for any other
 * organisation, an unknown reference, or a payment that has not settled (no money was applied, so
 * there is nothing to receipt). What the receipt download answers, and what the settled payment's
 * e-mails attach when they are sent.
 */
export async function paymentReceiptFor(
  db: Db,
  orgId: string,
  reference: string,
): Promise<{ fileName: string; content: Buffer } | null> {
  const payment = await findPaymentForReceipt(db, orgId, reference);
  if (!payment || payment.status !== 'success' || payment.settledAt === null) return null;
  return {
    fileName: receiptFileName(payment.reference),
    content: await renderReceipt({ ...payment, settledAt: payment.settledAt }),
  };
}
