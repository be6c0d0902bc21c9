import { sql, type SQL } from 'drizzle-orm';
import { CONTROLLED_KINDS, ELIGIBILITY_CODES, MEDICINE_CLASSES } from '@aduro/shared/compliance';
import type { DropStatus, Order, OrderHistoryEntry, OrderStatus } from '@aduro/shared/orders';
import type { PaymentMethod } from '@aduro/shared/payments';
import { pgArray, queryRows, type Executor, type Tx } from '../../db/client.ts';
import { orderDrops, orderHistory, orders } from '../../db/schema/index.ts';
import { containsPattern, positionAt } from '../../lib/keyset.ts';
import { uncoveredAllocationsSql } from '../compliance/controlled-register.repository.ts';
import { refusalCodeSql, refusalMessage } from '../compliance/eligibility.ts';
import { dropBatchesJson } from '../inventory/inventory.repository.ts';

export interface BuyerOrganisation extends Record<string, unknown> {
  id: string;
  name: string;
  location: string | null;
  isActive: boolean;
  defaultMinShelfLifeDays: number;
}

/** A customer organisation, as an order's buyer. */
export async function findBuyerOrganisation(db: Executor, orgId: string) {
  const rows = await queryRows<BuyerOrganisation>(
    db,
    sql`select id, name, location, is_active as "isActive",
               default_min_shelf_life_days as "defaultMinShelfLifeDays"
        from organizations where id = ${orgId} and kind = 'customer'`,
  );
  return rows[0] ?? null;
}

export interface DraftTermsRow extends Record<string, unknown> {
  sellerId: string;
  productId: string;
  /** Null when no organisation has that id. */
  supplierName: string | null;
  isSupplier: boolean;
  isActive: boolean;
  paymentTerms: string;
  supportedPaymentMethods: PaymentMethod[];
  defaultPaymentMethod: PaymentMethod | null;
  supportsCredit: boolean;
  /** Null when no product has that id. */
  productName: string | null;
  /** The current offer price; null without an offer. */
  unitPrice: number | null;
  moq: number | null;
  /** Units in unexpired lots. */
  stock: number;
  hasCreditLine: boolean;
  creditAvailable: number | null;
}

/**
 * For each (seller, product) pair, in one statement: the seller's trading terms and state, the product,
 * the seller's current offer and unexpired stock of it, and the buyer's active credit line with the
 * seller. Pairs travel as one JSON parameter, whatever their number.
 */
export async function findDraftTerms(
  db: Executor,
  buyerOrgId: string,
  pairs: { sellerId: string; productId: string }[],
  today: string,
) {
  const json = JSON.stringify(pairs.map((p) => ({ seller_id: p.sellerId, product_id: p.productId })));
  return queryRows<DraftTermsRow>(
    db,
    sql`
      select x.seller_id as "sellerId", x.product_id as "productId",
             s.name as "supplierName", coalesce(s.kind = 'supplier', false) as "isSupplier",
             coalesce(s.is_active, false) as "isActive", coalesce(s.payment_terms, '') as "paymentTerms",
             coalesce(s.supported_payment_methods::text[], '{}') as "supportedPaymentMethods",
             s.default_payment_method as "defaultPaymentMethod",
             coalesce(s.supports_credit, false) as "supportsCredit",
             p.name as "productName",
             f.unit_price as "unitPrice", f.moq,
             coalesce(st.quantity, 0) as stock,
             cl.id is not null as "hasCreditLine",
             cl.credit_limit - cl.balance as "creditAvailable"
      from jsonb_to_recordset(${json}::jsonb) as x(seller_id uuid, product_id uuid)
      left join organizations s on s.id = x.seller_id
      left join products p on p.id = x.product_id
      left join offers f on f.supplier_id = x.seller_id and f.product_id = x.product_id
      left join lateral (
        select sum(l.quantity)::int as quantity
        from inventory_lots l
        where l.supplier_id = x.seller_id and l.product_id = x.product_id
          and l.quantity > 0 and (l.expiry_date is null or l.expiry_date >= ${today}::date)
          -- Approval never allocates a recalled (quarantined) lot, so drafts are checked without it.
          and l.quarantined_at is null
      ) st on true
      left join credit_lines cl
        on cl.supplier_id = x.seller_id and cl.customer_id = ${buyerOrgId} and cl.status = 'active'`,
  );
}

