import { z } from 'zod';
import { COMPLIANCE_MESSAGES, productLegalStatusFields, productLegalStatusSchema } from './compliance.ts';
import { gtinField, gtinSchema } from './gtin.ts';

export const CATALOGUE_MESSAGES = {
  requiredFields: 'Please complete all required product fields',
  productAdded: 'Product added. Use the new ID to sync inventory.',
  duplicate: (name: string, id: string) => `${name} is already in the catalogue as product ${id}.`,
  productNotFound: 'Product not found',
  gtinTaken: (gtin: string, name: string, brandName: string) =>
    `GTIN ${gtin} is already in the catalogue as ${name} (${brandName})`,
} as const;

/** The fields that make two catalogue entries the same product (DOMAIN.md "Catalogue and inventory"). */
export interface ProductIdentity {
  name: string;
  brandName: string;
  unitOfMeasure: string;
  itemsPerUnit: string;
}

/** name|brand|unit|pack, each lower-cased with all whitespace removed: the products.dedupe_key value. */
export function productDedupeKey(p: ProductIdentity): string {
  return [p.name, p.brandName, p.unitOfMeasure, p.itemsPerUnit]
    .map((part) => part.toLowerCase().replace(/\s+/g, ''))
    .join('|');
}

/** A catalogue product (SPEC §3). */
export const productSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    brandName: z.string(),
    category: z.string(),
    description: z.string().nullable(),
    unitOfMeasure: z.string(),
    itemsPerUnit: z.string(),
    isService: z.boolean(),
    gtin: gtinSchema
      .nullable()
      .describe('The GS1 barcode number in its 14-digit form; null when not recorded'),
    ...productLegalStatusSchema.shape,
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/**
 * A registration is a number and its expiry: one without the other can be neither checked nor reminded
 * of. The field to fill in when only one of them is given, else null (both or neither). Shared by
 * POST /api/products and the administrator's correction, which checks the product as it would stand.
 */
export function fdaRegistrationIncomplete(v: {
  fdaRegistrationNumber?: string | null;
  fdaRegistrationExpiresOn?: string | null;
}): { field: 'fdaRegistrationNumber' | 'fdaRegistrationExpiresOn'; message: string } | null {
  if (!!v.fdaRegistrationNumber === !!v.fdaRegistrationExpiresOn) return null;
  return {
    field: v.fdaRegistrationNumber ? 'fdaRegistrationExpiresOn' : 'fdaRegistrationNumber',
    message: COMPLIANCE_MESSAGES.fdaRegistrationIncomplete,
  };
}

const requiredText = (max: number) =>
  z
    .string({ error: CATALOGUE_MESSAGES.requiredFields })
    .trim()
    .min(1, CATALOGUE_MESSAGES.requiredFields)
    .max(max, `Keep this under ${max} characters`);

/** POST /api/products body and the 'Add catalogue product' form. */
export const createProductSchema = z
  .object({
    name: requiredText(160),
    brandName: requiredText(120),
    category: requiredText(80),
    unitOfMeasure: requiredText(40),
    itemsPerUnit: requiredText(60),
    description: z
      .string()
      .trim()
      .max(1000, 'Keep the description under 1000 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
    gtin: gtinField,
    // Optional (issue 32): SPEC's payload stays valid; a platform administrator may set them later.
    ...productLegalStatusFields,
  })
  .superRefine((v, ctx) => {
    const issue = fdaRegistrationIncomplete(v);
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
  })
  .meta({ id: 'CreateProductRequest' });
export type CreateProductInput = z.input<typeof createProductSchema>;

/**
 * GET /api/products query: the whole catalogue, or a search of name, brand and category that forgives
 * typos (or an exact GTIN) for pickers.
 */
export const productListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Keep the search under 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** GET /api/products/{id}/price-history path. */
export const priceHistoryParamsSchema = z.object({
  id: z.string().uuid({ error: 'Product id must be a UUID' }),
});

/** How far back the price history reaches: the last 12 months (docs/domain.md "Price history"). */
export const PRICE_HISTORY_MONTHS = 12;

/** A price in force from a UTC calendar day until the next point of its line. */
export const pricePointSchema = z
  .object({
    at: z.string().describe('UTC calendar day, YYYY-MM-DD'),
    unitPrice: z.number().describe('GH₵'),
  })
  .meta({ id: 'PricePoint' });
export type PricePoint = z.infer<typeof pricePointSchema>;

/** One supplier's offer price over the window, oldest first. */
export const supplierPriceLineSchema = z
  .object({
    supplierId: z.string(),
    supplierName: z.string(),
    currentPrice: z.number().describe("The offer's price now, GH₵"),
    points: z
      .array(pricePointSchema)
      .describe(
        'The price in force on the first day of the window (when the offer is older), then each day the ' +
          'price changed, with the price it closed at; at most one point a day.',
      ),
  })
  .meta({ id: 'SupplierPriceLine' });
export type SupplierPriceLine = z.infer<typeof supplierPriceLineSchema>;

/** GET /api/products/{id}/price-history: per supplier, dated prices over the last 12 months. */
export const priceHistorySchema = z
  .object({
    productId: z.string(),
    from: z.string().describe('First day of the window (UTC), YYYY-MM-DD'),
    to: z.string().describe('Last day of the window, today (UTC), YYYY-MM-DD'),
    suppliers: z.array(supplierPriceLineSchema).describe('Cheapest current price first, then by name'),
    cheapest: z
      .object({ supplierId: z.string(), supplierName: z.string(), unitPrice: z.number() })
      .nullable()
      .describe('The cheapest offer a buyer can order now (published stock); null when nobody offers it'),
  })
  .meta({ id: 'PriceHistory' });
export type PriceHistory = z.infer<typeof priceHistorySchema>;
