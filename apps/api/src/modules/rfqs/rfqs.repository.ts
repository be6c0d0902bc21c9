import { sql, type SQL } from 'drizzle-orm';
import type { RfqInvitationStatus, RfqStatus } from '@aduro/shared/rfqs';
import { pgArray, queryRows, type Executor, type Tx } from '../../db/client.ts';
import { positionAt } from '../../lib/keyset.ts';

/** Who reads: the buyer organisation that asked, or a supplier organisation invited to quote. */
export type RfqScope = { kind: 'buyer'; orgId: string } | { kind: 'supplier'; orgId: string };

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An open RFQ past its deadline reads as closed at its deadline, so no read waits for the job
 * (docs/domain.md "Requests for quotation").
 */
const dueSql = sql`(r.status = 'open' and r.response_deadline <= now())`;
const effectiveStatus = sql`(case when ${dueSql} then 'closed' else r.status::text end)`;
const effectiveClosedAt = sql`coalesce(r.closed_at, case when ${dueSql} then r.response_deadline end)`;

// --- Creating ------------------------------------------------------------------------------------

/** The products named, as they are on file. */
export function findProducts(db: Executor, productIds: readonly string[]) {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from products where id = any(${pgArray(productIds)}::uuid[])`,
  );
}

/**
 * The active supplier organisations offering any of the products with units on the marketplace now:
 * an offer and an unexpired, unquarantined lot with units (as draft-orders' findDraftTerms decides).
 */
export async function findOfferingSuppliers(
  db: Executor,
  productIds: readonly string[],
  excludeOrgId: string,
  today: string,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct s.id, s.name
        from offers f
        join organizations s on s.id = f.supplier_id and s.kind = 'supplier' and s.is_active
        where f.product_id = any(${pgArray(productIds)}::uuid[]) and s.id <> ${excludeOrgId}
          and exists (
            select 1 from inventory_lots l
            where l.supplier_id = f.supplier_id and l.product_id = f.product_id and l.quantity > 0
              and (l.expiry_date is null or l.expiry_date >= ${today}::date) and l.quarantined_at is null)
        order by s.name, s.id`,
  );
  return rows.map((r) => r.id);
}

/** Of the ids given, those naming an active supplier organisation. */
export async function findActiveSuppliers(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from organizations
        where id = any(${pgArray(ids)}::uuid[]) and kind = 'supplier' and is_active`,
  );
  return new Set(rows.map((r) => r.id));
}

/** A fresh value of rfq_number_seq. */
export async function nextRfqNumber(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select nextval('rfq_number_seq')::text as n`);
  return Number(row!.n);
}

/** Writes the RFQ with its lines (numbered in the order given) and its invitations. */
export async function insertRfq(
  tx: Tx,
  rfq: {
    number: string;
    buyerOrgId: string;
    createdByUserId: string;
    sealed: boolean;
    requiredBy: string;
    responseDeadline: string;
    deliveryLocation: string;
    notes: string | null;
    minShelfLifeDays: number;
    inviteAll: boolean;
    lines: readonly { productId: string; quantity: number }[];
    supplierIds: readonly string[];
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into rfqs (number, buyer_org_id, created_by_user_id, sealed, required_by, response_deadline,
                          delivery_location, notes, min_shelf_life_days, invite_all)
        values (${rfq.number}, ${rfq.buyerOrgId}, ${rfq.createdByUserId}, ${rfq.sealed}, ${rfq.requiredBy}::date,
                ${rfq.responseDeadline}::timestamptz, ${rfq.deliveryLocation}, ${rfq.notes},
                ${rfq.minShelfLifeDays}, ${rfq.inviteAll})
        returning id`,
  );
  const id = row!.id;
  const lines = JSON.stringify(
    rfq.lines.map((l, i) => ({ line_no: i + 1, product_id: l.productId, quantity: l.quantity })),
  );
  await tx.execute(
    sql`insert into rfq_lines (rfq_id, line_no, product_id, quantity)
        select ${id}, x.line_no, x.product_id, x.quantity
        from jsonb_to_recordset(${lines}::jsonb) as x(line_no int, product_id uuid, quantity int)`,
  );
  await tx.execute(
    sql`insert into rfq_invitations (rfq_id, supplier_org_id)
        select ${id}, s from unnest(${pgArray(rfq.supplierIds)}::uuid[]) as s`,
  );
  return id;
}

// --- Locks ---------------------------------------------------------------------------------------

export interface LockedRfq extends Record<string, unknown> {
  id: string;
  number: string;
  buyerOrgId: string;
  status: RfqStatus;
  sealed: boolean;
  /** Past its deadline by the clock at the moment of reading (after the lock was granted). */
  deadlinePassed: boolean;
  /** The UTC day of the deadline. */
  deadlineDay: string;
  requiredBy: string;
  deliveryLocation: string;
  minShelfLifeDays: number;
  buyerName: string;
}

const lockedColumns = sql`r.id, r.number, r.buyer_org_id as "buyerOrgId", r.status, r.sealed,
  r.required_by::text as "requiredBy", r.delivery_location as "deliveryLocation",
  r.min_shelf_life_days as "minShelfLifeDays",
  to_char(r.response_deadline at time zone 'UTC', 'YYYY-MM-DD') as "deadlineDay"`;

/**
 * The rfq row FOR SHARE, joined to the supplier's invitation (none: null, answered 404), then the
 * invitation FOR UPDATE: the first two locks of a quote, decline or withdraw (docs/domain.md "Locks and
 * retries"). A close UPDATEs the rfq row, so it waits for the responses holding it, and they for it.
 */
export async function lockRfqForResponse(tx: Tx, rfqId: string, supplierOrgId: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select r.id from rfqs r
        join rfq_invitations i on i.rfq_id = r.id and i.supplier_org_id = ${supplierOrgId}
        where r.id = ${rfqId}
        for share of r`,
  );
  if (!row) return null;
  await tx.execute(
    sql`select 1 from rfq_invitations where rfq_id = ${rfqId} and supplier_org_id = ${supplierOrgId} for update`,
  );
  return readLocked(tx, rfqId);
}

