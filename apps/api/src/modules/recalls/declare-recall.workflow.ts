import { INVENTORY_MESSAGES } from '@aduro/shared/inventory';
import { RECALL_MESSAGES, type RecallCreate } from '@aduro/shared/recalls';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { recordEvent } from '../events/events.repository.ts';
import { findProduct, lockBatchLots, quarantineLots } from '../inventory/inventory.repository.ts';
import { buyersHoldingLots, insertRecall, latestRecallOfLots } from './recalls.repository.ts';

/**
 * Declares a recall (docs/domain.md "Recalls"), in the caller's transaction: one workflow over the
 * inventory's lots, the recall's rows and the change feed. It locks only the lots of the batches named
 * (inventory.repository lockBatchLots: by supplier, then in the order approvals lock one supplier's
 * lots), so it queues behind an approval or a cancellation that holds them and never waits on an order
 * or a credit line while holding them: an approval that committed first has taken its units and is in
 * the trace; one that comes after finds the lots quarantined. Refuses, writing nothing, a batch naming
 * no lot in the caller's reach (400) and batches all already quarantined (409); then records the recall
 * and its lots with the units each holds, quarantines them, and records recall.declared for the
 * suppliers holding them and every buyer whose drops still hold their units.
 */
export async function declareRecall(
  tx: Tx,
  input: {
    body: RecallCreate;
    /** The supplier whose lots are recalled; null for a platform recall of every supplier's. */
    supplierId: string | null;
    declaredBy: { orgId: string; userId: string; name: string };
  },
): Promise<{ id: string; number: string }> {
  const { body } = input;
  const product = await findProduct(tx, body.productId);
  if (!product)
    throw new AppError('PRODUCT_NOT_FOUND', INVENTORY_MESSAGES.unknownProduct, {
      fieldErrors: { productId: [INVENTORY_MESSAGES.unknownProduct] },
    });

  const lots = await lockBatchLots(tx, {
    productId: body.productId,
    supplierId: input.supplierId,
    batchNumbers: body.batchNumbers,
  });
  const found = new Set(lots.map((l) => l.batchNumber));
  const unknown = body.batchNumbers.filter((b) => !found.has(b));
  if (unknown.length > 0) {
    const message = RECALL_MESSAGES.unknownBatches(unknown, product.name);
    throw badRequest(message, { batchNumbers: [message] });
  }
  const lotIds = lots.map((l) => l.id);
  if (lots.every((l) => l.quarantinedAt !== null)) {
    const earlier = await latestRecallOfLots(tx, lotIds);
    // A lot is only ever quarantined by a recall, so an earlier one exists; the fallback names none.
    throw conflict(
      'BATCHES_ALREADY_RECALLED',
      RECALL_MESSAGES.alreadyRecalled(earlier?.number ?? 'on record'),
    );
  }

  const at = new Date();
  const recall = await insertRecall(tx, {
    productId: body.productId,
    supplierId: input.supplierId,
    batchNumbers: body.batchNumbers,
    reason: body.reason,
    severity: body.severity,
    declaredBy: input.declaredBy,
    lots,
    at,
  });
  await quarantineLots(tx, lotIds);

  const suppliers = [...new Set(lots.map((l) => l.supplierId))];
  const buyers = await buyersHoldingLots(tx, lotIds);
  await recordEvent(tx, {
    type: 'recall.declared',
    // The declaring organisation too: a platform recall's own screens follow it like the suppliers'.
    orgIds: [...new Set([...suppliers, ...buyers, input.declaredBy.orgId])],
    // What the marketplace offers changed: every buyer's matches lose the quarantined units. The platform's
    // administrators watch recalls whoever declares them.
    audience: ['customer', 'platform'],
    refs: {
      recallId: recall.id,
      productIds: [body.productId],
      ...(suppliers.length === 1 ? { supplierId: suppliers[0] } : { supplierIds: suppliers }),
    },
    actorUserId: input.declaredBy.userId,
  });
  return recall;
}
