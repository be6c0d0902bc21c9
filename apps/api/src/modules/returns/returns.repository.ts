import { sql, type SQL } from 'drizzle-orm';
import type {
  CreditNote,
  ReturnDetail,
  ReturnLine,
  ReturnReason,
  ReturnStatus,
  ReturnSummary,
} from '@aduro/shared/returns';
import { pgArray, queryRows, type Executor, type Tx } from '../../db/client.ts';
import { positionAt } from '../../lib/keyset.ts';

/** Who reads: the buying organisation, or the supplier it bought from. */
export type ReturnScope = { kind: 'buyer'; orgId: string } | { kind: 'supplier'; orgId: string };

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Tenancy in SQL: a return is the buyer's or the seller's, never another organisation's. */
const mine = (scope: ReturnScope) =>
  scope.kind === 'buyer' ? sql`r.buyer_org_id = ${scope.orgId}` : sql`r.seller_org_id = ${scope.orgId}`;

// --- Requesting ----------------------------------------------------------------------------------

export interface ReturnDrop extends Record<string, unknown> {
  id: string;
  sequence: number;
  status: string;
}

/**
 * The order's drops among those named, FOR UPDATE in id order: the second lock of a return request,
 * after the order row (docs/domain.md "Locks and retries"). A drop of another order is not found.
 */
export function lockOrderDrops(tx: Tx, orderId: string, dropIds: readonly string[]) {
  return queryRows<ReturnDrop>(
    tx,
    sql`select id, sequence, status::text as status from order_drops
        where order_id = ${orderId} and id = any(${pgArray(dropIds)}::uuid[])
        order by id
        for update`,
  );
}

export interface DeliveredLot extends Record<string, unknown> {
  dropId: string;
  lotId: string;
  batchNumber: string | null;
  expiryDate: string | null;
  /** Units the drop's allocations took from the lot and kept (not returned by a drop cancellation). */
  delivered: number;
  /** Units of the (drop, lot) that returns not rejected already claim. */
  claimed: number;
}

/**
 * Each lot the drops' allocations took units from, with the units delivered and those already claimed:
 * requested or approved returns claim their quantity, received or completed ones what arrived
 * (docs/domain.md "Returns"). Ordered so a batch's first lot is its earliest expiry.
 */
export function listDeliveredLots(tx: Executor, dropIds: readonly string[]) {
  return queryRows<DeliveredLot>(
    tx,
    sql`select a.drop_id as "dropId", l.id as "lotId", l.batch_number as "batchNumber",
               l.expiry_date::text as "expiryDate", sum(a.quantity)::int as delivered,
               coalesce((
                 select sum(case when r.status in ('requested', 'approved') then rl.quantity
                                 else coalesce(rl.received_quantity, 0) end)
                 from return_lines rl join returns r on r.id = rl.return_id
                 where rl.drop_id = a.drop_id and rl.lot_id = l.id and r.status <> 'rejected'
               ), 0)::int as claimed
        from drop_allocations a join inventory_lots l on l.id = a.lot_id
        where a.drop_id = any(${pgArray(dropIds)}::uuid[]) and a.returned_at is null
        group by a.drop_id, l.id
        order by a.drop_id, l.expiry_date nulls last, l.id`,
  );
}

/** Whether the recall quarantined a lot of the product (a return made from it names it). */
export async function recallOfProduct(db: Executor, recallId: string, productId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select r.id from recalls r
        where r.id = ${recallId}
          and exists (select 1 from recall_lots rl join inventory_lots l on l.id = rl.lot_id
                      where rl.recall_id = r.id and l.product_id = ${productId})`,
  );
  return rows.length > 0;
}

/** A fresh value of return_number_seq. */
export async function nextReturnNumber(db: Executor): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select nextval('return_number_seq')::text as n`);
  return Number(row!.n);
}

