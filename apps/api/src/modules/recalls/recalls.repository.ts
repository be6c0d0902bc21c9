import { sql, type SQL } from 'drizzle-orm';
import type {
  RecallDetail,
  RecallRepickRow,
  RecallSeverity,
  RecallSummary,
  RecallTraceRow,
} from '@aduro/shared/recalls';
import { pgArray, queryRows, type Executor, type Tx } from '../../db/client.ts';
import { dropBatchesJson } from '../inventory/inventory.repository.ts';

/*
 * Recalls' SQL (docs/domain.md "Recalls"): the recalls, the lots each quarantined (recall_lots) and the
 * buyers' acknowledgements. A recall's trace is never stored: it is every drop still holding units
 * (drop_allocations not returned) of the recall's lots, read when asked, so a drop cancelled after the
 * recall leaves it by itself.
 */

/**
 * Whose share of the recalls a read answers: a supplier's (its lots, the orders it sold), a buyer's (its
 * orders) or the platform's (everything).
 */
export type RecallScope =
  { kind: 'supplier'; orgId: string } | { kind: 'customer'; orgId: string } | { kind: 'platform' };

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The orders (alias o) whose drops the scope may see in a trace. */
function ordersOf(scope: RecallScope): SQL {
  if (scope.kind === 'supplier') return sql`o.seller_org_id = ${scope.orgId}::uuid`;
  if (scope.kind === 'customer') return sql`o.buyer_org_id = ${scope.orgId}::uuid`;
  return sql`true`;
}

/** The lots (alias l) the scope holds: a buyer holds none. */
function lotsOf(scope: RecallScope): SQL {
  if (scope.kind === 'supplier') return sql`l.supplier_id = ${scope.orgId}::uuid`;
  if (scope.kind === 'customer') return sql`false`;
  return sql`true`;
}

/**
 * Whether the scope has a share in recall r: a supplier one of whose lots it quarantined, a buyer one of
 * whose drops still holds its units; the platform every recall.
 */
function shareIn(scope: RecallScope): SQL {
  if (scope.kind === 'supplier')
    return sql`exists (select 1 from recall_lots rl join inventory_lots l on l.id = rl.lot_id
                       where rl.recall_id = r.id and ${lotsOf(scope)})`;
  if (scope.kind === 'customer')
    return sql`(exists (select 1 from recall_lots rl
                        join drop_allocations a on a.lot_id = rl.lot_id and a.returned_at is null
                        join order_drops d on d.id = a.drop_id
                        join orders o on o.id = d.order_id
                        where rl.recall_id = r.id and ${ordersOf(scope)})
                or exists (select 1 from recall_repicks rr
                           join order_drops d on d.id = rr.drop_id
                           join orders o on o.id = d.order_id
                           where rr.recall_id = r.id and ${ordersOf(scope)}))`;
  return sql`true`;
}

// --- Declaring (declare-recall.workflow.ts, inside its transaction) ---------------------------------

/** The latest recall that quarantined any of these lots: the one an "already recalled" refusal names. */
export async function latestRecallOfLots(tx: Tx, lotIds: string[]) {
  const [row] = await queryRows<{ id: string; number: string }>(
    tx,
    sql`select r.id, r.number from recalls r
        where exists (select 1 from recall_lots rl where rl.recall_id = r.id and rl.lot_id = any(${pgArray(lotIds)}::uuid[]))
        order by r.created_at desc, r.number desc limit 1`,
  );
  return row ?? null;
}

/**
 * Inserts the recall, numbered RC-year-sequence as invoices are, and the lots it covers with the units
 * each holds now (locked by the caller, so "now" is the quantity no approval can change any more).
 */
