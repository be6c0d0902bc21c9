import { describe, expect, it } from 'vitest';
import {
  builderAvailableCredit,
  builderCanSubmit,
  builderCreditShortfall,
  builderCreditTermDays,
  builderDefaultPaymentMethod,
  builderOrderTotal,
  builderPaymentMethods,
  builderTotalUnits,
  canCancelDrop,
  canMoveDrop,
  draftOrderSchema,
  DROP_STATUSES,
  nextDropStatus,
  orderStatusFromDrops,
  orderStatusLabel,
  type BuilderSupplier,
  type DropStatus,
} from './orders.ts';

const supplier = (over: Partial<BuilderSupplier> = {}): BuilderSupplier => ({
  supportedPaymentMethods: [],
  defaultPaymentMethod: null,
  paymentTerms: 'Prepaid',
  supportsCredit: false,
  creditAvailable: null,
  ...over,
});

describe('builder payment methods (SPEC §4)', () => {
  it('offers cash, mobile money and digital wallet when the supplier lists none', () => {
    expect(builderPaymentMethods(supplier())).toEqual(['cash', 'mobile_money', 'digital_wallet']);
  });
  it("keeps the supplier's own list and adds cheque when the terms mention cheque", () => {
    expect(
      builderPaymentMethods(
        supplier({ supportedPaymentMethods: ['mobile_money'], paymentTerms: 'Cheque on delivery' }),
      ),
    ).toEqual(['mobile_money', 'cheque']);
  });
  it.each([
    ['supports credit', { supportsCredit: true }],
    ['net terms', { paymentTerms: 'Net 30' }],
    ['credit terms', { paymentTerms: 'Credit, 14 days' }],
  ])('adds credit_facility for a supplier whose %s', (_what, over) => {
    expect(builderPaymentMethods(supplier(over))).toContain('credit_facility');
  });
  it('adds credit_facility for a buyer holding an active line, and never for prepaid terms alone', () => {
    expect(builderPaymentMethods(supplier(), { limit: 1000, balance: 0 })).toContain('credit_facility');
    expect(builderPaymentMethods(supplier())).not.toContain('credit_facility');
  });
  it("defaults to the supplier's default when supported, else the first supported", () => {
    expect(
      builderDefaultPaymentMethod(
        supplier({ supportedPaymentMethods: ['cash', 'cheque'], defaultPaymentMethod: 'cheque' }),
      ),
    ).toBe('cheque');
    expect(
      builderDefaultPaymentMethod(
        supplier({ supportedPaymentMethods: ['cheque', 'cash'], defaultPaymentMethod: 'digital_wallet' }),
      ),
    ).toBe('cheque');
    expect(builderDefaultPaymentMethod(supplier())).toBe('cash');
  });
});

describe('credit term days and available credit (SPEC §4)', () => {
  it('takes the days from net-N terms only for credit_facility without entered days', () => {
    expect(builderCreditTermDays('credit_facility', null, 'Net 45')).toBe(45);
    expect(builderCreditTermDays('credit_facility', undefined, 'net-14 days')).toBe(14);
    expect(builderCreditTermDays('credit_facility', 7, 'Net 45')).toBe(7);
    expect(builderCreditTermDays('credit_facility', null, 'Prepaid')).toBeNull();
    expect(builderCreditTermDays('cash', null, 'Net 45')).toBeNull();
  });
  it("uses the line's limit minus balance when a line exists, else the supplier's creditAvailable", () => {
    expect(
      builderAvailableCredit(supplier({ creditAvailable: 900 }), { limit: 5000.5, balance: 1200.25 }),
    ).toBe(3800.25);
    expect(builderAvailableCredit(supplier({ creditAvailable: 900 }), null)).toBe(900);
    expect(builderAvailableCredit(supplier(), null)).toBeNull();
  });
});

