import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '@aduro/shared/auth';
import { INVOICE_MESSAGES } from '@aduro/shared/invoices';
import { toCedis, toPesewas } from '@aduro/shared/money';
import {
  MOBILE_MONEY_MESSAGES,
  type MobileMoneyProviders,
  type PaymentAttempt,
  type PaymentAttemptStatus,
  type SupplierCredit,
} from '@aduro/shared/payments';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { PaystackUnavailableError, type ChargeResult, type PaystackClient } from './paystack.client.ts';
import { paymentReceiptFor } from './receipt.workflow.ts';
import { settleAttempt } from './settle-payment.workflow.ts';
import {
  findAttempt,
  insertAttempt,
  invoiceVisible,
  listInvoiceAttempts,
  listSupplierCredits,
  lockBuyerAttempt,
  lockBuyerInvoice,
  recordChargeAnswer,
  type PaymentSide,
} from './payments.repository.ts';

/** How long a caller is told to wait when Paystack could not be reached: its outages are rarely seconds. */
export const PAYSTACK_RETRY_SECONDS = 30;

/** Kept on an attempt whose charge never got an answer: the job verifies it with Paystack later. */
export const UNREACHED_MESSAGE = 'Paystack could not be reached; we will check this payment again.';

const paystackUnavailable = (message: string, details?: Record<string, string>) =>
  new AppError('PAYSTACK_UNAVAILABLE', message, { retryAfterSeconds: PAYSTACK_RETRY_SECONDS, details });

/** The caller's side of payments: the buying organisation, or the seller (manage_credit, the route checks). */
function sideOf(user: SessionUser): PaymentSide {
  if (!user.orgId) throw forbidden();
  if (user.userType === 'customer') return { buyerOrgId: user.orgId };
  if (user.userType === 'supplier') return { sellerOrgId: user.orgId };
  throw forbidden();
}

/** Only the buying organisation's customers pay. */
function buyerOf(user: SessionUser): string {
  const side = sideOf(user);
  if (!('buyerOrgId' in side)) throw forbidden();
  return side.buyerOrgId;
}

function paystackOf(paystack: PaystackClient | null): PaystackClient {
  if (!paystack) throw conflict('MOBILE_MONEY_OFF', MOBILE_MONEY_MESSAGES.off);
  return paystack;
}

/** Whether mobile money is offered, and Paystack's networks (its list, cached by the client). */
export async function getMobileMoneyProviders(
  paystack: PaystackClient | null,
): Promise<MobileMoneyProviders> {
  if (!paystack) return { enabled: false, providers: [] };
  try {
    return { enabled: true, providers: await paystack.mobileMoneyProviders() };
  } catch (err) {
    if (err instanceof PaystackUnavailableError) throw paystackUnavailable(MOBILE_MONEY_MESSAGES.unavailable);
    throw err;
  }
}

// Crockford's base32: no I, L, O or U, so a reference read aloud to support cannot be misheard.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** ADR-<invoice number>-<10 random base32 characters>: unique, and Paystack's idempotency key for the charge. */
export function newReference(invoiceNumber: string): string {
  let tail = '';
  for (let i = 0; i < 10; i++) tail += BASE32[randomInt(32)];
  return `ADR-${invoiceNumber}-${tail}`;
}

/** Paystack's charge answer as an attempt status: a 'success' is only a claim until settleAttempt verifies it. */
const statusOfCharge = (status: ChargeResult['status']): PaymentAttemptStatus =>
  status === 'success' ? 'pending' : status;

/**
 * After Paystack answered a charge or an OTP: keep its words on the attempt (unless a webhook or the
 * job already closed it), and when it says the money moved, verify and apply it at once so the buyer
 * sees "Paid" in the same answer. Paystack away at that moment leaves it to the webhook and the job.
 */