export async function insertRecall(
  tx: Tx,
  row: {
    productId: string;
    supplierId: string | null;
    batchNumbers: string[];
    reason: string;
    severity: RecallSeverity;
    declaredBy: { orgId: string; userId: string; name: string };
    lots: { id: string; quantity: number }[];
    at: Date;
  },
): Promise<{ id: string; number: string }> {
  const lots = JSON.stringify(row.lots.map((l) => ({ lot_id: l.id, units_held: l.quantity })));
  const [inserted] = await queryRows<{ id: string; number: string }>(
    tx,
    sql`with r as (
          insert into recalls (number, product_id, supplier_id, batch_numbers, reason, severity,
                               declared_by_org_id, declared_by_user_id, declared_by_name, created_at)
          values ('RC-' || ${String(row.at.getUTCFullYear())} || '-' || lpad(nextval('recall_number_seq')::text, 6, '0'),
                  ${row.productId}, ${row.supplierId}::uuid, ${pgArray(row.batchNumbers)}::text[],
                  ${row.reason}, ${row.severity}, ${row.declaredBy.orgId}, ${row.declaredBy.userId},
                  ${row.declaredBy.name}, ${row.at})
          returning id, number
        ), lots as (
          insert into recall_lots (recall_id, lot_id, units_held)
          select r.id, x.lot_id, x.units_held
          from r, jsonb_to_recordset(${lots}::jsonb) as x(lot_id uuid, units_held int)
        )
        select id, number from r`,
  );
  return inserted!;
}

/**
 * The buyers whose drops still hold units of these lots: with the suppliers, the organisations a
 * recall's event names. Read after the lots are locked, so every approval that took from them has
 * committed and is counted.
 */
export async function buyersHoldingLots(tx: Tx, lotIds: string[]): Promise<string[]> {
  const rows = await queryRows<{ buyerOrgId: string }>(
    tx,
    sql`select distinct o.buyer_org_id as "buyerOrgId"
        from drop_allocations a
        join order_drops d on d.id = a.drop_id
        join orders o on o.id = d.order_id
        where a.lot_id = any(${pgArray(lotIds)}::uuid[]) and a.returned_at is null
        order by 1`,
  );
  return rows.map((r) => r.buyerOrgId);
}

// --- Approval (approve-order.workflow.ts) ----------------------------------------------------------

/**
 * The seller's quarantined lots of a product still within date, and the most recent recall that
 * quarantined any of them with the batches of this seller's it named: what an approval tells the buyer
 * when only the recall stands between the order and the stock. Not locked: a quarantine is never lifted,
 * and this is read only to word a refusal.
 */
export async function quarantinedStock(tx: Tx, sellerOrgId: string, productId: string, today: string) {
  const lots = await queryRows<{ id: string; quantity: number; expiryDate: string | null }>(
    tx,
    sql`select id, quantity, to_char(expiry_date, 'YYYY-MM-DD') as "expiryDate" from inventory_lots
        where supplier_id = ${sellerOrgId} and product_id = ${productId}
          and quantity > 0 and (expiry_date is null or expiry_date >= ${today}::date)
          and quarantined_at is not null
        order by expiry_date asc nulls last, id`,
  );
  if (lots.length === 0) return { lots, recall: null };
  const [recall] = await queryRows<{ id: string; number: string; batchNumbers: string[] }>(
    tx,
    sql`select r.id, r.number,
               array(select distinct l.batch_number from recall_lots rl join inventory_lots l on l.id = rl.lot_id
                     where rl.recall_id = r.id and l.supplier_id = ${sellerOrgId}
                     order by 1) as "batchNumbers"
        from recalls r
        where r.product_id = ${productId}
          and exists (select 1 from recall_lots rl join inventory_lots l on l.id = rl.lot_id
                      where rl.recall_id = r.id and l.supplier_id = ${sellerOrgId})
        order by r.created_at desc, r.number desc limit 1`,
  );
  return { lots, recall: recall ?? null };
}

// --- Drops on hold (move-drop and repick-drop workflows, inside their transactions) ----------------

/**
 * The recalls that quarantined any of these lots, oldest first, each with the batches of these lots it
 * names: what a refusal to move a held drop, or a re-pick's history, tells. Read in a statement after the
 * lots were locked, so a recall that committed while the caller waited for them is seen.
 */