/** `count` fresh values of order_number_seq, in order. */
export async function nextOrderNumbers(db: Executor, count: number): Promise<number[]> {
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`select nextval('order_number_seq')::text as n from generate_series(1, ${count}::int)`,
  );
  return rows.map((r) => Number(r.n)).sort((a, b) => a - b);
}

export async function insertOrders(db: Executor, rows: (typeof orders.$inferInsert)[]) {
  return db.insert(orders).values(rows).returning({ id: orders.id, number: orders.number });
}

export async function insertDrops(db: Executor, rows: (typeof orderDrops.$inferInsert)[]) {
  await db.insert(orderDrops).values(rows);
}

/** Writes history rows; answers each one's id and drop. */
export function insertHistory(db: Executor, rows: Omit<typeof orderHistory.$inferInsert, 'id'>[]) {
  return db.insert(orderHistory).values(rows).returning({ id: orderHistory.id, dropId: orderHistory.dropId });
}

// --- Reading orders ------------------------------------------------------------------------------

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The recalls naming a lot that the drop `d` still holds units of (allocations not returned), oldest
 * first, each with the batches of those lots, the units the drop holds of them and the buyer's
 * acknowledgement for this drop. Driven from the drop's allocations (drop_allocations_drop_idx, then
 * recall_lots_lot_idx), so it costs a probe per allocation, not a scan of every recall per drop.
 */
const dropRecallsJson = sql`
  coalesce((
    select json_agg(json_build_object(
             'id', r.id, 'number', r.number, 'severity', r.severity,
             'batchNumbers', x.batch_numbers, 'units', x.units,
             'acknowledgedAt', ${iso(sql`ra.acknowledged_at`)})
           order by r.created_at, r.number)
    from (select rl.recall_id,
                 coalesce(array_agg(distinct l.batch_number order by l.batch_number)
                            filter (where l.batch_number is not null), '{}') as batch_numbers,
                 sum(a.quantity)::int as units
          from drop_allocations a
          join recall_lots rl on rl.lot_id = a.lot_id
          join inventory_lots l on l.id = a.lot_id
          where a.drop_id = d.id and a.returned_at is null
          group by rl.recall_id) x
    join recalls r on r.id = x.recall_id
    left join recall_acknowledgements ra on ra.recall_id = r.id and ra.drop_id = d.id), '[]'::json)`;

/** Stand-ins for the product's name and lapse date in REFUSAL_TEMPLATES, replaced by the SQL below. */
const PRODUCT_NAME = '\u0001product\u0001';
const LAPSED_ON = '\u0001lapsed-on\u0001';

/**
 * The words of every refusal (eligibility.ts refusalMessage, the very text approval answers), keyed
 * "code|class|controlled kind" with the name and date left as stand-ins: one JSON parameter, so a page of
 * orders built as JSON text by PostgreSQL carries the reason without a round trip through JavaScript.
 */
const REFUSAL_TEMPLATES = JSON.stringify(
  Object.fromEntries(
    ELIGIBILITY_CODES.flatMap((code) =>
      [...MEDICINE_CLASSES, null].flatMap((medicineClass) =>
        [...CONTROLLED_KINDS, null].map((controlled) => [
          `${code}|${medicineClass ?? ''}|${controlled ?? ''}`,
          refusalMessage(code, {
            name: PRODUCT_NAME,
            medicineClass,
            controlled,
            fdaRegistrationExpiresOn: LAPSED_ON,
          }),
        ]),
      ),
    ),
  ),
);

/**
 * Whether the buyer may release the order now (the "who may buy what" rule of eligibility.ts, read from
 * the buyer's licence `lr`): shown to the buyer of an order awaiting its approval, so it knows before it
 * tries; null for anyone else and once decided.
 */