/**
 * The facts of a locked rfq row, read in a statement of their own after the lock was granted, so the
 * deadline is judged by clock_timestamp() at that moment (now() is the transaction's start).
 */
async function readLocked(tx: Tx, rfqId: string): Promise<LockedRfq> {
  const [row] = await queryRows<LockedRfq>(
    tx,
    sql`select ${lockedColumns}, r.response_deadline <= clock_timestamp() as "deadlinePassed",
               b.name as "buyerName"
        from rfqs r join organizations b on b.id = r.buyer_org_id
        where r.id = ${rfqId}`,
  );
  return row!;
}

/** The buyer's rfq row FOR UPDATE; null when it is not the buyer's (answered 404). */
export async function lockRfqForBuyer(tx: Tx, rfqId: string, buyerOrgId: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select r.id from rfqs r where r.id = ${rfqId} and r.buyer_org_id = ${buyerOrgId} for update`,
  );
  return row ? readLocked(tx, rfqId) : null;
}

// --- Responses -----------------------------------------------------------------------------------

/** The supplier organisation's name and whether it is active; null when the id names no supplier. */
export async function findSupplier(
  db: Executor,
  orgId: string,
): Promise<{ name: string; isActive: boolean } | null> {
  const [row] = await queryRows<{ name: string; isActive: boolean }>(
    db,
    sql`select name, is_active as "isActive" from organizations where id = ${orgId} and kind = 'supplier'`,
  );
  return row ?? null;
}

/** The RFQ's lines: id and requested quantity, in line order. */
export function listRfqLines(db: Executor, rfqId: string) {
  return queryRows<{ id: string; productId: string; productName: string; quantity: number }>(
    db,
    sql`select l.id, l.product_id as "productId", p.name as "productName", l.quantity
        from rfq_lines l join products p on p.id = l.product_id
        where l.rfq_id = ${rfqId} order by l.line_no`,
  );
}

/** The supplier's standing quote on the RFQ, if any. */
export async function findQuoteId(tx: Tx, rfqId: string, supplierOrgId: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from rfq_quotes where rfq_id = ${rfqId} and supplier_org_id = ${supplierOrgId}`,
  );
  return row?.id ?? null;
}

