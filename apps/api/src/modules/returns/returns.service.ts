import { z } from 'zod';
import type { SessionUser } from '@aduro/shared/auth';
import { ORDER_MESSAGES } from '@aduro/shared/orders';
import {
  RETURN_MESSAGES,
  RETURN_STATUS_LABELS,
  type ReturnCreate,
  type ReturnCreated,
  type ReturnDetail,
  type ReturnReceive,
  type ReturnStatus,
  type ReturnsPage,
  type ReturnsQuery,
} from '@aduro/shared/returns';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { cursorId, cursorInstant, decodeCursor, pageLimit, toPage } from '../../lib/keyset.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { lockOrder } from '../orders/orders.repository.ts';
import {
  countReturns,
  decideReturn,
  insertReturn,
  listDeliveredLots,
  listLineQuantities,
  lockOrderDrops,
  lockReturn,
  nextReturnNumber,
  pageReturns,
  readReturnDetail,
  receiveReturn,
  recallOfProduct,
  type DeliveredLot,
  type LockedReturn,
  type ReturnScope,
} from './returns.repository.ts';

/** The caller's side of returns: the buying organisation, or the supplier. Platform users have none. */
export function returnScopeOf(user: SessionUser): ReturnScope {
  if (!user.orgId) throw forbidden();
  if (user.userType === 'customer') return { kind: 'buyer', orgId: user.orgId };
  if (user.userType === 'supplier') return { kind: 'supplier', orgId: user.orgId };
  throw forbidden();
}

function supplierOf(user: SessionUser): ReturnScope {
  const scope = returnScopeOf(user);
  if (scope.kind !== 'supplier') throw forbidden();
  return scope;
}

/** 404, never 403, for another organisation's return: nobody learns it exists. */
export const returnNotFound = () => notFound('RETURN_NOT_FOUND', RETURN_MESSAGES.notFound);

/** 409 RETURN_WRONG_STATUS, naming the return and the status it is at. */
export const wrongStatus = (ret: { number: string; status: ReturnStatus }) =>
  conflict('RETURN_WRONG_STATUS', RETURN_MESSAGES.wrongStatus(ret.number, RETURN_STATUS_LABELS[ret.status]));

const returnNumber = (year: number, n: number) => `RET-${year}-${String(n).padStart(6, '0')}`;

/** The refs every return.* event carries (docs/domain.md "Returns"). */
export const returnRefs = (ret: LockedReturn) => ({
  returnId: ret.id,
  buyerId: ret.buyerOrgId,
  supplierId: ret.sellerOrgId,
  orderIds: [ret.orderId],
  productIds: [ret.productId],
});

const batchLabel = (batch: string | null) => batch ?? 'without a batch number';

// --- Requesting ----------------------------------------------------------------------------------

/**
 * The buyer asks to return delivered units (docs/domain.md "Returns"): under the order's lock, then its
 * drops', each line's drop must be a delivered drop of the order and its batch one the drop received,
 * and the units at most what the drop delivered of the batch less what other returns claim. Writes the
 * return and its lines and records return.requested, in one transaction.
 */