/** Writes the return with its lines, numbered in the order given. */
export async function insertReturn(
  tx: Tx,
  ret: {
    number: string;
    orderId: string;
    buyerOrgId: string;
    sellerOrgId: string;
    notes: string | null;
    recallId: string | null;
    requestedByUserId: string;
    lines: readonly {
      dropId: string;
      lotId: string;
      batchNumber: string | null;
      quantity: number;
      reason: ReturnReason;
    }[];
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into returns (number, order_id, buyer_org_id, seller_org_id, notes, recall_id, requested_by_user_id)
        values (${ret.number}, ${ret.orderId}, ${ret.buyerOrgId}, ${ret.sellerOrgId}, ${ret.notes},
                ${ret.recallId}, ${ret.requestedByUserId})
        returning id`,
  );
  const id = row!.id;
  const lines = JSON.stringify(
    ret.lines.map((l, i) => ({
      line_no: i + 1,
      drop_id: l.dropId,
      lot_id: l.lotId,
      batch_number: l.batchNumber,
      quantity: l.quantity,
      reason: l.reason,
    })),
  );
  await tx.execute(
    sql`insert into return_lines (return_id, line_no, drop_id, lot_id, batch_number, quantity, reason)
        select ${id}, x.line_no, x.drop_id, x.lot_id, x.batch_number, x.quantity, x.reason::return_reason
        from jsonb_to_recordset(${lines}::jsonb)
          as x(line_no int, drop_id uuid, lot_id uuid, batch_number text, quantity int, reason text)`,
  );
  return id;
}

// --- Supplier steps ------------------------------------------------------------------------------

export interface LockedReturn extends Record<string, unknown> {
  id: string;
  number: string;
  status: ReturnStatus;
  orderId: string;
  productId: string;
  buyerOrgId: string;
  sellerOrgId: string;
}

/**
 * The return row FOR UPDATE when the scope is its buyer or seller (null otherwise, answered 404): the
 * first lock of every step after the request, so two steps on one return queue here.
 */
export async function lockReturn(tx: Tx, scope: ReturnScope, returnId: string): Promise<LockedReturn | null> {
  const [row] = await queryRows<LockedReturn>(
    tx,
    sql`select r.id, r.number, r.status, r.order_id as "orderId", o.product_id as "productId",
               r.buyer_org_id as "buyerOrgId", r.seller_org_id as "sellerOrgId"
        from returns r join orders o on o.id = r.order_id
        where r.id = ${returnId} and ${mine(scope)}
        for update of r`,
  );
  return row ?? null;
}

/** Records the supplier's decision: approved, or rejected with the reason the buyer sees. */
export async function decideReturn(
  tx: Tx,
  returnId: string,
  decision: { status: 'approved' | 'rejected'; userId: string; rejectReason: string | null },
) {
  await tx.execute(
    sql`update returns set status = ${decision.status}::return_status, decided_by_user_id = ${decision.userId},
               decided_at = now(), reject_reason = ${decision.rejectReason}, updated_at = now()
        where id = ${returnId}`,
  );
}

/** The return's lines: id and quantity asked, in line order. */
export function listLineQuantities(db: Executor, returnId: string) {
  return queryRows<{ id: string; quantity: number }>(
    db,
    sql`select id, quantity from return_lines where return_id = ${returnId} order by line_no`,
  );
}

/** Records the units that arrived per line, and the return as received (the quarantine). */
export async function receiveReturn(
  tx: Tx,
  returnId: string,
  lines: readonly { lineId: string; receivedQuantity: number }[],
) {
  const received = JSON.stringify(lines.map((l) => ({ id: l.lineId, q: l.receivedQuantity })));
  await tx.execute(
    sql`update return_lines rl set received_quantity = x.q
        from jsonb_to_recordset(${received}::jsonb) as x(id uuid, q int)
        where rl.id = x.id and rl.return_id = ${returnId}`,
  );
  await tx.execute(
    sql`update returns set status = 'received', received_at = now(), updated_at = now() where id = ${returnId}`,
  );
}

// --- Reading -------------------------------------------------------------------------------------

type SummaryRow = Omit<ReturnSummary, 'reasons'> & { reasons: ReturnReason[] };

const summaryColumns = sql`
  r.id, r.number, r.status::text as status,
  json_build_object('id', o.id, 'number', o.number) as "order",
  json_build_object('id', p.id, 'name', p.name) as product,
  json_build_object('id', b.id, 'name', b.name) as buyer,
  json_build_object('id', s.id, 'name', s.name) as supplier,
  (select sum(rl.quantity)::int from return_lines rl where rl.return_id = r.id) as quantity,
  coalesce((select json_agg(x.reason order by x.first)
            from (select rl.reason, min(rl.line_no) as first from return_lines rl
                  where rl.return_id = r.id group by rl.reason) x), '[]'::json) as reasons,
  ${iso(sql`r.created_at`)} as "createdAt",
  (select cn.amount from credit_notes cn where cn.return_id = r.id) as "creditAmount"`;

const summaryFrom = sql`
  from returns r
  join orders o on o.id = r.order_id
  join products p on p.id = o.product_id
  join organizations b on b.id = r.buyer_org_id
  join organizations s on s.id = r.seller_org_id`;

function filters(scope: ReturnScope, q: { statuses?: readonly ReturnStatus[]; orderId?: string }) {
  const parts = [mine(scope)];
  if (q.statuses?.length) parts.push(sql`r.status::text = any(${pgArray(q.statuses)}::text[])`);
  if (q.orderId) parts.push(sql`r.order_id = ${q.orderId}`);
  return sql.join(parts, sql` and `);
}

/** A page of the scope's returns, newest first (created_at, then id), after the position given. */
export function pageReturns(
  db: Executor,
  q: {
    scope: ReturnScope;
    statuses?: readonly ReturnStatus[];
    orderId?: string;
    after: readonly [string, string] | null;
    limit: number;
  },
) {
  const after = q.after
    ? sql`and (r.created_at, r.id) < (${q.after[0]}::timestamptz, ${q.after[1]}::uuid)`
    : sql``;
  return queryRows<SummaryRow & { at: string }>(
    db,
    sql`select ${summaryColumns}, ${positionAt(sql`r.created_at`)} as at
        ${summaryFrom}
        where ${filters(q.scope, q)} ${after}
        order by r.created_at desc, r.id desc
        limit ${q.limit + 1}`,
  );
}

/** How many of the scope's returns the filters match. */
export async function countReturns(
  db: Executor,
  scope: ReturnScope,
  q: { statuses?: readonly ReturnStatus[]; orderId?: string },
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from returns r where ${filters(scope, q)}`,
  );
  return row!.n;
}