describe('totals, shortfall and submit (SPEC §4, §5)', () => {
  it('rounds the total to 2 decimals in pesewas, ignoring negative and non-numeric quantities', () => {
    expect(builderOrderTotal([{ quantity: 3 }], 0.1)).toBe(0.3);
    expect(builderOrderTotal([{ quantity: 50 }, { quantity: 40 }], 12.35)).toBe(1111.5);
    expect(builderOrderTotal([{ quantity: 7 }, { quantity: -4 }, { quantity: Number.NaN }], 19.99)).toBe(
      139.93,
    );
    expect(builderTotalUnits([{ quantity: 7 }, { quantity: -4 }, { quantity: Number.NaN }])).toBe(7);
  });
  it('flags a shortfall only for credit_facility over the available credit (none counts as 0)', () => {
    expect(builderCreditShortfall('credit_facility', 1000.01, 1000)).toBe(true);
    expect(builderCreditShortfall('credit_facility', 1000, 1000)).toBe(false);
    expect(builderCreditShortfall('credit_facility', 1, null)).toBe(true);
    expect(builderCreditShortfall('mobile_money', 1_000_000, 0)).toBe(false);
  });
  it('disables submit with no units or a shortfall', () => {
    expect(builderCanSubmit(0, false)).toBe(false);
    expect(builderCanSubmit(10, true)).toBe(false);
    expect(builderCanSubmit(10, false)).toBe(true);
  });
  it('omits empty optional strings from the payload sent', () => {
    const parsed = draftOrderSchema.parse({
      sellerId: '3f1c0e52-1111-4a4a-9b9b-000000000001',
      productId: '3f1c0e52-1111-4a4a-9b9b-000000000002',
      paymentTermMethod: 'cash',
      entityName: '  ',
      deliveryContactName: ' Ama ',
      drops: [{ addressName: 'Main', address: 'Ring Road', contactName: '', quantity: 5 }],
    });
    expect(parsed.deliveryContactName).toBe('Ama');
    // What goes on the wire: the empty strings are gone.
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({
      sellerId: '3f1c0e52-1111-4a4a-9b9b-000000000001',
      productId: '3f1c0e52-1111-4a4a-9b9b-000000000002',
      paymentTermMethod: 'cash',
      deliveryContactName: 'Ama',
      drops: [{ addressName: 'Main', address: 'Ring Road', quantity: 5 }],
    });
  });
});

describe('drop and order states (SPEC §4, DOMAIN.md "Drops")', () => {
  const legal = new Set([
    'Awaiting Dispatch>Shipped',
    'Shipped>Out for Delivery',
    'Out for Delivery>Delivered',
    'Awaiting Dispatch>Cancelled',
    'Shipped>Cancelled',
    'Out for Delivery>Cancelled',
  ]);
  it('allows exactly the forward steps and cancelling anything not Delivered or Cancelled', () => {
    for (const from of DROP_STATUSES) {
      for (const to of DROP_STATUSES)
        expect(canMoveDrop(from, to), `${from} > ${to}`).toBe(legal.has(`${from}>${to}`));
    }
  });
  it('offers a next step for the first three states only, and cancel for any not Delivered', () => {
    expect(DROP_STATUSES.map((s) => nextDropStatus(s))).toEqual([
      'Shipped',
      'Out for Delivery',
      'Delivered',
      null,
      null,
    ]);
    expect(DROP_STATUSES.map((s) => canCancelDrop(s))).toEqual([true, true, true, false, false]);
  });
  it('derives the order status from its drops', () => {
    const of = (...s: DropStatus[]) => orderStatusFromDrops(s.map((status) => ({ status })));
    expect(of('Awaiting Dispatch', 'Awaiting Dispatch')).toBe('RELEASED');
    expect(of('Shipped', 'Awaiting Dispatch')).toBe('SHIPPED');
    expect(of('Delivered', 'Cancelled')).toBe('DELIVERED');
    expect(of('Delivered', 'Out for Delivery')).toBe('SHIPPED');
    expect(of('Cancelled', 'Cancelled')).toBe('CANCELLED');
  });
  it('labels statuses with spaces, all-delivered drops as DELIVERED', () => {
    expect(orderStatusLabel('AWAITING_CUSTOMER_APPROVAL')).toBe('AWAITING CUSTOMER APPROVAL');
    expect(orderStatusLabel('SHIPPED', [{ status: 'Delivered' }, { status: 'Delivered' }])).toBe('DELIVERED');
  });
});
