import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { createdAt, money, updatedAt } from './columns.ts';
import { invoices, payments } from './invoices.ts';

/** packages/shared/src/payments.ts PAYMENT_ATTEMPT_STATUSES. */
export const paymentAttemptStatus = pgEnum('payment_attempt_status', [
  'pending',
  'pay_offline',
  'send_otp',
  'success',
  'failed',
  'abandoned',
  'flagged',
]);

/**
 * A buyer's mobile-money charge through Paystack against one invoice (issue 36). Written before Paystack
 * is called, so a charge never exists that Aduro does not know of; its reference is Paystack's
 * idempotency key. Only a verified success is applied, and only once: `payment_id` names the payments row
 * it created, unique, and `status = 'success'` needs the split of the amount written beside it.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    sellerOrgId: uuid('seller_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    initiatedByUserId: uuid('initiated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: money('amount').notNull(),
    providerCode: text('provider_code').notNull(),
    providerName: text('provider_name').notNull(),
    // The rest of the number is never stored: the receipt and the screens show only these digits.
    phoneLast4: text('phone_last4').notNull(),
    status: paymentAttemptStatus('status').notNull().default('pending'),
    /** Paystack's words for the buyer (display_text, the OTP prompt, gateway_response), or why it was flagged. */
    message: text('message'),
    /** Paystack's transaction id, once a verification named it. */
    paystackTransactionId: text('paystack_transaction_id'),
    paymentId: uuid('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    applied: money('applied'),
    heldAsCredit: money('held_as_credit'),
    outstandingAfter: money('outstanding_after'),
    /** The last time Paystack was asked how the charge stands (the job asks again after 10 minutes). */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_attempts_invoice_idx').on(t.invoiceId, t.createdAt),
    index('payment_attempts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'pay_offline', 'send_otp')`),
    check('payment_attempts_amount_positive', sql`${t.amount} > 0`),
    check('payment_attempts_reference_chars', sql`${t.reference} ~ '^[A-Za-z0-9.=-]{1,100}$'`),
    check('payment_attempts_phone_last4', sql`${t.phoneLast4} ~ '^[0-9]{4}$'`),
    // A settled attempt says where every pesewa went; an unsettled one moved none.
    check(
      'payment_attempts_settled_split',
      sql`(${t.status} = 'success') = (${t.settledAt} is not null)
          and (${t.status} <> 'success' or (${t.applied} is not null and ${t.heldAsCredit} is not null
               and ${t.outstandingAfter} is not null and ${t.applied} >= 0 and ${t.heldAsCredit} >= 0
               and ${t.applied} + ${t.heldAsCredit} = ${t.amount}
               and (${t.applied} = 0) = (${t.paymentId} is null)))
          and (${t.status} = 'success' or (${t.applied} is null and ${t.paymentId} is null))`,
    ),
  ],
);

/**
 * Every Paystack webhook whose signature held, kept once by `dedupe_key` (the event and Paystack's
 * transaction id, or the body's SHA-256 when the event names none): a replay, or the same call reaching
 * two replicas, inserts nothing the second time and so applies nothing twice.
 */
export const paystackEvents = pgTable(
  'paystack_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    event: text('event').notNull(),
    reference: text('reference'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('paystack_events_reference_idx').on(t.reference)],
);
