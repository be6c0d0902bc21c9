import type { FeedEvent } from '@aduro/shared/events';
import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_TAG,
  directorySuppliersOf,
  MARKET_TAG,
  marketplaceTagsOf,
  productTag,
  SUPPLIERS_TAG,
  supplierTag,
} from './marketplace-tags.ts';

const TEMA = '11111111-1111-4111-8111-111111111111';
const MEDILINK = '22222222-2222-4222-8222-222222222222';
const PRODUCT = '33333333-3333-4333-8333-333333333333';

const event = (refs: FeedEvent['refs']): FeedEvent => ({
  id: 1,
  type: 'recall.declared',
  orgIds: [],
  audience: ['customer', 'platform'],
  refs,
  actorUserId: null,
  at: '2026-11-24T00:00:00.000Z',
});

describe('a recall’s cache drops', () => {
  it('drops one supplier’s catalogue, the product’s matches and that supplier’s directory row', () => {
    const e = event({ productIds: [PRODUCT], supplierId: TEMA });
    expect(marketplaceTagsOf(e).sort()).toEqual(
      [MARKET_TAG, DIRECTORY_TAG, supplierTag(TEMA), productTag(PRODUCT)].sort(),
    );
    expect(directorySuppliersOf(e)).toEqual([TEMA]);
  });

  it('drops every named supplier’s catalogue and directory row for a platform recall of several suppliers', () => {
    const e = event({ productIds: [PRODUCT], supplierIds: [TEMA, MEDILINK] });
    expect(marketplaceTagsOf(e)).toEqual(expect.arrayContaining([supplierTag(TEMA), supplierTag(MEDILINK)]));
    expect(directorySuppliersOf(e)).toEqual([TEMA, MEDILINK]);
  });
});

describe('a stock import’s cache drops', () => {
  const imported = (refs: FeedEvent['refs']): FeedEvent => ({ ...event(refs), type: 'inventory.imported' });

  it('drops the products it names, as a sync does', () => {
    const e = imported({ supplierId: TEMA, productIds: [PRODUCT] });
    expect(marketplaceTagsOf(e).sort()).toEqual(
      [MARKET_TAG, DIRECTORY_TAG, supplierTag(TEMA), productTag(PRODUCT)].sort(),
    );
    expect(directorySuppliersOf(e)).toEqual([TEMA]);
  });

  it('drops every product’s matches when it is too large to name its products', () => {
    expect(marketplaceTagsOf(imported({ supplierId: TEMA }))).toContain(SUPPLIERS_TAG);
  });
});

describe('a mobile-money payment’s cache drops', () => {
  const BUYER = '44444444-4444-4444-8444-444444444444';
  const payment = (type: FeedEvent['type']): FeedEvent => ({
    ...event({ buyerId: BUYER, supplierId: TEMA, invoiceId: PRODUCT, paymentId: MEDILINK }),
    type,
    orgIds: [BUYER, TEMA],
    audience: [],
  });

  it('a settled one drops the buyer’s relationships (its credit headroom), as a recorded payment does', () => {
    expect(marketplaceTagsOf(payment('payment.settled'))).toEqual(
      marketplaceTagsOf(payment('payment.recorded')),
    );
    expect(marketplaceTagsOf(payment('payment.settled'))).toEqual([`buyer:${BUYER}`]);
    expect(directorySuppliersOf(payment('payment.settled'))).toBeNull();
  });

  it('a failed one moved no money and drops nothing', () => {
    expect(marketplaceTagsOf(payment('payment.failed'))).toEqual([]);
    expect(directorySuppliersOf(payment('payment.failed'))).toBeNull();
  });
});
