import type { CartItem } from '@aduro/shared/cart';
import { toCedis, toPesewas } from '@aduro/shared/money';

/** SPEC §2 cart page: what a line shows where the buyer left a detail blank. */
export const LINE_FALLBACKS = {
  deliveryLocation: 'Not specified',
  preferredDropDate: 'Not set',
  contactName: 'Not provided',
  contactPhone: 'No contact phone',
} as const;

export const NO_ORGANISATION_MESSAGE =
  'We could not detect a customer organisation linked to your profile. Contact support to complete onboarding before using the cart.';

export const EMPTY_CART_MESSAGE =
  'Your procurement cart is empty. Add medicines from the marketplace to start planning an order.';

/** SPEC §4 wording for one order; several say how many so the buyer knows what to look for. */
export function draftedOrdersMessage(count: number): string {
  return count === 1 ? 'Order drafted. Awaiting approval.' : `${count} orders drafted. Awaiting approval.`;
}

export interface CartSummary {
  lineItems: number;
  totalQuantity: number;
  /** Sum of the known line totals, GH₵, added in whole pesewas (docs/domain.md "Money"). */
  estimatedValue: number;
  /**
   * Lines the supplier does not offer now (inactive, or no stock in date): no price, left out of the
   * value, and a checkout is refused while the cart holds one.
   */
  unpricedLines: number;
  /** Orders a checkout drafts: one per supplier and product (DOMAIN.md "Cart"). */
  draftOrders: number;
}

/** The counters of the cart page, drawer and modal, from the lines themselves. */
export function summariseCart(items: readonly CartItem[]): CartSummary {
  let quantity = 0;
  let pesewas = 0;
  let unpriced = 0;
  const groups = new Set<string>();
  for (const item of items) {
    quantity += item.quantity;
    if (item.lineTotal === null) unpriced += 1;
    else pesewas += toPesewas(item.lineTotal);
    groups.add(`${item.supplierId}:${item.productId}`);
  }
  return {
    lineItems: items.length,
    totalQuantity: quantity,
    estimatedValue: toCedis(pesewas),
    unpricedLines: unpriced,
    draftOrders: groups.size,
  };
}

/**
 * The buyer's target price when it is worth showing beside the offer: it differs from the supplier's
 * current price, or there is no current price to compare it with. Null when none was typed or it matches.
 */
export function differingTarget(item: CartItem): number | null {
  if (item.unitPrice === null) return null;
  if (item.quotedUnitPrice !== null && toPesewas(item.unitPrice) === toPesewas(item.quotedUnitPrice))
    return null;
  return item.unitPrice;
}

/** 'manufacturer' as 'Manufacturer'; the API sends the stored lower-case value. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The detail, or its SPEC fallback when the buyer left it blank. */
export function orFallback(value: string | null, fallback: string): string {
  return value?.trim() ? value : fallback;
}