export async function recallsOfLots(tx: Tx, lotIds: string[]) {
  if (lotIds.length === 0) return [];
  return queryRows<{ id: string; number: string; batchNumbers: string[] }>(
    tx,
    sql`select r.id, r.number,
               coalesce(array_agg(distinct l.batch_number order by l.batch_number)
                          filter (where l.batch_number is not null), '{}') as "batchNumbers"
        from recalls r
        join recall_lots rl on rl.recall_id = r.id
        join inventory_lots l on l.id = rl.lot_id
        where rl.lot_id = any(${pgArray(lotIds)}::uuid[])
        group by r.id
        order by r.created_at, r.number`,
  );
}

/**
 * Records that a drop was re-picked off recalled lots: one row per recall naming any of them, with the
 * units of that recall's lots the drop gave back. A lot under two recalls counts for each.
 */
export async function recordRepicks(
  tx: Tx,
  row: {
    dropId: string;
    lots: { lotId: string; units: number }[];
    user: { id: string; name: string };
    at: Date;
  },
) {
  const lots = JSON.stringify(row.lots.map((l) => ({ lot_id: l.lotId, units: l.units })));
  await tx.execute(sql`
    insert into recall_repicks (recall_id, drop_id, units, repicked_by_user_id, repicked_by_name, repicked_at)
    select rl.recall_id, ${row.dropId}, sum(x.units)::int, ${row.user.id}, ${row.user.name}, ${row.at}
    from jsonb_to_recordset(${lots}::jsonb) as x(lot_id uuid, units int)
    join recall_lots rl on rl.lot_id = x.lot_id
    group by rl.recall_id
    -- A quarantined lot is never allocated again, so a drop gives a recall's units back once; a second
    -- row would only come from a replayed write, and keeps the first.
    on conflict (recall_id, drop_id) do nothing`);
}

// --- Reading -------------------------------------------------------------------------------------

interface SummaryRow extends Record<string, unknown> {
  id: string;
  number: string;
  product: RecallSummary['product'];
  supplier: RecallSummary['supplier'];
  batchNumbers: string[];
  reason: string;
  severity: RecallSeverity;
  declaredBy: RecallSummary['declaredBy'];
  createdAt: string;
  affectedDrops: number;
  acknowledgedDrops: number;
  heldDrops: number;
  awaitingDrops: number;
  repickedDrops: number;
  unitsQuarantined: number;
}

/**
 * The recalls the scope has a share in, newest first (or the one asked for), each with the scope's share:
 * the drops it may see that still hold recalled units, how many of those the buyers acknowledged, are
 * held undelivered by the supplier, or are delivered and await the buyer's confirmation; the drops
 * re-picked off the recalled batches; and the units still in its quarantined lots.
 */