/** Writes the supplier's quote: inserted at revision 1, or revised (revision + 1) with its lines replaced. */
export async function upsertQuote(
  tx: Tx,
  quote: {
    existingId: string | null;
    rfqId: string;
    supplierOrgId: string;
    userId: string;
    validUntil: string;
    paymentTerms: string;
    notes: string | null;
    lines: readonly {
      rfqLineId: string;
      unitPrice: number;
      quantity: number;
      leadTimeDays: number;
      earliestExpiry: string | null;
    }[];
  },
): Promise<string> {
  let id = quote.existingId;
  if (id) {
    await tx.execute(
      sql`update rfq_quotes set valid_until = ${quote.validUntil}::date, payment_terms = ${quote.paymentTerms},
                 notes = ${quote.notes}, revision = revision + 1, submitted_by_user_id = ${quote.userId},
                 updated_at = now()
          where id = ${id}`,
    );
    await tx.execute(sql`delete from rfq_quote_lines where quote_id = ${id}`);
  } else {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into rfq_quotes (rfq_id, supplier_org_id, valid_until, payment_terms, notes, submitted_by_user_id)
          values (${quote.rfqId}, ${quote.supplierOrgId}, ${quote.validUntil}::date, ${quote.paymentTerms},
                  ${quote.notes}, ${quote.userId})
          returning id`,
    );
    id = row!.id;
  }
  const lines = JSON.stringify(
    quote.lines.map((l) => ({
      rfq_line_id: l.rfqLineId,
      unit_price: l.unitPrice,
      quantity: l.quantity,
      lead_time_days: l.leadTimeDays,
      earliest_expiry: l.earliestExpiry,
    })),
  );
  await tx.execute(
    sql`insert into rfq_quote_lines (quote_id, rfq_line_id, unit_price, quantity, lead_time_days, earliest_expiry)
        select ${id}, x.rfq_line_id, x.unit_price, x.quantity, x.lead_time_days, x.earliest_expiry
        from jsonb_to_recordset(${lines}::jsonb)
          as x(rfq_line_id uuid, unit_price numeric, quantity int, lead_time_days int, earliest_expiry date)`,
  );
  return id;
}

/** Deletes the supplier's quote with its lines; whether there was one. */
export async function deleteQuote(tx: Tx, rfqId: string, supplierOrgId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`delete from rfq_quotes where rfq_id = ${rfqId} and supplier_org_id = ${supplierOrgId} returning id`,
  );
  return rows.length > 0;
}

/** Sets the supplier's answer; answers it as it stands. */
export async function setInvitation(
  tx: Tx,
  input: { rfqId: string; supplierOrgId: string; status: RfqInvitationStatus; declineReason: string | null },
) {
  const [row] = await queryRows<{ status: RfqInvitationStatus; respondedAt: string | null }>(
    tx,
    sql`update rfq_invitations
        set status = ${input.status}, responded_at = clock_timestamp(), decline_reason = ${input.declineReason}
        where rfq_id = ${input.rfqId} and supplier_org_id = ${input.supplierOrgId}
        returning status, ${iso(sql`responded_at`)} as "respondedAt"`,
  );
  return row!;
}

/** The invited suppliers, optionally those whose answer is not one of `except`. */
export async function listInvitedIds(
  db: Executor,
  rfqId: string,
  except: readonly RfqInvitationStatus[] = [],
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select supplier_org_id as id from rfq_invitations
        where rfq_id = ${rfqId} and not (status::text = any(${pgArray(except)}::text[]))
        order by supplier_org_id`,
  );
  return rows.map((r) => r.id);
}

// --- Closing, cancelling, the sweep --------------------------------------------------------------

/**
 * Closes a locked open RFQ: at the moment of the call when before its deadline, at its deadline when
 * past it (as the job would have).
 */
export async function closeLockedRfq(tx: Tx, rfqId: string) {
  await tx.execute(
    sql`update rfqs set status = 'closed', closed_at = least(clock_timestamp(), response_deadline), updated_at = now()
        where id = ${rfqId} and status = 'open'`,
  );
}

