import { z } from 'zod';
import { eligibilitySchema, productClassFields } from './compliance.ts';
import { allocatedBatchSchema, isIsoDate } from './inventory.ts';
import { RECALL_SEVERITIES } from './recalls.ts';
import { roundPesewas, toCedis, toPesewas } from './money.ts';
import {
  allowedPaymentMethods,
  defaultPaymentMethodFor,
  DRAFT_MESSAGES,
  netTermDays,
} from './marketplace.ts';
import {
  filterDate,
  pageQueryShape,
  pageSchema,
  refineDateRange,
  searchText,
  statusListPattern,
} from './pagination.ts';
import { PAYMENT_METHODS, type PaymentMethod } from './payments.ts';

// --- States (SPEC §4, DOMAIN.md "Orders", "Drops") --------------------------------------------------

export const ORDER_STATUSES = [
  'AWAITING_CUSTOMER_APPROVAL',
  'RELEASED',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const DROP_STATUSES = [
  'Awaiting Dispatch',
  'Shipped',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
] as const;
export type DropStatus = (typeof DROP_STATUSES)[number];

export const INVOICE_STATUSES = ['unpaid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The forward path of a drop; 'Cancelled' is reachable from any state not Delivered or Cancelled. */
const NEXT_DROP_STATUS: Partial<Record<DropStatus, DropStatus>> = {
  'Awaiting Dispatch': 'Shipped',
  Shipped: 'Out for Delivery',
  'Out for Delivery': 'Delivered',
};

/** SPEC §4: the next-step button is offered for the first three states only. */
export function nextDropStatus(status: DropStatus): DropStatus | null {
  return NEXT_DROP_STATUS[status] ?? null;
}

/** SPEC §4: 'Cancel drop' for any drop not Delivered (and not already Cancelled). */
export function canCancelDrop(status: DropStatus): boolean {
  return status !== 'Delivered' && status !== 'Cancelled';
}

/** DOMAIN.md "Drops": the only moves a drop may make. */
export function canMoveDrop(from: DropStatus, to: DropStatus): boolean {
  if (to === 'Cancelled') return canCancelDrop(from);
  return nextDropStatus(from) === to;
}

/**
 * docs/domain.md "Recalls": a drop still holding units of a recalled batch that has not reached the
 * pharmacy is on hold. It cannot ship or be delivered; awaiting dispatch it may be re-picked from other
 * batches, and any held drop may be cancelled (its units go back to quarantine).
 */
export function isDropOnRecallHold(drop: { status: DropStatus; recalls: readonly unknown[] }): boolean {
  return drop.recalls.length > 0 && canCancelDrop(drop.status);
}

/** A held drop still in the warehouse can be re-picked; one on its way can only be cancelled. */
export function canRepickDrop(drop: { status: DropStatus; recalls: readonly unknown[] }): boolean {
  return isDropOnRecallHold(drop) && drop.status === 'Awaiting Dispatch';
}

/**
 * DOMAIN.md "Orders": after release the order follows its drops: CANCELLED when all are cancelled,
 * DELIVERED when all others are delivered, SHIPPED once any has shipped, else RELEASED.
 */
export function orderStatusFromDrops(drops: readonly { status: DropStatus }[]): OrderStatus {
  const live = drops.filter((d) => d.status !== 'Cancelled');
  if (live.length === 0) return 'CANCELLED';
  if (live.every((d) => d.status === 'Delivered')) return 'DELIVERED';
  if (live.some((d) => d.status !== 'Awaiting Dispatch')) return 'SHIPPED';
  return 'RELEASED';
}

/** SPEC §4: underscores shown as spaces; an order whose drops are all Delivered shows as Delivered. */
export function orderStatusLabel(status: OrderStatus, drops: readonly { status: DropStatus }[] = []) {
  if (drops.length > 0 && drops.every((d) => d.status === 'Delivered')) return 'DELIVERED';
  return status.replaceAll('_', ' ');
}

/** Live: released and not yet finished (neither all delivered nor cancelled), or awaiting approval. */
export function isLiveOrder(status: OrderStatus): boolean {
  return status !== 'DELIVERED' && status !== 'CANCELLED';
}

// --- Messages ------------------------------------------------------------------------------------

export const ORDER_MESSAGES = {
  drafted: 'Order drafted. Awaiting approval.',
  approved: 'Order approved & invoice generated',
  cancelled: 'Order cancelled',
  dropMoved: (status: DropStatus) => `Drop ${status}`,
  needCustomer: 'You need a customer profile to draft orders.',
  noOrganisation: 'No customer organisation linked to your profile.',
  creditShortfall: DRAFT_MESSAGES.creditShortfall,
  orderNotFound: 'Order not found',
  /** On a purchase order still awaiting approval, where the batch column is empty. */
  batchesAtApproval: 'Batches are allocated when the order is approved',
  dropNotFound: 'Drop not found',
  notAwaiting: (number: string) =>
    `${number} is not awaiting approval, so it cannot be approved or cancelled.`,
  notReleased: (number: string) => `${number} has not been released yet, so its drops cannot move.`,
  illegalMove: (from: DropStatus, to: DropStatus) => `Cannot move a drop from ${from} to ${to}`,
  stockShortfall: (supplier: string, product: string, available: number, needed: number) =>
    `${supplier} holds ${available} unexpired units of ${product}; this order needs ${needed}.`,
  shelfLifeShortfall: (
    supplier: string,
    product: string,
    available: number,
    days: number,
    expiringFrom: string,
    needed: number,
  ) =>
    `${supplier} has ${available} ${available === 1 ? 'unit' : 'units'} of ${product} with at least ` +
    `${days} ${days === 1 ? 'day' : 'days'} left at delivery (expiring ${expiringFrom} or later); ` +
    `this order needs ${needed}.`,
  minShelfLifeDays: 'Minimum shelf life must be a whole number of days from 0 to 1,095',
  orderDefaultsSaved: 'Order defaults saved',
  otherBuyer: 'You can only see or draft orders for your own organisation.',
  otherSeller: "You can only see your own organisation's orders.",
  paidDrop: 'This drop has already been paid for. Record the refund with the customer before cancelling it.',
  dropAddressName: 'Give each drop a branch name',
  dropAddress: 'Give each drop an address',
  dropQuantity: 'Drop quantities are whole numbers of 0 or more',
  noDrops: 'Add at least one drop',
  creditTermDays: DRAFT_MESSAGES.creditTermDays,
  eta: 'The ETA must be a real date in the form YYYY-MM-DD',
} as const;

// --- Contracts -----------------------------------------------------------------------------------

/** DOMAIN.md "Minimum shelf life": three years, the longest shelf life medicines are commonly sold with. */
export const MAX_MIN_SHELF_LIFE_DAYS = 1095;

/** Days of shelf life a lot must still have at its drop's delivery; 0 asks only that it is unexpired. */
export const minShelfLifeDaysSchema = z
  .number({ error: ORDER_MESSAGES.minShelfLifeDays })
  .int(ORDER_MESSAGES.minShelfLifeDays)
  .min(0, ORDER_MESSAGES.minShelfLifeDays)
  .max(MAX_MIN_SHELF_LIFE_DAYS, ORDER_MESSAGES.minShelfLifeDays);

/** GET/PUT /api/orders/defaults: what a customer's orders assume when they name nothing else. */
export const orderDefaultsSchema = z
  .object({ defaultMinShelfLifeDays: minShelfLifeDaysSchema })
  .meta({ id: 'OrderDefaults' });
export type OrderDefaults = z.infer<typeof orderDefaultsSchema>;

/** The builder's hint under the field: what the number promises, in words. */
export function minShelfLifeHint(days: number): string {
  if (!Number.isInteger(days) || days <= 0) return 'Any unexpired stock';
  return `At least ${days} ${days === 1 ? 'day' : 'days'} left at delivery`;
}

/** Trimmed text; empty becomes undefined so it is omitted (SPEC §3 "Empty optional strings are omitted"). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this under ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const isoDate = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => isIsoDate(v), message);

export const draftDropSchema = z.object({
  addressName: z
    .string({ error: ORDER_MESSAGES.dropAddressName })
    .trim()
    .min(1, ORDER_MESSAGES.dropAddressName)
    .max(120),
  address: z.string({ error: ORDER_MESSAGES.dropAddress }).trim().min(1, ORDER_MESSAGES.dropAddress).max(300),
  contactName: optionalText(120),
  contactPhone: optionalText(40),
  quantity: z
    .number({ error: ORDER_MESSAGES.dropQuantity })
    .int(ORDER_MESSAGES.dropQuantity)
    .min(0, ORDER_MESSAGES.dropQuantity)
    .max(1_000_000, 'Quantity is too large'),
  estimatedDeliveryDate: isoDate(ORDER_MESSAGES.eta).optional(),
});
export type DraftDropInput = z.input<typeof draftDropSchema>;

/** POST /api/orders (SPEC §3 "Draft order payload"). The unit price always comes from the offer. */
export const draftOrderSchema = z
  .object({
    sellerId: z.string({ error: 'Choose a supplier' }).uuid({ error: 'Choose a supplier' }),
    productId: z.string({ error: 'Choose a product' }).uuid({ error: 'Choose a product' }),
    /** Must be the caller's organisation; omitted, it is. */
    buyerId: z.string().uuid().optional(),
    paymentTermMethod: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }),
    useCredit: z.boolean().optional(),
    creditTermDays: z
      .number({ error: ORDER_MESSAGES.creditTermDays })
      .int(ORDER_MESSAGES.creditTermDays)
      .min(0, ORDER_MESSAGES.creditTermDays)
      .max(180, ORDER_MESSAGES.creditTermDays)
      .optional(),
    /** Omitted: the buyer organisation's default (GET /api/orders/defaults). */
    minShelfLifeDays: minShelfLifeDaysSchema.optional(),
    entityName: optionalText(200),
    entityLocation: optionalText(200),
    requesterRole: optionalText(120),
    deliveryContactName: optionalText(120),
    deliveryContactPhone: optionalText(40),
    deliveryAddress: optionalText(300),
    drops: z.array(draftDropSchema).min(1, ORDER_MESSAGES.noDrops).max(50, 'At most 50 drops per order'),
  })
  .meta({ id: 'DraftOrderRequest' });
