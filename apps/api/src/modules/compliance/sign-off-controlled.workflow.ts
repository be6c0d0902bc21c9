import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import { todayUtc } from '@aduro/shared/inventory';
import { ORDER_MESSAGES } from '@aduro/shared/orders';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { recordEvent } from '../events/events.repository.ts';
import { insertHistory, lockOrder } from '../orders/orders.repository.ts';
import { lockTradeRefusal } from './compliance.repository.ts';
import { refusalMessage } from './eligibility.ts';
import { insertSignoff, readSignoffFacts } from './controlled-register.repository.ts';

/**
 * A supplier's Pharmacist signs off a released order of a controlled drug (docs/domain.md "Controlled
 * drugs"), in the caller's transaction: every open allocation of the order not yet in the register gets
 * one entry (date, product, batch, quantity, buyer with its licence and authorisation numbers, the
 * buyer's approver, the pharmacist), under one sign-off. Locks the order (so a drop move, a re-pick or a
 * second sign-off of it queue), then shares the buyer's licence, the documented order. Refuses, writing
 * nothing: an order that is not the caller's organisation's sale (404), of a product that is not
 * controlled (409 NOT_CONTROLLED), not released or with nothing left to sign (409 NOTHING_TO_SIGN_OFF),
 * or whose buyer may no longer buy it today (the "who may buy what" refusal: a revoked licence or
 * authorisation, a lapsed registration), since the register must name a valid licence and authorisation.
 * Records controlled.signed_off for both parties and an order history row. Answers the sign-off's id.
 */
export async function signOffControlled(
  tx: Tx,
  input: { orderId: string; sellerOrgId: string; user: { id: string; name: string } },
): Promise<{ signoffId: string }> {
  const order = await lockOrder(tx, input.orderId, { sellerOrgId: input.sellerOrgId });
  if (!order) throw notFound('ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  const now = new Date();
  const today = todayUtc(now);
  // The buyer's licence is shared right after the order, as approval does, so a revocation queues.
  const refusal = await lockTradeRefusal(tx, {
    buyerOrgId: order.buyerOrgId,
    productId: order.productId,
    today,
  });
  // A statement of its own after the locks, so it reads what the last sign-off or move committed.
  const facts = await readSignoffFacts(tx, order.id);
  if (facts.controlled === null)
    throw conflict('NOT_CONTROLLED', COMPLIANCE_MESSAGES.notControlled(order.number));
  if (order.approvedAt === null)
    throw conflict('NOTHING_TO_SIGN_OFF', COMPLIANCE_MESSAGES.signoffNotReleased(order.number));
  if (facts.uncovered === 0)
    throw conflict('NOTHING_TO_SIGN_OFF', COMPLIANCE_MESSAGES.nothingToSignOff(order.number));
  if (refusal) throw new AppError(refusal.code, refusalMessage(refusal.code, refusal.product));

  const signoffId = await insertSignoff(tx, {
    orderId: order.id,
    supplierOrgId: order.sellerOrgId,
    pharmacist: input.user,
    at: now,
    today,
  });
  // The order's own trail says who signed and what; the order's status does not change, so the row
  // names the sign-off itself (as a payment's row names PAYMENT_RECORDED).
  await insertHistory(tx, [
    {
      orderId: order.id,
      actorUserId: input.user.id,
      actorName: input.user.name,
      fromStatus: null,
      toStatus: 'CONTROLLED_SIGNED_OFF',
      note: `${facts.uncovered} controlled register ${facts.uncovered === 1 ? 'entry' : 'entries'} written`,
      createdAt: now,
    },
  ]);
  await recordEvent(tx, {
    type: 'controlled.signed_off',
    orgIds: [order.buyerOrgId, order.sellerOrgId],
    refs: {
      buyerId: order.buyerOrgId,
      supplierId: order.sellerOrgId,
      orderIds: [order.id],
      productIds: [order.productId],
    },
    actorUserId: input.user.id,
  });
  return { signoffId };
}
