import { z } from 'zod';
import type { SessionUser } from '@aduro/shared/auth';
import { todayUtc } from '@aduro/shared/inventory';
import { CART_MESSAGES } from '@aduro/shared/cart';
import { DRAFT_MESSAGES, MARKETPLACE_MESSAGES } from '@aduro/shared/marketplace';
import { toCedis, toPesewas } from '@aduro/shared/money';
import {
  RFQ_EARLIEST_EXPIRY_PAST,
  RFQ_MESSAGES,
  RFQ_MIN_RESPONSE_HOURS,
  type RfqAwardBody,
  type RfqAwarded,
  type RfqComparedQuote,
  type RfqComparisonLine,
  type RfqCreate,
  type RfqCreated,
  type RfqDetail,
  type RfqQuote,
  type RfqQuoteBody,
  type RfqResponseState,
  type RfqsPage,
  type RfqsQuery,
} from '@aduro/shared/rfqs';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { cursorId, cursorInstant, decodeCursor, pageLimit, toPage } from '../../lib/keyset.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { findLapsedProducts } from '../compliance/compliance.repository.ts';
import { refusalMessage } from '../compliance/eligibility.ts';
import { recordEvent } from '../events/events.repository.ts';
import { findBuyerOrganisation } from '../orders/orders.repository.ts';
import { addDays } from '../../lib/dates.ts';
import { awardRfq, closeRfqStep, recordRfqClosed } from './award-rfq.workflow.ts';
import {
  cancelLockedRfq,
  closeDueRfq,
  countRfqs,
  deleteQuote,
  findActiveSuppliers,
  findCreditAvailable,
  findDeclineReason,
  findOfferingSuppliers,
  findProducts,
  findQuoteId,
  findRfq,
  insertRfq,
  findSupplier,
  listAwards,
  listDueRfqIds,
  listInvitations,
  listInvitedIds,
  listQuotes,
  listRfqLines,
  lockRfqForBuyer,
  lockRfqForResponse,
  markRemindersDue,
  nextRfqNumber,
  pageRfqs,
  setInvitation,
  upsertQuote,
  type QuoteRow,
  type RfqDetailRow,
  type RfqScope,
} from './rfqs.repository.ts';

/** The caller's side of RFQs: the buyer organisation, or an invited supplier. Platform users have none. */
function scopeOf(user: SessionUser): RfqScope {
  if (!user.orgId) throw forbidden();
  if (user.userType === 'customer') return { kind: 'buyer', orgId: user.orgId };
  if (user.userType === 'supplier') return { kind: 'supplier', orgId: user.orgId };
  throw forbidden();
}

function buyerOf(user: SessionUser): string {
  const scope = scopeOf(user);
  if (scope.kind !== 'buyer') throw forbidden();
  return scope.orgId;
}

function supplierOf(user: SessionUser): string {
  const scope = scopeOf(user);
  if (scope.kind !== 'supplier') throw forbidden();
  return scope.orgId;
}

const rfqNotFound = () => notFound('RFQ_NOT_FOUND', RFQ_MESSAGES.notFound);
const rfqNumber = (year: number, n: number) => `RFQ-${year}-${String(n).padStart(6, '0')}`;
const dayOf = (instant: string) => new Date(instant).toISOString().slice(0, 10);

// --- Creating ------------------------------------------------------------------------------------

/**
 * Opens an RFQ for the caller's buyer organisation (docs/domain.md "Requests for quotation"): checks the
 * buyer, products, registrations, deadline and invitees, then writes the RFQ, its lines and invitations
 * and records rfq.opened in one transaction.
 */
