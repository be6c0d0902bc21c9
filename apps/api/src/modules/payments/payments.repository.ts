import { sql, type SQL } from 'drizzle-orm';
import {
  OPEN_ATTEMPT_STATUSES,
  type PaymentAttempt,
  type PaymentAttemptStatus,
  type SupplierCredit,
} from '@aduro/shared/payments';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Which side of the attempts the caller reads: the buyer's customers, or the seller's credit staff. */
export type PaymentSide = { buyerOrgId: string } | { sellerOrgId: string };

const sideCondition = (side: PaymentSide) =>
  'buyerOrgId' in side
    ? sql`a.buyer_org_id = ${side.buyerOrgId}`
    : sql`a.seller_org_id = ${side.sellerOrgId}`;

// Open statuses as a SQL list, from the one constant, so "still open" means the same here as in the job.
const openStatuses = sql.join(
  OPEN_ATTEMPT_STATUSES.map((s) => sql`${s}::payment_attempt_status`),
  sql`, `,
);

const attemptSelect = sql`
  select a.id, a.reference,
         json_build_object('id', i.id, 'number', i.number) as invoice,
         json_build_object('id', b.id, 'name', b.name) as buyer,
         json_build_object('id', s.id, 'name', s.name) as seller,
         a.amount, a.status,
         json_build_object('code', a.provider_code, 'name', a.provider_name) as provider,
         a.phone_last4 as "phoneLast4", a.message, a.applied, a.held_as_credit as "heldAsCredit",
         a.outstanding_after as "outstandingAfter",
         ${iso(sql`a.created_at`)} as "createdAt", ${iso(sql`a.settled_at`)} as "settledAt"
  from payment_attempts a
  join invoices i on i.id = a.invoice_id
  join organizations b on b.id = a.buyer_org_id
  join organizations s on s.id = a.seller_org_id`;

/** One attempt by its reference, as the buyer or the seller reads it; null for anyone else's. */
export async function findAttempt(db: Executor, reference: string, side: PaymentSide) {
  const rows = await queryRows<PaymentAttempt>(
    db,
    sql`${attemptSelect} where a.reference = ${reference} and ${sideCondition(side)}`,
  );
  return rows[0] ?? null;
}

/** The attempts against one invoice, newest first (the id breaks ties of one instant), scoped to the side. */
export async function listInvoiceAttempts(db: Executor, invoiceId: string, side: PaymentSide) {
  return queryRows<PaymentAttempt>(
    db,
    sql`${attemptSelect} where a.invoice_id = ${invoiceId} and ${sideCondition(side)}
        order by a.created_at desc, a.id desc`,
  );
}

/** Whether the invoice exists for this side (its buyer or its seller), so an empty list is not a 404. */
export async function invoiceVisible(db: Executor, invoiceId: string, side: PaymentSide) {
  const rows = await queryRows<{ id: string }>(
    db,
    'buyerOrgId' in side
      ? sql`select id from invoices where id = ${invoiceId} and buyer_org_id = ${side.buyerOrgId}`
      : sql`select id from invoices where id = ${invoiceId} and seller_org_id = ${side.sellerOrgId}`,
  );
  return rows.length > 0;
}

/**
 * The buyer's invoice, held FOR SHARE while its attempt is written: a seller voiding it or a payment
 * settling it waits, so the outstanding amount checked is still the one when the attempt commits. A
 * share lock rather than FOR UPDATE because two charges of one invoice may start side by side; each is
 * checked against what is owed now, and settlement holds any excess as credit with the supplier.
 */
export async function lockBuyerInvoice(tx: Tx, invoiceId: string, buyerOrgId: string) {
  const rows = await queryRows<{
    id: string;
    number: string;
    sellerOrgId: string;
    amount: number;
    amountPaid: number;
    creditApplied: number;
    status: 'unpaid' | 'paid' | 'void';
  }>(
    tx,
    sql`select id, number, seller_org_id as "sellerOrgId", amount, amount_paid as "amountPaid",
               credit_applied as "creditApplied", status
        from invoices where id = ${invoiceId} and buyer_org_id = ${buyerOrgId} for share`,
  );
  return rows[0] ?? null;
}

/** Writes a new attempt, 'pending' until Paystack's charge answers; answers its id. */
export async function insertAttempt(
  tx: Tx,
  row: {
    reference: string;
    invoiceId: string;
    buyerOrgId: string;
    sellerOrgId: string;
    userId: string;
    amountPesewas: number;
    providerCode: string;
    providerName: string;
    phoneLast4: string;
  },
) {
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`insert into payment_attempts (reference, invoice_id, buyer_org_id, seller_org_id, initiated_by_user_id,
                                      amount, provider_code, provider_name, phone_last4)
        values (${row.reference}, ${row.invoiceId}, ${row.buyerOrgId}, ${row.sellerOrgId}, ${row.userId},
                ${row.amountPesewas}::numeric / 100, ${row.providerCode}, ${row.providerName}, ${row.phoneLast4})
        returning id`,
  );
  return inserted!;
}

/** The buyer's attempt, locked, with what the OTP step needs; null for anyone else's. */
export async function lockBuyerAttempt(tx: Tx, reference: string, buyerOrgId: string) {
  const rows = await queryRows<{ id: string; status: PaymentAttemptStatus }>(
    tx,
    sql`select id, status from payment_attempts
        where reference = ${reference} and buyer_org_id = ${buyerOrgId} for update`,
  );
  return rows[0] ?? null;
}

/**
 * What Paystack's charge (or OTP) answered, written only while the attempt is still open: a webhook or
 * the job may have settled or closed it meanwhile, and a late answer must not undo that. Answers
 * whether the row changed.
 */
export async function recordChargeAnswer(
  db: Executor,
  reference: string,
  answer: { status: PaymentAttemptStatus; message: string | null },
) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update payment_attempts set status = ${answer.status}, message = ${answer.message}, updated_at = now()
        where reference = ${reference} and status in (${openStatuses})
        returning id`,
  );
  return rows.length > 0;
}

/**
 * Credit buyers hold with suppliers, above zero: a customer's with each supplier (by the supplier's
 * name), or a supplier's with each customer (by the customer's name).
 */
export async function listSupplierCredits(db: Executor, side: PaymentSide) {
  const customer = 'buyerOrgId' in side;
  return queryRows<SupplierCredit>(
    db,
    sql`select json_build_object('id', b.id, 'name', b.name) as buyer,
               json_build_object('id', s.id, 'name', s.name) as seller,
               c.balance, ${iso(sql`c.updated_at`)} as "updatedAt"
        from supplier_credits c
        join organizations b on b.id = c.buyer_org_id
        join organizations s on s.id = c.seller_org_id
        where c.balance > 0
          and ${'buyerOrgId' in side ? sql`c.buyer_org_id = ${side.buyerOrgId}` : sql`c.seller_org_id = ${side.sellerOrgId}`}
        order by ${customer ? sql`s.name, s.id` : sql`b.name, b.id`}`,
  );
}
