import { todayUtc } from '@aduro/shared/inventory';
import { RFQ_MESSAGES, type RfqAwardBody, type RfqAwarded } from '@aduro/shared/rfqs';
import type { Tx } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordEvent } from '../events/events.repository.ts';
import { draftOrders, recordOrdersDrafted, type DraftOrderGroup } from '../orders/draft-orders.workflow.ts';
import {
  closeLockedRfq,
  findAwardableLines,
  insertAwards,
  listInvitedIds,
  lockRfqForBuyer,
  type LockedRfq,
} from './rfqs.repository.ts';

/**
 * Closes a locked open RFQ and records rfq.closed for the buyer and every invited supplier: the one
 * close step of the buyer's early close, of an award finding the deadline passed and of the job (which
 * closes through its own guarded UPDATE). `actorUserId` null: closed by the deadline.
 */
export async function closeRfqStep(tx: Tx, rfq: LockedRfq, actorUserId: string | null) {
  await closeLockedRfq(tx, rfq.id);
  await recordRfqClosed(tx, { id: rfq.id, buyerOrgId: rfq.buyerOrgId }, actorUserId);
}

/** Records rfq.closed: quoting ended, the quotes are open to the buyer. */
export async function recordRfqClosed(
  tx: Tx,
  rfq: { id: string; buyerOrgId: string },
  actorUserId: string | null,
) {
  const invited = await listInvitedIds(tx, rfq.id);
  await recordEvent(tx, {
    type: 'rfq.closed',
    orgIds: [rfq.buyerOrgId, ...invited],
    refs: { rfqId: rfq.id, buyerId: rfq.buyerOrgId, supplierIds: invited },
    actorUserId,
  });
}

/**
 * Awards quote lines of a closed RFQ (docs/domain.md "Requests for quotation"), in the caller's
 * transaction. Locks the rfq row FOR UPDATE first, so a second award waiting on it finds the RFQ
 * awarded and drafts nothing (409 RFQ_AWARDED). Refuses a cancelled RFQ, one still open before its
 * deadline (an open one past it is closed here first, as the job would), a quote line not quoted on this
 * RFQ (400), a quote past its validUntil, an award above the quoted or the requested units (409); then
 * drafts one order per award (one supplier, one product) at the quoted price and terms through
 * draftOrders, records the awards, marks the RFQ awarded and records order.drafted and rfq.awarded.
 */
export async function awardRfq(
  tx: Tx,
  input: {
    rfqId: string;
    buyerOrgId: string;
    user: { id: string; name: string };
    awards: RfqAwardBody['awards'];
  },
): Promise<RfqAwarded> {
  const rfq = await lockRfqForBuyer(tx, input.rfqId, input.buyerOrgId);
  if (!rfq) throw notFound('RFQ_NOT_FOUND', RFQ_MESSAGES.notFound);
  if (rfq.status === 'cancelled') throw conflict('RFQ_CANCELLED', RFQ_MESSAGES.cancelledAlready(rfq.number));
  if (rfq.status === 'awarded') throw conflict('RFQ_AWARDED', RFQ_MESSAGES.alreadyAwarded(rfq.number));
  if (rfq.status === 'open') {
    if (!rfq.deadlinePassed) throw conflict('RFQ_STILL_OPEN', RFQ_MESSAGES.stillOpen(rfq.number));
    await closeRfqStep(tx, rfq, null);
  }

  const lines = await findAwardableLines(
    tx,
    rfq.id,
    input.awards.map((a) => a.quoteLineId),
  );
  const byId = new Map(lines.map((l) => [l.quoteLineId.toLowerCase(), l]));
  const unknown: Record<string, string[]> = {};
  input.awards.forEach((a, i) => {
    if (!byId.has(a.quoteLineId.toLowerCase()))
      unknown[`awards.${i}.quoteLineId`] = [RFQ_MESSAGES.awardUnknownLine];
  });
  if (Object.keys(unknown).length > 0) throw badRequest(RFQ_MESSAGES.awardUnknownLine, unknown);

  const today = todayUtc();
  const planned = input.awards.map((a) => ({ award: a, line: byId.get(a.quoteLineId.toLowerCase())! }));
  const perRfqLine = new Map<string, { requested: number; product: string; units: number }>();
  for (const { award, line } of planned) {
    if (line.validUntil < today)
      throw conflict('QUOTE_EXPIRED', RFQ_MESSAGES.quoteExpired(line.supplierName, line.validUntil));
    if (award.quantity > line.quantity)
      throw conflict(
        'AWARD_EXCEEDS_QUOTE',
        RFQ_MESSAGES.exceedsQuote(line.supplierName, line.productName, line.quantity, award.quantity),
      );
    const sum = perRfqLine.get(line.rfqLineId) ?? {
      requested: line.requestedQuantity,
      product: line.productName,
      units: 0,
    };
    sum.units += award.quantity;
    perRfqLine.set(line.rfqLineId, sum);
  }
  for (const sum of perRfqLine.values()) {
    if (sum.units > sum.requested)
      throw conflict(
        'AWARD_EXCEEDS_REQUEST',
        RFQ_MESSAGES.exceedsRequest(sum.product, sum.requested, sum.units),
      );
  }

  // An Aduro order is one product from one supplier, so each award is its own order.
  const groups: DraftOrderGroup[] = planned.map(({ award, line }) => ({
    sellerId: line.supplierOrgId,
    productId: line.productId,
    minShelfLifeDays: rfq.minShelfLifeDays,
    contacts: {
      deliveryContactName: null,
      deliveryContactPhone: null,
      deliveryAddress: rfq.deliveryLocation,
    },
    drops: [
      {
        addressName: rfq.buyerName,
        address: rfq.deliveryLocation,
        contactName: null,
        contactPhone: null,
        quantity: award.quantity,
        estimatedDeliveryDate: addDays(today, line.leadTimeDays),
      },
    ],
    quoted: { unitPrice: line.unitPrice, paymentTerms: line.paymentTerms },
  }));
  const drafted = await draftOrders(tx, {
    buyer: { orgId: rfq.buyerOrgId },
    user: input.user,
    groups,
    note: `Drafted from ${rfq.number}`,
  });

  await insertAwards(
    tx,
    rfq.id,
    planned.map(({ award, line }, i) => ({
      rfqLineId: line.rfqLineId,
      quoteLineId: line.quoteLineId,
      supplierOrgId: line.supplierOrgId,
      quantity: award.quantity,
      unitPrice: line.unitPrice,
      orderId: drafted[i]!.id,
    })),
  );
  await recordOrdersDrafted(tx, { buyerOrgId: rfq.buyerOrgId, actorUserId: input.user.id, drafted });
  const invited = await listInvitedIds(tx, rfq.id);
  await recordEvent(tx, {
    type: 'rfq.awarded',
    orgIds: [rfq.buyerOrgId, ...invited],
    refs: {
      rfqId: rfq.id,
      buyerId: rfq.buyerOrgId,
      supplierIds: invited,
      orderIds: drafted.map((o) => o.id),
    },
    actorUserId: input.user.id,
  });

  return {
    rfqId: rfq.id,
    status: 'awarded',
    orders: drafted.map((o) => ({
      id: o.id,
      number: o.number,
      supplierName: o.supplierName,
      productName: o.productName,
      quantity: o.totalQuantity,
      unitPrice: o.unitPrice,
      totalCost: o.totalCost,
    })),
  };
}