export async function createReturn(db: Db, user: SessionUser, body: ReturnCreate): Promise<ReturnCreated> {
  const scope = returnScopeOf(user);
  if (scope.kind !== 'buyer') throw forbidden();

  return inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, body.orderId, { buyerOrgId: scope.orgId });
    if (!order) throw notFound('ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
    const dropIds = [...new Set(body.lines.map((l) => l.dropId.toLowerCase()))];
    const drops = new Map((await lockOrderDrops(tx, order.id, dropIds)).map((d) => [d.id, d]));

    const fieldErrors: Record<string, string[]> = {};
    body.lines.forEach((line, i) => {
      if (drops.get(line.dropId.toLowerCase())?.status !== 'Delivered')
        fieldErrors[`lines.${i}.dropId`] = [RETURN_MESSAGES.dropNotDelivered];
    });
    if (body.recallId && !(await recallOfProduct(tx, body.recallId, order.productId)))
      fieldErrors.recallId = ['No recall of this product has that identifier'];
    if (Object.keys(fieldErrors).length > 0)
      throw badRequest(Object.values(fieldErrors)[0]![0]!, fieldErrors);

    // Read after the locks: a concurrent request for this order committed its claims before we got here.
    const lots = await listDeliveredLots(tx, dropIds);
    const lines = body.lines.map((line, i) => {
      const dropId = line.dropId.toLowerCase();
      const ofBatch = lots.filter((l) => l.dropId === dropId && l.batchNumber === line.batchNumber);
      if (ofBatch.length === 0) {
        fieldErrors[`lines.${i}.batchNumber`] = [
          RETURN_MESSAGES.batchNotInDrop(batchLabel(line.batchNumber)),
        ];
        return null;
      }
      return { line, ofBatch };
    });
    if (Object.keys(fieldErrors).length > 0)
      throw badRequest(Object.values(fieldErrors)[0]![0]!, fieldErrors);

    const rows = lines.map((entry) => {
      const { line, ofBatch } = entry!;
      const sum = (f: (l: DeliveredLot) => number) => ofBatch.reduce((n, l) => n + f(l), 0);
      const delivered = sum((l) => l.delivered);
      const claimed = sum((l) => l.claimed);
      if (line.quantity > delivered - claimed)
        throw conflict(
          'RETURN_EXCEEDS_DELIVERED',
          RETURN_MESSAGES.exceedsDelivered(batchLabel(line.batchNumber), delivered, claimed, line.quantity),
        );
      // Several lots of one batch in a drop differ by expiry only: the line names the earliest.
      const lot = ofBatch[0]!;
      return {
        dropId: lot.dropId,
        lotId: lot.lotId,
        batchNumber: lot.batchNumber,
        quantity: line.quantity,
        reason: line.reason,
      };
    });

    const number = returnNumber(new Date().getUTCFullYear(), await nextReturnNumber(tx));
    const id = await insertReturn(tx, {
      number,
      orderId: order.id,
      buyerOrgId: order.buyerOrgId,
      sellerOrgId: order.sellerOrgId,
      notes: body.notes,
      recallId: body.recallId ?? null,
      requestedByUserId: user.id,
      lines: rows,
    });
    await recordEvent(tx, {
      type: 'return.requested',
      orgIds: [order.buyerOrgId, order.sellerOrgId],
      refs: {
        returnId: id,
        buyerId: order.buyerOrgId,
        supplierId: order.sellerOrgId,
        orderIds: [order.id],
        productIds: [order.productId],
      },
      actorUserId: user.id,
    });
    return { id, number, status: 'requested' as const };
  });
}

// --- Reading -------------------------------------------------------------------------------------

/** A cursor of the returns list: the last return's created_at (to the microsecond) and id. */
const returnCursor = z.tuple([cursorInstant, cursorId]);

/** The caller's returns, newest first, as a page: the buyer's own, or those sent to the supplier. */
export async function getReturns(db: Db, user: SessionUser, query: ReturnsQuery): Promise<ReturnsPage> {
  const scope = returnScopeOf(user);
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, returnCursor);
  const limit = pageLimit(query);
  const filter = { statuses: query.status, orderId: query.orderId };
  const [rows, total] = await Promise.all([
    pageReturns(db, { scope, ...filter, after, limit }),
    countReturns(db, scope, filter),
  ]);
  return toPage(
    rows,
    limit,
    total,
    (r) => [r.at, r.id],
    ({ at: _at, ...summary }) => summary,
  );
}

/** One return with its lines, credit note and destruction record as both sides see it; 404 otherwise. */
export async function getReturn(db: Db | Tx, user: SessionUser, returnId: string): Promise<ReturnDetail> {
  const detail = await readReturnDetail(db, returnScopeOf(user), returnId);
  if (!detail) throw returnNotFound();
  return detail;
}

// --- Supplier steps ------------------------------------------------------------------------------

