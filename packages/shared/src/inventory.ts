import { z } from 'zod';
import { isIsoDate } from './calendar.ts';
import { productClassFields } from './compliance.ts';
import { hasWholePesewas } from './money.ts';

export const INVENTORY_MESSAGES = {
  productRequired: 'Please provide a product identifier',
  quantityAndPrice: 'Quantity and unit price are required',
  quantityWhole: 'Quantity must be a whole number of units, 0 or more',
  pricePositive: 'Unit price must be more than 0',
  priceCents: 'Unit price can have at most 2 decimals',
  expiryDate: 'Expiry date must be a real date in the form YYYY-MM-DD',
  moq: 'Minimum order quantity must be a whole number, 1 or more',
  synced: 'Inventory synchronised',
  unknownProduct: 'No catalogue product has that identifier',
  batchNumber:
    "A batch number is 1 to 20 letters, digits, '.', '/', '_' or '-', starting with a letter or digit",
  /** A sync whose expiry date has passed, sent without confirmExpired: true. */
  expiryPassed:
    'This expiry date has passed. Confirm that you are recording expired stock: it is kept as expired and never sold.',
  /** The stock sync form's hint under the unit price. */
  priceAppliesToOffer: 'Your offer price for this product: it applies to all your lots of it.',
} as const;

/**
 * A manufacturer's batch (lot) number as printed on the pack and carried by GS1 AI (10): kept in capitals,
 * so one typed in lower case and one scanned are the same batch (docs/domain.md "Batches"). GS1 allows a
 * few more punctuation marks; pharmaceutical batches use none of them, and a narrow set keeps recalls
 * matching exactly what was received.
 */
export const BATCH_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9./_-]{0,19}$/;
export const batchNumberSchema = z
  .string({ error: INVENTORY_MESSAGES.batchNumber })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => BATCH_NUMBER_PATTERN.test(v), INVENTORY_MESSAGES.batchNumber);

/** Units a drop received from one lot: the lot's batch (when recorded) and expiry (when it has one). */
export const allocatedBatchSchema = z
  .object({
    batchNumber: z.string().nullable(),
    /** YYYY-MM-DD */
    expiryDate: z.string().nullable(),
    quantity: z.number().int(),
  })
  .meta({ id: 'AllocatedBatch' });
export type AllocatedBatch = z.infer<typeof allocatedBatchSchema>;

export const EXPIRY_STATUSES = ['expired', 'expiring_soon', 'healthy', 'not_applicable'] as const;
export type ExpiryStatus = (typeof EXPIRY_STATUSES)[number];
/** A lot expiring within this many days is 'expiring_soon' (DOMAIN.md). */
export const EXPIRING_SOON_DAYS = 90;

const DAY_MS = 86_400_000;
// Kept in calendar.ts so that contracts this module uses (compliance.ts) can check dates without a cycle.
export { isIsoDate };