async function afterChargeAnswer(
  db: Db,
  paystack: PaystackClient,
  log: FastifyBaseLogger,
  reference: string,
  answer: ChargeResult,
) {
  await recordChargeAnswer(db, reference, { status: statusOfCharge(answer.status), message: answer.message });
  if (answer.status !== 'success') return;
  try {
    await settleAttempt(db, paystack, reference);
  } catch (err) {
    if (!(err instanceof PaystackUnavailableError)) throw err;
    log.warn({ reference }, 'Paystack could not verify a successful charge; the job settles it later');
  }
}

/** The attempt as its reader sees it, re-read after a change. */
async function readAttempt(db: Db, reference: string, side: PaymentSide): Promise<PaymentAttempt> {
  const attempt = await findAttempt(db, reference, side);
  if (!attempt) throw notFound('PAYMENT_NOT_FOUND', MOBILE_MONEY_MESSAGES.notFound);
  return attempt;
}

/**
 * The buyer pays (part of) an invoice from a mobile money wallet. The attempt is written and committed
 * before Paystack is called, so no charge exists that Aduro does not know of (a crash after the call
 * leaves an open attempt the job verifies). Checked under the invoice's share lock: the caller's
 * organisation is its buyer (404), it is neither void nor paid (409), the amount is at most what it
 * still owes (400). Paystack unreachable: the provider check answers 503 with nothing written; the
 * charge answers 503 with the attempt kept 'pending' for the job.
 */
export async function chargeInvoice(
  db: Db,
  paystackOrNull: PaystackClient | null,
  log: FastifyBaseLogger,
  user: SessionUser,
  invoiceId: string,
  body: { amount: number; phone: string; provider: string },
): Promise<PaymentAttempt> {
  const paystack = paystackOf(paystackOrNull);
  const buyerOrgId = buyerOf(user);

  const providers = await getMobileMoneyProviders(paystack);
  const provider = providers.providers.find((p) => p.code === body.provider);
  if (!provider) {
    const message = MOBILE_MONEY_MESSAGES.provider;
    throw badRequest(message, { provider: [message] }, 'UNKNOWN_PROVIDER');
  }

  const pesewas = toPesewas(body.amount);
  const { reference, invoiceNumber, attemptId } = await inTransaction(db, async (tx) => {
    const invoice = await lockBuyerInvoice(tx, invoiceId, buyerOrgId);
    if (!invoice) throw notFound('INVOICE_NOT_FOUND', INVOICE_MESSAGES.notFound);
    if (invoice.status === 'void') throw conflict('INVOICE_VOID', INVOICE_MESSAGES.void);
    if (invoice.status === 'paid') throw conflict('INVOICE_PAID', INVOICE_MESSAGES.paid);
    const due = toPesewas(invoice.amount) - toPesewas(invoice.amountPaid) - toPesewas(invoice.creditApplied);
    if (pesewas > due) {
      const message = MOBILE_MONEY_MESSAGES.overDue(toCedis(due));
      throw badRequest(message, { amount: [message] }, 'PAYMENT_OVER_DUE');
    }
    // A retry of the whole transaction (a deadlock) draws a new reference: none was sent anywhere yet.
    const ref = newReference(invoice.number);
    const { id } = await insertAttempt(tx, {
      reference: ref,
      invoiceId,
      buyerOrgId,
      sellerOrgId: invoice.sellerOrgId,
      userId: user.id,
      amountPesewas: pesewas,
      providerCode: provider.code,
      providerName: provider.name,
      phoneLast4: body.phone.slice(-4),
    });
    return { reference: ref, invoiceNumber: invoice.number, attemptId: id };
  });

  let answer: ChargeResult;
  try {
    answer = await paystack.charge({
      email: user.email,
      amountPesewas: pesewas,
      reference,
      phone: body.phone,
      provider: provider.code,
      metadata: { invoiceId, invoiceNumber, attemptId },
    });
  } catch (err) {
    if (!(err instanceof PaystackUnavailableError)) throw err;
    await recordChargeAnswer(db, reference, { status: 'pending', message: UNREACHED_MESSAGE });
    log.warn({ reference }, 'Paystack could not be reached for a charge; the attempt stays pending');
    throw paystackUnavailable(UNREACHED_MESSAGE, { reference });
  }
  await afterChargeAnswer(db, paystack, log, reference, answer);
  return readAttempt(db, reference, { buyerOrgId });
}