/**
 * One return as the scope sees it, with its lines, credit note and destruction record (written by
 * inspection); null when the scope is neither its buyer nor its seller.
 */
export async function readReturnDetail(
  db: Executor,
  scope: ReturnScope,
  returnId: string,
): Promise<ReturnDetail | null> {
  const [row] = await queryRows<Omit<ReturnDetail, 'lines' | 'creditNote' | 'destruction'>>(
    db,
    sql`select ${summaryColumns}, r.notes,
               case when rc.id is null then null
                    else json_build_object('id', rc.id, 'number', rc.number) end as recall,
               rq.name as "requestedBy", dc.name as "decidedBy", ${iso(sql`r.decided_at`)} as "decidedAt",
               r.reject_reason as "rejectReason", ${iso(sql`r.received_at`)} as "receivedAt",
               ${iso(sql`r.inspected_at`)} as "inspectedAt"
        ${summaryFrom}
        left join recalls rc on rc.id = r.recall_id
        left join users rq on rq.id = r.requested_by_user_id
        left join users dc on dc.id = r.decided_by_user_id
        where r.id = ${returnId} and ${mine(scope)}`,
  );
  if (!row) return null;
  const [lines, notes, destructions] = await Promise.all([
    queryRows<ReturnLine>(
      db,
      sql`select rl.id, rl.line_no as "lineNo", rl.drop_id as "dropId", d.sequence as "dropSequence",
                 l.batch_number as "batchNumber", l.expiry_date::text as "expiryDate", rl.quantity,
                 rl.reason::text as reason, rl.received_quantity as "receivedQuantity",
                 rl.restocked_quantity as "restockedQuantity", rl.destroyed_quantity as "destroyedQuantity",
                 rl.manufacturer_quantity as "manufacturerQuantity", o.unit_price as "unitPrice"
          from return_lines rl
          join returns r on r.id = rl.return_id
          join orders o on o.id = r.order_id
          join order_drops d on d.id = rl.drop_id
          join inventory_lots l on l.id = rl.lot_id
          where rl.return_id = ${returnId}
          order by rl.line_no`,
    ),
    queryRows<CreditNote>(
      db,
      sql`select cn.id, cn.number, json_build_object('id', i.id, 'number', i.number) as invoice,
                 cn.amount, cn.applied_to_invoice as "appliedToInvoice",
                 cn.applied_to_credit_line as "appliedToCreditLine", cn.held_as_credit as "heldAsCredit",
                 ${iso(sql`cn.issued_at`)} as "issuedAt"
          from credit_notes cn join invoices i on i.id = cn.invoice_id
          where cn.return_id = ${returnId}`,
    ),
    queryRows<NonNullable<ReturnDetail['destruction']>>(
      db,
      sql`select dr.destroyed_on::text as "destroyedOn", dr.method, dr.witness, dr.fda_reference as "fdaReference",
                 u.name as "recordedBy"
          from destruction_records dr left join users u on u.id = dr.recorded_by_user_id
          where dr.return_id = ${returnId}`,
    ),
  ]);
  return { ...row, lines, creditNote: notes[0] ?? null, destruction: destructions[0] ?? null };
}