export async function createRfq(db: Db, user: SessionUser, body: RfqCreate): Promise<RfqCreated> {
  const buyerOrgId = buyerOf(user);
  const now = Date.now();
  const fieldErrors: Record<string, string[]> = {};
  if (Date.parse(body.responseDeadline) < now + RFQ_MIN_RESPONSE_HOURS * 3_600_000)
    fieldErrors.responseDeadline = [RFQ_MESSAGES.deadlineTooSoon];
  if (body.requiredBy < dayOf(body.responseDeadline))
    fieldErrors.requiredBy = [RFQ_MESSAGES.requiredBeforeDeadline];
  if (Object.keys(fieldErrors).length > 0) throw badRequest(Object.values(fieldErrors)[0]![0]!, fieldErrors);

  return inTransaction(db, async (tx) => {
    const buyer = await findBuyerOrganisation(tx, buyerOrgId);
    if (!buyer) throw notFound('ORGANISATION_NOT_FOUND', 'Customer organisation not found');
    if (!buyer.isActive) throw conflict('BUYER_INACTIVE', DRAFT_MESSAGES.inactiveBuyer(buyer.name));

    const productIds = body.lines.map((l) => l.productId.toLowerCase());
    const products = await findProducts(tx, productIds);
    if (products.length < new Set(productIds).size)
      throw notFound('PRODUCT_NOT_FOUND', MARKETPLACE_MESSAGES.productNotFound);
    const today = todayUtc();
    const lapsed = await findLapsedProducts(tx, productIds, today);
    const [lapsedProduct] = lapsed.values();
    if (lapsedProduct)
      throw conflict('REGISTRATION_LAPSED', refusalMessage('REGISTRATION_LAPSED', lapsedProduct));

    let supplierIds: string[];
    if (body.invite === 'all') {
      supplierIds = await findOfferingSuppliers(tx, productIds, buyerOrgId, today);
      if (supplierIds.length === 0) throw conflict('RFQ_NO_SUPPLIERS', RFQ_MESSAGES.noSuppliers);
    } else {
      const active = await findActiveSuppliers(tx, body.invite);
      const unknown = body.invite.filter((id) => !active.has(id));
      if (unknown.length > 0)
        throw badRequest(RFQ_MESSAGES.unknownSupplier, { invite: [RFQ_MESSAGES.unknownSupplier] });
      supplierIds = body.invite;
    }

    const number = rfqNumber(new Date().getUTCFullYear(), await nextRfqNumber(tx));
    const id = await insertRfq(tx, {
      number,
      buyerOrgId,
      createdByUserId: user.id,
      sealed: body.sealed,
      requiredBy: body.requiredBy,
      responseDeadline: body.responseDeadline,
      deliveryLocation: body.deliveryLocation,
      notes: body.notes,
      minShelfLifeDays: body.minShelfLifeDays ?? buyer.defaultMinShelfLifeDays,
      inviteAll: body.invite === 'all',
      lines: body.lines,
      supplierIds,
    });
    await recordEvent(tx, {
      type: 'rfq.opened',
      orgIds: [buyerOrgId, ...supplierIds],
      refs: { rfqId: id, buyerId: buyerOrgId, supplierIds, productIds },
      actorUserId: user.id,
    });
    return { id, number, status: 'open' as const, invitedCount: supplierIds.length };
  });
}

// --- Reading -------------------------------------------------------------------------------------

/** A cursor of the RFQ list: the last RFQ's created_at (to the microsecond) and id. */
const rfqCursor = z.tuple([cursorInstant, cursorId]);

/** The caller's RFQs, newest first, always as a page: the buyer's own, or those a supplier was invited to. */
export async function getRfqs(db: Db, user: SessionUser, query: RfqsQuery): Promise<RfqsPage> {
  const scope = scopeOf(user);
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, rfqCursor);
  const limit = pageLimit(query);
  const [rows, total] = await Promise.all([
    pageRfqs(db, { scope, statuses: query.status, after, limit }),
    countRfqs(db, scope, query.status),
  ]);
  return toPage(
    rows,
    limit,
    total,
    (r) => [r.at, r.id],
    ({ at: _at, ...summary }) => summary,
  );
}

/** One RFQ as the caller may see it (docs/domain.md "Requests for quotation"); 404 outside its scope. */
export async function getRfq(db: Db | Tx, user: SessionUser, rfqId: string): Promise<RfqDetail> {
  const detail = await readRfq(db, scopeOf(user), rfqId);
  if (!detail) throw rfqNotFound();
  return detail;
}

const toQuote = (q: QuoteRow, today: string): RfqQuote => ({
  ...q,
  expired: q.validUntil < today,
  lines: q.lines.map((l) => ({ ...l, total: toCedis(toPesewas(l.unitPrice) * l.quantity) })),
});