/**
 * One supplier step on a return: locks it (404 when not the caller's), checks it is at `from` (409
 * RETURN_WRONG_STATUS otherwise), runs `step`, then answers the return as it now is.
 */
async function supplierStep(
  db: Db,
  user: SessionUser,
  returnId: string,
  from: ReturnStatus,
  step: (tx: Tx, ret: LockedReturn) => Promise<void>,
): Promise<ReturnDetail> {
  const scope = supplierOf(user);
  await inTransaction(db, async (tx) => {
    const ret = await lockReturn(tx, scope, returnId);
    if (!ret) throw returnNotFound();
    if (ret.status !== from) throw wrongStatus(ret);
    await step(tx, ret);
  });
  return getReturn(db, user, returnId);
}

/** The supplier accepts a requested return: the buyer may send the packs (return.decided). */
export function approveReturn(db: Db, user: SessionUser, returnId: string): Promise<ReturnDetail> {
  return supplierStep(db, user, returnId, 'requested', async (tx, ret) => {
    await decideReturn(tx, ret.id, { status: 'approved', userId: user.id, rejectReason: null });
    await recordEvent(tx, {
      type: 'return.decided',
      orgIds: [ret.buyerOrgId, ret.sellerOrgId],
      refs: { ...returnRefs(ret), returnStatus: 'approved' },
      actorUserId: user.id,
    });
  });
}

/**
 * The supplier refuses a requested return with a reason the buyer sees; its units are claimed no more
 * (return.decided).
 */
export function rejectReturn(
  db: Db,
  user: SessionUser,
  returnId: string,
  reason: string,
): Promise<ReturnDetail> {
  return supplierStep(db, user, returnId, 'requested', async (tx, ret) => {
    await decideReturn(tx, ret.id, { status: 'rejected', userId: user.id, rejectReason: reason });
    await recordEvent(tx, {
      type: 'return.decided',
      orgIds: [ret.buyerOrgId, ret.sellerOrgId],
      refs: { ...returnRefs(ret), returnStatus: 'rejected' },
      actorUserId: user.id,
    });
  });
}

/**
 * The supplier records the units that arrived, every line once (0 to its quantity): they wait on the
 * return lines, out of stock, until inspection (return.received).
 */
export function receiveReturnUnits(
  db: Db,
  user: SessionUser,
  returnId: string,
  body: ReturnReceive,
): Promise<ReturnDetail> {
  return supplierStep(db, user, returnId, 'approved', async (tx, ret) => {
    const lines = new Map((await listLineQuantities(tx, ret.id)).map((l) => [l.id, l.quantity]));
    const fieldErrors: Record<string, string[]> = {};
    const named = new Set<string>();
    body.lines.forEach((line, i) => {
      const id = line.lineId.toLowerCase();
      const quantity = lines.get(id);
      if (quantity === undefined) fieldErrors[`lines.${i}.lineId`] = [RETURN_MESSAGES.unknownLine];
      else if (named.has(id)) fieldErrors[`lines.${i}.lineId`] = [RETURN_MESSAGES.receivedLines];
      else if (line.receivedQuantity > quantity)
        fieldErrors[`lines.${i}.receivedQuantity`] = [RETURN_MESSAGES.receivedQuantity];
      named.add(id);
    });
    if (Object.keys(fieldErrors).length === 0 && [...lines.keys()].some((id) => !named.has(id)))
      fieldErrors.lines = [RETURN_MESSAGES.receivedLines];
    if (Object.keys(fieldErrors).length > 0)
      throw badRequest(Object.values(fieldErrors)[0]![0]!, fieldErrors);

    await receiveReturn(
      tx,
      ret.id,
      body.lines.map((l) => ({ lineId: l.lineId.toLowerCase(), receivedQuantity: l.receivedQuantity })),
    );
    await recordEvent(tx, {
      type: 'return.received',
      orgIds: [ret.buyerOrgId, ret.sellerOrgId],
      refs: returnRefs(ret),
      actorUserId: user.id,
    });
  });
}
