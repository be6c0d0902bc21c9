import { z } from 'zod';
import { eligibilitySchema, productClassFields } from './compliance.ts';
import { cartSchema } from './cart.ts';
import { EXPIRING_SOON_DAYS, EXPIRY_STATUSES } from './inventory.ts';
import { PAYMENT_METHODS, type PaymentMethod } from './payments.ts';

export const SUPPLIER_CATEGORIES = ['importer', 'distributor', 'manufacturer'] as const;
export type SupplierCategory = (typeof SUPPLIER_CATEGORIES)[number];

export const MARKETPLACE_MESSAGES = {
  productNotFound: 'Product not found',
  supplierNotFound: 'Supplier not found',
  category: 'Category must be all, importer, distributor or manufacturer',
  otherBuyer: 'You can only compare suppliers for your own organisation.',
  otherOrganisationAnalytics: "You can only view your own organisation's purchasing analytics.",
} as const;

/** What a match says about a supplier; each tag follows from a fact (docs/domain.md "Marketplace reads"). */
export const MATCH_TAGS = {
  inStock: 'In stock',
  lowStock: 'Low stock',
  expiringSoon: 'Expiring soon',
  creditAvailable: 'Credit available',
  fastDelivery: 'Fast delivery',
} as const;
/** Stock under this many minimum orders is low... */
export const LOW_STOCK_MOQ_MULTIPLE = 5;
/** ...and so is stock under this many units, whatever the moq. */
export const LOW_STOCK_UNITS = 50;
/** A supplier whose lead time is at most this many days delivers fast. */
export const FAST_DELIVERY_DAYS = 2;
/** Lead time and rating read this many of the supplier's most recent deliveries. */
export const DELIVERY_HISTORY_DROPS = 50;
/** Below this many deliveries a rating says nothing, so none is given. */
export const MIN_RATED_DELIVERIES = 3;

// Query strings: an empty value means "not given" (SPEC §3: empty optional strings are omitted).
const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/suppliers query. */
export const supplierDirectoryQuerySchema = z.object({
  category: z.preprocess(
    blankAsMissing,
    z.enum(['all', ...SUPPLIER_CATEGORIES], { error: MARKETPLACE_MESSAGES.category }).optional(),
  ),
});

export const supplierIdParamsSchema = z.object({
  id: z.string().uuid({ error: 'Supplier id must be a UUID' }),
});

export const productIdParamsSchema = z.object({
  id: z.string().uuid({ error: 'Product id must be a UUID' }),
});

/** GET /api/products/{id}/suppliers query: buyerId, when given, must be the caller's organisation. */
export const supplierMatchQuerySchema = z.object({
  buyerId: z.preprocess(blankAsMissing, z.string().uuid({ error: 'buyerId must be a UUID' }).optional()),
});

/** The caller's standing with a supplier; null for callers who are not customers. */
export const supplierRelationshipSchema = z.object({
  /** At least one released order between them. */
  isCustomer: z.boolean(),
  /** The caller's orders with this supplier awaiting the caller's approval. */
  pendingDiscountApprovals: z.number().int(),
  creditLimit: z.number().nullable(),
  creditAvailable: z.number().nullable(),
});

/** SPEC §9: the payment terms label of a supplier that has not given any. */
export const DEFAULT_PAYMENT_TERMS = 'Prepaid';

/**
 * A supplier's payment terms as the API answers them and the web shows them: 'Prepaid' when none are stored
 * (an old row may hold null or blank text).
 */
export function paymentTermsOrDefault(terms: string | null | undefined): string {
  const text = terms?.trim() ?? '';
  return text === '' ? DEFAULT_PAYMENT_TERMS : text;
}

/** A supplier card of the customer hub directory (SPEC §3 "Supplier (marketplace list)"). */
export const supplierDirectoryEntrySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    location: z.string().nullable(),
    supplierCategory: z.enum(SUPPLIER_CATEGORIES).nullable(),
    isActive: z.boolean(),
    /** Never null or blank: 'Prepaid' when the supplier has none (paymentTermsOrDefault). */
    paymentTerms: z.string(),
    /** Offers with unexpired stock on hand. */
    inventory: z.object({ lines: z.number().int() }),
    /** Distinct buyers with released orders. */
    customerCount: z.number().int(),
    /** Sum of its released orders, GH₵. */
    gmv: z.number(),
    relationship: supplierRelationshipSchema.nullable(),
  })
  .meta({ id: 'SupplierDirectoryEntry' });
export type SupplierDirectoryEntry = z.infer<typeof supplierDirectoryEntrySchema>;

