import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@aduro/shared/payments';
import { formatCedis, formatUnits } from '../../../lib/format';

/** SPEC §2 fallbacks: what a card says when the supplier has not filled a field in yet. */
export const SUPPLIER_FALLBACKS = {
  location: 'Location pending',
  category: 'Uncategorised',
  paymentTerms: 'Prepaid',
  credit: 'No credit profile',
  rating: 'No rating yet',
} as const;

const blank = (text: string | null | undefined) => !text || text.trim() === '';

export function supplierLocation(location: string | null): string {
  return blank(location) ? SUPPLIER_FALLBACKS.location : (location as string);
}

/** 'distributor' -> 'Distributor'. */
export function supplierCategoryLabel(category: string | null): string {
  if (blank(category)) return SUPPLIER_FALLBACKS.category;
  const text = (category as string).trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** SPEC §9: Prepaid is the default payment terms label. */
export function paymentTermsLabel(terms: string | null): string {
  return blank(terms) ? SUPPLIER_FALLBACKS.paymentTerms : (terms as string).trim();
}

/** The buyer's available credit with the supplier, or 'No credit profile' without a credit line. */
export function creditLabel(creditAvailable: number | null): string {
  return creditAvailable === null ? SUPPLIER_FALLBACKS.credit : formatCedis(creditAvailable);
}

export function ratingLabel(rating: number | null): string {
  return rating === null ? SUPPLIER_FALLBACKS.rating : `${rating.toFixed(1)} / 5`;
}

export function paymentMethodLabels(methods: readonly PaymentMethod[]): string[] {
  return methods.map((method) => PAYMENT_METHOD_LABELS[method]);
}

export function leadTimeLabel(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/** The longest shelf life a supplier offers now; null when none of its stock carries an expiry date. */
export function shelfLifeLabel(days: number | null): string {
  if (days === null) return 'No expiry date';
  return days === 1 ? '1 day' : `${formatUnits(days)} days`;
}