async function readRfq(db: Db | Tx, scope: RfqScope, rfqId: string): Promise<RfqDetail | null> {
  const row = await findRfq(db, scope, rfqId);
  if (!row) return null;
  const today = todayUtc();
  const base = { ...row, canRespond: scope.kind === 'supplier' && row.status === 'open' };

  if (scope.kind === 'supplier') {
    const [mine, declineReason, awards] = await Promise.all([
      listQuotes(db, rfqId, scope.orgId),
      findDeclineReason(db, rfqId, scope.orgId),
      listAwards(db, rfqId, scope.orgId),
    ]);
    return {
      ...base,
      invitations: null,
      quotes: null,
      comparison: null,
      myQuote: mine[0] ? toQuote(mine[0], today) : null,
      myDeclineReason: declineReason,
      awards: awards.map(toAward),
    };
  }

  // Sealed quotes open only when quoting ends: the deadline passed or the buyer closed early.
  const open = !row.sealed || row.closedAt !== null;
  const [invitations, quotes, awards] = await Promise.all([
    listInvitations(db, rfqId),
    open ? listQuotes(db, rfqId) : Promise.resolve(null),
    listAwards(db, rfqId),
  ]);
  const shown = quotes?.map((q) => toQuote(q, today)) ?? null;
  return {
    ...base,
    invitations: invitations.map((i) =>
      open ? i : { supplier: i.supplier, status: null, respondedAt: null, declineReason: null },
    ),
    quotes: shown,
    comparison: shown ? await compare(db, row, shown) : null,
    myQuote: null,
    myDeclineReason: null,
    awards: awards.map(toAward),
  };
}

const toAward = (a: Awaited<ReturnType<typeof listAwards>>[number]) => ({
  ...a,
  total: toCedis(toPesewas(a.unitPrice) * a.quantity),
});

/**
 * The side-by-side view: each line's quotes ranked awardable first, then meeting the shelf life, then by
 * landed unit cost (quotes deliver to the RFQ's location and Aduro charges no freight, so the unit
 * price), lead time, later earliest expiry, supplier name.
 */
async function compare(db: Db | Tx, rfq: RfqDetailRow, quotes: RfqQuote[]): Promise<RfqComparisonLine[]> {
  const credit = await findCreditAvailable(
    db,
    rfq.buyer.id,
    quotes.map((q) => q.supplier.id),
  );
  const shelfLifeFrom = addDays(rfq.requiredBy, rfq.minShelfLifeDays);
  return rfq.lines.map((line) => {
    const compared: Omit<RfqComparedQuote, 'rank' | 'best'>[] = quotes.flatMap((q) =>
      q.lines
        .filter((l) => l.rfqLineId === line.id)
        .map((l) => ({
          quoteId: q.id,
          quoteLineId: l.id,
          supplier: q.supplier,
          unitPrice: l.unitPrice,
          quantity: l.quantity,
          total: l.total,
          landedCost: l.total,
          leadTimeDays: l.leadTimeDays,
          earliestExpiry: l.earliestExpiry,
          meetsShelfLife: l.earliestExpiry === null ? null : l.earliestExpiry >= shelfLifeFrom,
          paymentTerms: q.paymentTerms,
          validUntil: q.validUntil,
          expired: q.expired,
          creditAvailable: credit.get(q.supplier.id) ?? null,
        })),
    );
    compared.sort(
      (a, b) =>
        Number(a.expired) - Number(b.expired) ||
        Number(a.meetsShelfLife === false) - Number(b.meetsShelfLife === false) ||
        toPesewas(a.unitPrice) - toPesewas(b.unitPrice) ||
        a.leadTimeDays - b.leadTimeDays ||
        compareExpiry(a.earliestExpiry, b.earliestExpiry) ||
        a.supplier.name.localeCompare(b.supplier.name),
    );
    return {
      rfqLineId: line.id,
      product: line.product,
      quantity: line.quantity,
      quotes: compared.map((c, i) => ({
        ...c,
        rank: i + 1,
        best: i === 0 && !c.expired && c.meetsShelfLife !== false,
      })),
    };
  });
}

