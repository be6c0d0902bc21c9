import { z } from 'zod';
import { optionalText, requiredId } from './fields.ts';
import { isIsoDate } from './calendar.ts';
import { batchNumberSchema } from './inventory.ts';
import { pageQueryShape, pageSchema } from './pagination.ts';

/**
 * Returns and credit notes (docs/domain.md "Returns"): a buyer sends delivered units back, the supplier
 * approves (or rejects) and receives them, inspection decides each unit's fate, and the accepted units
 * are credited at the price invoiced.
 */

/**
 * requested -> approved | rejected; approved -> received (the units held apart, awaiting inspection);
 * received -> completed (inspected, credit note issued).
 */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'completed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Awaiting the supplier',
  approved: 'Approved: send the packs',
  rejected: 'Rejected',
  received: 'Received: awaiting inspection',
  completed: 'Inspected and credited',
};

export const RETURN_REASONS = [
  'damaged',
  'expired',
  'near_expiry',
  'wrong_item',
  'short_shipped',
  'recalled',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  expired: 'Expired',
  near_expiry: 'Near expiry',
  wrong_item: 'Wrong item',
  short_shipped: 'Short shipped',
  recalled: 'Recalled',
};

/** What inspection does with received units. */
export const RETURN_FATES = ['restock', 'destroy', 'return_to_manufacturer'] as const;
export type ReturnFate = (typeof RETURN_FATES)[number];
export const RETURN_FATE_LABELS: Record<ReturnFate, string> = {
  restock: 'Back into stock',
  destroy: 'Destroy',
  return_to_manufacturer: 'Return to the manufacturer',
};

/** Restocking needs at least this many days of shelf life left (and never a recalled or expired batch). */
export const RESTOCK_MIN_SHELF_LIFE_DAYS = 90;
export const RETURN_MAX_LINES = 50;

export const RETURN_MESSAGES = {
  notFound: 'Return not found',
  orderRequired: 'Choose the order the packs came with',
  linesRequired: 'Add at least one batch to return',
  tooManyLines: `At most ${RETURN_MAX_LINES} lines per return`,
  dropRequired: 'Choose the delivery the packs came in',
  quantity: 'Quantity must be a whole number of at least 1',
  reason: 'Choose why the packs go back',
  lineTwice: 'This batch of this delivery is already on the return',
  notesTooLong: 'Keep the notes under 2,000 characters',
  /** 400 on lines.<i>.dropId: a drop of another order, or not delivered. */
  dropNotDelivered: 'Only delivered drops of this order can be returned',
  /** 400 on lines.<i>.batchNumber: the drop received no units of that batch. */
  batchNotInDrop: (batch: string) => `This delivery received no units of batch ${batch}`,
  /** 409 RETURN_EXCEEDS_DELIVERED. */
  exceedsDelivered: (batch: string, delivered: number, claimed: number, asked: number) =>
    `Batch ${batch}: ${delivered} delivered, ${claimed} already on other returns; ${asked} cannot be returned`,
  requested: (number: string) => `Return ${number} sent to the supplier`,
  approved: (number: string) => `Return ${number} approved`,
  rejected: (number: string) => `Return ${number} rejected`,
  rejectReason: 'Say why the return is rejected (the buyer sees it)',
  rejectReasonTooLong: 'Keep the reason under 1,000 characters',
  received: (number: string) => `Return ${number} received: inspect the packs`,
  inspected: (number: string, creditNote: string) =>
    `Return ${number} inspected; credit note ${creditNote} issued`,
  /** 409 RETURN_NOT_REQUESTED / NOT_APPROVED / NOT_RECEIVED: the step does not fit the status. */
  wrongStatus: (number: string, status: string) => `Return ${number} is ${status.toLowerCase()}`,
  receivedQuantity: 'Received quantity must be a whole number from 0 to the units returned',
  receivedLines: 'Give the received quantity of every line of the return',
  unknownLine: 'This line is not on the return',
  fatesAddUp: (received: number) => `Give a fate to each of the ${received} received units, no more, no less`,
  /** 409 RESTOCK_NOT_ALLOWED. */
  restockRecalled: (batch: string) => `Batch ${batch} is recalled: it cannot go back into stock`,
  restockExpired: (batch: string, expiry: string) =>
    `Batch ${batch} expired on ${expiry}: it cannot go back into stock`,
  restockShortDated: (batch: string, expiry: string) =>
    `Batch ${batch} expires on ${expiry}, under ${RESTOCK_MIN_SHELF_LIFE_DAYS} days away: it cannot go back into stock`,
  destructionRequired: 'Record the destruction: date, method, witness and the FDA certificate or reference',
  destroyedOn: 'Give the day of destruction, written YYYY-MM-DD, not in the future',
  method: 'Say how the packs were destroyed (e.g. incineration)',
  witness: 'Name who witnessed the destruction',
  fdaReference: 'Give the FDA certificate number or reference',
  /** 409 CREDIT_EXCEEDS_INVOICE. */
  creditExceedsInvoice: (invoice: string) =>
    `Invoice ${invoice} has already been credited in full: nothing more can be credited against it`,
} as const;

