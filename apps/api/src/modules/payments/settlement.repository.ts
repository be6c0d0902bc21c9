import { sql } from 'drizzle-orm';
import type { PaymentAttemptStatus } from '@aduro/shared/payments';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';

/** What settling needs of an attempt: whose it is, how much, how it stands and how old it is. */
export interface SettlingAttempt extends Record<string, unknown> {
  id: string;
  reference: string;
  invoiceId: string;
  buyerOrgId: string;
  sellerOrgId: string;
  initiatedByUserId: string | null;
  amount: number;
  status: PaymentAttemptStatus;
  /** Older than `now` less 10 minutes: Paystack not knowing the reference by then means it never will. */
  pastTenMinutes: boolean;
  /** Older than `now` less 24 hours: a charge still open by then is given up locally. */
  pastADay: boolean;
}

const attemptColumns = (now: Date) => sql`
  id, reference, invoice_id as "invoiceId", buyer_org_id as "buyerOrgId", seller_org_id as "sellerOrgId",
  initiated_by_user_id as "initiatedByUserId", amount, status,
  created_at <= ${now.toISOString()}::timestamptz - interval '10 minutes' as "pastTenMinutes",
  created_at <= ${now.toISOString()}::timestamptz - interval '24 hours' as "pastADay"`;

/**
 * The attempt by its reference, unlocked: read before Paystack is asked, and to learn which invoice and
 * credit line to lock first. Not scoped to an organisation: the reference is the one Paystack (a webhook,
 * the sweep) names, and no caller's data is answered from it.
 */
export async function findAttemptByReference(db: Executor, reference: string, now: Date) {
  const rows = await queryRows<SettlingAttempt>(
    db,
    sql`select ${attemptColumns(now)} from payment_attempts where reference = ${reference}`,
  );
  return rows[0] ?? null;
}

/** The attempt, locked: taken after its invoice (docs/domain.md "Mobile money"). */
export async function lockAttempt(tx: Tx, id: string, now: Date) {
  const rows = await queryRows<SettlingAttempt>(
    tx,
    sql`select ${attemptColumns(now)} from payment_attempts where id = ${id} for update`,
  );
  return rows[0]!;
}

/** The verified attempt applied: where every pesewa went (the CHECK payment_attempts_settled_split). */
export async function markAttemptSettled(
  tx: Tx,
  id: string,
  s: {
    appliedPesewas: number;
    heldPesewas: number;
    outstandingAfterPesewas: number;
    paymentId: string | null;
    transactionId: string;
    message: string | null;
    at: Date;
  },
) {
  await tx.execute(sql`
    update payment_attempts set status = 'success', applied = ${s.appliedPesewas}::numeric / 100,
      held_as_credit = ${s.heldPesewas}::numeric / 100,
      outstanding_after = ${s.outstandingAfterPesewas}::numeric / 100, payment_id = ${s.paymentId}::uuid,
      paystack_transaction_id = ${s.transactionId}, message = coalesce(${s.message}, message),
      settled_at = now(), checked_at = ${s.at.toISOString()}::timestamptz, updated_at = now()
    where id = ${id}`);
}

/** The attempt ends without money applied: failed, abandoned, or flagged for an operator. */
export async function closeAttempt(
  tx: Tx,
  id: string,
  c: {
    status: 'failed' | 'abandoned' | 'flagged';
    message: string;
    transactionId: string | null;
    at: Date;
  },
) {
  await tx.execute(sql`
    update payment_attempts set status = ${c.status}, message = ${c.message},
      paystack_transaction_id = coalesce(${c.transactionId}, paystack_transaction_id),
      checked_at = ${c.at.toISOString()}::timestamptz, updated_at = now()
    where id = ${id}`);
}

/** Paystack was asked and the charge is still open: only when, so the sweep waits a minute to ask again. */
export async function markAttemptChecked(db: Executor, id: string, at: Date) {
  await db.execute(sql`
    update payment_attempts set checked_at = ${at.toISOString()}::timestamptz where id = ${id}`);
}

/**
 * Open attempts the sweep verifies: created 10 minutes or more before `now`, not asked about in the last
 * minute, oldest first (payment_attempts_open_idx). Across every organisation: this is the server's own
 * check, and each attempt is then settled by its reference alone.
 */
export async function openAttemptsToCheck(db: Executor, now: Date, limit: number) {
  const at = now.toISOString();
  return queryRows<{ reference: string }>(
    db,
    sql`select reference from payment_attempts
        where status in ('pending', 'pay_offline', 'send_otp')
          and created_at <= ${at}::timestamptz - interval '10 minutes'
          and (checked_at is null or checked_at <= ${at}::timestamptz - interval '1 minute')
        order by created_at, id
        limit ${limit}`,
  );
}

/**
 * Keeps a signed Paystack webhook once by its dedupe key; answers its id when this call stored it, null
 * when it was already there (a replay, or the same call reaching another replica first).
 */
export async function storePaystackEvent(
  tx: Tx,
  e: { dedupeKey: string; event: string; reference: string | null; payload: unknown },
) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into paystack_events (dedupe_key, event, reference, payload)
        values (${e.dedupeKey}, ${e.event}, ${e.reference}, ${JSON.stringify(e.payload)}::jsonb)
        on conflict (dedupe_key) do nothing
        returning id`,
  );
  return rows[0]?.id ?? null;
}