const eligibilityJson = (today: string, viewerOrgId: string) => sql`
  case when o.status = 'AWAITING_CUSTOMER_APPROVAL' and o.buyer_org_id = ${viewerOrgId} then (
    select json_build_object(
      'allowed', x.code is null, 'code', x.code,
      'reason', replace(
        replace(${REFUSAL_TEMPLATES}::jsonb ->> (x.code || '|' || coalesce(p.medicine_class, '') || '|' || coalesce(p.controlled, '')),
                ${LAPSED_ON}, coalesce(to_char(p.fda_registration_expires_on, 'YYYY-MM-DD'), '')),
        ${PRODUCT_NAME}, p.name))
    from (select ${refusalCodeSql({ product: 'p', licence: 'lr' }, today)} as code) x)
  end`;

/**
 * The Pharmacist's sign-off of a released order of a controlled drug (docs/domain.md "Controlled
 * drugs"): signed off when no open allocation awaits a register entry (the rule the dispatch check and
 * the sign-off use), with the latest sign-off's time and pharmacist; null for other orders.
 */
const controlledSignoffJson = sql`
  case when p.controlled is not null and o.approved_at is not null then (
    select json_build_object(
      'signedOff', not exists (${uncoveredAllocationsSql({ orderId: sql`o.id` })}),
      'signedOffAt', ${iso(sql`cs.signed_at`)}, 'pharmacistName', cs.pharmacist_name)
    from (select 1) one
    left join lateral (
      select signed_at, pharmacist_name from controlled_signoffs
      where order_id = o.id order by signed_at desc limit 1) cs on true)
  end`;

/**
 * The JSON of an Order (packages/shared/src/orders.ts) for each order row `o`, built by PostgreSQL:
 * product, seller, buyer, invoice and drops (each with its batches and recalls) joined once per
 * statement, and the buyer's licence `lr` for the eligibility `viewerOrgId` sees. Money is numeric,
 * which JSON carries as an exact decimal number.
 */
const orderJson = (today: string, viewerOrgId: string) => sql`
  json_build_object(
    'id', o.id, 'number', o.number,
    'product', json_build_object('id', p.id, 'name', p.name, 'medicineClass', p.medicine_class, 'controlled', p.controlled),
    'seller', json_build_object('id', s.id, 'name', s.name, 'location', s.location, 'phoneNumber', s.phone),
    'buyer', json_build_object('id', b.id, 'name', b.name, 'location', b.location),
    'unitPrice', o.unit_price, 'totalQuantity', o.total_quantity, 'totalCost', o.total_cost,
    'paymentMethod', o.payment_method, 'paymentTerms', o.payment_terms, 'creditTermDays', o.credit_term_days,
    'minShelfLifeDays', o.min_shelf_life_days,
    'status', o.status, 'invoiceId', i.id,
    'invoice', case when i.id is null then null else json_build_object(
      'id', i.id, 'number', i.number, 'amount', i.amount, 'amountPaid', i.amount_paid,
      'dueDate', to_char(i.due_date, 'YYYY-MM-DD'), 'status', i.status,
      'overdue', i.status = 'unpaid' and i.due_date < ${today}::date) end,
    'entityName', o.entity_name,
    'deliveryContactName', o.delivery_contact_name,
    'deliveryContactPhone', o.delivery_contact_phone,
    'deliveryAddress', o.delivery_address,
    'createdAt', ${iso(sql`o.created_at`)}, 'approvedAt', ${iso(sql`o.approved_at`)},
    'drops', coalesce((
      select json_agg(json_build_object(
        'id', d.id, 'sequence', d.sequence, 'addressName', d.address_name, 'address', d.address,
        'contactName', d.contact_name, 'contactPhone', d.contact_phone, 'quantity', d.quantity,
        'status', d.status, 'trackingNumber', d.tracking_number,
        'estimatedDeliveryDate', to_char(d.estimated_delivery_date, 'YYYY-MM-DD'),
        'shippedAt', ${iso(sql`d.shipped_at`)}, 'deliveredAt', ${iso(sql`d.delivered_at`)},
        'cancelledAt', ${iso(sql`d.cancelled_at`)},
        'batches', ${dropBatchesJson(sql`d.id`)}, 'recalls', ${dropRecallsJson}) order by d.sequence)
      from order_drops d where d.order_id = o.id), '[]'::json),
    'eligibility', ${eligibilityJson(today, viewerOrgId)},
    'controlledSignoff', ${controlledSignoffJson}
  )`;

