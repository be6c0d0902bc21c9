import { CART_MESSAGES } from '@aduro/shared/cart';
import { todayUtc } from '@aduro/shared/inventory';
import { DRAFT_MESSAGES } from '@aduro/shared/marketplace';
import { invoiceTermDays, ORDER_MESSAGES } from '@aduro/shared/orders';
import { RECALL_MESSAGES } from '@aduro/shared/recalls';
import type { Tx } from '../../db/client.ts';
import { toPesewas } from '@aduro/shared/money';
import { addDays } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { lockTradeRefusal } from '../compliance/compliance.repository.ts';
import { refusalMessage } from '../compliance/eligibility.ts';
import { chargeCreditLine } from '../credit/credit.repository.ts';
import { allocate, lockSellableLots } from '../inventory/inventory.repository.ts';
import { issueInvoice } from '../invoices/invoices.repository.ts';
import { quarantinedStock } from '../recalls/recalls.repository.ts';
import { listDrops, lockOrder, markReleased } from './orders.repository.ts';
import { recordOrderEvent } from './order-events.ts';

/**
 * The buyer approves a drafted order (DOMAIN.md "Orders"), in the caller's transaction. One workflow over
 * five domains' repositories: orders (the order and its release), compliance (the buyer's licence),
 * inventory (the lots), credit (the line) and invoices (the invoice). It locks in the documented order
 * (the order, the buyer's licence record FOR SHARE, the seller's lots, the credit line, then the invoice
 * it inserts; DOMAIN.md "Locks and retries") so concurrent approvals, cancellations, payments, licence
 * reviews and recall declarations (which lock only lots, in the same order) queue instead of
 * deadlocking: checks the order still awaits approval and both parties are active; refuses by "who may
 * buy what" (docs/domain.md: 409 REGISTRATION_LAPSED, LICENCE_REQUIRED, LICENCE_CLASS_NOT_ALLOWED or
 * CONTROLLED_NOT_AUTHORISED, naming the product); plans every drop
 * first-expiry-first-out from the unexpired, unquarantined lots with the shelf life the order asks for at
 * that drop's delivery (DOMAIN.md "Minimum shelf life"), naming the recall when only recalled lots could
 * have filled it (409 BATCH_RECALLED); for credit
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

  // Who may buy what (docs/domain.md), decided in SQL under the licence record's lock, so a licence
  // revoked while this runs is either seen here or waits until this order is released.
  const refusal = await lockTradeRefusal(tx, {
    buyerOrgId: order.buyerOrgId,
    productId: order.productId,
    today,
  });
  if (refusal) throw conflict(refusal.code, refusalMessage(refusal.code, refusal.product));

  // Stock, first expiry first out among the lots with the shelf life each drop asks for.
  // Quarantined (recalled) lots are not among them; when only they could have filled the order, the
  // refusal names the recall (refuseIfRecalled).
  const lots = await lockSellableLots(tx, order.sellerOrgId, order.productId, today);
  const available = lots.reduce((sum, l) => sum + l.quantity, 0);
  const drops = (await listDrops(tx, order.id)).filter((d) => d.status !== 'Cancelled');
  const needs = drops.map((d) => ({
    drop: d,
    earliestExpiry: earliestExpiry(order, d.estimatedDeliveryDate, today),
  }));
  if (available < order.totalQuantity) {
    await refuseIfRecalled(tx, order, lots, needs, today, { held: available, needed: order.totalQuantity });
    throw conflict(
      'STOCK_SHORTFALL',
      ORDER_MESSAGES.stockShortfall(order.sellerName, order.productName, available, order.totalQuantity),
    );
  }
  const short = shelfLifeShortfall(lots, needs);
  if (short) {
    await refuseIfRecalled(tx, order, lots, needs, today, short);
    throw conflict(
      'SHELF_LIFE_SHORTFALL',
      ORDER_MESSAGES.shelfLifeShortfall(
        order.sellerName,
        order.productName,
        short.held,
        order.minShelfLifeDays,
        short.day,
        short.needed,
      ),
    );
  }
  const allocations = planAllocations(lots, needs);

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
    dueDate: addDays(today, invoiceTermDays(order)),
  });
  await markReleased(tx, order.id, input.user, now, `Approved; invoice ${invoice.number} issued`);
  await recordOrderEvent(tx, 'order.released', order, {
    actorUserId: input.user.id,
    changesStock: true,
    refs: { invoiceId: invoice.id, ...(creditLineId ? { creditLineId } : {}) },
  });
  return { orderId: order.id, invoiceNumber: invoice.number };
}

type SellableLot = Awaited<ReturnType<typeof lockSellableLots>>[number];
interface DropNeed {
  drop: { id: string; quantity: number };
  /** The first expiry day a lot may have to fill this drop (DOMAIN.md "Minimum shelf life"). */
  earliestExpiry: string;
}

