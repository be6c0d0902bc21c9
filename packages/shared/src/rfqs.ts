import { z } from 'zod';
import { optionalText, requiredId } from './fields.ts';
import { isIsoDate } from './calendar.ts';
import { hasWholePesewas } from './money.ts';
import { minShelfLifeDaysSchema } from './orders.ts';
import { pageQueryShape, pageSchema } from './pagination.ts';

/**
 * Requests for quotation (docs/domain.md "Requests for quotation"): a pharmacy asks several suppliers at
 * once for a price on one or more products, the suppliers quote until the deadline, sealed quotes open
 * when it passes (or the buyer closes early), and the buyer awards quote lines, one line possibly split
 * across suppliers, into orders drafted at the quoted prices.
 */

/**
 * The RFQ's life. `open` takes quotes until its responseDeadline; `closed` opened its quotes to the buyer
 * (the deadline passed or the buyer closed it early); `awarded` drafted its orders; `cancelled` ended it
 * unawarded. An RFQ whose deadline has passed answers `closed` even before the job has closed it.
 */
export const RFQ_STATUSES = ['open', 'closed', 'awarded', 'cancelled'] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
export const RFQ_STATUS_LABELS: Record<RfqStatus, string> = {
  open: 'Open for quotes',
  closed: 'Quotes opened',
  awarded: 'Awarded',
  cancelled: 'Cancelled',
};

/**
 * An invited supplier's answer: not yet (`invited`), a quote standing (`quoted`), `declined`, or a quote
 * taken back (`withdrawn`). Before the deadline a supplier may quote again after declining or withdrawing.
 */
export const RFQ_INVITATION_STATUSES = ['invited', 'quoted', 'declined', 'withdrawn'] as const;
export type RfqInvitationStatus = (typeof RFQ_INVITATION_STATUSES)[number];
export const RFQ_INVITATION_LABELS: Record<RfqInvitationStatus, string> = {
  invited: 'Awaiting a quote',
  quoted: 'Quoted',
  declined: 'Declined',
  withdrawn: 'Quote withdrawn',
};

/** The deadline must leave suppliers at least this long to answer. */
export const RFQ_MIN_RESPONSE_HOURS = 1;
/** Invited suppliers are reminded this long before the deadline. */
export const RFQ_REMINDER_HOURS = 24;
export const RFQ_MAX_LINES = 50;
export const RFQ_MAX_INVITED = 50;