export async function listRecalls(
  db: Executor,
  scope: RecallScope,
  recallId: string | null = null,
): Promise<RecallSummary[]> {
  return queryRows<SummaryRow>(
    db,
    sql`select r.id, r.number,
               json_build_object('id', p.id, 'name', p.name, 'gtin', p.gtin) as product,
               case when s.id is null then null else json_build_object('id', s.id, 'name', s.name) end as supplier,
               r.batch_numbers as "batchNumbers", r.reason, r.severity::text as severity,
               json_build_object('organisationName', dorg.name, 'userName', r.declared_by_name) as "declaredBy",
               ${iso(sql`r.created_at`)} as "createdAt",
               coalesce(t.affected, 0) as "affectedDrops",
               coalesce(t.acknowledged, 0) as "acknowledgedDrops",
               coalesce(t.held, 0) as "heldDrops",
               coalesce(t.awaiting, 0) as "awaitingDrops",
               coalesce(rp.repicked, 0) as "repickedDrops",
               coalesce(q.units, 0) as "unitsQuarantined"
        from recalls r
        join products p on p.id = r.product_id
        join organizations dorg on dorg.id = r.declared_by_org_id
        left join organizations s on s.id = r.supplier_id
        left join lateral (
          select count(distinct d.id)::int as affected, count(distinct ra.drop_id)::int as acknowledged,
                 count(distinct d.id) filter (where d.status <> 'Delivered')::int as held,
                 count(distinct d.id) filter (where d.status = 'Delivered' and ra.drop_id is null)::int as awaiting
          from recall_lots rl
          join drop_allocations a on a.lot_id = rl.lot_id and a.returned_at is null
          join order_drops d on d.id = a.drop_id
          join orders o on o.id = d.order_id
          left join recall_acknowledgements ra on ra.recall_id = r.id and ra.drop_id = d.id
          where rl.recall_id = r.id and ${ordersOf(scope)}
        ) t on true
        left join lateral (
          select count(*)::int as repicked
          from recall_repicks rr
          join order_drops d on d.id = rr.drop_id
          join orders o on o.id = d.order_id
          where rr.recall_id = r.id and ${ordersOf(scope)}
        ) rp on true
        left join lateral (
          select sum(l.quantity)::int as units
          from recall_lots rl join inventory_lots l on l.id = rl.lot_id
          where rl.recall_id = r.id and ${lotsOf(scope)}
        ) q on true
        where ${shareIn(scope)}
          and (${recallId}::uuid is null or r.id = ${recallId}::uuid)
        order by r.created_at desc, r.number desc`,
  );
}

/** The recall's quarantined lots the scope holds (none for a buyer), by supplier then first expiry. */
export function listRecallLots(db: Executor, scope: RecallScope, recallId: string) {
  return queryRows<RecallDetail['lots'][number]>(
    db,
    sql`select l.id as "lotId", s.name as "supplierName", l.batch_number as "batchNumber",
               to_char(l.expiry_date, 'YYYY-MM-DD') as "expiryDate",
               rl.units_held as "unitsHeld", l.quantity as "unitsNow"
        from recall_lots rl
        join inventory_lots l on l.id = rl.lot_id
        join organizations s on s.id = l.supplier_id
        where rl.recall_id = ${recallId} and ${lotsOf(scope)}
        order by s.name, l.supplier_id, l.expiry_date asc nulls last, l.batch_number, l.id`,
  );
}

/**
 * The recall's trace as the scope may see it: every drop still holding units of the recall's lots (an
 * allocation not returned), with the batches and units it received and the buyer's acknowledgement.
 * `dropId` narrows it to one drop (null when that drop is not in the trace, or not the scope's).
 */
export function listTrace(
  db: Executor,
  scope: RecallScope,
  recallId: string,
  dropId: string | null = null,
): Promise<RecallTraceRow[]> {
  return queryRows<RecallTraceRow & Record<string, unknown>>(
    db,
    sql`select o.id as "orderId", o.number as "orderNumber", d.id as "dropId", d.sequence as "dropSequence",
               json_build_object('id', b.id, 'name', b.name) as buyer,
               json_build_object('id', s.id, 'name', s.name) as seller,
               d.address_name as "addressName", d.address, d.contact_name as "contactName",
               d.contact_phone as "contactPhone",
               json_agg(json_build_object('batchNumber', l.batch_number,
                                          'expiryDate', to_char(l.expiry_date, 'YYYY-MM-DD'),
                                          'quantity', x.quantity)
                        order by l.expiry_date asc nulls last, l.batch_number, l.id) as batches,
               sum(x.quantity)::int as units, d.status::text as status,
               to_char(d.estimated_delivery_date, 'YYYY-MM-DD') as "estimatedDeliveryDate",
               ${iso(sql`d.shipped_at`)} as "shippedAt", ${iso(sql`d.delivered_at`)} as "deliveredAt",
               ${iso(sql`ra.acknowledged_at`)} as "acknowledgedAt", ra.acknowledged_by_name as "acknowledgedBy"
        from (
          select a.drop_id, a.lot_id, sum(a.quantity)::int as quantity
          from recall_lots rl
          join drop_allocations a on a.lot_id = rl.lot_id and a.returned_at is null
          where rl.recall_id = ${recallId}
            and (${dropId}::uuid is null or a.drop_id = ${dropId}::uuid)
          group by a.drop_id, a.lot_id
        ) x
        join inventory_lots l on l.id = x.lot_id
        join order_drops d on d.id = x.drop_id
        join orders o on o.id = d.order_id
        join organizations b on b.id = o.buyer_org_id
        join organizations s on s.id = o.seller_org_id
        left join recall_acknowledgements ra on ra.recall_id = ${recallId} and ra.drop_id = d.id
        where ${ordersOf(scope)}
        group by o.id, d.id, b.id, s.id, ra.recall_id, ra.drop_id
        order by b.name, o.number, d.sequence`,
  );
}

