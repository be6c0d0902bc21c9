import { z } from 'zod';
import { allocatedBatchSchema, batchNumberSchema } from './inventory.ts';

/**
 * Recalls (docs/domain.md "Recalls"): batches of a product withdrawn from the market. Declaring one
 * quarantines the lots of those batches and traces every delivery that received units of them.
 */
export const RECALL_SEVERITIES = ['class_1', 'class_2', 'class_3'] as const;
export type RecallSeverity = (typeof RECALL_SEVERITIES)[number];

/** The classes as regulators (FDA Ghana among them) name them, with what each means for a pharmacist. */
export const RECALL_SEVERITY_LABELS: Record<RecallSeverity, string> = {
  class_1: 'Class I: may cause serious harm or death',
  class_2: 'Class II: may cause temporary or reversible harm',
  class_3: 'Class III: unlikely to cause harm',
};
export const RECALL_SEVERITY_SHORT: Record<RecallSeverity, string> = {
  class_1: 'Class I',
  class_2: 'Class II',
  class_3: 'Class III',
};

export const RECALL_MESSAGES = {
  declared: (number: string) => `Recall ${number} declared`,
  notFound: 'Recall not found',
  productRequired: 'Choose the product recalled',
  batchesRequired: 'Name at least one batch number',
  tooManyBatches: 'At most 50 batch numbers per recall',
  reasonRequired: 'Say why the batches are recalled (at least 10 characters)',
  reasonTooLong: 'Keep the reason under 2,000 characters',
  severityRequired: 'Choose the recall class',
  /** A batch number naming no lot the caller may recall. */
  unknownBatches: (batches: string[], productName: string) =>
    batches.length === 1
      ? `No stock of batch ${batches[0]} of ${productName} has been recorded`
      : `No stock of batches ${batches.join(', ')} of ${productName} has been recorded`,
  alreadyRecalled: (number: string) => `Every batch named is already quarantined under recall ${number}`,
  /** Approval refused: what remains once the recalled lots are left out cannot fill the order. */
  blocksApproval: (
    recallNumber: string,
    productName: string,
    batches: string[],
    available: number,
    needed: number,
  ) =>
    `Recall ${recallNumber} quarantined ${productName} batch${batches.length === 1 ? '' : 'es'} ${batches.join(', ')}: ` +
    `the supplier has ${available} other unit${available === 1 ? '' : 's'} for the ${needed} this order needs.`,
  dropNotAffected: 'This delivery received none of the recalled batches',
  acknowledged: 'Marked as quarantined at your pharmacy',
  acknowledge: 'Quarantined at our pharmacy',
  /** Acknowledging a drop that never reached the pharmacy: the supplier holds it. */
  notDelivered: (orderNumber: string, sequence: number) =>
    `Drop ${sequence} of ${orderNumber} has not been delivered: the supplier holds it, so there is nothing ` +
    'to quarantine at your pharmacy. It will be replaced with another batch or cancelled.',
  /**
   * A drop holding recalled units asked to move on (docs/domain.md "Recalls"): awaiting dispatch it may be
   * re-picked or cancelled; on its way, only cancelled.
   */
  dropOnHold: (
    drop: { sequence: number; orderNumber: string; status: string },
    recallNumber: string,
    batches: string[],
    to: string,
  ) =>
    `Drop ${drop.sequence} of ${drop.orderNumber} holds ${batchWords(batches)} recalled under ${recallNumber}, ` +
    `so it cannot be marked ${to}. ` +
    (drop.status === 'Awaiting Dispatch'
      ? 'Re-pick it from your other batches or cancel it.'
      : 'Cancel it to bring the packs back.'),
  /** The board's mark on such a drop. */
  onHold: 'Recalled batch: on hold',
  repickNothingRecalled: (sequence: number, orderNumber: string) =>
    `Drop ${sequence} of ${orderNumber} holds no recalled batch: there is nothing to re-pick.`,
  repickNotAwaiting: (sequence: number, orderNumber: string, status: string) =>
    `Drop ${sequence} of ${orderNumber} is ${status}: only a drop awaiting dispatch can be re-picked.` +
    (status === 'Shipped' || status === 'Out for Delivery' ? ' Cancel it to bring the packs back.' : ''),
  /** Re-pick refused: the other batches hold too few units. */
  repickShortfall: (supplier: string, product: string, available: number, needed: number, sequence: number) =>
    `${supplier} holds ${available} sellable ${available === 1 ? 'unit' : 'units'} of ${product} outside the ` +
    `recalled batches; drop ${sequence} needs ${needed}. Sync new stock or cancel the drop.`,
  /** Re-pick refused: enough units, but too few with the order's minimum shelf life at delivery. */
  repickShelfLifeShortfall: (
    supplier: string,
    product: string,
    available: number,
    days: number,
    expiringFrom: string,
    needed: number,
    sequence: number,
  ) =>
    `${supplier} has ${available} ${available === 1 ? 'unit' : 'units'} of ${product} outside the recalled ` +
    `batches with at least ${days} ${days === 1 ? 'day' : 'days'} left at delivery (expiring ${expiringFrom} ` +
    `or later); drop ${sequence} needs ${needed}. Sync new stock or cancel the drop.`,
  /** The re-pick's toast: what the drop holds now. */
  repicked: (sequence: number, batches: string[]) =>
    `Drop ${sequence} re-picked: now ${batches.length ? batchWords(batches) : 'restocked'}`,
} as const;