export const RFQ_MESSAGES = {
  notFound: 'Request for quotation not found',
  linesRequired: 'Add at least one product to ask for',
  tooManyLines: `At most ${RFQ_MAX_LINES} products per request`,
  productRequired: 'Choose the product',
  productTwice: 'This product is already on the request',
  quantity: 'Quantity must be a whole number of at least 1',
  quantityTooLarge: 'Quantity is too large',
  requiredBy: 'Give the day you need the goods by, written YYYY-MM-DD',
  requiredBeforeDeadline: 'The goods cannot be needed before the quotes are due',
  deadline: 'Give the deadline for quotes as a date and time',
  deadlineTooSoon: `Give suppliers at least ${RFQ_MIN_RESPONSE_HOURS} hour to quote`,
  deliveryLocation: 'Say where the goods are to be delivered',
  deliveryLocationTooLong: 'Keep the delivery location under 300 characters',
  notesTooLong: 'Keep the notes under 2,000 characters',
  invite: 'Invite every supplier offering the products, or choose at least one supplier',
  tooManyInvited: `Invite at most ${RFQ_MAX_INVITED} suppliers`,
  noSuppliers: 'No active supplier offers any of these products: choose suppliers to invite',
  /** An invited id that names no active supplier. */
  unknownSupplier: 'No active supplier has this identifier',
  created: (number: string, invited: number) =>
    `${number} sent to ${invited} ${invited === 1 ? 'supplier' : 'suppliers'}`,

  // Quoting.
  quoteLinesRequired: 'Quote at least one line',
  unknownLine: 'This line is not on the request',
  lineTwice: 'This line is already quoted above',
  unitPrice: 'Unit price must be above 0 with at most 2 decimals',
  unitPriceTooLarge: 'Unit price is too large',
  quoteQuantity: 'Quantity must be a whole number of at least 1',
  quoteQuantityOverRequest: (requested: number) =>
    `Quote at most the ${requested} ${requested === 1 ? 'unit' : 'units'} asked for`,
  leadTime: 'Lead time must be a whole number of days from 0 to 365',
  earliestExpiry: 'Give the earliest expiry as a date written YYYY-MM-DD',
  validUntil: 'Give the day the quote holds until, written YYYY-MM-DD',
  validUntilPast: 'The quote must hold at least until the quotes are due',
  paymentTerms: 'Say on what payment terms you quote (e.g. Prepaid, Net 30)',
  paymentTermsTooLong: 'Keep the payment terms under 120 characters',
  quoted: (number: string) => `Quote sent on ${number}`,
  declined: (number: string) => `Declined ${number}`,
  withdrawn: (number: string) => `Quote on ${number} withdrawn`,
  noQuote: 'You have no quote on this request to withdraw',
  /** Quoting, declining or withdrawing once quoting has ended. */
  closed: (number: string) => `${number} is closed: quotes are no longer taken`,

  // The buyer's steps.
  closedEarly: (number: string) => `${number} closed: the quotes are open`,
  notOpen: (number: string, status: string) => `${number} is ${status.toLowerCase()}, not open for quotes`,
  stillOpen: (number: string) =>
    `${number} is still open for quotes: close it, or wait for the deadline, before awarding`,
  alreadyAwarded: (number: string) => `${number} was already awarded`,
  cancelledAlready: (number: string) => `${number} was cancelled`,
  cancelled: (number: string) => `${number} cancelled`,
  reasonTooLong: 'Keep the reason under 1,000 characters',
  awardsRequired: 'Award at least one quote line',
  awardLineTwice: 'This quote line is already awarded above',
  awardUnknownLine: 'This quote line is not a quote on this request',
  awardQuantity: 'Award a whole number of units, at least 1',
  /** 409 QUOTE_EXPIRED. */
  quoteExpired: (supplier: string, validUntil: string) =>
    `${supplier}'s quote held until ${validUntil}: it can no longer be awarded`,
  /** 409 AWARD_EXCEEDS_QUOTE. */
  exceedsQuote: (supplier: string, product: string, quoted: number, asked: number) =>
    `${supplier} quoted ${quoted} ${quoted === 1 ? 'unit' : 'units'} of ${product}; ${asked} cannot be awarded`,
  /** 409 AWARD_EXCEEDS_REQUEST. */
  exceedsRequest: (product: string, requested: number, asked: number) =>
    `The request asks for ${requested} ${requested === 1 ? 'unit' : 'units'} of ${product}; ${asked} were awarded`,
  awarded: (number: string, orders: number) =>
    `${number} awarded: ${orders} ${orders === 1 ? 'order' : 'orders'} drafted for your approval`,
} as const;

/** A quote line's earliest expiry before today: 400 on lines.<i>.earliestExpiry. */
export const RFQ_EARLIEST_EXPIRY_PAST = 'The earliest expiry cannot be before today';

export const rfqIdParamsSchema = z.object({ id: z.string().uuid({ error: RFQ_MESSAGES.notFound }) });

const isoDay = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isIsoDate(v), message)
    .meta({ format: 'date' });

const quantity = z
  .number({ error: RFQ_MESSAGES.quantity })
  .int(RFQ_MESSAGES.quantity)
  .min(1, RFQ_MESSAGES.quantity)
  .max(10_000_000, RFQ_MESSAGES.quantityTooLarge);

/**
 * POST /api/rfqs. The deadline is an instant (ISO 8601 with its offset); at least an hour ahead and
 * requiredBy not before its day are checked by the server against its clock (400, fieldErrors).
 * minShelfLifeDays omitted: the buyer organisation's default, as for orders.
 */