/**
 * The drops of the recall the scope may see that were re-picked off its batches, with what each holds
 * now, by buyer, order and drop as the trace is.
 */
export function listRepicked(db: Executor, scope: RecallScope, recallId: string): Promise<RecallRepickRow[]> {
  return queryRows<RecallRepickRow & Record<string, unknown>>(
    db,
    sql`select o.id as "orderId", o.number as "orderNumber", d.id as "dropId", d.sequence as "dropSequence",
               json_build_object('id', b.id, 'name', b.name) as buyer,
               d.address_name as "addressName", d.address, rr.units,
               ${dropBatchesJson(sql`d.id`)} as batches, d.status::text as status,
               ${iso(sql`rr.repicked_at`)} as "repickedAt", rr.repicked_by_name as "repickedBy"
        from recall_repicks rr
        join order_drops d on d.id = rr.drop_id
        join orders o on o.id = d.order_id
        join organizations b on b.id = o.buyer_org_id
        where rr.recall_id = ${recallId} and ${ordersOf(scope)}
        order by b.name, o.number, d.sequence`,
  );
}

// --- Acknowledging -----------------------------------------------------------------------------------

/** The buyer's drop with its order's parties, or null when the drop is not the buyer's. */
export async function findBuyerDrop(db: Executor, buyerOrgId: string, dropId: string) {
  const [row] = await queryRows<{ dropId: string; orderId: string; buyerOrgId: string; sellerOrgId: string }>(
    db,
    sql`select d.id as "dropId", o.id as "orderId", o.buyer_org_id as "buyerOrgId",
               o.seller_org_id as "sellerOrgId"
        from order_drops d join orders o on o.id = d.order_id
        where d.id = ${dropId} and o.buyer_org_id = ${buyerOrgId}`,
  );
  return row ?? null;
}

/**
 * Records the acknowledgement once, and only of a delivered drop: a second one keeps the first time and
 * person. Answers 'written', 'kept' (acknowledged before) or 'not_delivered' (the supplier still holds
 * the drop; nothing is written). The drop's status is read in the insert, so the rule is the database's.
 */
export async function acknowledge(
  tx: Tx,
  row: { recallId: string; dropId: string; user: { id: string; name: string }; at: Date },
): Promise<'written' | 'kept' | 'not_delivered'> {
  const [answer] = await queryRows<{ outcome: 'written' | 'kept' | 'not_delivered' }>(
    tx,
    sql`with inserted as (
          insert into recall_acknowledgements (recall_id, drop_id, acknowledged_by_user_id, acknowledged_by_name,
                                               acknowledged_at)
          select ${row.recallId}, d.id, ${row.user.id}, ${row.user.name}, ${row.at}
          from order_drops d where d.id = ${row.dropId} and d.status = 'Delivered'
          on conflict (recall_id, drop_id) do nothing
          returning drop_id
        )
        select case
                 when exists (select 1 from inserted) then 'written'
                 when exists (select 1 from recall_acknowledgements
                              where recall_id = ${row.recallId} and drop_id = ${row.dropId}) then 'kept'
                 else 'not_delivered'
               end as outcome`,
  );
  return answer!.outcome;
}