export const returnIdParamsSchema = z.object({ id: z.string().uuid({ error: RETURN_MESSAGES.notFound }) });

/** POST /api/returns. A batch returned from a drop that held units without a batch number sends null. */
export const returnCreateSchema = z
  .object({
    orderId: requiredId(RETURN_MESSAGES.orderRequired),
    lines: z
      .array(
        z.object({
          dropId: requiredId(RETURN_MESSAGES.dropRequired),
          batchNumber: z
            .string()
            .nullish()
            .transform((v) => (v && v.trim() ? v : null))
            .pipe(batchNumberSchema.nullable()),
          quantity: z
            .number({ error: RETURN_MESSAGES.quantity })
            .int(RETURN_MESSAGES.quantity)
            .min(1, RETURN_MESSAGES.quantity)
            .max(10_000_000, RETURN_MESSAGES.quantity),
          reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }),
        }),
        { error: RETURN_MESSAGES.linesRequired },
      )
      .min(1, RETURN_MESSAGES.linesRequired)
      .max(RETURN_MAX_LINES, RETURN_MESSAGES.tooManyLines)
      .superRefine((lines, ctx) => {
        const seen = new Set<string>();
        lines.forEach((line, i) => {
          const key = `${line.dropId.toLowerCase()}/${line.batchNumber ?? ''}`;
          if (seen.has(key))
            ctx.addIssue({ code: 'custom', path: [i, 'batchNumber'], message: RETURN_MESSAGES.lineTwice });
          seen.add(key);
        });
      }),
    notes: optionalText(2000, RETURN_MESSAGES.notesTooLong),
    /** Set by "Return these packs" on an acknowledged recall: the recall the packs go back under. */
    recallId: z.string().uuid({ error: 'No recall has that identifier' }).nullish(),
  })
  .meta({ id: 'ReturnRequest' });
export type ReturnCreateInput = z.input<typeof returnCreateSchema>;
export type ReturnCreate = z.output<typeof returnCreateSchema>;

export const returnCreatedSchema = z
  .object({ id: z.uuid(), number: z.string(), status: z.literal('requested') })
  .meta({ id: 'ReturnCreated' });
export type ReturnCreated = z.infer<typeof returnCreatedSchema>;

export const returnLineSchema = z
  .object({
    id: z.uuid(),
    lineNo: z.number().int().positive(),
    dropId: z.uuid(),
    dropSequence: z.number().int().positive(),
    batchNumber: z.string().nullable(),
    expiryDate: z.string().nullable(),
    quantity: z.number().int().positive(),
    reason: z.enum(RETURN_REASONS),
    receivedQuantity: z.number().int().nonnegative().nullable(),
    restockedQuantity: z.number().int().nonnegative().nullable(),
    destroyedQuantity: z.number().int().nonnegative().nullable(),
    manufacturerQuantity: z.number().int().nonnegative().nullable(),
    /** The unit price invoiced for these units. */
    unitPrice: z.number(),
  })
  .meta({ id: 'ReturnLine' });
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const creditNoteSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    invoice: z.object({ id: z.uuid(), number: z.string() }),
    amount: z.number(),
    appliedToInvoice: z.number(),
    appliedToCreditLine: z.number(),
    heldAsCredit: z.number(),
    issuedAt: z.string(),
  })
  .meta({ id: 'CreditNote' });
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const destructionRecordSchema = z
  .object({
    destroyedOn: z.string(),
    method: z.string(),
    witness: z.string(),
    fdaReference: z.string(),
    recordedBy: z.string().nullable(),
  })
  .meta({ id: 'DestructionRecord' });

/** A row of GET /api/returns. */
export const returnSummarySchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.enum(RETURN_STATUSES),
    order: z.object({ id: z.uuid(), number: z.string() }),
    product: z.object({ id: z.uuid(), name: z.string() }),
    buyer: z.object({ id: z.uuid(), name: z.string() }),
    supplier: z.object({ id: z.uuid(), name: z.string() }),
    /** Units asked to return, all lines together. */
    quantity: z.number().int().positive(),
    reasons: z.array(z.enum(RETURN_REASONS)),
    createdAt: z.string(),
    /** The credit note's amount once inspected; null before. */
    creditAmount: z.number().nullable(),
  })
  .meta({ id: 'ReturnSummary' });
export type ReturnSummary = z.infer<typeof returnSummarySchema>;