export const rfqCreateSchema = z
  .object({
    lines: z
      .array(
        z.object({
          productId: requiredId(RFQ_MESSAGES.productRequired),
          quantity,
        }),
        { error: RFQ_MESSAGES.linesRequired },
      )
      .min(1, RFQ_MESSAGES.linesRequired)
      .max(RFQ_MAX_LINES, RFQ_MESSAGES.tooManyLines)
      .superRefine((lines, ctx) => {
        const seen = new Set<string>();
        lines.forEach((line, i) => {
          const key = line.productId.toLowerCase();
          if (seen.has(key))
            ctx.addIssue({ code: 'custom', path: [i, 'productId'], message: RFQ_MESSAGES.productTwice });
          seen.add(key);
        });
      }),
    requiredBy: isoDay(RFQ_MESSAGES.requiredBy),
    responseDeadline: z
      .string({ error: RFQ_MESSAGES.deadline })
      .trim()
      .pipe(z.iso.datetime({ offset: true, error: RFQ_MESSAGES.deadline })),
    deliveryLocation: z
      .string({ error: RFQ_MESSAGES.deliveryLocation })
      .trim()
      .min(3, RFQ_MESSAGES.deliveryLocation)
      .max(300, RFQ_MESSAGES.deliveryLocationTooLong),
    notes: optionalText(2000, RFQ_MESSAGES.notesTooLong),
    minShelfLifeDays: minShelfLifeDaysSchema.optional(),
    /** 'all': every active supplier offering any line's product (unexpired, unquarantined stock). */
    invite: z.union([
      z.literal('all', { error: RFQ_MESSAGES.invite }),
      z
        .array(requiredId(RFQ_MESSAGES.unknownSupplier), { error: RFQ_MESSAGES.invite })
        .min(1, RFQ_MESSAGES.invite)
        .max(RFQ_MAX_INVITED, RFQ_MESSAGES.tooManyInvited)
        .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    ]),
    /** Sealed (the default): the buyer sees no quote, and no supplier's answer, until the RFQ closes. */
    sealed: z.boolean().default(true),
  })
  .meta({ id: 'RfqRequest' });
export type RfqCreateInput = z.input<typeof rfqCreateSchema>;
export type RfqCreate = z.output<typeof rfqCreateSchema>;

export const rfqCreatedSchema = z
  .object({
    id: z.uuid(),
    /** RFQ-YYYY-NNNNNN, unique across the platform. */
    number: z.string(),
    status: z.literal('open'),
    /** How many suppliers were invited (with invite 'all', how many offer the products). */
    invitedCount: z.number().int().positive(),
  })
  .meta({ id: 'RfqCreated' });
export type RfqCreated = z.infer<typeof rfqCreatedSchema>;

const party = z.object({ id: z.uuid(), name: z.string() });
const productRef = z.object({ id: z.uuid(), name: z.string(), gtin: z.string().nullable() });

export const rfqLineSchema = z
  .object({
    id: z.uuid(),
    /** 1, 2, ... in the order the buyer listed them. */
    lineNo: z.number().int().positive(),
    product: productRef,
    quantity: z.number().int().positive(),
  })
  .meta({ id: 'RfqLine' });
export type RfqLine = z.infer<typeof rfqLineSchema>;

/** How the invited suppliers have answered, without saying who: what a sealed RFQ shows while open. */
export const rfqResponseCountsSchema = z.object({
  invited: z.number().int().nonnegative(),
  quoted: z.number().int().nonnegative(),
  declined: z.number().int().nonnegative(),
});
export type RfqResponseCounts = z.infer<typeof rfqResponseCountsSchema>;

