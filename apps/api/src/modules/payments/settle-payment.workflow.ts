import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { formatCedis, toCedis, toPesewas } from '@aduro/shared/money';
import { OPEN_ATTEMPT_STATUSES, type PaymentAttemptStatus } from '@aduro/shared/payments';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { addToCreditBalance, lockCreditLineOfInvoice } from '../credit/credit.repository.ts';
import { recordEvent } from '../events/events.repository.ts';
import { lockInvoice, recordPayment } from '../invoices/invoices.repository.ts';
import { addSupplierCredit } from '../returns/inspection.repository.ts';
import { PaystackUnavailableError, type PaystackClient, type VerifyResult } from './paystack.client.ts';
import {
  closeAttempt,
  findAttemptByReference,
  lockAttempt,
  markAttemptChecked,
  markAttemptSettled,
  openAttemptsToCheck,
  storePaystackEvent,
  type SettlingAttempt,
} from './settlement.repository.ts';

/**
 * What settling an attempt came to: 'applied' (verified and applied now), 'already' (applied before),
 * 'open' (Paystack has not finished it), 'failed' / 'abandoned' (no money moved), 'flagged' (Paystack's
 * verification disagreed with the attempt; nothing applied, an operator looks), 'unknown' (no attempt
 * has that reference).
 */
export type SettleOutcome = 'applied' | 'already' | 'open' | 'failed' | 'abandoned' | 'flagged' | 'unknown';

