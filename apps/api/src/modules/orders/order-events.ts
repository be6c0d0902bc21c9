import type { EventRefs, EventType } from '@aduro/shared/events';
import type { Tx } from '../../db/client.ts';
import { recordEvent } from '../events/events.repository.ts';

/**
 * Records one order's event for both sides (docs/decisions/0006): the buyer and the supplier, the order
 * and its product, plus what the workflow touched (an invoice, a credit line, a drop). Stock leaving or
 * returning changes every buyer's matches, so those events also go to every customer.
 */
export function recordOrderEvent(
  tx: Tx,
  type: Extract<EventType, 'order.released' | 'order.cancelled' | 'drop.moved'>,
  order: { id: string; buyerOrgId: string; sellerOrgId: string; productId: string },
  opts: { actorUserId: string; apiKeyId?: string | null; changesStock: boolean; refs?: EventRefs },
) {
  return recordEvent(tx, {
    type,
    orgIds: [order.buyerOrgId, order.sellerOrgId],
    audience: opts.changesStock ? ['customer'] : [],
    refs: {
      buyerId: order.buyerOrgId,
      supplierId: order.sellerOrgId,
      orderIds: [order.id],
      productIds: [order.productId],
      ...opts.refs,
    },
    actorUserId: opts.actorUserId,
    apiKeyId: opts.apiKeyId,
  });
}