/**
 * The buyer sends the code Paystack asked for. Only an attempt waiting for one takes it (409 otherwise,
 * checked under the attempt's lock); Paystack is called after that lock is released, as the charge is.
 */
export async function submitPaymentOtp(
  db: Db,
  paystackOrNull: PaystackClient | null,
  log: FastifyBaseLogger,
  user: SessionUser,
  reference: string,
  otp: string,
): Promise<PaymentAttempt> {
  const paystack = paystackOf(paystackOrNull);
  const buyerOrgId = buyerOf(user);
  await inTransaction(db, async (tx) => {
    const attempt = await lockBuyerAttempt(tx, reference, buyerOrgId);
    if (!attempt) throw notFound('PAYMENT_NOT_FOUND', MOBILE_MONEY_MESSAGES.notFound);
    if (attempt.status !== 'send_otp')
      throw conflict('PAYMENT_NOT_AWAITING_OTP', MOBILE_MONEY_MESSAGES.notAwaitingOtp);
  });
  let answer: ChargeResult;
  try {
    answer = await paystack.submitOtp({ reference, otp });
  } catch (err) {
    if (!(err instanceof PaystackUnavailableError)) throw err;
    // The code may have reached Paystack before the answer was lost: the attempt stays as it was, and
    // the webhook or the job settles it if the money moved.
    throw paystackUnavailable(UNREACHED_MESSAGE, { reference });
  }
  await afterChargeAnswer(db, paystack, log, reference, answer);
  return readAttempt(db, reference, { buyerOrgId });
}

/** One attempt, for its buyer's customers or its seller's credit staff (404 for anyone else). */
export async function getPaymentAttempt(db: Db, user: SessionUser, reference: string) {
  return readAttempt(db, reference, sideOf(user));
}

/** The attempts against an invoice, newest first, for the invoice's readers (404 for an invoice not theirs). */
export async function getInvoiceAttempts(db: Db, user: SessionUser, invoiceId: string) {
  const side = sideOf(user);
  if (!(await invoiceVisible(db, invoiceId, side)))
    throw notFound('INVOICE_NOT_FOUND', INVOICE_MESSAGES.notFound);
  return listInvoiceAttempts(db, invoiceId, side);
}

/** The receipt of a settled attempt as a PDF: 404 for another's attempt, 409 until it has settled. */
export async function getPaymentReceipt(db: Db, user: SessionUser, reference: string) {
  const side = sideOf(user);
  const attempt = await findAttempt(db, reference, side);
  if (!attempt) throw notFound('PAYMENT_NOT_FOUND', MOBILE_MONEY_MESSAGES.notFound);
  if (attempt.status !== 'success') throw conflict('PAYMENT_NOT_SETTLED', MOBILE_MONEY_MESSAGES.notSettled);
  const pdf = await paymentReceiptFor(
    db,
    'buyerOrgId' in side ? side.buyerOrgId : side.sellerOrgId,
    reference,
  );
  // paymentReceiptFor refuses exactly what was just checked; a settled attempt never unsettles.
  if (!pdf) throw notFound('PAYMENT_NOT_FOUND', MOBILE_MONEY_MESSAGES.notFound);
  return pdf;
}

/** Credit held with suppliers: a customer's with each, or a supplier's customers' with it. */
export async function getSupplierCredits(db: Db, user: SessionUser): Promise<SupplierCredit[]> {
  return listSupplierCredits(db, sideOf(user));
}
