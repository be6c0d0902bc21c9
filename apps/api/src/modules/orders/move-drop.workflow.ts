import { todayUtc } from '@aduro/shared/inventory';
import {
  canMoveDrop,
  ORDER_MESSAGES,
  orderStatusFromDrops,
  type DropStatus,
  type DropUpdate,
} from '@aduro/shared/orders';
import type { Tx } from '../../db/client.ts';
import { toPesewas } from '@aduro/shared/money';
import { addDays } from '../../lib/dates.ts';
import { RECALL_MESSAGES } from '@aduro/shared/recalls';
import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { dropAwaitsSignoff } from '../compliance/controlled-register.repository.ts';
import { addToCreditBalance, lockCreditLineOf } from '../credit/credit.repository.ts';
import {
  lockAllocatedLots,
  lockRecalledLotsOfDrop,
  returnAllocations,
} from '../inventory/inventory.repository.ts';
import { lockOrderInvoice, setInvoiceAmount } from '../invoices/invoices.repository.ts';
import { recallsOfLots } from '../recalls/recalls.repository.ts';
import {
  cancelAllDrops,
  insertHistory,
  listDrops,
  lockOrder,
  setOrderStatus,
  updateDrop,
} from './orders.repository.ts';
import { recordOrderEvent } from './order-events.ts';

/**
 * The seller moves one drop of a released order (DOMAIN.md "Drops"), in the caller's transaction; a
 * cancellation is one workflow over orders, inventory, credit and invoices.
 * The order row is locked first, so moves of one order's drops run one at a time and each sees the
 * last one's result. Shipping sets a tracking number and an ETA; delivery records the time;
 * cancelling locks the drop's lots, the credit line and the invoice (in that order), returns the drop's units to the lots they came from and takes its value off the invoice
 * and, on credit, off the balance. Any other move of a drop still holding units of a recalled batch is
 * refused (refuseIfRecalled), and a drop of a controlled drug ships only once signed off. The order's status then follows its drops, and both changes are
 * logged. Records one drop.moved, for every buyer too: a delivery or returned stock changes matches.
 */