/** Whole days from `today` to the expiry date, negative once expired; both are YYYY-MM-DD. */
export function daysUntil(expiryDate: string, today: string): number {
  return Math.round((Date.parse(`${expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * DOMAIN.md: expired once the date has passed (a lot is usable on its expiry day), expiring_soon within
 * 90 days, healthy beyond, not_applicable without a date.
 */
export function expiryStatusFor(expiryDate: string | null, today: string): ExpiryStatus {
  if (!expiryDate) return 'not_applicable';
  const days = daysUntil(expiryDate, today);
  if (days < 0) return 'expired';
  if (days <= EXPIRING_SOON_DAYS) return 'expiring_soon';
  return 'healthy';
}

let today = { from: 0, to: 0, text: '' };

/**
 * Today's date in UTC as YYYY-MM-DD: the one calendar the server and the tests agree on. The day's text
 * is kept until the clock leaves that day (JavaScript's UTC days are exactly DAY_MS long), since busy
 * reads put it in their cache keys; a clock set back (or a test's fake one) simply misses and recomputes.
 */
export function todayUtc(now?: Date): string {
  const at = now === undefined ? Date.now() : now.getTime();
  if (at >= today.from && at < today.to) return today.text;
  const text = new Date(at).toISOString().slice(0, 10);
  const from = Math.floor(at / DAY_MS) * DAY_MS;
  today = { from, to: from + DAY_MS, text };
  return text;
}

/** A stock lot as the supplier's inventory table shows it (SPEC §3 "Inventory row"). */
export const inventoryRowSchema = z
  .object({
    id: z.string(),
    product: z.object({
      id: z.string(),
      name: z.string(),
      brandName: z.string(),
      category: z.string(),
      unitOfMeasure: z.string(),
      ...productClassFields,
      fdaRegistrationExpiresOn: z.string().nullable(),
      registrationLapsed: z
        .boolean()
        .describe('True once the FDA registration has lapsed: buyers are not offered the product'),
    }),
    quantity: z.number().int(),
    unitPrice: z.number().describe("The supplier's current offer price for the product, GH₵"),
    moq: z.number().int(),
    /** The lot's batch number; null for stock synced without one. */
    batchNumber: z.string().nullable(),
    expiryDate: z.string().nullable(),
    expiryStatus: z.enum(EXPIRY_STATUSES),
    daysUntilExpiry: z.number().int().nullable(),
    /** The first recall that quarantined the lot ('Recalled'); null while the lot may be sold. */
    recall: z.object({ id: z.string(), number: z.string() }).nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'InventoryRow' });
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

/**
 * GET /api/inventory/totals: SPEC §2's totals over every lot the supplier holds, summed by PostgreSQL so
 * a phone gets four numbers instead of the whole stock (5,000 lots are 1.5 MB of GET /api/inventory).
 */
export const inventoryTotalsSchema = z
  .object({
    lots: z.number().int(),
    unitsOnHand: z.number().int(),
    value: z.number().describe('Sum of units × the offer price over every lot, GH₵'),
    lotsAtRisk: z
      .number()
      .int()
      .describe(`Lots expired or expiring within ${EXPIRING_SOON_DAYS} days (UTC), the ones to act on`),
  })
  .meta({ id: 'InventoryTotals' });
export type InventoryTotals = z.infer<typeof inventoryTotalsSchema>;

const money = z
  .number({ error: INVENTORY_MESSAGES.quantityAndPrice })
  .positive(INVENTORY_MESSAGES.pricePositive)
  .max(10_000_000, 'Unit price is too large')
  .refine(hasWholePesewas, INVENTORY_MESSAGES.priceCents);

/**
 * POST /api/inventory body and the stock sync form: sets the counted quantity of one lot (supplier,
 * product, batch, expiry) and the offer price of the product; batch and moq optional.
 */
export const inventorySyncSchema = z
  .object({
    productId: z
      .string({ error: INVENTORY_MESSAGES.productRequired })
      .trim()
      // abort: an empty identifier is missing, not also "unknown".
      .min(1, { error: INVENTORY_MESSAGES.productRequired, abort: true })
      .uuid({ error: INVENTORY_MESSAGES.unknownProduct }),
    quantity: z
      .number({ error: INVENTORY_MESSAGES.quantityAndPrice })
      .int(INVENTORY_MESSAGES.quantityWhole)
      .min(0, INVENTORY_MESSAGES.quantityWhole)
      .max(10_000_000, 'Quantity is too large'),
    unitPrice: money,
    expiryDate: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isIsoDate(v), INVENTORY_MESSAGES.expiryDate),
    /** Optional: without it the sync sets the lot of (product, expiry) with no batch, as before batches. */
    batchNumber: z
      .string({ error: INVENTORY_MESSAGES.batchNumber })
      .nullish()
      .transform((v) => (v && v.trim() ? v : null))
      .pipe(batchNumberSchema.nullable()),
    moq: z
      .number()
      .int(INVENTORY_MESSAGES.moq)
      .min(1, INVENTORY_MESSAGES.moq)
      .max(1_000_000, INVENTORY_MESSAGES.moq)
      .nullish()
      .transform((v) => v ?? null),
    /**
     * An expiry date already past is taken only with this set to true: the supplier says they mean to
     * record expired stock (kept as expired, never sold), not that they mistyped the year.
     */
    confirmExpired: z.boolean().optional(),
  })
  .meta({ id: 'InventorySyncRequest' });
export type InventorySyncInput = z.input<typeof inventorySyncSchema>;

export const forecastParamsSchema = z.object({
  productId: z.string().uuid({ error: INVENTORY_MESSAGES.unknownProduct }),
});

/** GET /api/inventory/forecast/{productId} (SPEC §3 "Forecast", DOMAIN.md "Forecast"). */
export const forecastSchema = z
  .object({
    productId: z.string(),
    productName: z.string(),
    commentary: z.string().nullable(),
    /** The next 8 ISO weeks, e.g. 2026-W48. */
    points: z.array(z.object({ period: z.string(), projected: z.number() })),
    /** Mean weekly units over the last 8 weeks. */
    baseline: z.number(),
    /** The last 26 ISO weeks of released units, oldest first, zero-filled. */
    history: z.array(z.object({ period: z.string(), units: z.number().int() })),
    model: z.object({
      method: z.enum(['holt', 'baseline']),
      alpha: z.number().nullable(),
      beta: z.number().nullable(),
      /** Sum of squared one-step-ahead errors of the fitted model on the history. */
      sse: z.number().nullable(),
    }),
    unexpiredStock: z.number().int(),
    weeksOfCover: z.number().nullable(),
    unitsAtRiskOfExpiry: z.number().int(),
  })
  .meta({ id: 'Forecast' });
export type Forecast = z.infer<typeof forecastSchema>;
