import { z } from 'zod';
import { formatCedis, hasWholePesewas } from './money.ts';

/** Payment method values (SPEC §3), in the order a buyer reads them. */
export const PAYMENT_METHODS = [
  'cash',
  'mobile_money',
  'digital_wallet',
  'credit_facility',
  'cheque',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  mobile_money: 'Mobile money',
  digital_wallet: 'Digital wallet',
  credit_facility: 'Credit facility',
  cheque: 'Cheque',
};

/** Methods a supplier lists itself; credit_facility follows from offering credit or a credit line. */
export const DIRECT_PAYMENT_METHODS = [
  'cash',
  'mobile_money',
  'digital_wallet',
  'cheque',
] as const satisfies readonly PaymentMethod[];

// --- Mobile money (issue 36): Paystack charges a buyer's wallet for an invoice -----------------------

export const MOBILE_MONEY_MESSAGES = {
  off: 'Mobile money payments are not set up on this Aduro. Pay the supplier directly, and they record it.',
  unavailable: 'Mobile money is not reachable right now. Nothing was charged; try again in a minute.',
  amount: 'Enter an amount above GH₵0.00',
  cents: 'Amounts can have at most 2 decimals',
  overDue: (due: number) => `Enter at most what is outstanding: ${formatCedis(due)}`,
  phone: 'Enter a Ghana mobile number, like 024 123 4567',
  provider: 'Choose your mobile money network',
  otp: 'Enter the code sent to your phone',
  notFound: 'Payment not found',
  notAwaitingOtp: 'This payment is not waiting for a code.',
  notSettled: 'This payment has not settled, so it has no receipt yet.',
  started: 'Payment started',
  settled: 'Payment received',
} as const;

/**
 * Where a payment attempt stands. From Paystack's charge: 'pending', 'pay_offline' (approve on the
 * phone) and 'send_otp' (a code is needed) are still open; 'success' is applied to the invoice, verified
 * with Paystack first; 'failed' and 'abandoned' took no money; 'flagged' means Paystack's verification
 * disagreed with the attempt (reference, amount, currency or status), so nothing was applied and an
 * operator must look.
 */
export const PAYMENT_ATTEMPT_STATUSES = [
  'pending',
  'pay_offline',
  'send_otp',
  'success',
  'failed',
  'abandoned',
  'flagged',
] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];
/** Still waiting on the buyer or on Paystack: the job verifies these after 10 minutes. */
export const OPEN_ATTEMPT_STATUSES = [
  'pending',
  'pay_offline',
  'send_otp',
] as const satisfies readonly PaymentAttemptStatus[];

export const PAYMENT_ATTEMPT_STATUS_LABELS: Record<PaymentAttemptStatus, string> = {
  pending: 'Processing',
  pay_offline: 'Approve on your phone',
  send_otp: 'Code needed',
  success: 'Paid',
  failed: 'Failed',
  abandoned: 'Not completed',
  flagged: 'Under review',
};

/**
 * A Ghana mobile number as a person types it ("024 123 4567", "+233 24 123 4567", "233241234567"),
 * read as the 10 digits Paystack's charge takes ("0241234567"): the network prefix and 7 digits.
 */
export function ghanaMobileNumber(typed: string): string | null {
  const digits = typed.replace(/[\s()-]/g, '');
  const m = /^(?:\+?233|0)([2-5]\d{8})$/.exec(digits);
  return m ? `0${m[1]}` : null;
}

/** GET /api/payments/mobile-money/providers: whether Pay is offered, and the networks (Paystack's list, cached). */
export const mobileMoneyProvidersSchema = z
  .object({
    /** False when PAYSTACK_SECRET_KEY is unset: no Pay button, payments are recorded by hand. */
    enabled: z.boolean(),
    providers: z.array(z.object({ code: z.string(), name: z.string() })),
  })
  .meta({ id: 'MobileMoneyProviders' });
export type MobileMoneyProviders = z.infer<typeof mobileMoneyProvidersSchema>;

/** POST /api/invoices/{id}/mobile-money. */
export const mobileMoneyChargeRequestSchema = z
  .object({
    amount: z
      .number({ error: MOBILE_MONEY_MESSAGES.amount })
      .gt(0, MOBILE_MONEY_MESSAGES.amount)
      .max(100_000_000, 'That amount is too large')
      .refine(hasWholePesewas, MOBILE_MONEY_MESSAGES.cents),
    /** Normalised to 0XXXXXXXXX; only its last 4 digits are kept once the charge is sent. */
    phone: z
      .string({ error: MOBILE_MONEY_MESSAGES.phone })
      .max(30, MOBILE_MONEY_MESSAGES.phone)
      .transform((v, ctx) => {
        const n = ghanaMobileNumber(v);
        if (n === null) {
          ctx.addIssue({ code: 'custom', message: MOBILE_MONEY_MESSAGES.phone });
          return z.NEVER;
        }
        return n;
      }),
    /** A code from the providers list (Paystack's, e.g. 'MTN'); checked against it on the server. */
    provider: z
      .string({ error: MOBILE_MONEY_MESSAGES.provider })
      .trim()
      .min(1, MOBILE_MONEY_MESSAGES.provider)
      .max(40, MOBILE_MONEY_MESSAGES.provider),
  })
  .meta({ id: 'MobileMoneyChargeRequest' });
export type MobileMoneyChargeRequest = z.input<typeof mobileMoneyChargeRequestSchema>;

/** POST /api/payments/{reference}/otp. */
export const paymentOtpRequestSchema = z
  .object({
    otp: z
      .string({ error: MOBILE_MONEY_MESSAGES.otp })
      .trim()
      .regex(/^\d{4,8}$/, MOBILE_MONEY_MESSAGES.otp),
  })
  .meta({ id: 'PaymentOtpRequest' });

/** A reference as Aduro makes them: letters, digits, '-', '.' and '=' (Paystack's rule), at most 100. */
export const paymentReferenceParamsSchema = z.object({
  reference: z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/, { error: MOBILE_MONEY_MESSAGES.notFound }),
});

/** One mobile-money payment attempt, as its buyer and the invoice's seller (manage_credit) read it. */
export const paymentAttemptSchema = z
  .object({
    id: z.string(),
    /** Unique; Paystack's idempotency key for the charge. */
    reference: z.string(),
    invoice: z.object({ id: z.string(), number: z.string() }),
    buyer: z.object({ id: z.string(), name: z.string() }),
    seller: z.object({ id: z.string(), name: z.string() }),
    amount: z.number(),
    status: z.enum(PAYMENT_ATTEMPT_STATUSES),
    /** The network's code and name, as Paystack listed it when the charge was made. */
    provider: z.object({ code: z.string(), name: z.string() }),
    /** The last 4 digits of the number charged; the rest is never kept. */
    phoneLast4: z.string(),
    /** Paystack's words for the buyer: "Please approve on your phone", the OTP prompt, why it failed. */
    message: z.string().nullable(),
    /** Once settled: what went to the invoice, and any excess held as credit with the supplier. */
    applied: z.number().nullable(),
    heldAsCredit: z.number().nullable(),
    /** What the invoice still owed right after this payment was applied. */
    outstandingAfter: z.number().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .meta({ id: 'PaymentAttempt' });
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

/** Credit a buyer holds with a supplier (returns beyond an invoice, payments beyond what was owed). */
export const supplierCreditSchema = z
  .object({
    buyer: z.object({ id: z.string(), name: z.string() }),
    seller: z.object({ id: z.string(), name: z.string() }),
    balance: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SupplierCredit' });
export type SupplierCredit = z.infer<typeof supplierCreditSchema>;