/** A row of a supplier's catalogue table (SPEC §3 "Supplier catalogue item"). */
export const supplierCatalogueItemSchema = z
  .object({
    productId: z.string(),
    name: z.string(),
    brandName: z.string(),
    category: z.string(),
    unitOfMeasure: z.string(),
    itemsPerUnit: z.string(),
    isService: z.boolean(),
    unitPrice: z.number(),
    /** Units in unexpired lots. */
    quantity: z.number().int(),
    moq: z.number().int(),
    /** Of the earliest-expiring unexpired lot; not_applicable when no lot is dated. */
    expiryStatus: z.enum(EXPIRY_STATUSES),
    daysUntilExpiry: z.number().int().nullable(),
    supportsCredit: z.boolean(),
    /** The caller's active credit line with this supplier, else null. */
    creditLimit: z.number().nullable(),
    creditAvailable: z.number().nullable(),
    ...productClassFields,
    eligibility: eligibilitySchema.describe('Whether the caller may release an order of this item now'),
  })
  .meta({ id: 'SupplierCatalogueItem' });
export type SupplierCatalogueItem = z.infer<typeof supplierCatalogueItemSchema>;

/** An active supplier able to fill a product now (SPEC §3 "Supplier match"), cheapest first. */
export const supplierMatchSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    location: z.string().nullable(),
    paymentTerms: z.string(),
    supplierCategory: z.enum(SUPPLIER_CATEGORIES).nullable(),
    tags: z.array(z.string()),
    unitPrice: z.number(),
    leadTimeDays: z.number().int(),
    moq: z.number().int(),
    /** Out of 5, one decimal; null below 3 deliveries. */
    rating: z.number().nullable(),
    creditAvailable: z.number().nullable(),
    creditLimit: z.number().nullable(),
    supportedPaymentMethods: z.array(z.enum(PAYMENT_METHODS)),
    defaultPaymentMethod: z.enum(PAYMENT_METHODS),
    supportsCredit: z.boolean(),
    availableQuantity: z.number().int(),
    /**
     * Days from today (UTC) to the latest expiry among the supplier's unexpired lots with units: the
     * longest shelf life it can offer now. Null when none of its stock carries an expiry date.
     */
    longestShelfLifeDays: z.number().int().nullable(),
    eligibility: eligibilitySchema.describe('Whether the caller may release an order of this offer now'),
  })
  .meta({ id: 'SupplierMatch' });
export type SupplierMatch = z.infer<typeof supplierMatchSchema>;

export interface PaymentTermsFacts {
  /** The supplier's own list; empty means it never said. */
  supportedPaymentMethods: readonly PaymentMethod[];
  paymentTerms: string | null;
  supportsCredit: boolean;
  /** The buyer holds an active credit line with this supplier (DOMAIN.md "Credit"). */
  hasActiveCreditLine: boolean;
}

const mentionsCheque = (terms: string) => /cheque/i.test(terms);
// "Net 30", "net-14", "NET30", "on credit": a term that defers payment.
const mentionsNetOrCredit = (terms: string) => /\bnet(?:\b|\s*-?\s*\d)|\bcredit\b/i.test(terms);

/**
 * SPEC §4: the supplier's list, or cash, mobile_money and digital_wallet when none is given; cheque is
 * added when the terms mention cheque; credit_facility when the supplier supports credit, the terms
 * mention net or credit, or the buyer has an active credit line. The supplier's order is kept (its
 * first method is the fallback default); additions come after it.
 */
export function allowedPaymentMethods(facts: PaymentTermsFacts): PaymentMethod[] {
  const terms = facts.paymentTerms ?? '';
  const methods: PaymentMethod[] =
    facts.supportedPaymentMethods.length > 0
      ? [...facts.supportedPaymentMethods]
      : ['cash', 'mobile_money', 'digital_wallet'];
  if (mentionsCheque(terms)) methods.push('cheque');
  if (facts.supportsCredit || mentionsNetOrCredit(terms) || facts.hasActiveCreditLine) {
    methods.push('credit_facility');
  }
  return methods.filter((m, i) => methods.indexOf(m) === i);
}

/** SPEC §4: the supplier's default when it is allowed, else the first allowed method, else cash. */
export function defaultPaymentMethodFor(
  allowed: readonly PaymentMethod[],
  supplierDefault: PaymentMethod | null,
): PaymentMethod {
  if (supplierDefault && allowed.includes(supplierDefault)) return supplierDefault;
  return allowed[0] ?? 'cash';
}