const orderFrom = sql`
  from orders o
  join products p on p.id = o.product_id
  join organizations s on s.id = o.seller_org_id
  join organizations b on b.id = o.buyer_org_id
  left join invoices i on i.order_id = o.id
  left join licence_records lr on lr.org_id = o.buyer_org_id`;

/** What narrows a list of orders: the caller's side (at least one party given) and the filters. */
export interface OrderFilters {
  buyerOrgId: string | null;
  sellerOrgId: string | null;
  /** Any of these statuses. */
  status?: readonly OrderStatus[];
  /** Text in the other party's name; `counterpartySide` says which party that is. */
  counterparty?: string;
  counterpartySide?: 'buyer' | 'seller';
  /** Text in the product's name or brand, or in the order number. */
  product?: string;
  /** Inclusive days (YYYY-MM-DD) the order was placed between, in UTC. */
  from?: string;
  to?: string;
}

/**
 * The filters as conditions on `orders o` alone (names through subqueries, not joins), so a page's ids
 * and the count come from the orders table and its (party, created_at, number) indexes without
 * joining anything.
 */
function orderConditions(f: OrderFilters): SQL {
  const party = f.counterpartySide === 'buyer' ? sql`o.buyer_org_id` : sql`o.seller_org_id`;
  return sql`true
    ${f.buyerOrgId ? sql`and o.buyer_org_id = ${f.buyerOrgId}` : sql``}
    ${f.sellerOrgId ? sql`and o.seller_org_id = ${f.sellerOrgId}` : sql``}
    ${f.status ? sql`and o.status::text = any(${pgArray(f.status)}::text[])` : sql``}
    ${
      f.counterparty
        ? sql`and ${party} in (select id from organizations where name ilike ${containsPattern(f.counterparty)})`
        : sql``
    }
    ${
      f.product
        ? sql`and (o.product_id in (select id from products
                                    where name ilike ${containsPattern(f.product)}
                                       or brand_name ilike ${containsPattern(f.product)})
                   or o.number ilike ${containsPattern(f.product)})`
        : sql``
    }
    ${f.from ? sql`and o.created_at >= ${f.from}::date` : sql``}
    ${f.to ? sql`and o.created_at < ${f.to}::date + 1` : sql``}`;
}

/**
 * Orders of a buyer or a seller (at least one given), filtered, newest first: the whole list, as the
 * organisation `viewerOrgId` reads them.
 */
export async function listOrders(db: Executor, opts: OrderFilters & { today: string; viewerOrgId: string }) {
  const rows = await queryRows<{ order: Order }>(
    db,
    sql`select ${orderJson(opts.today, opts.viewerOrgId)} as "order" ${orderFrom}
        where ${orderConditions(opts)}
        order by o.created_at desc, o.number desc`,
  );
  return rows.map((r) => r.order);
}

/** Where an order sits in the newest-first list: created_at to the microsecond, then its number. */
export type OrderPosition = readonly [at: string, number: string];

/**
 * One page of the same list, `limit + 1` rows from just after `after` (so the caller can tell whether
 * a next page exists), each with its position. The page's ids are picked first, from orders alone
 * down its (party, created_at, number) index; only those orders are then built into JSON, as text the
 * server passes through (lib/json-reply.ts) instead of decoding and re-encoding it.
 */
export async function pageOrders(
  db: Executor,
  opts: OrderFilters & { today: string; viewerOrgId: string; after: OrderPosition | null; limit: number },
) {
  return queryRows<{ order: string; at: string; number: string }>(
    db,
    sql`with page as (
          select o.id, o.created_at, o.number from orders o
          where ${orderConditions(opts)}
            ${opts.after ? sql`and (o.created_at, o.number) < (${opts.after[0]}::timestamptz, ${opts.after[1]})` : sql``}
          order by o.created_at desc, o.number desc
          limit ${opts.limit + 1})
        select ${orderJson(opts.today, opts.viewerOrgId)}::text as "order", ${positionAt(sql`page.created_at`)} as at, page.number
        from page
        join orders o on o.id = page.id
        join products p on p.id = o.product_id
        join organizations s on s.id = o.seller_org_id
        join organizations b on b.id = o.buyer_org_id
        left join invoices i on i.order_id = o.id
        left join licence_records lr on lr.org_id = o.buyer_org_id
        order by page.created_at desc, page.number desc`,
  );
}