/** Later expiry first; a quote that states none goes after those that do. */
function compareExpiry(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

// --- Responding ----------------------------------------------------------------------------------

type Response =
  { kind: 'quote'; body: RfqQuoteBody } | { kind: 'decline'; reason: string | null } | { kind: 'withdraw' };

/**
 * The one path of a supplier's quote, decline or withdrawal, in one transaction: locks the rfq row FOR
 * SHARE (with the caller's invitation: uninvited is 404), then the invitation FOR UPDATE; refuses with
 * 409 RFQ_CLOSED unless the RFQ is open and its deadline, by the clock after the lock, has not passed,
 * so each response either committed while quoting was open or got 409. Records rfq.responded for the
 * supplier and rfq.response_received for the buyer (naming the supplier only when unsealed).
 */
async function respond(db: Db, user: SessionUser, rfqId: string, response: Response) {
  const supplierOrgId = supplierOf(user);
  return inTransaction(db, async (tx) => {
    const rfq = await lockRfqForResponse(tx, rfqId, supplierOrgId);
    if (!rfq) throw rfqNotFound();
    if (rfq.status !== 'open' || rfq.deadlinePassed)
      throw conflict('RFQ_CLOSED', RFQ_MESSAGES.closed(rfq.number));
    const supplier = await findSupplier(tx, supplierOrgId);
    if (!supplier?.isActive)
      throw conflict('SUPPLIER_INACTIVE', CART_MESSAGES.inactiveSupplier(supplier?.name ?? 'The supplier'));

    const existing = await findQuoteId(tx, rfqId, supplierOrgId);
    let outcome: 'quoted' | 'revised' | 'declined' | 'withdrawn';
    let state: RfqResponseState;
    if (response.kind === 'quote') {
      await checkQuote(tx, rfq.id, rfq.deadlineDay, response.body);
      await upsertQuote(tx, {
        existingId: existing,
        rfqId,
        supplierOrgId,
        userId: user.id,
        validUntil: response.body.validUntil,
        paymentTerms: response.body.paymentTerms,
        notes: response.body.notes,
        lines: response.body.lines,
      });
      outcome = existing ? 'revised' : 'quoted';
      state = await setInvitation(tx, { rfqId, supplierOrgId, status: 'quoted', declineReason: null });
    } else if (response.kind === 'decline') {
      await deleteQuote(tx, rfqId, supplierOrgId);
      outcome = 'declined';
      state = await setInvitation(tx, {
        rfqId,
        supplierOrgId,
        status: 'declined',
        declineReason: response.reason,
      });
    } else {
      if (!existing) throw notFound('QUOTE_NOT_FOUND', RFQ_MESSAGES.noQuote);
      await deleteQuote(tx, rfqId, supplierOrgId);
      outcome = 'withdrawn';
      state = await setInvitation(tx, { rfqId, supplierOrgId, status: 'withdrawn', declineReason: null });
    }

    await recordEvent(tx, {
      type: 'rfq.responded',
      orgIds: [supplierOrgId],
      refs: { rfqId, buyerId: rfq.buyerOrgId, supplierId: supplierOrgId, rfqResponse: outcome },
      actorUserId: user.id,
    });
    await recordEvent(tx, {
      type: 'rfq.response_received',
      orgIds: [rfq.buyerOrgId],
      refs: {
        rfqId,
        buyerId: rfq.buyerOrgId,
        rfqResponse: outcome,
        ...(rfq.sealed ? {} : { supplierId: supplierOrgId }),
      },
      actorUserId: null,
    });
    return state;
  });
}

/** 400 with a field error per quote line that does not fit the RFQ, and for a validUntil before the deadline's day. */
async function checkQuote(tx: Tx, rfqId: string, deadlineDay: string, body: RfqQuoteBody) {
  const lines = new Map((await listRfqLines(tx, rfqId)).map((l) => [l.id, l]));
  const today = todayUtc();
  const fieldErrors: Record<string, string[]> = {};
  body.lines.forEach((l, i) => {
    const line = lines.get(l.rfqLineId.toLowerCase());
    if (!line) fieldErrors[`lines.${i}.rfqLineId`] = [RFQ_MESSAGES.unknownLine];
    else if (l.quantity > line.quantity)
      fieldErrors[`lines.${i}.quantity`] = [RFQ_MESSAGES.quoteQuantityOverRequest(line.quantity)];
    if (l.earliestExpiry !== null && l.earliestExpiry < today)
      fieldErrors[`lines.${i}.earliestExpiry`] = [RFQ_EARLIEST_EXPIRY_PAST];
  });
  if (body.validUntil < deadlineDay) fieldErrors.validUntil = [RFQ_MESSAGES.validUntilPast];
  const first = Object.values(fieldErrors)[0];
  if (first) throw badRequest(first[0]!, fieldErrors);
}

/** Sends or revises the supplier's one quote while the RFQ takes quotes; answers the supplier's view after. */
export async function submitQuote(
  db: Db,
  user: SessionUser,
  rfqId: string,
  body: RfqQuoteBody,
): Promise<RfqDetail> {
  await respond(db, user, rfqId, { kind: 'quote', body });
  return getRfq(db, user, rfqId);
}

/** Declines the invitation (deleting a standing quote) while the RFQ takes quotes. */
export function declineRfq(
  db: Db,
  user: SessionUser,
  rfqId: string,
  reason: string | null,
): Promise<RfqResponseState> {
  return respond(db, user, rfqId, { kind: 'decline', reason });
}

/** Withdraws the supplier's standing quote while the RFQ takes quotes; 404 QUOTE_NOT_FOUND without one. */
export function withdrawQuote(db: Db, user: SessionUser, rfqId: string): Promise<RfqResponseState> {
  return respond(db, user, rfqId, { kind: 'withdraw' });
}

// --- The buyer's steps ---------------------------------------------------------------------------

/**
 * Ends quoting early and opens the quotes: an open RFQ before its deadline closes now, one past it at
 * its deadline (as the job would); anything else is 409 RFQ_NOT_OPEN.
 */
export async function closeRfq(db: Db, user: SessionUser, rfqId: string): Promise<RfqDetail> {
  const buyerOrgId = buyerOf(user);
  await inTransaction(db, async (tx) => {
    const rfq = await lockRfqForBuyer(tx, rfqId, buyerOrgId);
    if (!rfq) throw rfqNotFound();
    if (rfq.status !== 'open') throw conflict('RFQ_NOT_OPEN', RFQ_MESSAGES.notOpen(rfq.number, rfq.status));
    await closeRfqStep(tx, rfq, rfq.deadlinePassed ? null : user.id);
  });
  return getRfq(db, user, rfqId);
}

/**
 * Cancels an RFQ that has not been awarded, keeping closed_at as it was: a sealed RFQ cancelled before its
 * deadline never opens its quotes; one cancelled past it is closed first, its quotes staying open.
 */
export async function cancelRfq(
  db: Db,
  user: SessionUser,
  rfqId: string,
  reason: string | null,
): Promise<RfqDetail> {
  const buyerOrgId = buyerOf(user);
  await inTransaction(db, async (tx) => {
    const rfq = await lockRfqForBuyer(tx, rfqId, buyerOrgId);
    if (!rfq) throw rfqNotFound();
    if (rfq.status === 'awarded') throw conflict('RFQ_AWARDED', RFQ_MESSAGES.alreadyAwarded(rfq.number));
    if (rfq.status === 'cancelled')
      throw conflict('RFQ_CANCELLED', RFQ_MESSAGES.cancelledAlready(rfq.number));
    // Past its deadline the quotes were already open to the buyer (reads say closed): close it as the job
    // would, so cancelling does not seal again what the buyer has seen.
    if (rfq.status === 'open' && rfq.deadlinePassed) await closeRfqStep(tx, rfq, null);
    await cancelLockedRfq(tx, rfq.id, reason);
    const invited = await listInvitedIds(tx, rfq.id);
    await recordEvent(tx, {
      type: 'rfq.cancelled',
      orgIds: [buyerOrgId, ...invited],
      refs: { rfqId: rfq.id, buyerId: buyerOrgId, supplierIds: invited },
      actorUserId: user.id,
    });
  });
  return getRfq(db, user, rfqId);
}

/** Awards quote lines into orders drafted at the quoted prices (award-rfq.workflow.ts), in one transaction. */
export function awardRfqQuotes(
  db: Db,
  user: SessionUser,
  rfqId: string,
  body: RfqAwardBody,
): Promise<RfqAwarded> {
  const buyerOrgId = buyerOf(user);
  return inTransaction(db, (tx) =>
    awardRfq(tx, { rfqId, buyerOrgId, user: { id: user.id, name: user.name }, awards: body.awards }),
  );
}

// --- The deadline job ----------------------------------------------------------------------------

/**
 * The deadline job's sweep: closes every open RFQ past its deadline, each in its own transaction through
 * a guarded UPDATE so that of sweeps on several replicas at once exactly one closes and announces it;
 * then marks and records the 24-hour reminder once per RFQ, for the invited suppliers that have not
 * declined. Answers how many it closed and reminded.
 */
export async function sweepRfqDeadlines(db: Db): Promise<{ closed: number; reminded: number }> {
  let closed = 0;
  for (const id of await listDueRfqIds(db)) {
    const done = await inTransaction(db, async (tx) => {
      const rfq = await closeDueRfq(tx, id);
      if (!rfq) return false;
      await recordRfqClosed(tx, rfq, null);
      return true;
    });
    if (done) closed++;
  }
  const reminded = await inTransaction(db, async (tx) => {
    const due = await markRemindersDue(tx);
    for (const rfq of due) {
      const suppliers = await listInvitedIds(tx, rfq.id, ['declined']);
      if (suppliers.length === 0) continue;
      await recordEvent(tx, {
        type: 'rfq.deadline_near',
        orgIds: suppliers,
        refs: { rfqId: rfq.id, buyerId: rfq.buyerOrgId, supplierIds: suppliers },
        actorUserId: null,
      });
    }
    return due.length;
  });
  return { closed, reminded };
}