// --- Notifications (notify-event.ts) ------------------------------------------------------------------

/**
 * What a recall's notifications say, and to whom: the suppliers whose lots it quarantined and the buyers
 * whose drops still hold its units (each with the batches it received).
 */
export async function readRecallForNotification(db: Executor, recallId: string) {
  const [recall] = await queryRows<{
    id: string;
    number: string;
    productName: string;
    batchNumbers: string[];
    severity: RecallSeverity;
    reason: string;
    declaredByName: string;
  }>(
    db,
    sql`select r.id, r.number, p.name as "productName", r.batch_numbers as "batchNumbers",
               r.severity::text as severity, r.reason, dorg.name as "declaredByName"
        from recalls r join products p on p.id = r.product_id
        join organizations dorg on dorg.id = r.declared_by_org_id
        where r.id = ${recallId}`,
  );
  if (!recall) return null;
  const suppliers = await queryRows<{
    orgId: string;
    batchNumbers: string[];
    units: number;
    heldDrops: number;
  }>(
    db,
    sql`select l.supplier_id as "orgId", array_agg(distinct l.batch_number order by l.batch_number) as "batchNumbers",
               sum(rl.units_held)::int as units,
               -- Its drops holding the batches that have not reached the pharmacy: on hold on its board.
               (select count(distinct a.drop_id)::int
                from recall_lots rl2
                join inventory_lots l2 on l2.id = rl2.lot_id and l2.supplier_id = l.supplier_id
                join drop_allocations a on a.lot_id = rl2.lot_id and a.returned_at is null
                join order_drops d on d.id = a.drop_id and d.status <> 'Delivered'
                where rl2.recall_id = ${recallId}) as "heldDrops"
        from recall_lots rl join inventory_lots l on l.id = rl.lot_id
        where rl.recall_id = ${recallId}
        group by l.supplier_id order by l.supplier_id`,
  );
  // Delivered and undelivered drops apart: only the delivered ones reached the pharmacy.
  const buyers = await queryRows<{ orgId: string; batchNumbers: string[]; delivered: number; held: number }>(
    db,
    sql`select o.buyer_org_id as "orgId",
               array_agg(distinct l.batch_number order by l.batch_number) as "batchNumbers",
               count(distinct d.id) filter (where d.status = 'Delivered')::int as delivered,
               count(distinct d.id) filter (where d.status <> 'Delivered')::int as held
        from recall_lots rl
        join inventory_lots l on l.id = rl.lot_id
        join drop_allocations a on a.lot_id = rl.lot_id and a.returned_at is null
        join order_drops d on d.id = a.drop_id
        join orders o on o.id = d.order_id
        where rl.recall_id = ${recallId}
        group by o.buyer_org_id order by o.buyer_org_id`,
  );
  return { ...recall, suppliers, buyers };
}

/** What an acknowledgement's notification says: the recall, the buyer and the drop's address. */
export async function readAcknowledgement(db: Executor, recallId: string, dropId: string) {
  const [row] = await queryRows<{
    recallId: string;
    recallNumber: string;
    productName: string;
    buyerName: string;
    sellerOrgId: string;
    orderNumber: string;
    addressName: string;
    acknowledgedBy: string;
  }>(
    db,
    sql`select r.id as "recallId", r.number as "recallNumber", p.name as "productName", b.name as "buyerName",
               o.seller_org_id as "sellerOrgId", o.number as "orderNumber", d.address_name as "addressName",
               ra.acknowledged_by_name as "acknowledgedBy"
        from recall_acknowledgements ra
        join recalls r on r.id = ra.recall_id
        join products p on p.id = r.product_id
        join order_drops d on d.id = ra.drop_id
        join orders o on o.id = d.order_id
        join organizations b on b.id = o.buyer_org_id
        where ra.recall_id = ${recallId} and ra.drop_id = ${dropId}`,
  );
  return row ?? null;
}