/** A row of GET /api/rfqs. */
export const rfqSummarySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.enum(RFQ_STATUSES),
    sealed: z.boolean(),
    buyer: party,
    /** The products asked for, in line order. */
    lines: z.array(rfqLineSchema),
    requiredBy: z.string(),
    /** ISO 8601 instant. */
    responseDeadline: z.string(),
    createdAt: z.string(),
    /** When quoting ended (deadline or early close); null while open or when cancelled while open. */
    closedAt: z.string().nullable(),
    /** The buyer's view: how the invited suppliers answered. Null for a supplier, which never learns of the others. */
    responses: rfqResponseCountsSchema.nullable(),
    /** A supplier's view: its own answer. Null for the buyer. */
    myStatus: z.enum(RFQ_INVITATION_STATUSES).nullable(),
    /**
     * A supplier's view: the units awarded to it (0 when awarded to others or not yet awarded), so its
     * list tells won from lost without reading each request. Null for the buyer.
     */
    myAwardedUnits: z.number().int().nonnegative().nullable(),
  })
  .meta({ id: 'RfqSummary' });
export type RfqSummary = z.infer<typeof rfqSummarySchema>;

/** GET /api/rfqs: a page, newest first; `status` narrows it (several apart by commas). */
export const rfqsQuerySchema = z.object({
  ...pageQueryShape,
  status: z
    .string()
    .trim()
    .regex(/^(?:(?:open|closed|awarded|cancelled)(?:,(?:open|closed|awarded|cancelled))*)?$/, {
      error: 'status must be open, closed, awarded or cancelled, apart by commas',
    })
    .optional()
    .transform((v) => (v ? (v.split(',') as RfqStatus[]) : undefined)),
});
export type RfqsQuery = z.output<typeof rfqsQuerySchema>;
export const rfqsPageSchema = pageSchema(rfqSummarySchema, 'RfqsPage');
export type RfqsPage = z.infer<typeof rfqsPageSchema>;

export const rfqQuoteLineSchema = z
  .object({
    id: z.uuid(),
    rfqLineId: z.uuid(),
    unitPrice: z.number(),
    quantity: z.number().int().positive(),
    leadTimeDays: z.number().int().nonnegative(),
    /** The earliest expiry of the units the supplier would deliver; null when not stated. */
    earliestExpiry: z.string().nullable(),
    /** unitPrice × quantity. */
    total: z.number(),
  })
  .meta({ id: 'RfqQuoteLine' });

export const rfqQuoteSchema = z
  .object({
    id: z.uuid(),
    supplier: party,
    validUntil: z.string(),
    /** validUntil is before today: the quote can no longer be awarded. */
    expired: z.boolean(),
    paymentTerms: z.string(),
    notes: z.string().nullable(),
    submittedAt: z.string(),
    updatedAt: z.string(),
    lines: z.array(rfqQuoteLineSchema),
  })
  .meta({ id: 'RfqQuote' });
export type RfqQuote = z.infer<typeof rfqQuoteSchema>;

/**
 * One quote on one line, as the comparison shows it. Quotes deliver to the RFQ's location, so the unit
 * price is the landed unit cost; `landedCost` is what landing the quoted units costs (unit × quantity).
 */
export const rfqComparedQuoteSchema = z.object({
  quoteId: z.uuid(),
  quoteLineId: z.uuid(),
  supplier: party,
  unitPrice: z.number(),
  quantity: z.number().int().positive(),
  /** The quoted units' cost, unitPrice × quantity. */
  total: z.number(),
  landedCost: z.number(),
  leadTimeDays: z.number().int().nonnegative(),
  earliestExpiry: z.string().nullable(),
  /** earliestExpiry on or after requiredBy + minShelfLifeDays; null when the supplier did not state it. */
  meetsShelfLife: z.boolean().nullable(),
  paymentTerms: z.string(),
  validUntil: z.string(),
  expired: z.boolean(),
  /** What the buyer's credit line with this supplier has available; null without an active line. */
  creditAvailable: z.number().nullable(),
  /** 1 is the best: by landed unit cost among the awardable, then lead time, then later expiry. */
  rank: z.number().int().positive(),
  best: z.boolean(),
});
export type RfqComparedQuote = z.infer<typeof rfqComparedQuoteSchema>;