/**
 * The first expiry day a lot may have for a drop: its delivery day (the ETA, else today plus the seller's
 * default lead time, never before today) plus the order's minimum shelf life. With none asked for, any
 * lot unexpired today will do, as before shelf life could be asked for.
 */
export function earliestExpiry(
  order: { minShelfLifeDays: number; sellerLeadTimeDays: number },
  eta: string | null,
  today: string,
): string {
  if (order.minShelfLifeDays <= 0) return today;
  const delivery = eta ?? addDays(today, order.sellerLeadTimeDays);
  return addDays(delivery < today ? today : delivery, order.minShelfLifeDays);
}

export const qualifies = (lot: Pick<SellableLot, 'expiryDate'>, earliest: string) =>
  lot.expiryDate === null || lot.expiryDate >= earliest;

/**
 * The first shortfall of the qualifying lots, or null when they can fill the drops. The lots a stricter
 * drop may take are a subset of those a looser one may take, so the drops can be filled exactly when, for
 * every drop's first allowed expiry day, the lots expiring on or after it hold at least the units of the
 * drops needing that day or later. Checked from the loosest day up, so the refusal (409
 * SHELF_LIFE_SHORTFALL) names the whole order when every drop asks the same.
 */
function shelfLifeShortfall(
  lots: readonly Pick<SellableLot, 'quantity' | 'expiryDate'>[],
  needs: DropNeed[],
): { day: string; held: number; needed: number } | null {
  const days = [...new Set(needs.map((n) => n.earliestExpiry))].sort();
  for (const day of days) {
    const needed = needs.filter((n) => n.earliestExpiry >= day).reduce((sum, n) => sum + n.drop.quantity, 0);
    const held = lots.filter((l) => qualifies(l, day)).reduce((sum, l) => sum + l.quantity, 0);
    if (held < needed) return { day, held, needed };
  }
  return null;
}

/**
 * Refuses with 409 BATCH_RECALLED, naming the seller's latest recall of the product, when the lots a
 * recall quarantined would have filled the order the sellable ones cannot: the buyer learns why the
 * stock it saw is gone, not just that it is short. Otherwise returns, and the shortfall stands.
 */
async function refuseIfRecalled(
  tx: Tx,
  order: { sellerOrgId: string; productId: string; productName: string; totalQuantity: number },
  lots: SellableLot[],
  needs: DropNeed[],
  today: string,
  short: { held: number; needed: number },
) {
  const quarantined = await quarantinedStock(tx, order.sellerOrgId, order.productId, today);
  if (!quarantined.recall) return;
  const withRecalled = [...lots, ...quarantined.lots];
  const total = withRecalled.reduce((sum, l) => sum + l.quantity, 0);
  if (total < order.totalQuantity || shelfLifeShortfall(withRecalled, needs)) return;
  const { number, batchNumbers } = quarantined.recall;
  throw conflict(
    'BATCH_RECALLED',
    RECALL_MESSAGES.blocksApproval(number, order.productName, batchNumbers, short.held, short.needed),
  );
}

/**
 * Fills the drops from the lots, strictest drop first (then by sequence), each from its qualifying lots
 * in their locked first-expiry-first-out order. Strictest first never strands a looser drop: whatever a
 * stricter drop may take, a looser one could have taken too. With no shelf life asked for every drop
 * qualifies for every lot, and the drops fill in sequence across the lots as they always have.
 */
function planAllocations(lots: SellableLot[], needs: DropNeed[]) {
  const left = new Map(lots.map((l) => [l.id, l.quantity]));
  const allocations: { dropId: string; lotId: string; quantity: number }[] = [];
  const strictestFirst = needs
    .map((n, i) => ({ ...n, i }))
    .sort((a, b) =>
      a.earliestExpiry === b.earliestExpiry ? a.i - b.i : a.earliestExpiry > b.earliestExpiry ? -1 : 1,
    );
  for (const { drop, earliestExpiry: earliest } of strictestFirst) {
    let need = drop.quantity;
    for (const lot of lots) {
      if (need === 0) break;
      const units = left.get(lot.id) ?? 0;
      if (units === 0 || !qualifies(lot, earliest)) continue;
      const take = Math.min(need, units);
      allocations.push({ dropId: drop.id, lotId: lot.id, quantity: take });
      left.set(lot.id, units - take);
      need -= take;
    }
    // shelfLifeShortfall found none, so every drop fills; a shortfall here is a bug, not a refusal.
    if (need > 0) throw new Error(`drop ${drop.id} could not be filled after the shelf-life check`);
  }
  return allocations;
}
