import type { SessionUser } from '@aduro/shared/auth';
import { PUBLIC_REF_KEYS, type EventRefs, type FeedEvent } from '@aduro/shared/events';

/** Who reads an event's ids: the caller's organisation and kind of user. */
export type RefsReader = Pick<SessionUser, 'orgId' | 'userType'>;

/**
 * What `reader` may know of an event's ids. The one rule both places that hand refs out share: the
 * activity trail (modules/activity) and the live stream (modules/events), so neither can tell a caller
 * more than the other (docs/domain.md "Activity and order history" and "Live changes").
 *
 * - A platform administrator reads every organisation's trail: every id.
 * - An organisation the event does not name (it hears through the audience: a buyer hearing of a
 *   supplier's stock) learns only the public ids: which supplier, which products.
 * - An organisation the event names learns its ids, except where the refs list what belongs to several
 *   other organisations, which it sees only its own part of:
 *   - `supplierIds` (a platform recall over several suppliers' lots) becomes the reader's own id alone, or
 *     goes when the reader is not one of them (a buyer holding recalled units): a supplier never learns
 *     which competitors the recall also covered.
 *   - `orderIds` and `productIds` of an event naming orders but not the reader as their buyer or seller
 *     (a checkout across suppliers names no single supplier) go: they name the orders and products the
 *     buyer placed with the other suppliers. The seller reads its own orders through its orders list.
 *
 * Only what the caller is told is narrowed: the feed keeps every id, for the caches that drop what an
 * event changed (suppliers/marketplace-tags.ts reads the whole supplierIds list).
 */
export function visibleRefs(reader: RefsReader, event: Pick<FeedEvent, 'orgIds' | 'refs'>): EventRefs {
  const { refs } = event;
  if (reader.userType === 'platform') return refs;
  const own = reader.orgId;
  if (own === null || !event.orgIds.includes(own)) {
    const shown: EventRefs = {};
    for (const key of PUBLIC_REF_KEYS) {
      if (refs[key] !== undefined) (shown as Record<string, unknown>)[key] = refs[key];
    }
    return shown;
  }
  const shown: EventRefs = { ...refs };
  if (refs.supplierIds !== undefined) {
    if (refs.supplierIds.includes(own)) shown.supplierIds = [own];
    else delete shown.supplierIds;
  }
  if (refs.orderIds !== undefined && own !== refs.buyerId && own !== refs.supplierId) {
    delete shown.orderIds;
    delete shown.productIds;
  }
  return shown;
}