/** 'batch B1', 'batches B1, B2' */
function batchWords(batches: readonly string[]): string {
  return `batch${batches.length === 1 ? '' : 'es'} ${batches.join(', ')}`;
}

export const recallIdParamsSchema = z.object({ id: z.string().uuid({ error: RECALL_MESSAGES.notFound }) });
export const recallDropParamsSchema = z.object({
  id: z.string().uuid({ error: RECALL_MESSAGES.notFound }),
  dropId: z.string().uuid({ error: 'Drop not found' }),
});

/** POST /api/recalls: a supplier recalls its own lots of the batches; a platform administrator everyone's. */
export const recallCreateSchema = z
  .object({
    productId: z
      .string({ error: RECALL_MESSAGES.productRequired })
      .trim()
      .min(1, { error: RECALL_MESSAGES.productRequired, abort: true })
      .uuid({ error: 'No catalogue product has that identifier' }),
    batchNumbers: z
      .array(batchNumberSchema, { error: RECALL_MESSAGES.batchesRequired })
      .min(1, RECALL_MESSAGES.batchesRequired)
      .max(50, RECALL_MESSAGES.tooManyBatches)
      // One batch named twice (or in two cases) is one batch.
      .transform((batches) => [...new Set(batches)]),
    reason: z
      .string({ error: RECALL_MESSAGES.reasonRequired })
      .trim()
      .min(10, RECALL_MESSAGES.reasonRequired)
      .max(2000, RECALL_MESSAGES.reasonTooLong),
    severity: z.enum(RECALL_SEVERITIES, { error: RECALL_MESSAGES.severityRequired }),
  })
  .meta({ id: 'RecallRequest' });
export type RecallCreateInput = z.input<typeof recallCreateSchema>;
export type RecallCreate = z.output<typeof recallCreateSchema>;