export type DraftOrderInput = z.input<typeof draftOrderSchema>;
export type DraftOrder = z.output<typeof draftOrderSchema>;

/**
 * GET /api/orders. SPEC's buyerId and sellerId, then the list's filters: the whole filtered list, as
 * SPEC's screens expect. GET /api/orders/page takes the same with paging (decision 0014).
 */
const ordersFilterShape = {
  buyerId: z.string().uuid({ error: 'buyerId must be an organisation id' }).optional(),
  sellerId: z.string().uuid({ error: 'sellerId must be an organisation id' }).optional(),
  /** One status, or several apart by commas (RELEASED,SHIPPED: what is still on its way). */
  status: z
    .string()
    .regex(statusListPattern(ORDER_STATUSES), `Choose an order status: ${ORDER_STATUSES.join(', ')}`)
    .optional()
    .transform((v, ctx): OrderStatus[] | undefined => {
      if (!v) return undefined;
      const statuses = v.split(',');
      if (statuses.every((x): x is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(x)))
        return statuses;
      ctx.addIssue({ code: 'custom', message: `Choose an order status: ${ORDER_STATUSES.join(', ')}` });
      return z.NEVER;
    }),
  /** The other party's name: the supplier for a buyer, the customer for a supplier. */
  counterparty: searchText,
  /** The product's name or brand, or the order number. */
  product: searchText,
  /** Placed on or after this day (UTC, which is Ghana's time). */
  from: filterDate,
  /** Placed on or before this day. */
  to: filterDate,
};
export const ordersListQuerySchema = z.object(ordersFilterShape).superRefine(refineDateRange);
/** GET /api/orders/page: the list's filters and paging (docs/domain.md "Lists"). */
export const ordersQuerySchema = z
  .object({ ...ordersFilterShape, ...pageQueryShape })
  .superRefine(refineDateRange);
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

