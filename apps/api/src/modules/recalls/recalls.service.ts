import type { SessionUser } from '@aduro/shared/auth';
import {
  RECALL_MESSAGES,
  type RecallCreate,
  type RecallDetail,
  type RecallSummary,
  type RecallTraceRow,
} from '@aduro/shared/recalls';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { declareRecall } from './declare-recall.workflow.ts';
import {
  acknowledge,
  findBuyerDrop,
  listRecallLots,
  listRecalls,
  listRepicked,
  listTrace,
  type RecallScope,
} from './recalls.repository.ts';

const DROP_NOT_FOUND = 'Drop not found';

/** The caller's share of the recalls: its lots and sales, its purchases, or (the platform) all. */
function scopeOf(user: SessionUser): RecallScope {
  if (user.userType === 'platform') return { kind: 'platform' };
  if (!user.orgId) throw forbidden();
  return { kind: user.userType, orgId: user.orgId };
}

/**
 * A recall as the scope sees it, or 404 when the scope has no share in it: never 403, so a supplier or
 * buyer cannot tell another's recall exists.
 */
async function readRecall(db: Db, scope: RecallScope, recallId: string): Promise<RecallDetail> {
  const [summary] = await listRecalls(db, scope, recallId);
  if (!summary) throw notFound('RECALL_NOT_FOUND', RECALL_MESSAGES.notFound);
  const [lots, trace, repicked] = await Promise.all([
    listRecallLots(db, scope, recallId),
    listTrace(db, scope, recallId),
    listRepicked(db, scope, recallId),
  ]);
  return { ...summary, lots, trace, repicked };
}

/**
 * Declares a recall of a product's batches: a supplier's of its own lots, a platform administrator's of
 * every supplier's (declare-recall.workflow.ts). Answers the recall as the caller sees it.
 */
export async function createRecall(db: Db, user: SessionUser, body: RecallCreate): Promise<RecallDetail> {
  const scope = scopeOf(user);
  if (scope.kind === 'customer' || !user.orgId) throw forbidden();
  const declaredBy = { orgId: user.orgId, userId: user.id, name: user.name };
  const supplierId = scope.kind === 'supplier' ? scope.orgId : null;
  const recall = await inTransaction(db, (tx) => declareRecall(tx, { body, supplierId, declaredBy }));
  return readRecall(db, scope, recall.id);
}

/** The recalls the caller has a share in, newest first, with its share of the deliveries and units. */
export function getRecalls(db: Db, user: SessionUser): Promise<RecallSummary[]> {
  return listRecalls(db, scopeOf(user));
}

/** One recall with its lots and trace as far as the caller may see them; 404 without a share in it. */
export function getRecall(db: Db, user: SessionUser, recallId: string): Promise<RecallDetail> {
  return readRecall(db, scopeOf(user), recallId);
}

/**
 * The buyer confirms a recalled delivery is quarantined at its pharmacy: once per recall and drop (a
 * second call keeps the first time and person), and recorded as recall.acknowledged for seller and buyer
 * only when this call wrote it. 404 for a drop that is not the caller's; 409 for one of its drops that
 * holds none of the recall's units, and for one not delivered (DROP_NOT_DELIVERED: the supplier holds it,
 * and there is nothing at the pharmacy to quarantine).
 */
export async function acknowledgeRecall(
  db: Db,
  user: SessionUser,
  params: { id: string; dropId: string },
): Promise<RecallTraceRow> {
  const scope = scopeOf(user);
  if (scope.kind !== 'customer') throw forbidden();
  await inTransaction(db, async (tx) => {
    const drop = await findBuyerDrop(tx, scope.orgId, params.dropId);
    if (!drop) throw notFound('DROP_NOT_FOUND', DROP_NOT_FOUND);
    const [recall] = await listRecalls(tx, scope, params.id);
    if (!recall) throw notFound('RECALL_NOT_FOUND', RECALL_MESSAGES.notFound);
    const [row] = await listTrace(tx, scope, params.id, params.dropId);
    if (!row) throw conflict('DROP_NOT_RECALLED', RECALL_MESSAGES.dropNotAffected);
    const outcome = await acknowledge(tx, {
      recallId: params.id,
      dropId: params.dropId,
      user: { id: user.id, name: user.name },
      at: new Date(),
    });
    if (outcome === 'not_delivered')
      throw conflict('DROP_NOT_DELIVERED', RECALL_MESSAGES.notDelivered(row.orderNumber, row.dropSequence));
    if (outcome === 'kept') return;
    await recordEvent(tx, {
      type: 'recall.acknowledged',
      orgIds: [drop.sellerOrgId, drop.buyerOrgId],
      refs: {
        recallId: params.id,
        dropId: params.dropId,
        orderIds: [drop.orderId],
        buyerId: drop.buyerOrgId,
        supplierId: drop.sellerOrgId,
      },
      actorUserId: user.id,
    });
  });
  const [row] = await listTrace(db, scope, params.id, params.dropId);
  // A cancellation returning the drop's units between the two statements takes it out of the trace.
  if (!row) throw conflict('DROP_NOT_RECALLED', RECALL_MESSAGES.dropNotAffected);
  return row;
}
