import { CART_MESSAGES } from '@aduro/shared/cart';
import { todayUtc } from '@aduro/shared/inventory';
import { DRAFT_MESSAGES } from '@aduro/shared/marketplace';
import { ORDER_MESSAGES } from '@aduro/shared/orders';
import type { Tx } from '../../db/client.ts';
import { toPesewas } from '@aduro/shared/money';
import { addDays } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { chargeCreditLine } from '../credit/credit.repository.ts';
import { allocate, lockSellableLots } from '../inventory/inventory.repository.ts';
import { issueInvoice } from '../invoices/invoices.repository.ts';
import { listDrops, lockOrder, markReleased } from './orders.repository.ts';
import { recordOrderEvent } from './order-events.ts';

/**
 * The buyer approves a drafted order (DOMAIN.md "Orders"), in the caller's transaction. One workflow over
 * four domains' repositories: orders (the order and its release), inventory (the lots), credit (the
 * line) and invoices (the invoice). It locks in the documented order (the order, the seller's lots, the
 * credit line, then the invoice it inserts; DOMAIN.md "Locks and retries") so concurrent approvals,
 * cancellations and payments queue instead of deadlocking: checks the order still awaits approval and
 * both parties are active; plans every drop first-expiry-first-out from unexpired lots; for credit
 * charges the line when it has the room; takes the stock; issues the invoice; releases the order and
 * logs it; records order.released, for every buyer too since the seller's stock changed. Every refusal
 * throws before anything is written (the credit charge writes only when it succeeds).
 */
export async function approveOrder(
  tx: Tx,
  input: { orderId: string; buyerOrgId: string; user: { id: string; name: string } },
) {
  const order = await lockOrder(tx, input.orderId, { buyerOrgId: input.buyerOrgId });
  if (!order) throw notFound('ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  if (order.status !== 'AWAITING_CUSTOMER_APPROVAL')
    throw conflict('ORDER_NOT_AWAITING_APPROVAL', ORDER_MESSAGES.notAwaiting(order.number));
  if (!order.buyerActive) throw conflict('BUYER_INACTIVE', DRAFT_MESSAGES.inactiveBuyer(order.buyerName));
  if (!order.sellerActive)
    throw conflict('SUPPLIER_INACTIVE', CART_MESSAGES.inactiveSupplier(order.sellerName));

  const now = new Date();
  const today = todayUtc(now);

  // Stock, first expiry first out.
  const lots = await lockSellableLots(tx, order.sellerOrgId, order.productId, today);
  const available = lots.reduce((sum, l) => sum + l.quantity, 0);
  if (available < order.totalQuantity) {
    throw conflict(
      'STOCK_SHORTFALL',
      ORDER_MESSAGES.stockShortfall(order.sellerName, order.productName, available, order.totalQuantity),
    );
  }
  const drops = (await listDrops(tx, order.id)).filter((d) => d.status !== 'Cancelled');
  const allocations: { dropId: string; lotId: string; quantity: number }[] = [];
  const left = lots.map((l) => ({ ...l }));
  let lot = 0;
  for (const drop of drops) {
    let need = drop.quantity;
    while (need > 0) {
      const from = left[lot]!;
      const take = Math.min(need, from.quantity);
      if (take > 0) allocations.push({ dropId: drop.id, lotId: from.id, quantity: take });
      from.quantity -= take;
      need -= take;
      if (from.quantity === 0) lot += 1;
    }
  }

  // Credit, checked and charged under the line's lock.
  const totalPesewas = toPesewas(order.totalCost);
  let creditLineId: string | null = null;
  const onCredit = order.paymentMethod === 'credit_facility';
  if (onCredit) {
    const line = await chargeCreditLine(tx, order.buyerOrgId, order.sellerOrgId, totalPesewas);
    if (!line || line.status !== 'active')
      throw conflict('NO_CREDIT_LINE', DRAFT_MESSAGES.noCreditLine(order.sellerName));
    if (!line.charged) throw conflict('CREDIT_SHORTFALL', ORDER_MESSAGES.creditShortfall);
    creditLineId = line.id;
  }

  // Write: stock and allocations, the invoice, then the release and its history row.
  await allocate(tx, allocations);
  const invoice = await issueInvoice(tx, {
    orderId: order.id,
    buyerOrgId: order.buyerOrgId,
    sellerOrgId: order.sellerOrgId,
    creditLineId,
    onCredit,
    amountPesewas: totalPesewas,
    issuedAt: now,
    dueDate: addDays(today, onCredit ? (order.creditTermDays ?? 0) : 0),
  });
  await markReleased(tx, order.id, input.user, now, `Approved; invoice ${invoice.number} issued`);
  await recordOrderEvent(tx, 'order.released', order, {
    actorUserId: input.user.id,
    changesStock: true,
    refs: { invoiceId: invoice.id, ...(creditLineId ? { creditLineId } : {}) },
  });
  return { orderId: order.id, invoiceNumber: invoice.number };
}
