import { describe, expect, it } from 'vitest';
import { cartItem } from '../testing/fixtures';
import { capitalise, differingTarget, draftedOrdersMessage, orFallback, summariseCart } from './cart-view';

describe('summariseCart', () => {
  it('adds line totals in whole pesewas, so cents never drift (0.1 + 0.2 is GH₵0.30)', () => {
    const summary = summariseCart([
      cartItem({ quantity: 1, lineTotal: 0.1 }),
      cartItem({ quantity: 1, lineTotal: 0.2 }),
    ]);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(summary.estimatedValue).toBe(0.3);
  });

  it('stays exact over many lines of awkward amounts', () => {
    const items = Array.from({ length: 1000 }, () => cartItem({ quantity: 3, lineTotal: 33.33 }));
    // Added as cedis the sum drifts (33330.00000000085); in pesewas it is 3,333,000 exactly.
    expect(items.reduce((sum, i) => sum + (i.lineTotal ?? 0), 0)).not.toBe(33330);
    const summary = summariseCart(items);
    expect(summary.estimatedValue).toBe(33330);
    expect(summary.lineItems).toBe(1000);
    expect(summary.totalQuantity).toBe(3000);
  });

  it('counts units of every line but leaves lines without any price out of the value', () => {
    const summary = summariseCart([
      cartItem({ quantity: 20, lineTotal: 2090 }),
      cartItem({ quantity: 30, unitPrice: null, quotedUnitPrice: null, lineTotal: null }),
    ]);
    expect(summary).toMatchObject({
      lineItems: 2,
      totalQuantity: 50,
      estimatedValue: 2090,
      unpricedLines: 1,
    });
  });

  it('counts one draft order per supplier and product, as checkout groups them', () => {
    const summary = summariseCart([
      cartItem({ supplierId: 's1', productId: 'p1' }),
      cartItem({ supplierId: 's1', productId: 'p1' }),
      cartItem({ supplierId: 's1', productId: 'p2' }),
      cartItem({ supplierId: 's2', productId: 'p1' }),
    ]);
    expect(summary.draftOrders).toBe(3);
  });

  it('is all zeros for an empty cart', () => {
    expect(summariseCart([])).toEqual({
      lineItems: 0,
      totalQuantity: 0,
      estimatedValue: 0,
      unpricedLines: 0,
      draftOrders: 0,
    });
  });
});

describe('differingTarget', () => {
  it("gives the buyer's target only when it differs from the offer, or there is no offer", () => {
    expect(differingTarget(cartItem({ unitPrice: 95, quotedUnitPrice: 104.5 }))).toBe(95);
    expect(differingTarget(cartItem({ unitPrice: 20, quotedUnitPrice: null }))).toBe(20);
    expect(differingTarget(cartItem({ unitPrice: 104.5, quotedUnitPrice: 104.5 }))).toBeNull();
    // Compared in pesewas: floating-point noise is no difference.
    expect(differingTarget(cartItem({ unitPrice: 0.1 + 0.2, quotedUnitPrice: 0.3 }))).toBeNull();
    expect(differingTarget(cartItem({ unitPrice: null, quotedUnitPrice: 104.5 }))).toBeNull();
  });
});

describe('line wording', () => {
  it('capitalises the supplier category the API sends in lower case', () => {
    expect(capitalise('manufacturer')).toBe('Manufacturer');
  });

  it('falls back for null, empty and blank details only', () => {
    expect(orFallback(null, 'Not set')).toBe('Not set');
    expect(orFallback('   ', 'Not set')).toBe('Not set');
    expect(orFallback('Osu', 'Not set')).toBe('Osu');
  });

  it('uses the SPEC sentence for one drafted order and counts several', () => {
    expect(draftedOrdersMessage(1)).toBe('Order drafted. Awaiting approval.');
    expect(draftedOrdersMessage(3)).toBe('3 orders drafted. Awaiting approval.');
  });
});
