import { z } from 'zod';
import { allocatedBatchSchema } from './inventory.ts';
import { PAYMENT_METHODS } from './payments.ts';
import { formatCedis, hasWholePesewas } from './money.ts';
import {
  filterDate,
  filterFlag,
  pageQueryShape,
  pageSchema,
  refineDateRange,
  searchText,
} from './pagination.ts';

export const INVOICE_MESSAGES = {
  recorded: 'Payment recorded',
  notFound: 'Invoice not found',
  void: 'This invoice is void, so it takes no payments.',
  paid: 'This invoice is already paid in full.',
  amount: 'Enter an amount above GH₵0.00',
  cents: 'Amounts can have at most 2 decimals',
  overDue: (due: number) => `Enter at most what is due: ${formatCedis(due)}`,
  method: 'Choose how the customer paid',
  future: 'The payment date cannot be in the future',
  otherBuyer: 'You can only see your own organisation’s invoices.',
  otherSeller: 'You can only see the invoices your organisation issued.',
} as const;

/** Real money only: a payment "on credit" would just move the debt. */
export const PAYMENT_RECORD_METHODS = PAYMENT_METHODS.filter((m) => m !== 'credit_facility');

const invoicesFilterShape = {
  buyerId: z.string().uuid({ error: 'buyerId must be an organisation id' }).optional(),
  sellerId: z.string().uuid({ error: 'sellerId must be an organisation id' }).optional(),
  /** overdue: unpaid past its due date (UTC day). */
  status: z.enum(['unpaid', 'overdue', 'paid', 'void']).optional(),
  /** true: unpaid past its due date; false: every other invoice. */
  overdue: filterFlag,
  /** The other party's name: the supplier for a buyer, the customer for a supplier. */
  counterparty: searchText,
  /** Issued on or after this day (UTC, which is Ghana's time). */
  from: filterDate,
  /** Issued on or before this day. */
  to: filterDate,
};
/** GET /api/invoices: the whole filtered list (SPEC). */
export const invoicesListQuerySchema = z.object(invoicesFilterShape).superRefine(refineDateRange);
/** GET /api/invoices/page: the same filters with paging (decision 0014). */
export const invoicesQuerySchema = z
  .object({ ...invoicesFilterShape, ...pageQueryShape })
  .superRefine(refineDateRange);
export type InvoicesQuery = z.output<typeof invoicesQuerySchema>;

export const invoiceIdParamsSchema = z.object({ id: z.string().uuid({ error: INVOICE_MESSAGES.notFound }) });

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    order: z.object({ id: z.string(), number: z.string(), productName: z.string() }),
    buyer: z.object({ id: z.string(), name: z.string() }),
    seller: z.object({ id: z.string(), name: z.string() }),
    amount: z.number(),
    amountPaid: z.number(),
    /** What credit notes (returns) took off the invoice, all together; never more than the amount. */
    credited: z.number(),
    /** amount - amountPaid - the part of `credited` that settled it (the rest is held as credit). */
    amountDue: z.number(),
    issuedAt: z.string(),
    /** YYYY-MM-DD */
    dueDate: z.string(),
    status: z.enum(['unpaid', 'paid', 'void']),
    overdue: z.boolean(),
    onCredit: z.boolean(),
    payments: z.number().int(),
    lastPaidAt: z.string().nullable(),
    /** Each drop's batches and expiries as allocated at approval, by drop sequence (cancelled drops left out). */
    drops: z.array(
      z.object({
        sequence: z.number().int(),
        addressName: z.string(),
        quantity: z.number().int(),
        batches: z.array(allocatedBatchSchema),
      }),
    ),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /api/invoices with limit or cursor (docs/domain.md "Lists"). */
export const invoicesPageSchema = pageSchema(invoiceSchema, 'InvoicesPage');

export const paymentRequestSchema = z
  .object({
    amount: z
      .number({ error: INVOICE_MESSAGES.amount })
      .gt(0, INVOICE_MESSAGES.amount)
      .max(100_000_000, 'That amount is too large')
      .refine(hasWholePesewas, INVOICE_MESSAGES.cents),
    method: z.enum(PAYMENT_RECORD_METHODS as [string, ...string[]], { error: INVOICE_MESSAGES.method }),
    reference: z
      .string()
      .trim()
      .max(120)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .meta({ id: 'PaymentRequest' });
export type PaymentRequest = z.input<typeof paymentRequestSchema>;
