import { z } from 'zod';

export const CATALOGUE_MESSAGES = {
  requiredFields: 'Please complete all required product fields',
  productAdded: 'Product added. Use the new ID to sync inventory.',
  duplicate: (name: string, id: string) => `${name} is already in the catalogue as product ${id}.`,
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
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

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
  })
  .meta({ id: 'CreateProductRequest' });
export type CreateProductInput = z.input<typeof createProductSchema>;

/** GET /api/products query: the whole catalogue, or a name/brand search for pickers. */
export const productListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Keep the search under 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