export const rfqComparisonLineSchema = z
  .object({
    rfqLineId: z.uuid(),
    product: productRef,
    quantity: z.number().int().positive(),
    quotes: z.array(rfqComparedQuoteSchema),
  })
  .meta({ id: 'RfqComparisonLine' });
export type RfqComparisonLine = z.infer<typeof rfqComparisonLineSchema>;

export const rfqAwardSchema = z
  .object({
    quoteLineId: z.uuid(),
    rfqLineId: z.uuid(),
    supplier: party,
    product: z.object({ id: z.uuid(), name: z.string() }),
    quantity: z.number().int().positive(),
    unitPrice: z.number(),
    total: z.number(),
    order: z.object({ id: z.uuid(), number: z.string() }),
  })
  .meta({ id: 'RfqAward' });
export type RfqAward = z.infer<typeof rfqAwardSchema>;

export const rfqInvitationSchema = z.object({
  supplier: party,
  /** Null while a sealed RFQ is open: the buyer sees only the counts. */
  status: z.enum(RFQ_INVITATION_STATUSES).nullable(),
  respondedAt: z.string().nullable(),
  /** A decline's reason as the supplier gave it; null while sealed and open. */
  declineReason: z.string().nullable(),
});

/**
 * GET /api/rfqs/{id}. The buyer sees the invited suppliers, and their answers and quotes once the RFQ is
 * closed (or at once when unsealed); a supplier sees the request, its own answer, quote and awards, and
 * nothing of any other supplier, before or after.
 */
export const rfqDetailSchema = rfqSummarySchema
  .extend({
    deliveryLocation: z.string(),
    notes: z.string().nullable(),
    minShelfLifeDays: z.number().int().nonnegative(),
    createdBy: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
    awardedAt: z.string().nullable(),
    /** The buyer's view; null for a supplier. */
    invitations: z.array(rfqInvitationSchema).nullable(),
    /** The buyer's view once quotes are open (closed, awarded, or unsealed); else null. */
    quotes: z.array(rfqQuoteSchema).nullable(),
    /** The buyer's side-by-side view, line by line, once quotes are open; else null. */
    comparison: z.array(rfqComparisonLineSchema).nullable(),
    /** A supplier's own quote (null without one); null for the buyer. */
    myQuote: rfqQuoteSchema.nullable(),
    /** A supplier's decline reason; null otherwise. */
    myDeclineReason: z.string().nullable(),
    /** The buyer: every award. A supplier: its own (none means it did not win). */
    awards: z.array(rfqAwardSchema),
    /** The caller may quote, decline or withdraw now (a supplier, open, before the deadline). */
    canRespond: z.boolean(),
  })
  .meta({ id: 'RfqDetail' });
export type RfqDetail = z.infer<typeof rfqDetailSchema>;

/** PUT /api/rfqs/{id}/quote: the supplier's one quote, replacing the one it had. */
export const rfqQuoteInputSchema = z
  .object({
    lines: z
      .array(
        z.object({
          rfqLineId: requiredId(RFQ_MESSAGES.unknownLine),
          unitPrice: z
            .number({ error: RFQ_MESSAGES.unitPrice })
            .positive(RFQ_MESSAGES.unitPrice)
            .max(10_000_000, RFQ_MESSAGES.unitPriceTooLarge)
            .refine(hasWholePesewas, RFQ_MESSAGES.unitPrice),
          quantity: z
            .number({ error: RFQ_MESSAGES.quoteQuantity })
            .int(RFQ_MESSAGES.quoteQuantity)
            .min(1, RFQ_MESSAGES.quoteQuantity)
            .max(10_000_000, RFQ_MESSAGES.quantityTooLarge),
          leadTimeDays: z
            .number({ error: RFQ_MESSAGES.leadTime })
            .int(RFQ_MESSAGES.leadTime)
            .min(0, RFQ_MESSAGES.leadTime)
            .max(365, RFQ_MESSAGES.leadTime),
          earliestExpiry: z
            .string()
            .trim()
            .nullish()
            .transform((v) => (v ? v : null))
            .refine((v) => v === null || isIsoDate(v), RFQ_MESSAGES.earliestExpiry),
        }),
        { error: RFQ_MESSAGES.quoteLinesRequired },
      )
      .min(1, RFQ_MESSAGES.quoteLinesRequired)
      .max(RFQ_MAX_LINES, RFQ_MESSAGES.tooManyLines)
      .superRefine((lines, ctx) => {
        const seen = new Set<string>();
        lines.forEach((line, i) => {
          const key = line.rfqLineId.toLowerCase();
          if (seen.has(key))
            ctx.addIssue({ code: 'custom', path: [i, 'rfqLineId'], message: RFQ_MESSAGES.lineTwice });
          seen.add(key);
        });
      }),
    validUntil: isoDay(RFQ_MESSAGES.validUntil),
    paymentTerms: z
      .string({ error: RFQ_MESSAGES.paymentTerms })
      .trim()
      .min(1, RFQ_MESSAGES.paymentTerms)
      .max(120, RFQ_MESSAGES.paymentTermsTooLong),
    notes: optionalText(2000, RFQ_MESSAGES.notesTooLong),
  })
  .meta({ id: 'RfqQuoteRequest' });