/** A recall as lists show it, with the caller's share of its deliveries. */
export const recallSummarySchema = z
  .object({
    id: z.string(),
    number: z.string(),
    product: z.object({ id: z.string(), name: z.string(), gtin: z.string().nullable() }),
    /** The supplier whose stock is recalled; null for a platform recall of every supplier's stock. */
    supplier: z.object({ id: z.string(), name: z.string() }).nullable(),
    batchNumbers: z.array(z.string()),
    reason: z.string(),
    severity: z.enum(RECALL_SEVERITIES),
    declaredBy: z.object({ organisationName: z.string(), userName: z.string() }),
    createdAt: z.string(),
    /** Deliveries the caller may see that received recalled units, and how many of them the buyers acknowledged. */
    affectedDrops: z.number().int(),
    acknowledgedDrops: z.number().int(),
    /**
     * Of the affected deliveries, those not delivered: the supplier holds them (they cannot ship or be
     * delivered) until it re-picks or cancels them. The buyer has nothing to quarantine for these.
     */
    heldDrops: z.number().int(),
    /** Of the affected deliveries, those delivered and not yet confirmed quarantined by the buyer. */
    awaitingDrops: z.number().int(),
    /** Deliveries the caller may see whose recalled units the supplier replaced with other batches. */
    repickedDrops: z.number().int(),
    /** Units still held in the caller's quarantined lots (suppliers and administrators; 0 for buyers). */
    unitsQuarantined: z.number().int(),
  })
  .meta({ id: 'RecallSummary' });
export type RecallSummary = z.infer<typeof recallSummarySchema>;

/** One delivery that received units of the recalled batches. */
export const recallTraceRowSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    dropId: z.string(),
    dropSequence: z.number().int(),
    buyer: z.object({ id: z.string(), name: z.string() }),
    seller: z.object({ id: z.string(), name: z.string() }),
    addressName: z.string(),
    address: z.string(),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
    /** The recalled batches the drop received, and units of each. */
    batches: z.array(allocatedBatchSchema),
    units: z.number().int(),
    status: z.string(),
    /** YYYY-MM-DD */
    estimatedDeliveryDate: z.string().nullable(),
    shippedAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    acknowledgedAt: z.string().nullable(),
    acknowledgedBy: z.string().nullable(),
  })
  .meta({ id: 'RecallTraceRow' });
export type RecallTraceRow = z.infer<typeof recallTraceRowSchema>;

/**
 * A delivery whose recalled units the supplier replaced before dispatch (POST
 * /api/orders/{orderId}/drops/{dropId}/repick): it no longer holds the batch, so it is not in the trace.
 */
export const recallRepickRowSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    dropId: z.string(),
    dropSequence: z.number().int(),
    buyer: z.object({ id: z.string(), name: z.string() }),
    addressName: z.string(),
    address: z.string(),
    /** Units of the recalled batches taken off the delivery; they stay quarantined in their lots. */
    units: z.number().int(),
    /** What the delivery holds now: the batches it was re-picked from (and any it kept). */
    batches: z.array(allocatedBatchSchema),
    status: z.string(),
    repickedAt: z.string(),
    repickedBy: z.string(),
  })
  .meta({ id: 'RecallRepickRow' });
export type RecallRepickRow = z.infer<typeof recallRepickRowSchema>;

/** GET /api/recalls/{id}: the recall and its trace, as far as the caller may see it. */
export const recallDetailSchema = recallSummarySchema
  .extend({
    /** The quarantined lots the caller holds (all of them for an administrator; none for a buyer). */
    lots: z.array(
      z.object({
        lotId: z.string(),
        supplierName: z.string(),
        batchNumber: z.string(),
        expiryDate: z.string().nullable(),
        unitsHeld: z.number().int(),
        unitsNow: z.number().int(),
      }),
    ),
    trace: z.array(recallTraceRowSchema),
    /** Deliveries re-picked off the recalled batches before dispatch, as far as the caller may see them. */
    repicked: z.array(recallRepickRowSchema),
  })
  .meta({ id: 'RecallDetail' });
export type RecallDetail = z.infer<typeof recallDetailSchema>;

/** POST /api/recalls/{id}/drops/{dropId}/acknowledge answers the trace row as it now stands. */
export const recallAcknowledgementSchema = recallTraceRowSchema;

/** The recall CSV export: recall_{id}.csv, one row per delivery and batch. */
export const RECALL_CSV_COLUMNS = [
  'recall',
  'order',
  'drop',
  'buyer',
  'addressName',
  'address',
  'contactName',
  'contactPhone',
  'batch',
  'expiry',
  'units',
  'status',
  'deliveredAt',
  'acknowledgedAt',
  'acknowledgedBy',
] as const;