export interface SettleOptions {
  /** The time the attempt's age is judged at (the sweep's); now unless given. */
  now?: Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

const isOpen = (status: PaymentAttemptStatus) =>
  (OPEN_ATTEMPT_STATUSES as readonly string[]).includes(status);

/** The verdict on Paystack's answer, decided before any lock is taken. */
type Verdict =
  | { kind: 'apply'; transactionId: string; message: string | null }
  | {
      kind: 'close';
      status: 'failed' | 'abandoned' | 'flagged';
      message: string;
      transactionId: string | null;
    }
  | { kind: 'open' };

/**
 * Reads Paystack's verification against the attempt (REFERENCES.md "Paystack": status, amount, currency
 * and reference must all agree before anything is credited).
 */
function judge(attempt: SettlingAttempt, verified: VerifyResult): Verdict {
  if (!verified.found) {
    // A charge Paystack never received (the call was lost before it arrived) is known not to exist
    // once 10 minutes have passed; before then it may still be on its way.
    return attempt.pastTenMinutes
      ? {
          kind: 'close',
          status: 'failed',
          message: 'Paystack has no record of this charge.',
          transactionId: null,
        }
      : { kind: 'open' };
  }
  if (verified.status === 'success') {
    const disagreements: string[] = [];
    if (verified.reference !== attempt.reference)
      disagreements.push(`reference ${verified.reference} (not ${attempt.reference})`);
    const expected = toPesewas(attempt.amount);
    if (verified.amountPesewas !== expected)
      disagreements.push(
        `amount ${formatCedis(toCedis(verified.amountPesewas))} (not ${formatCedis(attempt.amount)})`,
      );
    if (verified.currency !== 'GHS') disagreements.push(`currency ${verified.currency} (not GHS)`);
    if (disagreements.length > 0)
      return {
        kind: 'close',
        status: 'flagged',
        message: `Paystack's verification disagreed on the ${disagreements.join(', ')}; nothing was applied.`,
        transactionId: verified.transactionId,
      };
    return { kind: 'apply', transactionId: verified.transactionId, message: verified.gatewayResponse };
  }
  if (verified.status === 'failed' || verified.status === 'reversed')
    return {
      kind: 'close',
      status: 'failed',
      message: verified.gatewayResponse ?? 'The payment did not go through.',
      transactionId: verified.transactionId,
    };
  if (verified.status === 'abandoned')
    return {
      kind: 'close',
      status: 'abandoned',
      message: verified.gatewayResponse ?? 'The payment was not completed.',
      transactionId: verified.transactionId,
    };
  // ongoing, pending, processing, queued, and any status Paystack adds later: nothing is decided on a
  // word we do not know; the sweep asks again (and gives up locally after 24 hours).
  return { kind: 'open' };
}

/**
 * Verifies a mobile-money attempt with Paystack (outside any transaction: a slow Paystack holds no lock;
 * throws PaystackUnavailableError) and then, in one transaction under the documented locks (credit line
 * -> invoice -> attempt -> supplier_credits), applies it to its invoice or closes it. Safe to call any
 * number of times, at once too: an attempt is applied once, decided under its lock.
 */
export async function settleAttempt(
  db: Db,
  paystack: PaystackClient,
  reference: string,
  options: SettleOptions = {},
): Promise<SettleOutcome> {
  const now = options.now ?? new Date();
  const seen = await findAttemptByReference(db, reference, now);
  if (!seen) return 'unknown';
  if (seen.status === 'success') return 'already';
  // Flagged means a person must look: no later answer of Paystack's applies it by itself.
  if (seen.status === 'flagged') return 'flagged';

  const verdict = judge(seen, await paystack.verify(reference));

  if (verdict.kind === 'open') {
    await markAttemptChecked(db, seen.id, now);
    return 'open';
  }

  if (verdict.kind === 'close') {
    const outcome = await inTransaction(db, async (tx) => {
      const attempt = await lockAttempt(tx, seen.id, now);
      if (attempt.status === 'success') return 'already';
      if (attempt.status === 'flagged') return 'flagged';
      // A final status is never written over by a failure: only an open attempt closes (a flag, saying
      // money may be real, marks a failed or abandoned one too).
      if (!isOpen(attempt.status) && verdict.status !== 'flagged') {
        await markAttemptChecked(tx, attempt.id, now);
        return attempt.status === 'abandoned' ? 'abandoned' : 'failed';
      }
      await closeAttempt(tx, attempt.id, { ...verdict, at: now });
      await recordFailure(tx, attempt);
      return verdict.status;
    });
    if (outcome === 'flagged' && verdict.status === 'flagged')
      options.log?.warn(
        { reference, message: verdict.message },
        'mobile money: verification disagreed, flagged',
      );
    return outcome;
  }

  return inTransaction(db, async (tx) => {
    // The one lock order (docs/domain.md "Mobile money"), as a hand-recorded payment takes it.
    await lockCreditLineOfInvoice(tx, seen.invoiceId, seen.sellerOrgId);
    const invoice = await lockInvoice(tx, seen.invoiceId, seen.sellerOrgId);
    const attempt = await lockAttempt(tx, seen.id, now);
    if (attempt.status === 'success') return 'already';
    if (attempt.status === 'flagged') return 'flagged';
    // A failed or abandoned attempt Paystack now verifies as paid is applied: the money is real.
    const paid = toPesewas(attempt.amount);
    const owed =
      !invoice || invoice.status === 'void' || invoice.status === 'paid'
        ? 0
        : toPesewas(invoice.amount) - toPesewas(invoice.amountPaid) - toPesewas(invoice.creditApplied);
    const applied = Math.min(paid, Math.max(owed, 0));
    const held = paid - applied;
    let paymentId: string | null = null;
    const creditLineId = invoice?.onCredit ? invoice.creditLineId : null;
    if (applied > 0) {
      paymentId = await recordPayment(tx, {
        invoiceId: attempt.invoiceId,
        pesewas: applied,
        settled: applied === owed,
        method: 'mobile_money',
        reference: attempt.reference,
        userId: attempt.initiatedByUserId,
      });
      if (creditLineId) await addToCreditBalance(tx, creditLineId, -applied);
    }
    // What the invoice no longer owed stays the buyer's, as credit with the supplier.
    if (held > 0) await addSupplierCredit(tx, attempt.buyerOrgId, attempt.sellerOrgId, held);
    await markAttemptSettled(tx, attempt.id, {
      appliedPesewas: applied,
      heldPesewas: held,
      outstandingAfterPesewas: Math.max(owed, 0) - applied,
      paymentId,
      transactionId: verdict.transactionId,
      message: verdict.message,
      at: now,
    });
    await recordEvent(tx, {
      type: 'payment.settled',
      orgIds: [attempt.buyerOrgId, attempt.sellerOrgId],
      refs: {
        buyerId: attempt.buyerOrgId,
        supplierId: attempt.sellerOrgId,
        invoiceId: attempt.invoiceId,
        paymentId: attempt.id,
        ...(creditLineId && applied > 0 ? { creditLineId } : {}),
      },
      actorUserId: null,
    });
    return 'applied' as const;
  });
}

/** payment.failed, for the buyer only (events.ts). */
async function recordFailure(tx: Tx, attempt: SettlingAttempt) {
  await recordEvent(tx, {
    type: 'payment.failed',
    orgIds: [attempt.buyerOrgId],
    refs: {
      buyerId: attempt.buyerOrgId,
      supplierId: attempt.sellerOrgId,
      invoiceId: attempt.invoiceId,
      paymentId: attempt.id,
    },
    actorUserId: null,
  });
}

/** At most this many attempts are verified per sweep, so one run stays well inside a minute. */
export const SWEEP_LIMIT = 50;

export type SweepSummary = Partial<Record<SettleOutcome | 'expired', number>> & {
  /** Paystack could not be reached: the run stopped, the next one asks again. */
  unavailable?: boolean;
};

/**
 * The safety net behind the webhook: verifies, oldest first, the attempts still open 10 minutes after
 * they were made (not asked about in the last minute), and gives up locally on those still open after
 * 24 hours (abandoned, payment.failed). A later webhook or verification of a given-up attempt still
 * applies it: the money is real.
 */
export async function sweepOpenAttempts(
  db: Db,
  paystack: PaystackClient,
  now = new Date(),
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<SweepSummary> {
  const summary: SweepSummary = {};
  const count = (key: SettleOutcome | 'expired') => {
    summary[key] = (summary[key] ?? 0) + 1;
  };
  for (const { reference } of await openAttemptsToCheck(db, now, SWEEP_LIMIT)) {
    let outcome: SettleOutcome;
    try {
      outcome = await settleAttempt(db, paystack, reference, { now, log });
    } catch (err) {
      if (!(err instanceof PaystackUnavailableError)) throw err;
      // Every other attempt would wait its 10 s timeout too: the next minute's run asks again.
      summary.unavailable = true;
      break;
    }
    if (outcome === 'open' && (await expireIfADayOld(db, reference, now))) count('expired');
    else count(outcome);
  }
  return summary;
}

/** Gives up on an attempt still open 24 hours after it was made: abandoned, and the buyer told. */
async function expireIfADayOld(db: Db, reference: string, now: Date): Promise<boolean> {
  const seen = await findAttemptByReference(db, reference, now);
  if (!seen?.pastADay) return false;
  return inTransaction(db, async (tx) => {
    const attempt = await lockAttempt(tx, seen.id, now);
    if (!isOpen(attempt.status)) return false;
    await closeAttempt(tx, attempt.id, {
      status: 'abandoned',
      message: 'The payment was not completed within 24 hours.',
      transactionId: null,
      at: now,
    });
    await recordFailure(tx, attempt);
    return true;
  });
}

/** What a signed webhook carries that Aduro reads; the rest is kept as it came. */
export interface PaystackWebhook {
  event: string;
  data?: { id?: unknown; reference?: unknown } | null;
}

/**
 * Keeps a signed Paystack webhook once (its event and Paystack's transaction id, or the body's SHA-256
 * when it names none) and, for a newly kept charge.success, queues its settlement in the same
 * transaction: a replay, or the same call reaching a second replica, stores and queues nothing. Answers
 * whether this call stored it.
 */
export async function receivePaystackEvent(
  db: Db,
  webhook: PaystackWebhook,
  rawBody: Buffer,
  queueSettlement: (tx: Tx, reference: string) => Promise<unknown>,
): Promise<boolean> {
  const transactionId = webhook.data?.id;
  const reference = typeof webhook.data?.reference === 'string' ? webhook.data.reference : null;
  const dedupeKey =
    typeof transactionId === 'string' || typeof transactionId === 'number'
      ? `${webhook.event}:${transactionId}`
      : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  return inTransaction(db, async (tx) => {
    const id = await storePaystackEvent(tx, { dedupeKey, event: webhook.event, reference, payload: webhook });
    if (id === null) return false;
    if (webhook.event === 'charge.success' && reference !== null) await queueSettlement(tx, reference);
    return true;
  });
}