export type RfqQuoteInput = z.input<typeof rfqQuoteInputSchema>;
export type RfqQuoteBody = z.output<typeof rfqQuoteInputSchema>;

/** POST /api/rfqs/{id}/decline and /cancel: an optional reason, as typed. */
export const rfqReasonSchema = z
  .object({ reason: optionalText(1000, RFQ_MESSAGES.reasonTooLong) })
  .meta({ id: 'RfqReason' });
export type RfqReason = z.output<typeof rfqReasonSchema>;

/** The answer of decline and withdraw: the supplier's answer as it stands. */
export const rfqResponseStateSchema = z
  .object({ status: z.enum(RFQ_INVITATION_STATUSES), respondedAt: z.string().nullable() })
  .meta({ id: 'RfqResponseState' });
export type RfqResponseState = z.infer<typeof rfqResponseStateSchema>;

/** POST /api/rfqs/{id}/award. */
export const rfqAwardInputSchema = z
  .object({
    awards: z
      .array(
        z.object({
          quoteLineId: requiredId(RFQ_MESSAGES.awardUnknownLine),
          quantity: z
            .number({ error: RFQ_MESSAGES.awardQuantity })
            .int(RFQ_MESSAGES.awardQuantity)
            .min(1, RFQ_MESSAGES.awardQuantity)
            .max(10_000_000, RFQ_MESSAGES.quantityTooLarge),
        }),
        { error: RFQ_MESSAGES.awardsRequired },
      )
      .min(1, RFQ_MESSAGES.awardsRequired)
      .max(RFQ_MAX_LINES * RFQ_MAX_INVITED, RFQ_MESSAGES.awardsRequired)
      .superRefine((awards, ctx) => {
        const seen = new Set<string>();
        awards.forEach((a, i) => {
          const key = a.quoteLineId.toLowerCase();
          if (seen.has(key))
            ctx.addIssue({ code: 'custom', path: [i, 'quoteLineId'], message: RFQ_MESSAGES.awardLineTwice });
          seen.add(key);
        });
      }),
  })
  .meta({ id: 'RfqAwardRequest' });
export type RfqAwardInput = z.input<typeof rfqAwardInputSchema>;
export type RfqAwardBody = z.output<typeof rfqAwardInputSchema>;

/** The award's answer: the orders drafted, each awaiting the buyer's approval. */
export const rfqAwardedSchema = z
  .object({
    rfqId: z.uuid(),
    status: z.literal('awarded'),
    orders: z.array(
      z.object({
        id: z.uuid(),
        number: z.string(),
        supplierName: z.string(),
        productName: z.string(),
        quantity: z.number().int().positive(),
        unitPrice: z.number(),
        totalCost: z.number(),
      }),
    ),
  })
  .meta({ id: 'RfqAwarded' });
export type RfqAwarded = z.infer<typeof rfqAwardedSchema>;