/** How many orders the filters match, all pages together. */
export async function countOrders(db: Executor, filters: OrderFilters) {
  const rows = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from orders o where ${orderConditions(filters)}`,
  );
  return rows[0]?.total ?? 0;
}

/** One order, when the organisation is its buyer or its seller. */
export async function findOrderFor(db: Executor, orderId: string, orgId: string, today: string) {
  const rows = await queryRows<{ order: Order }>(
    db,
    sql`select ${orderJson(today, orgId)} as "order" ${orderFrom}
        where o.id = ${orderId} and (o.buyer_org_id = ${orgId} or o.seller_org_id = ${orgId})`,
  );
  return rows[0]?.order ?? null;
}

/**
 * One order as its documents (purchase order, invoice) print it, when the organisation is its buyer or
 * its seller: the Order, plus the buyer's phone, which the Order contract does not carry.
 */
export async function findOrderDocumentFor(db: Executor, orderId: string, orgId: string, today: string) {
  const rows = await queryRows<{ order: Order; buyerPhone: string | null }>(
    db,
    sql`select ${orderJson(today, orgId)} as "order", b.phone as "buyerPhone" ${orderFrom}
        where o.id = ${orderId} and (o.buyer_org_id = ${orgId} or o.seller_org_id = ${orgId})`,
  );
  return rows[0] ?? null;
}

/**
 * The order's history, oldest first: each status change of the order or a drop (the drop's sequence for
 * drop entries), and each payment recorded on its invoice, so the trail answers who did what and when
 * from drafting to the last cedi paid. Payments name whoever recorded them now (null once removed).
 */
export async function listOrderHistory(db: Executor, orderId: string) {
  return queryRows<OrderHistoryEntry>(
    db,
    sql`select kind, ${iso(sql`at`)} as at, "actorName", "dropSequence", "fromStatus", "toStatus", note, amount, method
        from (
          select 'status' as kind, h.created_at as at, h.id as seq, h.actor_name as "actorName",
                 d.sequence as "dropSequence", h.from_status as "fromStatus", h.to_status as "toStatus", h.note,
                 null::float8 as amount, null::text as method
          from order_history h
          left join order_drops d on d.id = h.drop_id
          where h.order_id = ${orderId}
          union all
          select 'payment', y.created_at, 0, u.name, null, null, 'PAYMENT_RECORDED', y.reference,
                 y.amount::float8, y.method::text
          from payments y
          join invoices i on i.id = y.invoice_id
          left join users u on u.id = y.recorded_by_user_id
          where i.order_id = ${orderId}
        ) trail
        order by at, kind desc, seq`,
  );
}

// --- Workflow steps (always inside the caller's transaction) ------------------------------------

export interface LockedOrder extends Record<string, unknown> {
  id: string;
  number: string;
  buyerOrgId: string;
  sellerOrgId: string;
  productId: string;
  unitPrice: number;
  totalQuantity: number;
  totalCost: number;
  paymentMethod: PaymentMethod;
  creditTermDays: number | null;
  minShelfLifeDays: number;
  status: OrderStatus;
  approvedAt: Date | null;
  buyerName: string;
  buyerActive: boolean;
  sellerName: string;
  sellerActive: boolean;
  sellerLeadTimeDays: number;
  productName: string;
}

/**
 * Locks an order row (FOR UPDATE OF o: the organisations and product are read, not locked) when `orgId`
 * is its buyer or seller; concurrent approvals or drop moves of one order queue here.
 */
export async function lockOrder(
  tx: Tx,
  orderId: string,
  side: { buyerOrgId: string } | { sellerOrgId: string },
) {
  const mine =
    'buyerOrgId' in side
      ? sql`o.buyer_org_id = ${side.buyerOrgId}`
      : sql`o.seller_org_id = ${side.sellerOrgId}`;
  const rows = await queryRows<LockedOrder>(
    tx,
    sql`select o.id, o.number, o.buyer_org_id as "buyerOrgId", o.seller_org_id as "sellerOrgId",
               o.product_id as "productId", o.unit_price as "unitPrice",
               o.total_quantity as "totalQuantity", o.total_cost as "totalCost",
               o.payment_method as "paymentMethod", o.credit_term_days as "creditTermDays",
               o.min_shelf_life_days as "minShelfLifeDays",
               o.status, o.approved_at as "approvedAt",
               b.name as "buyerName", b.is_active as "buyerActive",
               s.name as "sellerName", s.is_active as "sellerActive",
               s.default_lead_time_days as "sellerLeadTimeDays", p.name as "productName"
        from orders o
        join organizations b on b.id = o.buyer_org_id
        join organizations s on s.id = o.seller_org_id
        join products p on p.id = o.product_id
        where o.id = ${orderId} and ${mine}
        for update of o`,
  );
  return rows[0] ?? null;
}

export interface DropRow extends Record<string, unknown> {
  id: string;
  sequence: number;
  quantity: number;
  status: DropStatus;
  trackingNumber: string | null;
  estimatedDeliveryDate: string | null;
}

/**
 * The order's drops, by sequence. A statement of its own, after lockOrder: one that waited for the
 * order's lock reads other tables with the snapshot it started with, so drops read alongside the lock
 * would miss the move that held it (orders.races.api.test.ts, concurrent moves of one order).
 */
export async function listDrops(tx: Tx, orderId: string) {
  return queryRows<DropRow>(
    tx,
    sql`select id, sequence, quantity, status, tracking_number as "trackingNumber",
               to_char(estimated_delivery_date, 'YYYY-MM-DD') as "estimatedDeliveryDate"
        from order_drops where order_id = ${orderId} order by sequence`,
  );
}

/** Releases an approved order and logs it, in one statement. */
export async function markReleased(
  tx: Tx,
  orderId: string,
  user: { id: string; name: string },
  at: Date,
  note: string,
) {
  await tx.execute(sql`
    with released as (
      update orders set status = 'RELEASED', approved_at = ${at}, approved_by_user_id = ${user.id}, updated_at = ${at}
      where id = ${orderId}
      returning id
    )
    insert into order_history (order_id, actor_user_id, actor_name, from_status, to_status, note, created_at)
    select id, ${user.id}, ${user.name}, 'AWAITING_CUSTOMER_APPROVAL', 'RELEASED', ${note}, ${at} from released`);
}

export async function setOrderStatus(tx: Tx, orderId: string, status: OrderStatus, at: Date) {
  await tx.execute(sql`
    update orders set status = ${status}, updated_at = ${at},
      cancelled_at = case when ${status} = 'CANCELLED' then ${at} else cancelled_at end
    where id = ${orderId}`);
}

export async function cancelAllDrops(tx: Tx, orderId: string, at: Date) {
  await tx.execute(sql`
    update order_drops set status = 'Cancelled', cancelled_at = ${at}, updated_at = ${at}
    where order_id = ${orderId} and status <> 'Cancelled'`);
}

export async function updateDrop(
  tx: Tx,
  dropId: string,
  change: {
    status: DropStatus;
    at: Date;
    trackingNumber?: string;
    estimatedDeliveryDate?: string;
  },
) {
  const { status, at } = change;
  await tx.execute(sql`
    update order_drops set
      status = ${status}, updated_at = ${at},
      tracking_number = coalesce(${change.trackingNumber ?? null}::text, tracking_number),
      estimated_delivery_date = coalesce(${change.estimatedDeliveryDate ?? null}::date, estimated_delivery_date),
      shipped_at = case when ${status} = 'Shipped' then ${at} else shipped_at end,
      delivered_at = case when ${status} = 'Delivered' then ${at} else delivered_at end,
      cancelled_at = case when ${status} = 'Cancelled' then ${at} else cancelled_at end
    where id = ${dropId}`);
}
