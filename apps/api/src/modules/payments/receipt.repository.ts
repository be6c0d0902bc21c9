import { sql, type SQL } from 'drizzle-orm';
import type { PaymentAttemptStatus } from '@aduro/shared/payments';
import { queryRows, type Executor } from '../../db/client.ts';

/*
 * What a mobile-money payment's receipt and its notices read: the attempt with the names, places and
 * phones of both parties and the invoice's number. The receipt is read for one of its two
 * organisations (scoped in SQL); the notices by the attempt's id, the notifications job deciding who
 * hears what.
 */

/** One side of the payment, as the receipt's header prints it. */
export interface ReceiptParty {
  id: string;
  name: string;
  location: string | null;
  phone: string | null;
}

/** A mobile-money payment attempt with everything its receipt and notices say. */
export interface PaymentNotice extends Record<string, unknown> {
  id: string;
  reference: string;
  status: PaymentAttemptStatus;
  invoiceId: string;
  invoiceNumber: string;
  buyer: ReceiptParty;
  seller: ReceiptParty;
  amount: number;
  providerCode: string;
  providerName: string;
  phoneLast4: string;
  /** Paystack's words (why it failed) or why it was flagged. */
  message: string | null;
  /** Null until settled (payment_attempts_settled_split). */
  applied: number | null;
  heldAsCredit: number | null;
  outstandingAfter: number | null;
  /** ISO 8601, UTC. */
  settledAt: string | null;
  createdAt: string;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const party = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'location', ${alias}.location, 'phone', ${alias}.phone)`,
  );

const SELECT = sql`
  select a.id, a.reference, a.status::text as status, a.invoice_id as "invoiceId", i.number as "invoiceNumber",
         ${party('b')} as buyer, ${party('s')} as seller,
         a.amount::float8 as amount, a.provider_code as "providerCode", a.provider_name as "providerName",
         a.phone_last4 as "phoneLast4", a.message,
         a.applied::float8 as applied, a.held_as_credit::float8 as "heldAsCredit",
         a.outstanding_after::float8 as "outstandingAfter",
         ${iso(sql`a.settled_at`)} as "settledAt", ${iso(sql`a.created_at`)} as "createdAt"
  from payment_attempts a
  join invoices i on i.id = a.invoice_id
  join organizations b on b.id = a.buyer_org_id
  join organizations s on s.id = a.seller_org_id`;

/** The attempt by its id, for the notifications of payment.settled and payment.failed; undefined when gone. */
export async function readPaymentForNotice(
  db: Executor,
  attemptId: string,
): Promise<PaymentNotice | undefined> {
  const [row] = await queryRows<PaymentNotice>(db, sql`${SELECT} where a.id = ${attemptId}`);
  return row;
}

/**
 * The attempt by its reference, for its buyer or its seller only (null for any other organisation, or
 * an unknown reference): what a receipt is printed from.
 */
export async function findPaymentForReceipt(
  db: Executor,
  orgId: string,
  reference: string,
): Promise<PaymentNotice | null> {
  const [row] = await queryRows<PaymentNotice>(
    db,
    sql`${SELECT} where a.reference = ${reference} and (a.buyer_org_id = ${orgId} or a.seller_org_id = ${orgId})`,
  );
  return row ?? null;
}
