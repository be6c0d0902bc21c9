import { todayUtc } from '@aduro/shared/inventory';
import { ORDER_MESSAGES } from '@aduro/shared/orders';
import { RECALL_MESSAGES } from '@aduro/shared/recalls';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { allocate, lockLotsForRepick, returnAllocations } from '../inventory/inventory.repository.ts';
import { recallsOfLots, recordRepicks } from '../recalls/recalls.repository.ts';
import { earliestExpiry, qualifies } from './approve-order.workflow.ts';
import { recordOrderEvent } from './order-events.ts';
import { insertHistory, listDrops, lockOrder } from './orders.repository.ts';

/**
 * The seller re-picks a drop held by a recall (docs/domain.md "Recalls"), in the caller's transaction:
 * the drop's units of quarantined lots go back into those lots (which stay quarantined, so they are never
 * sold) and the same number of units is taken from the seller's other lots of the product, first expiry
 * first out, unexpired, unquarantined and with the order's minimum shelf life at the drop's delivery, as
 * approval allocates. The order's price, totals and invoice do not change: the buyer pays what it was
 * invoiced for the same units. Locks the order, then every lot it touches in one statement in the
 * documented order (DOMAIN.md "Locks and retries"), so it queues with approvals, cancellations and
 * recall declarations instead of deadlocking. Refuses, writing nothing: a drop that is not the seller's
 * (404), not awaiting dispatch (409 DROP_NOT_AWAITING_DISPATCH: one on its way can only be cancelled),
 * holding no recalled units (409 DROP_NOT_RECALLED), or that the other lots cannot cover (409
 * STOCK_SHORTFALL or SHELF_LIFE_SHORTFALL naming what is available). Records the re-pick per recall
 * (the trace then tells it replaced, not held), a history row, and drop.moved for both sides and every
 * buyer, since the seller's stock changed. The new allocations are in no controlled register entry, so
 * a drop of a controlled drug re-picked after its sign-off needs a new one before it ships.
 */
export async function repickDrop(
  tx: Tx,
  input: {
    orderId: string;
    dropId: string;
    sellerOrgId: string;
    user: { id: string; name: string; apiKeyId?: string | null };
  },
) {
  const order = await lockOrder(tx, input.orderId, { sellerOrgId: input.sellerOrgId });
  if (!order) throw notFound('ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  const drop = (await listDrops(tx, order.id)).find((d) => d.id === input.dropId);
  if (!drop) throw notFound('DROP_NOT_FOUND', ORDER_MESSAGES.dropNotFound);
  if (order.approvedAt === null)
    throw conflict('ORDER_NOT_RELEASED', ORDER_MESSAGES.notReleased(order.number));
  if (drop.status !== 'Awaiting Dispatch')
    throw conflict(
      'DROP_NOT_AWAITING_DISPATCH',
      RECALL_MESSAGES.repickNotAwaiting(drop.sequence, order.number, drop.status),
    );

  const now = new Date();
  const today = todayUtc(now);
  const lots = await lockLotsForRepick(tx, {
    dropId: drop.id,
    sellerOrgId: order.sellerOrgId,
    productId: order.productId,
    today,
  });
  const recalled = lots.filter((l) => l.quarantined && l.held > 0);
  const needed = recalled.reduce((sum, l) => sum + l.held, 0);
  if (needed === 0)
    throw conflict('DROP_NOT_RECALLED', RECALL_MESSAGES.repickNothingRecalled(drop.sequence, order.number));

  // The replacements: the sellable lots (locked in first-expiry-first-out order), less those a lot the
  // drop holds but may not sell (expired or emptied) contributes nothing.
  const sellable = lots.filter(
    (l) => !l.quarantined && l.quantity > 0 && (l.expiryDate === null || l.expiryDate >= today),
  );
  const earliest = earliestExpiry(order, drop.estimatedDeliveryDate, today);
  const fit = sellable.filter((l) => qualifies(l, earliest));
  const sellableUnits = sellable.reduce((sum, l) => sum + l.quantity, 0);
  const fitUnits = fit.reduce((sum, l) => sum + l.quantity, 0);
  if (sellableUnits < needed)
    throw new AppError(
      'STOCK_SHORTFALL',
      RECALL_MESSAGES.repickShortfall(
        order.sellerName,
        order.productName,
        sellableUnits,
        needed,
        drop.sequence,
      ),
      { details: { available: String(sellableUnits), needed: String(needed) } },
    );
  if (fitUnits < needed)
    throw new AppError(
      'SHELF_LIFE_SHORTFALL',
      RECALL_MESSAGES.repickShelfLifeShortfall(
        order.sellerName,
        order.productName,
        fitUnits,
        order.minShelfLifeDays,
        earliest,
        needed,
        drop.sequence,
      ),
      {
        details: {
          available: String(fitUnits),
          needed: String(needed),
          minShelfLifeDays: String(order.minShelfLifeDays),
          expiringFrom: earliest,
        },
      },
    );

  const allocations: { dropId: string; lotId: string; quantity: number }[] = [];
  let left = needed;
  for (const lot of fit) {
    if (left === 0) break;
    const take = Math.min(left, lot.quantity);
    allocations.push({ dropId: drop.id, lotId: lot.id, quantity: take });
    left -= take;
  }

  // Write: the recalled units back into their (quarantined) lots, the replacements out of theirs, and
  // the re-pick for each recall; the drop's quantity, the order and its invoice stay as they are.
  await returnAllocations(
    tx,
    drop.id,
    now,
    recalled.map((l) => l.id),
  );
  await allocate(tx, allocations);
  await recordRepicks(tx, {
    dropId: drop.id,
    lots: recalled.map((l) => ({ lotId: l.id, units: l.held })),
    user: input.user,
    at: now,
  });
  const recalls = await recallsOfLots(
    tx,
    recalled.map((l) => l.id),
  );
  const batchesOut = [...new Set(recalled.flatMap((l) => (l.batchNumber ? [l.batchNumber] : [])))];
  const taken = new Map(allocations.map((a) => [a.lotId, a.quantity]));
  const batchesIn = fit
    .filter((l) => taken.has(l.id))
    .map((l) => `${l.batchNumber ?? 'no batch'} × ${taken.get(l.id)}`);
  // The drop stays Awaiting Dispatch: the history row says what changed in it, and who did it.
  const [history] = await insertHistory(tx, [
    {
      orderId: order.id,
      dropId: drop.id,
      actorUserId: input.user.id,
      actorName: input.user.name,
      fromStatus: drop.status,
      toStatus: drop.status,
      note:
        `Re-picked under recall ${recalls.map((r) => r.number).join(', ')}: ${needed} units of ` +
        `batch ${batchesOut.join(', ')} back to quarantine, replaced with batch ${batchesIn.join(', ')}`,
      createdAt: now,
    },
  ]);
  await recordOrderEvent(tx, 'drop.moved', order, {
    actorUserId: input.user.id,
    apiKeyId: input.user.apiKeyId,
    changesStock: true,
    refs: {
      dropId: drop.id,
      ...(history ? { historyId: history.id } : {}),
      ...(recalls[0] ? { recallId: recalls[0].id } : {}),
    },
  });
  return { orderId: order.id };
}
