import type { FeedEvent } from '@aduro/shared/events';

// What each marketplace read shows, as read-cache tags, and which events change it
// (docs/decisions/0007-invalidation-by-what-changed.md). The reads live in
// suppliers.marketplace.service.ts; keep both sides here so they are changed together.

/** Directory figures (stocked lines, customers, GMV) and admin stats: the whole market. */
export const MARKET_TAG = 'market';
/**
 * Supplier-wide facts every product's matches show (payment terms, active, delivery record): dropped
 * rarely, by settings, activation and deliveries.
 */
export const SUPPLIERS_TAG = 'suppliers';
export const supplierTag = (id: string) => `supplier:${id}`;
export const productTag = (id: string) => `product:${id}`;
/** A buyer's relationship with suppliers: released orders, drafts awaiting approval, credit. */
export const buyerTag = (id: string) => `buyer:${id}`;

/** The tags whose answers an event may have changed; none for events the marketplace does not show. */
export function marketplaceTagsOf(event: FeedEvent): string[] {
  const { supplierId, buyerId, productIds = [], organisationId } = event.refs;
  const tags: string[] = [];
  const supplier = () => supplierId && tags.push(supplierTag(supplierId));
  const products = () => tags.push(...productIds.map(productTag));
  const buyer = () => buyerId && tags.push(buyerTag(buyerId));
  switch (event.type) {
    case 'inventory.synced':
    case 'product.created':
      // Stock and price of these offers; the directory's stocked lines.
      tags.push(MARKET_TAG);
      supplier();
      products();
      break;
    case 'order.released':
    case 'order.cancelled':
    case 'drop.moved':
      // Stock allocated or returned, GMV and customers, the buyer's relationship and credit; a delivered
      // drop changes the supplier's delivery record, which every product's matches show.
      tags.push(MARKET_TAG);
      supplier();
      products();
      buyer();
      if (event.type === 'drop.moved') tags.push(SUPPLIERS_TAG);
      break;
    case 'order.drafted':
      // Drafts awaiting approval appear in the buyer's directory relationships.
      buyer();
      break;
    case 'credit.decided':
    case 'payment.recorded':
      buyer();
      break;
    case 'supplier.settings_changed':
      tags.push(MARKET_TAG, SUPPLIERS_TAG);
      supplier();
      break;
    case 'organisation.toggled':
    case 'organisation.registered':
      tags.push(MARKET_TAG, SUPPLIERS_TAG);
      if (organisationId) tags.push(supplierTag(organisationId), buyerTag(organisationId));
      break;
    case 'cart.changed':
    case 'credit.application_submitted':
    case 'staff.changed':
      break;
  }
  return tags;
}
