import { z } from 'zod';
import { formatCedis, hasWholePesewas } from './money.ts';
import { pageQueryShape, pageSchema } from './pagination.ts';

// SPEC §5 "Credit request", §9.
export const CREDIT_REQUEST = { defaultLimit: 25_000, minimum: 1_000, step: 500 } as const;

export const CREDIT_MESSAGES = {
  submitted: 'Credit application submitted',
  approved: (limit: number) => `Credit line approved at ${formatCedis(limit)}`,
  rejected: 'Credit application rejected',
  selectSupplier: 'Select a supplier to continue',
  minimum: `Request at least ${formatCedis(CREDIT_REQUEST.minimum)}`,
  limitPositive: 'Enter a credit limit above GH₵0.00',
  cents: 'Amounts can have at most 2 decimals',
  pending: (supplier: string) => `You already have a pending credit application with ${supplier}.`,
  decided: 'This application has already been decided.',
  belowBalance: (balance: number) =>
    `The limit cannot be below what the customer owes now (${formatCedis(balance)}).`,
  notFound: 'Credit application not found',
  otherCustomer: 'You can only see or request credit for your own organisation.',
  otherSupplier: "You can only see your own organisation's credit applications.",
  inactiveSupplier: (supplier: string) =>
    `${supplier} is not active on Aduro right now, so it cannot extend credit.`,
  inactiveCustomer: (customer: string) => `${customer} is not active on Aduro right now, so it cannot trade.`,
  supplierNotFound: 'Supplier not found',
  reasonTooLong: 'Keep the reason to 500 characters or fewer',
} as const;

const money = (message: string) =>
  z
    .number({ error: message })
    .max(100_000_000, 'That amount is too large')
    .refine(hasWholePesewas, CREDIT_MESSAGES.cents);

export const creditLinesQuerySchema = z.object({
  customerId: z.string().uuid({ error: 'customerId must be an organisation id' }).optional(),
});

export const creditLineSchema = z
  .object({
    id: z.string(),
    supplier: z.object({ id: z.string(), name: z.string() }),
    limit: z.number(),
    balance: z.number(),
    /** limit - balance, 2 decimals. */
    available: z.number(),
    status: z.enum(['active', 'suspended']),
    dateSet: z.string(),
  })
  .meta({ id: 'CreditLine' });
export type CreditLine = z.infer<typeof creditLineSchema>;

/** POST /api/credit/applications and the request form (SPEC §3, §5). */
export const creditApplicationRequestSchema = z
  .object({
    supplierId: z
      .string({ error: CREDIT_MESSAGES.selectSupplier })
      .uuid({ error: CREDIT_MESSAGES.selectSupplier }),
    /** Must be the caller's organisation; omitted, it is. */
    customerId: z.string().uuid().optional(),
    requestedLimit: money(CREDIT_MESSAGES.minimum).min(CREDIT_REQUEST.minimum, CREDIT_MESSAGES.minimum),
    notes: z
      .string()
      .trim()
      .max(1000, 'Keep the notes under 1000 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .meta({ id: 'CreditApplicationRequest' });
export type CreditApplicationRequest = z.input<typeof creditApplicationRequestSchema>;

export const CREDIT_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CreditApplicationStatus = (typeof CREDIT_APPLICATION_STATUSES)[number];

const creditApplicationsFilterShape = {
  supplierId: z.string().uuid({ error: 'supplierId must be an organisation id' }).optional(),
  customerId: z.string().uuid({ error: 'customerId must be an organisation id' }).optional(),
  /** One status; all (or none) lists every application. */
  status: z
    .enum([...CREDIT_APPLICATION_STATUSES, 'all'], {
      error: 'status must be pending, approved, rejected or all',
    })
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
};
/** GET /api/credit/applications: every matching application (SPEC). */
export const creditApplicationsListQuerySchema = z.object(creditApplicationsFilterShape);
/** GET /api/credit/applications/page: the same filters with paging (decision 0014). */
export const creditApplicationsQuerySchema = z.object({
  ...creditApplicationsFilterShape,
  ...pageQueryShape,
});
export type CreditApplicationsQuery = z.output<typeof creditApplicationsQuerySchema>;

export const applicationIdParamsSchema = z.object({
  id: z.string().uuid({ error: CREDIT_MESSAGES.notFound }),
});

export const creditApplicationSchema = z
  .object({
    id: z.string(),
    customer: z.object({ id: z.string(), name: z.string() }),
    supplier: z.object({ id: z.string(), name: z.string() }),
    requestedLimit: z.number(),
    status: z.enum(CREDIT_APPLICATION_STATUSES),
    notes: z.string().nullable(),
    approvedLimit: z.number().nullable(),
    /** Why the supplier rejected it, when it said; null otherwise (and for every other status). */
    rejectionReason: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'CreditApplication' });
export type CreditApplication = z.infer<typeof creditApplicationSchema>;

export const creditApplicationsPageSchema = pageSchema(creditApplicationSchema, 'CreditApplicationsPage');

export const approveApplicationSchema = z
  .object({ limit: money(CREDIT_MESSAGES.limitPositive).gt(0, CREDIT_MESSAGES.limitPositive) })
  .meta({ id: 'ApproveCreditApplication' });

/** The longest rejection reason kept: a few sentences the buyer reads on its credit page. */
export const REJECTION_REASON_MAX = 500;

/**
 * POST /api/credit/applications/{id}/reject body, which may be left out (SPEC: no body). The reason is
 * optional: a supplier may decline without saying why; when it says, the buyer is told. Trimmed; a
 * blank one counts as none (`rejectionReasonOf`).
 */
export const rejectApplicationSchema = z
  .object({
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(REJECTION_REASON_MAX, CREDIT_MESSAGES.reasonTooLong)
      .nullish(),
  })
  .meta({ id: 'RejectCreditApplication' });
export type RejectApplicationInput = z.input<typeof rejectApplicationSchema>;

/** The reason a rejection keeps: the trimmed text, or null when none (or only blanks) was given. */
export const rejectionReasonOf = (body: { reason?: string | null } | null | undefined): string | null =>
  body?.reason?.trim() || null;

/** Risk bands of the score (higher is safer): low from 70, moderate from 40, else high. */
export type RiskBand = 'low' | 'moderate' | 'high';
export function riskBand(score: number): RiskBand {
  return score >= 70 ? 'low' : score >= 40 ? 'moderate' : 'high';
}
export const RISK_BAND_LABELS: Record<RiskBand, string> = {
  low: 'Low risk',
  moderate: 'Moderate risk',
  high: 'High risk',
};

/** GET /api/credit/applications/{id}/risk (SPEC §3 "Risk result", DOMAIN.md "Credit"). */
export const riskResultSchema = z
  .object({
    score: z.number().int().min(0).max(100),
    rationale: z.string(),
    exposure: z.number(),
    outstanding: z.number(),
    requested: z.number(),
    recommendedLimit: z.number().optional(),
  })
  .meta({ id: 'RiskResult' });
export type RiskResult = z.infer<typeof riskResultSchema>;