export const orderIdParamsSchema = z.object({
  orderId: z.string().uuid({ error: ORDER_MESSAGES.orderNotFound }),
});
export const dropParamsSchema = z.object({
  orderId: z.string().uuid({ error: ORDER_MESSAGES.orderNotFound }),
  dropId: z.string().uuid({ error: ORDER_MESSAGES.dropNotFound }),
});

/** PATCH /api/orders/{orderId}/drops/{dropId}. Shipping may name the tracking number and ETA. */
export const dropUpdateSchema = z
  .object({
    status: z.enum(DROP_STATUSES, { error: 'Choose a drop status' }),
    trackingNumber: optionalText(60),
    estimatedDeliveryDate: isoDate(ORDER_MESSAGES.eta).optional(),
  })
  .meta({ id: 'DropUpdateRequest' });
export type DropUpdate = z.output<typeof dropUpdateSchema>;
export type DropUpdateInput = z.input<typeof dropUpdateSchema>;

export const dropSchema = z
  .object({
    id: z.string(),
    sequence: z.number().int(),
    addressName: z.string(),
    address: z.string(),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
    quantity: z.number().int(),
    status: z.enum(DROP_STATUSES),
    trackingNumber: z.string().nullable(),
    /** YYYY-MM-DD */
    estimatedDeliveryDate: z.string().nullable(),
    shippedAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    /**
     * The batches the drop's units were allocated from (first expiry first out at approval), soonest
     * expiry first; empty before approval and once a cancellation returned them to stock.
     */
    batches: z.array(allocatedBatchSchema),
    /**
     * The recalls that name a batch this drop still holds, with those batches, the units of them and the
     * buyer's acknowledgement when given. A drop re-picked off a recall's batches no longer lists it.
     */
    recalls: z.array(
      z.object({
        id: z.string(),
        number: z.string(),
        severity: z.enum(RECALL_SEVERITIES),
        batchNumbers: z.array(z.string()),
        units: z.number().int(),
        acknowledgedAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Drop' });
export type Drop = z.infer<typeof dropSchema>;

export const orderInvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    amount: z.number(),
    amountPaid: z.number(),
    /** YYYY-MM-DD */
    dueDate: z.string(),
    status: z.enum(INVOICE_STATUSES),
    /** Unpaid after its due date (UTC day). */
    overdue: z.boolean(),
  })
  .meta({ id: 'OrderInvoice' });
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

export const orderHistoryEntrySchema = z
  .object({
    /**
     * 'status': the order or a drop moved (fromStatus -> toStatus); 'payment': a payment was recorded on
     * the order's invoice (toStatus PAYMENT_RECORDED, with amount and method; note is its reference).
     */
    kind: z.enum(['status', 'payment']),
    at: z.string(),
    actorName: z.string().nullable(),
    /** The drop's sequence number when the entry is about a drop. */
    dropSequence: z.number().int().nullable(),
    fromStatus: z.string().nullable(),
    toStatus: z.string(),
    note: z.string().nullable(),
    /** Cedis paid, for a payment; null otherwise. */
    amount: z.number().nullable(),
    /** How a payment was made; null otherwise. */
    method: z.enum(PAYMENT_METHODS).nullable(),
  })
  .meta({ id: 'OrderHistoryEntry' });
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** SPEC §3 "Order", with the PO number, invoice and the facts the orders page and shipping tab show. */
export const orderSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    product: z.object({ id: z.string(), name: z.string(), ...productClassFields }),
    seller: z.object({
      id: z.string(),
      name: z.string(),
      location: z.string().nullable(),
      phoneNumber: z.string().nullable(),
    }),
    buyer: z.object({ id: z.string(), name: z.string(), location: z.string().nullable() }),
    unitPrice: z.number(),
    totalQuantity: z.number().int(),
    totalCost: z.number(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentTerms: z.string(),
    creditTermDays: z.number().int().nullable(),
    /** Days of shelf life each allocated lot must have left at its drop's delivery (0: only unexpired). */
    minShelfLifeDays: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    invoiceId: z.string().nullable(),
    invoice: orderInvoiceSchema.nullable(),
    entityName: z.string().nullable(),
    deliveryContactName: z.string().nullable(),
    deliveryContactPhone: z.string().nullable(),
    deliveryAddress: z.string().nullable(),
    createdAt: z.string(),
    approvedAt: z.string().nullable(),
    drops: z.array(dropSchema),
    eligibility: eligibilitySchema
      .nullable()
      .describe(
        'For the buyer of an order awaiting approval: whether approving it can release it now; else null',
      ),
    controlledSignoff: z
      .object({
        signedOff: z.boolean().describe('True when every open allocation of the order is in the register'),
        signedOffAt: z.string().nullable().describe('The latest sign-off'),
        pharmacistName: z.string().nullable(),
      })
      .nullable()
      .describe('For a controlled product once released: its Pharmacist sign-off; null otherwise'),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const ordersPageSchema = pageSchema(orderSchema, 'OrdersPage');

/** GET /api/orders/{orderId}: the order with its history, oldest first. */
export const orderDetailSchema = orderSchema
  .extend({ history: z.array(orderHistoryEntrySchema) })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

// --- Multi-drop order builder rules (SPEC §4, §5) ---------------------------------------------------

export const SAMPLE_DROP_QUANTITIES = [50, 40] as const;
export const NEW_DROP_QUANTITY = 10;
export const NEW_DROP_NAME = 'New Drop';
export const NEW_DROP_ADDRESS_PLACEHOLDER = 'Street, town and landmark for this drop';

export interface BuilderSupplier {
  supportedPaymentMethods: readonly PaymentMethod[];
  defaultPaymentMethod: PaymentMethod | null;
  paymentTerms: string | null;
  supportsCredit: boolean;
  /** The supplier's creditAvailable as the match reports it (the buyer's line), else null. */
  creditAvailable: number | null;
}

/**
 * SPEC §4: the supplier's list, or cash, mobile_money and digital_wallet when none is given; cheque
 * when the terms mention cheque; credit_facility when the supplier supports credit or the terms mention
 * net or credit (and, DOMAIN.md "Credit", when the buyer holds an active line with it).
 */
export function builderPaymentMethods(
  supplier: BuilderSupplier,
  creditLine: { limit: number; balance: number } | null = null,
): PaymentMethod[] {
  return allowedPaymentMethods({
    supportedPaymentMethods: supplier.supportedPaymentMethods,
    paymentTerms: supplier.paymentTerms,
    supportsCredit: supplier.supportsCredit,
    hasActiveCreditLine: creditLine !== null,
  });
}

/** SPEC §4: the supplier's default if supported, else the first supported, else cash. */
export function builderDefaultPaymentMethod(
  supplier: BuilderSupplier,
  creditLine: { limit: number; balance: number } | null = null,
): PaymentMethod {
  return defaultPaymentMethodFor(builderPaymentMethods(supplier, creditLine), supplier.defaultPaymentMethod);
}

/** SPEC §4: with credit_facility and no days entered, the N of a net-N pattern in the terms. */
export function builderCreditTermDays(
  method: PaymentMethod,
  entered: number | null | undefined,
  paymentTerms: string | null,
): number | null {
  if (method !== 'credit_facility') return entered ?? null;
  if (entered !== null && entered !== undefined) return entered;
  return netTermDays(paymentTerms);
}

/** SPEC §4: the line's limit minus its balance when a line exists, else the supplier's creditAvailable. */
export function builderAvailableCredit(
  supplier: BuilderSupplier,
  creditLine: { limit: number; balance: number } | null,
): number | null {
  if (creditLine) return toCedis(toPesewas(creditLine.limit) - toPesewas(creditLine.balance));
  return supplier.creditAvailable;
}

/** SPEC §4: sum over drops of quantity x unit price, rounded to 2 decimals (in pesewas, exactly). */
export function builderOrderTotal(drops: readonly { quantity: number }[], unitPrice: number): number {
  // A quantity still being typed may be fractional; the total is rounded to the pesewa all the same.
  return toCedis(roundPesewas(builderTotalUnits(drops) * toPesewas(unitPrice)));
}

export function builderTotalUnits(drops: readonly { quantity: number }[]): number {
  return drops.reduce((sum, d) => sum + (Number.isFinite(d.quantity) && d.quantity > 0 ? d.quantity : 0), 0);
}

/** SPEC §4: flagged when the method is credit_facility and the total exceeds the available credit. */
export function builderCreditShortfall(
  method: PaymentMethod,
  total: number,
  available: number | null,
): boolean {
  return method === 'credit_facility' && total > (available ?? 0);
}

/** SPEC §5: submit is disabled when total units are 0 or less, or when credit is insufficient. */
export function builderCanSubmit(units: number, shortfall: boolean): boolean {
  return units > 0 && !shortfall;
}

/**
 * The days an approval gives the buyer to pay the invoice it issues: the order's credit term on credit,
 * none otherwise (due on the day of approval). The approve-order workflow dates the invoice by it, and the
 * approval's confirmation shows the same date.
 */
export function invoiceTermDays(order: {
  paymentMethod: PaymentMethod;
  creditTermDays: number | null;
}): number {
  return order.paymentMethod === 'credit_facility' ? (order.creditTermDays ?? 0) : 0;
}
