import type { Cart, CartItem } from '@aduro/shared/cart';
import type { DraftedOrderSummary } from '@aduro/shared/marketplace';
import { sumCedis } from '@aduro/shared/money';

let next = 0;

type CartItemOverrides = Partial<Omit<CartItem, 'product' | 'supplier'>> & {
  product?: Partial<CartItem['product']>;
  supplier?: Partial<CartItem['supplier']>;
};

/** A cart line as GET /cart answers it; tests override only what they are about. */
export function cartItem(overrides: CartItemOverrides = {}): CartItem {
  next += 1;
  const { product, supplier, ...rest } = overrides;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    productId: '11111111-1111-4111-8111-111111111111',
    supplierId: '22222222-2222-4222-8222-222222222222',
    product: {
      name: 'Amoxicillin 500 mg capsules',
      brandName: 'Ernest Chemists',
      category: 'Antibiotics',
      medicineClass: 'A',
      controlled: null,
      ...product,
    },
    supplier: {
      name: 'Tema Pharma Distributors',
      supplierCategory: 'distributor',
      location: 'Tema',
      ...supplier,
    },
    quantity: 20,
    unitPrice: 104.5,
    quotedUnitPrice: 104.5,
    lineTotal: 2090,
    deliveryLocation: 'AccraCare Osu, Oxford Street, Osu, Accra',
    preferredDropDate: '2026-11-27',
    contactName: 'Ama Mensah',
    contactPhone: '+233 24 381 7720',
    notes: 'Top up before month-end',
    createdAt: '2026-11-21T17:00:00.000Z',
    eligibility: { allowed: true, code: null, reason: null },
    ...rest,
  };
}

/** The cart the API would answer for these lines, its totals summed in pesewas like the server. */
export function cartOf(items: CartItem[]): Cart {
  return {
    items,
    totals: {
      lineItems: items.length,
      totalQuantity: items.reduce((sum, i) => sum + i.quantity, 0),
      estimatedValue: sumCedis(items.flatMap((i) => (i.lineTotal === null ? [] : [i.lineTotal]))),
    },
  };
}

/** One order of a POST /cart/checkout answer. */
export function draftedOrder(overrides: Partial<DraftedOrderSummary> = {}): DraftedOrderSummary {
  next += 1;
  return {
    id: `33333333-0000-4000-8000-${String(next).padStart(12, '0')}`,
    number: `PO-2026-${String(next).padStart(6, '0')}`,
    supplierName: 'Tema Pharma Distributors',
    productName: 'Amoxicillin 500 mg capsules',
    totalQuantity: 20,
    totalCost: 2090,
    paymentMethod: 'mobile_money',
    ...overrides,
  };
}
