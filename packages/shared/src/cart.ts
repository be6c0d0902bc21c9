import { z } from 'zod';
import { eligibilitySchema, productClassFields } from './compliance.ts';
import { formatUnits } from './format.ts';
import { isIsoDate } from './inventory.ts';
import { hasWholePesewas } from './money.ts';

/** The most units one cart line may hold, whether typed at once or summed by adding to the line. */
export const CART_MAX_QUANTITY = 1_000_000;

export const CART_MESSAGES = {
  quantity: 'Enter a quantity to add this item to your cart.',
  noOrganisation: 'No customer organisation linked to your profile.',
  needCustomer: 'You need a customer profile to add items to your cart.',
  added: 'Added to procurement cart',
  removed: 'Removed item from cart',
  cleared: 'Cleared cart',
  lineNotFound: 'Cart item not found',
  quantityTooLarge: 'Quantity is too large',
  /** A line that now holds more than CART_MAX_QUANTITY units, after adding to it or merging into it. */
  lineTooLarge: (total: number) =>
    `This line would hold ${formatUnits(total)} units; a cart line holds at most ${formatUnits(CART_MAX_QUANTITY)}.`,
  updated: 'Cart line updated',
  merged: 'Cart line updated and combined with the line that had the same delivery details',
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

/**
 * What the buyer chooses for a line (SPEC §3 "Add-to-cart payload" without the product and supplier):
 * what Add to cart sends, and what an edit replaces.
 */
const cartLineFields = {
  quantity: z
    .number({ error: CART_MESSAGES.quantity })
    .int('Quantity must be a whole number of units')
    .gt(0, CART_MESSAGES.quantity)
    .max(CART_MAX_QUANTITY, CART_MESSAGES.quantityTooLarge),
  /** The buyer's target price: kept and shown on the line, never charged (docs/domain.md "Cart"). */
  unitPrice: quotePrice,
  deliveryLocation: optionalText(300),
  preferredDropDate: optionalText(10).refine(
    (v) => v === null || isIsoDate(v),
    CART_MESSAGES.preferredDropDate,
  ),
  contactName: optionalText(120),
  contactPhone: optionalText(40),
  notes: optionalText(1000),
};

/** POST /api/cart/items body and the add-to-cart dialog (SPEC §3 "Add-to-cart payload"). */
export const addToCartSchema = z
  .object({
    productId: z.string({ error: 'Choose a product' }).uuid({ error: 'Choose a product' }),
    supplierId: z.string({ error: 'Choose a supplier' }).uuid({ error: 'Choose a supplier' }),
    ...cartLineFields,
  })
  .meta({ id: 'AddToCartRequest' });
export type AddToCartInput = z.input<typeof addToCartSchema>;

/**
 * PATCH /api/cart/items/{id} body and the edit dialog: the line as it should be, by Add to cart's rules.
 * A field left out or blank is cleared, as in Add to cart, so the body is the whole line and sending it
 * twice changes nothing more.
 */
export const updateCartItemSchema = z.object(cartLineFields).meta({ id: 'UpdateCartItemRequest' });
export type UpdateCartItemInput = z.input<typeof updateCartItemSchema>;
export type UpdateCartItem = z.output<typeof updateCartItemSchema>;

/** A cart line (SPEC §3 "Cart"), with the price that applies now. */
export const cartItemSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    supplierId: z.string(),
    product: z.object({
      name: z.string(),
      brandName: z.string(),
      category: z.string(),
      ...productClassFields,
    }),
    supplier: z.object({
      name: z.string(),
      supplierCategory: z.string().nullable(),
      location: z.string().nullable(),
    }),
    quantity: z.number().int(),
    unitPrice: z
      .number()
      .nullable()
      .describe(
        "The buyer's target price as typed in Add to cart (null when left blank). Kept and shown, never " +
          'charged: drafting prices every order at the offer (quotedUnitPrice).',
      ),
    quotedUnitPrice: z
      .number()
      .nullable()
      .describe(
        "The supplier's current offer price, what drafting from the cart charges; null when the line " +
          'cannot be drafted now (the supplier is inactive or holds no unexpired stock of the product).',
      ),
    lineTotal: z
      .number()
      .nullable()
      .describe('quantity x quotedUnitPrice, exact to the pesewa; null when quotedUnitPrice is.'),
    deliveryLocation: z.string().nullable(),
    preferredDropDate: z.string().nullable(),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
    notes: z.string().nullable(),
    createdAt: z.string(),
    eligibility: eligibilitySchema.describe('Whether the buyer may release an order of this line now'),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z
  .object({
    items: z.array(cartItemSchema),
    totals: z.object({
      lineItems: z.number().int(),
      totalQuantity: z.number().int(),
      estimatedValue: z
        .number()
        .describe('The sum of the known line totals: what drafting the lines that can be drafted charges.'),
    }),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartSchema>;

export const cartItemParamsSchema = z.object({ id: z.string().uuid({ error: CART_MESSAGES.lineNotFound }) });