export async function moveDrop(
  tx: Tx,
  input: {
    orderId: string;
    dropId: string;
    sellerOrgId: string;
    change: DropUpdate;
    /** apiKeyId: the API key the seller's request was made with, named in the trail (issue 33). */
    user: { id: string; name: string; apiKeyId?: string | null };
  },
) {
  const order = await lockOrder(tx, input.orderId, { sellerOrgId: input.sellerOrgId });
  if (!order) throw notFound('ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  const drops = await listDrops(tx, order.id);
  const drop = drops.find((d) => d.id === input.dropId);
  if (!drop) throw notFound('DROP_NOT_FOUND', ORDER_MESSAGES.dropNotFound);
  if (order.approvedAt === null)
    throw conflict('ORDER_NOT_RELEASED', ORDER_MESSAGES.notReleased(order.number));
  const to = input.change.status;
  if (!canMoveDrop(drop.status, to))
    throw conflict('INVALID_TRANSITION', ORDER_MESSAGES.illegalMove(drop.status, to));
  // A cancellation is the way out of a recall hold, so only the moves towards the pharmacy are checked.
  if (to !== 'Cancelled') await refuseIfRecalled(tx, { ...drop, orderNumber: order.number }, to);
  // A controlled drug leaves the warehouse only once a Pharmacist has entered what the drop holds now in
  // the register (docs/domain.md "Controlled drugs"); a sign-off or re-pick of this order holds the
  // order's lock, so this reads the last one committed. Later moves are of stock already dispatched.
  if (to === 'Shipped' && (await dropAwaitsSignoff(tx, drop.id)))
    throw conflict(
      'CONTROLLED_SIGNOFF_REQUIRED',
      COMPLIANCE_MESSAGES.signoffRequired(order.productName, order.number),
    );

  const now = new Date();
  const today = todayUtc(now);
  const update: Parameters<typeof updateDrop>[2] = { status: to, at: now };
  if (to === 'Shipped') {
    update.trackingNumber =
      input.change.trackingNumber ??
      drop.trackingNumber ??
      `TRK-${order.number.replace(/^PO-/, '')}-${drop.sequence}`;
    update.estimatedDeliveryDate =
      input.change.estimatedDeliveryDate ??
      drop.estimatedDeliveryDate ??
      addDays(today, order.sellerLeadTimeDays);
  } else if (input.change.estimatedDeliveryDate && to === 'Out for Delivery') {
    update.estimatedDeliveryDate = input.change.estimatedDeliveryDate;
  }

  // What a cancellation changed besides the drop, for the event.
  const touched: { invoiceId?: string; creditLineId?: string } = {};
  if (to === 'Cancelled') {
    // Locks in the documented order (DOMAIN.md "Locks and retries"): the order (above), the lots the
    // drop's units return to, the credit line, then the invoice; an approval or a payment on the same
    // line or lots then queues instead of deadlocking.
    await lockAllocatedLots(tx, drop.id);
    if (order.paymentMethod === 'credit_facility') {
      await lockCreditLineOf(tx, order.buyerOrgId, order.sellerOrgId);
    }
    const invoice = await lockOrderInvoice(tx, order.id);
    const after = drops.map((d) => (d.id === drop.id ? { ...d, status: to as DropStatus } : d));
    const allCancelled = after.every((d) => d.status === 'Cancelled');
    if (invoice && invoice.status !== 'void') {
      const value = drop.quantity * toPesewas(order.unitPrice);
      const amount = toPesewas(invoice.amount) - value;
      // Settled by payments and by credit notes alike: neither may exceed what is left to invoice.
      const paid = toPesewas(invoice.amountPaid) + toPesewas(invoice.creditApplied);
      if (paid > amount) throw conflict('DROP_PAID', ORDER_MESSAGES.paidDrop);
      // What leaves the balance: the drop's value, and when the whole order is cancelled whatever was
      // still owed on it, so the balance stays the sum of what credit invoices still owe.
      const owedBefore = toPesewas(invoice.amount) - paid;
      const owedAfter = allCancelled ? 0 : amount - paid;
      const status = allCancelled ? 'void' : amount === paid && amount > 0 ? 'paid' : invoice.status;
      await setInvoiceAmount(tx, invoice.id, { amountPesewas: amount, status, at: now });
      touched.invoiceId = invoice.id;
      if (invoice.onCredit && invoice.creditLineId && owedBefore !== owedAfter) {
        await addToCreditBalance(tx, invoice.creditLineId, owedAfter - owedBefore);
        touched.creditLineId = invoice.creditLineId;
      }
    }
    await returnAllocations(tx, drop.id, now);
  }
  await updateDrop(tx, drop.id, update);

  const nextStatus = orderStatusFromDrops(
    drops.map((d) => (d.id === drop.id ? { status: to } : { status: d.status })),
  );
  if (nextStatus !== order.status) await setOrderStatus(tx, order.id, nextStatus, now);
  const written = await insertHistory(tx, [
    {
      orderId: order.id,
      dropId: drop.id,
      actorUserId: input.user.id,
      actorName: input.user.name,
      fromStatus: drop.status,
      toStatus: to,
      note:
        to === 'Shipped' ? `Tracking ${update.trackingNumber}, ETA ${update.estimatedDeliveryDate}` : null,
      createdAt: now,
    },
    ...(nextStatus !== order.status
      ? [
          {
            orderId: order.id,
            actorUserId: input.user.id,
            actorName: input.user.name,
            fromStatus: order.status,
            toStatus: nextStatus,
            note: null,
            createdAt: now,
          },
        ]
      : []),
  ]);
  // The drop's history row names this move in the event: notifications read what it moved the drop to.
  const history = written.find((h) => h.dropId === drop.id);
  await recordOrderEvent(tx, 'drop.moved', order, {
    actorUserId: input.user.id,
    apiKeyId: input.user.apiKeyId,
    changesStock: true,
    refs: { dropId: drop.id, ...(history ? { historyId: history.id } : {}), ...touched },
  });
  return { orderId: order.id };
}

/**
 * Refuses (409 DROP_HOLDS_RECALLED_BATCH, naming the recall and the batches) to move a drop on towards
 * the pharmacy while it holds units of a quarantined lot (docs/domain.md "Recalls"). The drop's lots are
 * locked after the order, in the documented order, and their quarantine read from the locked rows, so a
 * recall declared meanwhile is either committed and seen here, or waits for this move to commit and then
 * traces the drop where it got to.
 */
async function refuseIfRecalled(
  tx: Tx,
  drop: { id: string; sequence: number; status: DropStatus; orderNumber: string },
  to: DropStatus,
) {
  const held = await lockRecalledLotsOfDrop(tx, drop.id);
  if (held.length === 0) return;
  // A statement of its own, after the locks: a recall committed while this waited is in its snapshot.
  const recalls = await recallsOfLots(
    tx,
    held.map((h) => h.lotId),
  );
  const batches = [...new Set(held.flatMap((h) => (h.batchNumber ? [h.batchNumber] : [])))];
  const first = recalls[0];
  const recallNumber = first?.number ?? 'a recall';
  throw new AppError(
    'DROP_HOLDS_RECALLED_BATCH',
    RECALL_MESSAGES.dropOnHold(drop, recallNumber, batches, to),
    {
      details: {
        ...(first ? { recallId: first.id, recallNumber: first.number } : {}),
        ...(recalls.length > 1 ? { recallNumbers: recalls.map((r) => r.number).join(', ') } : {}),
        batchNumbers: batches.join(', '),
      },
    },
  );
}

/**
 * The buyer withdraws an order still awaiting its approval: the order and its drops are cancelled, and
 * order.cancelled is recorded for both sides.
 */
export async function cancelDraftOrder(
  tx: Tx,
  input: { orderId: string; buyerOrgId: string; user: { id: string; name: string } },
) {
  const order = await lockOrder(tx, input.orderId, { buyerOrgId: input.buyerOrgId });
  if (!order) throw notFound('ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  if (order.status !== 'AWAITING_CUSTOMER_APPROVAL')
    throw conflict('ORDER_NOT_AWAITING_APPROVAL', ORDER_MESSAGES.notAwaiting(order.number));
  const now = new Date();
  await cancelAllDrops(tx, order.id, now);
  await setOrderStatus(tx, order.id, 'CANCELLED', now);
  await insertHistory(tx, [
    {
      orderId: order.id,
      actorUserId: input.user.id,
      actorName: input.user.name,
      fromStatus: order.status,
      toStatus: 'CANCELLED',
      note: 'Cancelled by the buyer before approval',
      createdAt: now,
    },
  ]);
  await recordOrderEvent(tx, 'order.cancelled', order, { actorUserId: input.user.id, changesStock: false });
  return { orderId: order.id };
}