/**
 * The method of an order drafted without the buyer choosing one (cart checkout): the supplier's
 * default when allowed, except that credit is only chosen when the buyer's credit line can carry the
 * order; otherwise the first allowed method that is not credit. Null when nothing is left.
 */
export function draftPaymentMethod(
  allowed: readonly PaymentMethod[],
  supplierDefault: PaymentMethod | null,
  creditFits: boolean,
): PaymentMethod | null {
  const usable = (m: PaymentMethod) => m !== 'credit_facility' || creditFits;
  if (supplierDefault && allowed.includes(supplierDefault) && usable(supplierDefault)) return supplierDefault;
  return allowed.find((m) => m !== 'credit_facility') ?? allowed.find(usable) ?? null;
}

/** The N of a net-N pattern in payment terms ("Net 30" -> 30), when it is 0..180 (SPEC §4). */
export function netTermDays(paymentTerms: string | null): number | null {
  const match = /\bnet\s*-?\s*(\d{1,3})\b/i.exec(paymentTerms ?? '');
  if (!match) return null;
  const days = Number(match[1]);
  return days <= 180 ? days : null;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Low when under 5 minimum orders or under 50 units (docs/domain.md "Marketplace reads"). */
export function isLowStock(availableQuantity: number, moq: number): boolean {
  return availableQuantity < LOW_STOCK_MOQ_MULTIPLE * moq || availableQuantity < LOW_STOCK_UNITS;
}

export interface MatchFacts {
  supplierCategory: string | null;
  availableQuantity: number;
  moq: number;
  /** Days until the earliest unexpired dated lot expires; null when no lot is dated. */
  daysUntilEarliestExpiry: number | null;
  /** Available credit on the buyer's active line; null without one. */
  creditAvailable: number | null;
  leadTimeDays: number;
}

/** The tags of a supplier match, each derived from a fact, in a fixed order. */
export function matchTags(f: MatchFacts): string[] {
  const tags: string[] = [];
  if (f.supplierCategory) tags.push(capitalise(f.supplierCategory));
  tags.push(isLowStock(f.availableQuantity, f.moq) ? MATCH_TAGS.lowStock : MATCH_TAGS.inStock);
  if (f.daysUntilEarliestExpiry !== null && f.daysUntilEarliestExpiry <= EXPIRING_SOON_DAYS) {
    tags.push(MATCH_TAGS.expiringSoon);
  }
  if (f.creditAvailable !== null && f.creditAvailable > 0) tags.push(MATCH_TAGS.creditAvailable);
  if (f.leadTimeDays <= FAST_DELIVERY_DAYS) tags.push(MATCH_TAGS.fastDelivery);
  return tags;
}

// --- Drafting orders from the cart (DOMAIN.md "Cart": beyond the spec) -----------------------------

export const DRAFT_MESSAGES = {
  emptyCart: 'Your cart is empty',
  inactiveBuyer: (organisation: string) =>
    `${organisation} is not active on Aduro right now, so it cannot trade.`,
  belowMoq: (product: string, supplier: string, moq: number, quantity: number) =>
    `${supplier} sells ${product} in orders of at least ${moq} units; you have ${quantity}.`,
  noUnits: 'Add at least one unit to draft an order.',
  methodNotAccepted: (supplier: string, method: string) => `${supplier} does not accept ${method}.`,
  noMethod: (supplier: string) => `${supplier} has no payment method you can use yet.`,
  noCreditLine: (supplier: string) => `You have no active credit line with ${supplier}.`,
  creditShortfall: 'Not enough credit to cover this order. Reduce quantities or switch to prepaid.',
  creditTermDays: 'Credit term days must be a whole number from 0 to 180',
} as const;

/** One order drafted by POST /api/cart/checkout. */
export const draftedOrderSummarySchema = z
  .object({
    id: z.string(),
    number: z.string(),
    supplierName: z.string(),
    productName: z.string(),
    totalQuantity: z.number().int(),
    totalCost: z.number(),
    paymentMethod: z.enum(PAYMENT_METHODS),
  })
  .meta({ id: 'DraftedOrderSummary' });
export type DraftedOrderSummary = z.infer<typeof draftedOrderSummarySchema>;

/** POST /api/cart/checkout answer: the draft orders, and the cart without the lines they took. */
export const cartCheckoutSchema = z
  .object({ orders: z.array(draftedOrderSummarySchema), cart: cartSchema })
  .meta({ id: 'CartCheckout' });
export type CartCheckout = z.infer<typeof cartCheckoutSchema>;
