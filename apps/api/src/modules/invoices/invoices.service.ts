import type { SessionUser } from '@aduro/shared/auth';
import { z } from 'zod';
import { isIsoDate, todayUtc } from '@aduro/shared/inventory';
import { INVOICE_MESSAGES, type Invoice, type InvoicesQuery } from '@aduro/shared/invoices';
import { isPaged, type Page } from '@aduro/shared/pagination';
import { toCedis, toPesewas } from '@aduro/shared/money';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { decodeCursor, pageLimit, toPage } from '../../lib/keyset.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { addToCreditBalance, lockCreditLineOfInvoice } from '../credit/credit.repository.ts';
import { invoicePdfFor } from './render-invoice.workflow.ts';
import {
  countInvoices,
  invoiceRank,
  listInvoices,
  lockInvoice,
  pageInvoices,
  recordPayment,
  type InvoiceFilters,
} from './invoices.repository.ts';

function orgOf(user: SessionUser): string {
  if (!user.orgId) throw forbidden('OTHER_ORGANISATION', INVOICE_MESSAGES.otherBuyer);
  return user.orgId;
}

/**
 * A customer's invoices as buyer, a supplier's as seller, filtered; the id naming the caller's side must
 * be its own. The whole list as an array, or a page of it when the query names limit or cursor.
 * Overloaded so each route gets its one shape: a query naming limit (GET .../page) answers the
 * page, one without the whole list (decision 0014).
 */
export function getInvoices(
  db: Db,
  user: SessionUser,
  query: InvoicesQuery & { limit: number },
): Promise<Page<Invoice>>;
export function getInvoices(
  db: Db,
  user: SessionUser,
  query: Omit<InvoicesQuery, 'cursor' | 'limit'>,
): Promise<Invoice[]>;
export async function getInvoices(
  db: Db,
  user: SessionUser,
  query: InvoicesQuery,
): Promise<Invoice[] | Page<Invoice>> {
  const own = orgOf(user);
  const { status, overdue, counterparty, from, to } = query;
  let filters: InvoiceFilters;
  const today = todayUtc();
  if (user.userType === 'customer') {
    if (query.buyerId !== undefined && query.buyerId !== own)
      throw forbidden('OTHER_ORGANISATION', INVOICE_MESSAGES.otherBuyer);
    filters = { buyerOrgId: own, sellerOrgId: query.sellerId, counterpartySide: 'seller', today };
  } else {
    if (query.sellerId !== undefined && query.sellerId !== own)
      throw forbidden('OTHER_ORGANISATION', INVOICE_MESSAGES.otherSeller);
    filters = { sellerOrgId: own, buyerOrgId: query.buyerId, counterpartySide: 'buyer', today };
  }
  filters = { ...filters, status, overdue, counterparty, from, to };
  if (!isPaged(query)) return listInvoices(db, filters);

  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, invoiceCursor);
  const limit = pageLimit(query);
  const [rows, total] = await Promise.all([
    pageInvoices(db, { ...filters, after, limit }),
    countInvoices(db, filters),
  ]);
  return toPage(
    rows,
    limit,
    total,
    (r) => [invoiceRank(r), r.dueDate, r.number],
    (r) => r,
  );
}

/**
 * A cursor of the invoices list: the last invoice's rank (0 overdue, 1 unpaid not yet due, 2 paid or
 * void), its due date (a real day) and its number.
 */
const invoiceCursor = z.tuple([
  z.union([z.literal(0), z.literal(1), z.literal(2)]),
  z.string().refine(isIsoDate),
  z.string().min(1).max(40),
]);

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
    // Credit notes settle part of an invoice as payments do (docs/domain.md "Returns").
    const due = toPesewas(invoice.amount) - toPesewas(invoice.amountPaid) - toPesewas(invoice.creditApplied);
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
  const pdf = await invoicePdfFor(db, orgOf(user), invoiceId);
  if (!pdf) throw notFound('INVOICE_NOT_FOUND', INVOICE_MESSAGES.notFound);
  return pdf;
}
