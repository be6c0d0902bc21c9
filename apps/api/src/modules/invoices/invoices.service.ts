import type { SessionUser } from '@aduro/shared/auth';
import { todayUtc } from '@aduro/shared/inventory';
import { INVOICE_MESSAGES, type Invoice } from '@aduro/shared/invoices';
import { toCedis, toPesewas } from '@aduro/shared/money';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { addToCreditBalance, lockCreditLineOfInvoice } from '../credit/credit.repository.ts';
import { findOrderDocumentFor } from '../orders/orders.repository.ts';
import { invoiceFileName, renderInvoice } from './invoice.pdf.ts';
import { listInvoices, lockInvoice, recordPayment } from './invoices.repository.ts';

function orgOf(user: SessionUser): string {
  if (!user.orgId) throw forbidden('OTHER_ORGANISATION', INVOICE_MESSAGES.otherBuyer);
  return user.orgId;
}

/** A customer's invoices as buyer, a supplier's as seller; the id naming the caller's side must be its own. */
export async function getInvoices(
  db: Db,
  user: SessionUser,
  query: { buyerId?: string; sellerId?: string; status?: string },
): Promise<Invoice[]> {
  const own = orgOf(user);
  const today = todayUtc();
  if (user.userType === 'customer') {
    if (query.buyerId !== undefined && query.buyerId !== own)
      throw forbidden('OTHER_ORGANISATION', INVOICE_MESSAGES.otherBuyer);
    return listInvoices(db, { buyerOrgId: own, sellerOrgId: query.sellerId, status: query.status, today });
  }
  if (query.sellerId !== undefined && query.sellerId !== own)
    throw forbidden('OTHER_ORGANISATION', INVOICE_MESSAGES.otherSeller);
  return listInvoices(db, { sellerOrgId: own, buyerOrgId: query.buyerId, status: query.status, today });
}

/**
 * The seller records money received against an invoice: at most what is due (400), never on a void or
 * settled one (409); on credit the payment also lowers the line's balance (invoices and credit, one
 * transaction). The credit line and then the invoice are locked (the documented order), so
 * concurrent payments queue and the line's balance stays what its credit invoices still owe. Records
 * payment.recorded for both sides.
 */
export async function payInvoice(
  db: Db,
  user: SessionUser,
  invoiceId: string,
  body: { amount: number; method: string; reference: string | null },
): Promise<Invoice> {
  const sellerOrgId = orgOf(user);
  await inTransaction(db, async (tx) => {
    await lockCreditLineOfInvoice(tx, invoiceId, sellerOrgId);
    const invoice = await lockInvoice(tx, invoiceId, sellerOrgId);
    if (!invoice) throw notFound('INVOICE_NOT_FOUND', INVOICE_MESSAGES.notFound);
    if (invoice.status === 'void') throw conflict('INVOICE_VOID', INVOICE_MESSAGES.void);
    if (invoice.status === 'paid') throw conflict('INVOICE_PAID', INVOICE_MESSAGES.paid);
    const due = toPesewas(invoice.amount) - toPesewas(invoice.amountPaid);
    const pesewas = toPesewas(body.amount);
    if (pesewas > due) {
      const message = INVOICE_MESSAGES.overDue(toCedis(due));
      throw badRequest(message, { amount: [message] }, 'PAYMENT_OVER_DUE');
    }
    const creditLineId = invoice.onCredit ? invoice.creditLineId : null;
    await recordPayment(tx, {
      invoiceId,
      pesewas,
      settled: pesewas === due,
      method: body.method,
      reference: body.reference,
      userId: user.id,
    });
    if (creditLineId) await addToCreditBalance(tx, creditLineId, -pesewas);
    await recordEvent(tx, {
      type: 'payment.recorded',
      orgIds: [invoice.buyerOrgId, sellerOrgId],
      refs: {
        buyerId: invoice.buyerOrgId,
        supplierId: sellerOrgId,
        invoiceId,
        ...(creditLineId ? { creditLineId } : {}),
      },
      actorUserId: user.id,
    });
  });
  const [invoice] = await listInvoices(db, { sellerOrgId, invoiceId, today: todayUtc() });
  return invoice!;
}

/**
 * The invoice as a PDF, for its buyer or its seller only (404 for anyone else, as if it did not exist):
 * the invoice read and its order read, both scoped to the caller's organisation.
 */
export async function getInvoicePdf(
  db: Db,
  user: SessionUser,
  invoiceId: string,
): Promise<{ fileName: string; content: Buffer }> {
  const orgId = orgOf(user);
  const today = todayUtc();
  const [invoice] = await listInvoices(db, { partyOrgId: orgId, invoiceId, today });
  if (!invoice) throw notFound('INVOICE_NOT_FOUND', INVOICE_MESSAGES.notFound);
  const document = await findOrderDocumentFor(db, invoice.order.id, orgId, today);
  if (!document) throw notFound('INVOICE_NOT_FOUND', INVOICE_MESSAGES.notFound);
  return { fileName: invoiceFileName(invoice), content: await renderInvoice(invoice, document) };
}
