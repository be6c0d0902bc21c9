import { z } from 'zod';
import { isIsoDate } from './inventory.ts';
import { hasWholePesewas } from './money.ts';

export const CART_MESSAGES = {
  quantity: 'Enter a quantity to add this item to your cart.',
  noOrganisation: 'No customer organisation linked to your profile.',
  needCustomer: 'You need a customer profile to add items to your cart.',
  added: 'Added to procurement cart',
  removed: 'Removed item from cart',
  cleared: 'Cleared cart',
  lineNotFound: 'Cart item not found',
  preferredDropDate: 'Preferred drop date must be a real date in the form YYYY-MM-DD',
  notOffered: (supplier: string, product: string) => `${supplier} does not currently offer ${product}.`,
  inactiveSupplier: (supplier: string) =>
    `${supplier} is not active on Aduro right now, so it cannot take orders.`,
} as const;

/** Blank, 0 or negative means "use the supplier's quote" (SPEC §5): sent and stored as null. */
const quotePrice = z.preprocess(
  (v) => (v === '' || v === undefined || v === null || (typeof v === 'number' && v <= 0) ? null : v),
  z
    .number({ error: 'Unit price must be a number' })
    .max(10_000_000, 'Unit price is too large')
    .refine(hasWholePesewas, 'Unit price can have at most 2 decimals')
    .nullable(),
);

/** Trimmed text; empty becomes null (SPEC §5). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this under ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/cart/items body and the add-to-cart dialog (SPEC §3 "Add-to-cart payload"). */
export const addToCartSchema = z
  .object({
    productId: z.string({ error: 'Choose a product' }).uuid({ error: 'Choose a product' }),
    supplierId: z.string({ error: 'Choose a supplier' }).uuid({ error: 'Choose a supplier' }),
    quantity: z
      .number({ error: CART_MESSAGES.quantity })
      .int('Quantity must be a whole number of units')
      .gt(0, CART_MESSAGES.quantity)
      .max(1_000_000, 'Quantity is too large'),
    unitPrice: quotePrice,
    deliveryLocation: optionalText(300),
    preferredDropDate: optionalText(10).refine(
      (v) => v === null || isIsoDate(v),
      CART_MESSAGES.preferredDropDate,
    ),
    contactName: optionalText(120),
    contactPhone: optionalText(40),
    notes: optionalText(1000),
  })
  .meta({ id: 'AddToCartRequest' });
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** A cart line (SPEC §3 "Cart"), with the price that applies now. */
export const cartItemSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    supplierId: z.string(),
    product: z.object({ name: z.string(), brandName: z.string(), category: z.string() }),
    supplier: z.object({
      name: z.string(),
      supplierCategory: z.string().nullable(),
      location: z.string().nullable(),
    }),
    quantity: z.number().int(),
    /** The buyer's own price, or null for the supplier's quote. */
    unitPrice: z.number().nullable(),
    /** The supplier's current offer price, when it still offers the product. */
    quotedUnitPrice: z.number().nullable(),
    lineTotal: z.number().nullable(),
    deliveryLocation: z.string().nullable(),
    preferredDropDate: z.string().nullable(),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
    notes: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z
  .object({
    items: z.array(cartItemSchema),
    totals: z.object({
      lineItems: z.number().int(),
      totalQuantity: z.number().int(),
      estimatedValue: z.number(),
    }),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;

export const cartItemParamsSchema = z.object({ id: z.string().uuid({ error: CART_MESSAGES.lineNotFound }) });
