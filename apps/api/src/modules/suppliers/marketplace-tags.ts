import type { FeedEvent } from '@aduro/shared/events';

// What each marketplace read shows, as read-cache tags, and which events change it
// (docs/decisions/0007-invalidation-by-what-changed.md). The reads live in
// suppliers.marketplace.service.ts; keep both sides here so they are changed together.

/** Figures of the whole market: admin stats. */
export const MARKET_TAG = 'market';
/**
 * The directory answers, put together from per-supplier rows (directory-rows.ts) and the buyer's own
 * relationships: dropped whenever a supplier's row changes, and cheap to put together again.
 */
export const DIRECTORY_TAG = 'directory';
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
  const { supplierId, supplierIds = [], buyerId, productIds = [], organisationId } = event.refs;
  const tags: string[] = [];
  const supplier = () => {
    if (supplierId) tags.push(supplierTag(supplierId));
    tags.push(...supplierIds.map(supplierTag));
  };
  const products = () => tags.push(...productIds.map(productTag));
  const buyer = () => buyerId && tags.push(buyerTag(buyerId));
  switch (event.type) {
    case 'inventory.synced':
    case 'product.created':
    case 'recall.declared':
      // Stock and price of these offers; the directory's stocked lines. A recall's quarantined lots leave
      // the stock on offer as a sync to zero would; a platform recall names each supplier it touched.
      tags.push(MARKET_TAG, DIRECTORY_TAG);
      supplier();
      products();
      break;
    case 'inventory.imported':
      // An import names its products only when they are few (the event stays small); without them every
      // product's matches are dropped, as a settings change does.
      tags.push(MARKET_TAG, DIRECTORY_TAG);
      supplier();
      if (event.refs.productIds) products();
      else tags.push(SUPPLIERS_TAG);
      break;
    case 'product.legal_status_changed':
      // The product's class and controlled status show on every offer of it; a registration lapsing or
      // renewed takes it out of, or back into, matches, catalogues and the directory's stocked lines.
      tags.push(MARKET_TAG, DIRECTORY_TAG);
      supplier();
      products();
      break;
    case 'order.released':
    case 'order.cancelled':
    case 'drop.moved':
      // Stock allocated or returned, GMV and customers, the buyer's relationship and credit; a delivered
      // drop changes the supplier's delivery record, which every product's matches show.
      tags.push(MARKET_TAG, DIRECTORY_TAG);
      supplier();
      products();
      buyer();
      if (event.type === 'drop.moved') tags.push(SUPPLIERS_TAG);
      break;
    case 'order.drafted':
      // Drafts awaiting approval appear in the buyer's directory relationships.
      buyer();
      break;
    // A mobile-money payment settled on a credit invoice lowers the line's balance, as a recorded one does.
    case 'credit.decided':
    case 'payment.recorded':
    case 'payment.settled':
      buyer();
      break;
    case 'licence.submitted':
    case 'licence.reviewed':
      // Every offer the buyer sees carries its eligibility, decided by its licence (docs/domain.md "Who
      // may buy what"): its matches and catalogues are keyed and tagged by buyer.
      buyer();
      break;
    case 'supplier.settings_changed':
      tags.push(MARKET_TAG, DIRECTORY_TAG, SUPPLIERS_TAG);
      supplier();
      break;
    case 'organisation.toggled':
    case 'organisation.registered':
      tags.push(MARKET_TAG, DIRECTORY_TAG, SUPPLIERS_TAG);
      if (organisationId) tags.push(supplierTag(organisationId), buyerTag(organisationId));
      break;
    case 'cart.changed':
    case 'credit.application_submitted':
    case 'staff.changed':
    case 'account.sessions_ended':
    case 'invoice.due_soon':
    case 'invoice.overdue':
    case 'lots.expiring':
    case 'lots.expired':
    case 'notifications.added':
    case 'recall.acknowledged':
    case 'payment.failed':
      break;
  }
  return tags;
}

/**
 * The suppliers whose directory row an event may have changed, 'all' when the list itself may have
 * (a supplier registered or switched on or off), or none.
 */
export function directorySuppliersOf(event: FeedEvent): string[] | 'all' | null {
  switch (event.type) {
    case 'inventory.synced':
    case 'inventory.imported':
    case 'product.created':
    case 'recall.declared':
    case 'product.legal_status_changed':
    case 'order.released':
    case 'order.cancelled':
    case 'drop.moved':
    case 'supplier.settings_changed':
      if (event.refs.supplierIds) return event.refs.supplierIds;
      return event.refs.supplierId ? [event.refs.supplierId] : 'all';
    case 'organisation.toggled':
    case 'organisation.registered':
      return 'all';
    default:
      return null;
  }
}
