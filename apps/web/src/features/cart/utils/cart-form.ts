import type { CartItem, UpdateCartItemInput } from '@aduro/shared/cart';
import { toCedis, toPesewas } from '@aduro/shared/money';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A cart line's inputs as typed, in the add and the edit dialogs alike; numbers stay text until the
 * shared schema reads them, so it (not the form) reports every rule with its own message.
 */
export interface CartLineFormValues {
  quantity: string;
  unitPrice: string;
  deliveryLocation: string;
  preferredDropDate: string;
  contactName: string;
  contactPhone: string;
  notes: string;
}

export const BLANK_LINE: CartLineFormValues = {
  quantity: '',
  unitPrice: '',
  deliveryLocation: '',
  preferredDropDate: '',
  contactName: '',
  contactPhone: '',
  notes: '',
};

/** Blank stays undefined so the schema, not this function, reports it (with the SPEC quantity text). */
export function toNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The form's text as the body the shared schemas read, field names unchanged: they turn a blank, 0 or
 * negative price into null and trim text to null, exactly as the API route does.
 */
export function toLineInput(values: CartLineFormValues): UpdateCartItemInput {
  return {
    ...values,
    quantity: toNumber(values.quantity),
    unitPrice: values.unitPrice.trim() === '' ? null : toNumber(values.unitPrice),
  } as UpdateCartItemInput;
}

/**
 * Validates the typed line with one of the shared cart schemas; `extra` adds what the form does not
 * type (the product and supplier of an add). Error paths are the form's own field names, so the cast
 * only restates the values' type.
 */
export function cartLineResolver<S extends z.ZodType<object, object>>(
  schema: S,
  extra: Record<string, unknown> = {},
): Resolver<CartLineFormValues, unknown, z.output<S>> {
  // zodResolver's own types tie its input to the schema's; ours is the converted form text.
  const resolve = zodResolver(schema as never) as unknown as (
    values: unknown,
    context: unknown,
    options: unknown,
  ) => Promise<ResolverResult<CartLineFormValues, z.output<S>>>;
  return (values, context, options) => resolve({ ...extra, ...toLineInput(values) }, context, options);
}

/** An existing line as the edit dialog starts it: what the cart shows, blanks for what it lacks. */
export function lineFormValues(item: CartItem): CartLineFormValues {
  return {
    quantity: String(item.quantity),
    unitPrice: item.unitPrice !== null ? item.unitPrice.toFixed(2) : '',
    deliveryLocation: item.deliveryLocation ?? '',
    preferredDropDate: item.preferredDropDate ?? '',
    contactName: item.contactName ?? '',
    contactPhone: item.contactPhone ?? '',
    notes: item.notes ?? '',
  };
}

/**
 * What a line of `quantityText` units will cost: at the supplier's current offer, the price drafting
 * charges (docs/domain.md "Cart"), never the target typed beside it. Null while the quantity is not a
 * whole number above 0 or there is no offer.
 */
export function estimateLineTotal(quantityText: string, offer: number | null): number | null {
  const quantity = toNumber(quantityText);
  if (quantity === undefined || quantity <= 0 || !Number.isInteger(quantity) || offer === null) return null;
  return toCedis(quantity * toPesewas(offer));
}

/** Today in the buyer's calendar, as a date input's min: a drop cannot be preferred in the past. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