/** The open RFQs past their deadline, oldest deadline first. */
export async function listDueRfqIds(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from rfqs where status = 'open' and response_deadline <= now() order by response_deadline, id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Closes one RFQ at its deadline if it is still open and due; answers it only when this call closed it,
 * so of two sweeps at once exactly one sees the row come back.
 */
export async function closeDueRfq(tx: Tx, rfqId: string) {
  const [row] = await queryRows<{ id: string; buyerOrgId: string }>(
    tx,
    sql`update rfqs set status = 'closed', closed_at = response_deadline, updated_at = now()
        where id = ${rfqId} and status = 'open' and response_deadline <= now()
        returning id, buyer_org_id as "buyerOrgId"`,
  );
  return row ?? null;
}

/**
 * Marks the reminder sent on every open RFQ within 24 hours of its deadline that has not had one (and
 * was created more than 24 hours before it: a short RFQ gets none); answers those it marked.
 */
export function markRemindersDue(tx: Tx) {
  return queryRows<{ id: string; buyerOrgId: string }>(
    tx,
    sql`update rfqs set reminder_sent_at = now()
        where status = 'open' and reminder_sent_at is null
          and response_deadline > now() and response_deadline <= now() + interval '24 hours'
          and created_at < response_deadline - interval '24 hours'
        returning id, buyer_org_id as "buyerOrgId"`,
  );
}

/** Cancels a locked RFQ, keeping closed_at as it was. */
export async function cancelLockedRfq(tx: Tx, rfqId: string, reason: string | null) {
  await tx.execute(
    sql`update rfqs set status = 'cancelled', cancelled_at = now(), cancel_reason = ${reason}, updated_at = now()
        where id = ${rfqId}`,
  );
}

// --- Awarding ------------------------------------------------------------------------------------

export interface AwardableLine extends Record<string, unknown> {
  quoteLineId: string;
  rfqLineId: string;
  supplierOrgId: string;
  supplierName: string;
  productId: string;
  productName: string;
  unitPrice: number;
  quantity: number;
  leadTimeDays: number;
  validUntil: string;
  paymentTerms: string;
  requestedQuantity: number;
}

/** The quote lines named that belong to quotes on this RFQ, with their quote's terms and rfq line. */
export function findAwardableLines(db: Executor, rfqId: string, quoteLineIds: readonly string[]) {
  return queryRows<AwardableLine>(
    db,
    sql`select ql.id as "quoteLineId", ql.rfq_line_id as "rfqLineId", q.supplier_org_id as "supplierOrgId",
               s.name as "supplierName", l.product_id as "productId", p.name as "productName",
               ql.unit_price as "unitPrice", ql.quantity, ql.lead_time_days as "leadTimeDays",
               q.valid_until::text as "validUntil", q.payment_terms as "paymentTerms",
               l.quantity as "requestedQuantity"
        from rfq_quote_lines ql
        join rfq_quotes q on q.id = ql.quote_id and q.rfq_id = ${rfqId}
        join rfq_lines l on l.id = ql.rfq_line_id
        join products p on p.id = l.product_id
        join organizations s on s.id = q.supplier_org_id
        where ql.id = any(${pgArray(quoteLineIds)}::uuid[])`,
  );
}

/** Records the awards and marks the RFQ awarded. */
export async function insertAwards(
  tx: Tx,
  rfqId: string,
  awards: readonly {
    rfqLineId: string;
    quoteLineId: string;
    supplierOrgId: string;
    quantity: number;
    unitPrice: number;
    orderId: string;
  }[],
) {
  const rows = JSON.stringify(
    awards.map((a) => ({
      rfq_line_id: a.rfqLineId,
      quote_line_id: a.quoteLineId,
      supplier_org_id: a.supplierOrgId,
      quantity: a.quantity,
      unit_price: a.unitPrice,
      order_id: a.orderId,
    })),
  );
  await tx.execute(
    sql`insert into rfq_awards (rfq_id, rfq_line_id, quote_line_id, supplier_org_id, quantity, unit_price, order_id)
        select ${rfqId}, x.rfq_line_id, x.quote_line_id, x.supplier_org_id, x.quantity, x.unit_price, x.order_id
        from jsonb_to_recordset(${rows}::jsonb)
          as x(rfq_line_id uuid, quote_line_id uuid, supplier_org_id uuid, quantity int, unit_price numeric, order_id uuid)`,
  );
  await tx.execute(
    sql`update rfqs set status = 'awarded', awarded_at = now(), updated_at = now() where id = ${rfqId}`,
  );
}

// --- Reading -------------------------------------------------------------------------------------

const scopeCondition = (scope: RfqScope) =>
  scope.kind === 'buyer'
    ? sql`r.buyer_org_id = ${scope.orgId}`
    : sql`exists (select 1 from rfq_invitations mi where mi.rfq_id = r.id and mi.supplier_org_id = ${scope.orgId})`;

/** The columns of a summary (rfqSummarySchema), then the detail's own. */
const summaryColumns = (scope: RfqScope) => sql`
  r.id, r.number, ${effectiveStatus} as status, r.sealed,
  json_build_object('id', b.id, 'name', b.name) as buyer,
  coalesce((select json_agg(json_build_object(
                   'id', l.id, 'lineNo', l.line_no, 'quantity', l.quantity,
                   'product', json_build_object('id', p.id, 'name', p.name, 'gtin', p.gtin))
                 order by l.line_no)
            from rfq_lines l join products p on p.id = l.product_id where l.rfq_id = r.id), '[]') as lines,
  r.required_by::text as "requiredBy",
  ${iso(sql`r.response_deadline`)} as "responseDeadline",
  ${iso(sql`r.created_at`)} as "createdAt",
  ${iso(effectiveClosedAt)} as "closedAt",
  ${
    scope.kind === 'buyer'
      ? sql`(select json_build_object('invited', count(*)::int,
                      'quoted', (count(*) filter (where i.status = 'quoted'))::int,
                      'declined', (count(*) filter (where i.status = 'declined'))::int)
             from rfq_invitations i where i.rfq_id = r.id)`
      : sql`null::json`
  } as responses,
  ${
    scope.kind === 'supplier'
      ? sql`(select i.status::text from rfq_invitations i where i.rfq_id = r.id and i.supplier_org_id = ${scope.orgId})`
      : sql`null::text`
  } as "myStatus",
  ${
    scope.kind === 'supplier'
      ? sql`(select coalesce(sum(a.quantity), 0)::int from rfq_awards a
             where a.rfq_id = r.id and a.supplier_org_id = ${scope.orgId})`
      : sql`null::int`
  } as "myAwardedUnits"`;

export interface RfqSummaryRow extends Record<string, unknown> {
  id: string;
  number: string;
  status: RfqStatus;
  sealed: boolean;
  buyer: { id: string; name: string };
  lines: {
    id: string;
    lineNo: number;
    quantity: number;
    product: { id: string; name: string; gtin: string | null };
  }[];
  requiredBy: string;
  responseDeadline: string;
  createdAt: string;
  closedAt: string | null;
  responses: { invited: number; quoted: number; declined: number } | null;
  myStatus: RfqInvitationStatus | null;
  myAwardedUnits: number | null;
}

/** Where an RFQ sits in the newest-first list: created_at to the microsecond, then its id. */
export type RfqPosition = readonly [at: string, id: string];

const listConditions = (scope: RfqScope, statuses: readonly RfqStatus[] | undefined) =>
  sql`${scopeCondition(scope)}
      ${statuses ? sql`and ${effectiveStatus} = any(${pgArray(statuses)}::text[])` : sql``}`;

/** One page of the caller's RFQs, newest first, `limit + 1` rows after `after`, each with its position. */
export function pageRfqs(
  db: Executor,
  opts: { scope: RfqScope; statuses?: readonly RfqStatus[]; after: RfqPosition | null; limit: number },
) {
  return queryRows<RfqSummaryRow & { at: string }>(
    db,
    sql`select ${summaryColumns(opts.scope)}, ${positionAt(sql`r.created_at`)} as at
        from rfqs r join organizations b on b.id = r.buyer_org_id
        where ${listConditions(opts.scope, opts.statuses)}
          ${opts.after ? sql`and (r.created_at, r.id) < (${opts.after[0]}::timestamptz, ${opts.after[1]}::uuid)` : sql``}
        order by r.created_at desc, r.id desc
        limit ${opts.limit + 1}`,
  );
}

/** How many of the caller's RFQs the filter matches, all pages together. */
export async function countRfqs(db: Executor, scope: RfqScope, statuses?: readonly RfqStatus[]) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rfqs r where ${listConditions(scope, statuses)}`,
  );
  return row!.n;
}

export interface RfqDetailRow extends RfqSummaryRow {
  deliveryLocation: string;
  notes: string | null;
  minShelfLifeDays: number;
  createdBy: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  awardedAt: string | null;
}

/** One RFQ in the caller's scope, or null (answered 404). */
export async function findRfq(db: Executor, scope: RfqScope, rfqId: string) {
  const [row] = await queryRows<RfqDetailRow>(
    db,
    sql`select ${summaryColumns(scope)},
               r.delivery_location as "deliveryLocation", r.notes, r.min_shelf_life_days as "minShelfLifeDays",
               u.name as "createdBy", ${iso(sql`r.cancelled_at`)} as "cancelledAt", r.cancel_reason as "cancelReason",
               ${iso(sql`r.awarded_at`)} as "awardedAt"
        from rfqs r join organizations b on b.id = r.buyer_org_id
        left join users u on u.id = r.created_by_user_id
        where r.id = ${rfqId} and ${scopeCondition(scope)}`,
  );
  return row ?? null;
}

export interface InvitationRow extends Record<string, unknown> {
  supplier: { id: string; name: string };
  status: RfqInvitationStatus;
  respondedAt: string | null;
  declineReason: string | null;
}

/** The RFQ's invitations, by supplier name. */
export function listInvitations(db: Executor, rfqId: string) {
  return queryRows<InvitationRow>(
    db,
    sql`select json_build_object('id', s.id, 'name', s.name) as supplier, i.status,
               ${iso(sql`i.responded_at`)} as "respondedAt", i.decline_reason as "declineReason"
        from rfq_invitations i join organizations s on s.id = i.supplier_org_id
        where i.rfq_id = ${rfqId} order by s.name, s.id`,
  );
}

export interface QuoteRow extends Record<string, unknown> {
  id: string;
  supplier: { id: string; name: string };
  validUntil: string;
  paymentTerms: string;
  notes: string | null;
  submittedAt: string;
  updatedAt: string;
  lines: {
    id: string;
    rfqLineId: string;
    unitPrice: number;
    quantity: number;
    leadTimeDays: number;
    earliestExpiry: string | null;
  }[];
}

/** The RFQ's quotes (only `supplierOrgId`'s when given), by supplier name, lines in rfq line order. */
export function listQuotes(db: Executor, rfqId: string, supplierOrgId?: string) {
  return queryRows<QuoteRow>(
    db,
    sql`select q.id, json_build_object('id', s.id, 'name', s.name) as supplier, q.valid_until::text as "validUntil",
               q.payment_terms as "paymentTerms", q.notes, ${iso(sql`q.submitted_at`)} as "submittedAt",
               ${iso(sql`q.updated_at`)} as "updatedAt",
               coalesce((select json_agg(json_build_object(
                                'id', ql.id, 'rfqLineId', ql.rfq_line_id, 'unitPrice', ql.unit_price,
                                'quantity', ql.quantity, 'leadTimeDays', ql.lead_time_days,
                                'earliestExpiry', ql.earliest_expiry::text)
                              order by l.line_no)
                         from rfq_quote_lines ql join rfq_lines l on l.id = ql.rfq_line_id
                         where ql.quote_id = q.id), '[]') as lines
        from rfq_quotes q join organizations s on s.id = q.supplier_org_id
        where q.rfq_id = ${rfqId} ${supplierOrgId ? sql`and q.supplier_org_id = ${supplierOrgId}` : sql``}
        order by s.name, s.id`,
  );
}

/** The decline reason of the supplier's invitation. */
export async function findDeclineReason(db: Executor, rfqId: string, supplierOrgId: string) {
  const [row] = await queryRows<{ reason: string | null }>(
    db,
    sql`select decline_reason as reason from rfq_invitations where rfq_id = ${rfqId} and supplier_org_id = ${supplierOrgId}`,
  );
  return row?.reason ?? null;
}

export interface AwardRow extends Record<string, unknown> {
  quoteLineId: string;
  rfqLineId: string;
  supplier: { id: string; name: string };
  product: { id: string; name: string };
  quantity: number;
  unitPrice: number;
  order: { id: string; number: string };
}

/** The RFQ's awards (only `supplierOrgId`'s when given), in line order then supplier name. */
export function listAwards(db: Executor, rfqId: string, supplierOrgId?: string) {
  return queryRows<AwardRow>(
    db,
    sql`select a.quote_line_id as "quoteLineId", a.rfq_line_id as "rfqLineId",
               json_build_object('id', s.id, 'name', s.name) as supplier,
               json_build_object('id', p.id, 'name', p.name) as product,
               a.quantity, a.unit_price as "unitPrice",
               json_build_object('id', o.id, 'number', o.number) as "order"
        from rfq_awards a
        join rfq_lines l on l.id = a.rfq_line_id
        join products p on p.id = l.product_id
        join organizations s on s.id = a.supplier_org_id
        join orders o on o.id = a.order_id
        where a.rfq_id = ${rfqId} ${supplierOrgId ? sql`and a.supplier_org_id = ${supplierOrgId}` : sql``}
        order by l.line_no, s.name, a.id`,
  );
}

/** What the buyer's active credit line with each supplier has available (limit - balance). */
export async function findCreditAvailable(
  db: Executor,
  buyerOrgId: string,
  supplierIds: readonly string[],
): Promise<Map<string, number>> {
  if (supplierIds.length === 0) return new Map();
  const rows = await queryRows<{ supplierId: string; available: number }>(
    db,
    sql`select supplier_id as "supplierId", credit_limit - balance as available
        from credit_lines
        where customer_id = ${buyerOrgId} and status = 'active' and supplier_id = any(${pgArray(supplierIds)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.supplierId, Number(r.available)]));
}