/** GET /api/returns/{id}: the return as both sides see it (reason and notes included). */
export const returnDetailSchema = returnSummarySchema
  .extend({
    notes: z.string().nullable(),
    recall: z.object({ id: z.uuid(), number: z.string() }).nullable(),
    requestedBy: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    rejectReason: z.string().nullable(),
    receivedAt: z.string().nullable(),
    inspectedAt: z.string().nullable(),
    lines: z.array(returnLineSchema),
    creditNote: creditNoteSchema.nullable(),
    destruction: destructionRecordSchema.nullable(),
  })
  .meta({ id: 'ReturnDetail' });
export type ReturnDetail = z.infer<typeof returnDetailSchema>;

/** GET /api/returns: a page, newest first, narrowed by status (several apart by commas) or order. */
export const returnsQuerySchema = z.object({
  ...pageQueryShape,
  status: z
    .string()
    .trim()
    .regex(
      /^(?:(?:requested|approved|rejected|received|completed)(?:,(?:requested|approved|rejected|received|completed))*)?$/,
      { error: 'status must be requested, approved, rejected, received or completed, apart by commas' },
    )
    .optional()
    .transform((v) => (v ? (v.split(',') as ReturnStatus[]) : undefined)),
  orderId: z.string().uuid({ error: 'orderId must be an order identifier' }).optional(),
});
export type ReturnsQuery = z.output<typeof returnsQuerySchema>;
export const returnsPageSchema = pageSchema(returnSummarySchema, 'ReturnsPage');
export type ReturnsPage = z.infer<typeof returnsPageSchema>;

/** POST /api/returns/{id}/reject. */
export const returnRejectSchema = z
  .object({
    reason: z
      .string({ error: RETURN_MESSAGES.rejectReason })
      .trim()
      .min(3, RETURN_MESSAGES.rejectReason)
      .max(1000, RETURN_MESSAGES.rejectReasonTooLong),
  })
  .meta({ id: 'ReturnReject' });

/** POST /api/returns/{id}/receive: the units that arrived, per line (every line named once). */
export const returnReceiveSchema = z
  .object({
    lines: z
      .array(
        z.object({
          lineId: requiredId(RETURN_MESSAGES.unknownLine),
          receivedQuantity: z
            .number({ error: RETURN_MESSAGES.receivedQuantity })
            .int(RETURN_MESSAGES.receivedQuantity)
            .min(0, RETURN_MESSAGES.receivedQuantity)
            .max(10_000_000, RETURN_MESSAGES.receivedQuantity),
        }),
        { error: RETURN_MESSAGES.receivedLines },
      )
      .min(1, RETURN_MESSAGES.receivedLines)
      .max(RETURN_MAX_LINES, RETURN_MESSAGES.tooManyLines),
  })
  .meta({ id: 'ReturnReceive' });
export type ReturnReceive = z.output<typeof returnReceiveSchema>;

/**
 * POST /api/returns/{id}/inspect: each received line's units split between the three fates; with any
 * destroyed, the destruction record.
 */
export const returnInspectSchema = z
  .object({
    lines: z
      .array(
        z.object({
          lineId: requiredId(RETURN_MESSAGES.unknownLine),
          restock: z.number().int().min(0).max(10_000_000),
          destroy: z.number().int().min(0).max(10_000_000),
          returnToManufacturer: z.number().int().min(0).max(10_000_000),
        }),
        { error: RETURN_MESSAGES.receivedLines },
      )
      .min(1, RETURN_MESSAGES.receivedLines)
      .max(RETURN_MAX_LINES, RETURN_MESSAGES.tooManyLines),
    destruction: z
      .object({
        destroyedOn: z
          .string({ error: RETURN_MESSAGES.destroyedOn })
          .trim()
          .refine(isIsoDate, RETURN_MESSAGES.destroyedOn)
          .meta({ format: 'date' }),
        method: z.string({ error: RETURN_MESSAGES.method }).trim().min(3, RETURN_MESSAGES.method).max(200),
        witness: z.string({ error: RETURN_MESSAGES.witness }).trim().min(3, RETURN_MESSAGES.witness).max(200),
        fdaReference: z
          .string({ error: RETURN_MESSAGES.fdaReference })
          .trim()
          .min(2, RETURN_MESSAGES.fdaReference)
          .max(100),
      })
      .nullish()
      .transform((v) => v ?? null),
  })
  .meta({ id: 'ReturnInspect' });
export type ReturnInspectInput = z.input<typeof returnInspectSchema>;
export type ReturnInspect = z.output<typeof returnInspectSchema>;

/** The destruction register's CSV (GET /api/returns/destructions.csv), in this column order. */
export const DESTRUCTIONS_CSV_COLUMNS = [
  'destroyedOn',
  'returnNumber',
  'orderNumber',
  'buyer',
  'product',
  'batchNumber',
  'expiryDate',
  'quantity',
  'method',
  'witness',
  'fdaReference',
  'recordedBy',
] as const;
