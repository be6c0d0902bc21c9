import { describe, expect, it } from 'vitest';
import type { EventRefs } from '@aduro/shared/events';
import { visibleRefs, type RefsReader } from './event-refs.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [tema, medilink, buyer, otherBuyer, platformOrg, recall, product, order1, order2, product2] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
].map(id) as [string, string, string, string, string, string, string, string, string, string];

const supplier = (orgId: string): RefsReader => ({ orgId, userType: 'supplier' });
const customer = (orgId: string): RefsReader => ({ orgId, userType: 'customer' });
const platform: RefsReader = { orgId: platformOrg, userType: 'platform' };

describe('visibleRefs', () => {
  const recallOfTwo = {
    orgIds: [tema, medilink, buyer, platformOrg],
    refs: { recallId: recall, productIds: [product], supplierIds: [tema, medilink] } satisfies EventRefs,
  };

  it('gives each supplier of a platform recall its own id alone, a buyer none, the platform both', () => {
    expect(visibleRefs(supplier(tema), recallOfTwo)).toEqual({
      recallId: recall,
      productIds: [product],
      supplierIds: [tema],
    });
    expect(visibleRefs(supplier(medilink), recallOfTwo).supplierIds).toEqual([medilink]);
    expect(visibleRefs(customer(buyer), recallOfTwo)).toEqual({ recallId: recall, productIds: [product] });
    expect(visibleRefs(platform, recallOfTwo)).toEqual(recallOfTwo.refs);
    // The feed's own copy is untouched: the caches still read every supplier.
    expect(recallOfTwo.refs.supplierIds).toEqual([tema, medilink]);
  });

  it('gives an organisation the event does not name only the public ids', () => {
    expect(visibleRefs(customer(otherBuyer), recallOfTwo)).toEqual({ productIds: [product] });
    expect(visibleRefs({ orgId: null, userType: 'customer' }, recallOfTwo)).toEqual({
      productIds: [product],
    });
  });

  it("keeps a checkout's orders and products from every seller, but not from the buyer", () => {
    const checkout = {
      orgIds: [buyer, tema, medilink],
      refs: { buyerId: buyer, orderIds: [order1, order2], productIds: [product, product2] },
    };
    expect(visibleRefs(supplier(tema), checkout)).toEqual({ buyerId: buyer });
    expect(visibleRefs(supplier(medilink), checkout)).toEqual({ buyerId: buyer });
    expect(visibleRefs(customer(buyer), checkout)).toEqual(checkout.refs);
    expect(visibleRefs(platform, checkout)).toEqual(checkout.refs);
  });

  it('leaves the two parties of a one-seller event every id', () => {
    const released = {
      orgIds: [buyer, tema],
      refs: { buyerId: buyer, supplierId: tema, orderIds: [order1], productIds: [product] },
    };
    expect(visibleRefs(supplier(tema), released)).toEqual(released.refs);
    expect(visibleRefs(customer(buyer), released)).toEqual(released.refs);
    expect(visibleRefs(customer(otherBuyer), released)).toEqual({ supplierId: tema, productIds: [product] });
  });
});
