import { and, eq, gt, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { EXPIRING_SOON_DAYS, todayUtc, type ExpiryStatus, type InventoryRow } from '@aduro/shared/inventory';
import { pgArray, queryRows, type Executor, type Tx } from '../../db/client.ts';
import { containsPattern } from '../../lib/keyset.ts';
import { registrationLapsedSql } from '../compliance/eligibility.ts';
import {
  inventoryLots,
  offerPrices,
  offers,
  orderDrops,
  orders,
  products,
  recallLots,
  recalls,
} from '../../db/schema/index.ts';

/** A lot as the inventory table shows it, before the expiry status is worked out. */
export interface LotRow {
  id: string;
  quantity: number;
  batchNumber: string | null;
  expiryDate: string | null;
  /** The earliest recall that quarantined the lot, else null. */
  recall: { id: string; number: string } | null;
  /** ISO 8601 UTC. */
  updatedAt: string;
  product: InventoryRow['product'];
  unitPrice: number;
  moq: number;
}

/**
 * The earliest recall that names the lot (alias `lot`, with id and quarantined_at) as JSON {id, number},
 * else null: a lot may be under two recalls, and the first is the one that quarantined it. Only a
 * quarantined lot can be under one (a recall sets quarantined_at, and it is never cleared), so the others
 * skip the look-up.
 */
const lotRecall = (lot: SQL) => sql`
  case when ${lot}.quarantined_at is not null then (
    select json_build_object('id', r.id, 'number', r.number)
    from ${recallLots} rl join ${recalls} r on r.id = rl.recall_id
    where rl.lot_id = ${lot}.id
    order by r.created_at, r.number
    limit 1) end`;

/** What narrows a supplier's lots (GET /api/inventory, GET /api/inventory.csv). */
export interface LotFilters {
  supplierId: string;
  /** Text in the product's name or brand. */
  product?: string;
  /** Any of these expiry statuses, as of `today`. */
  status?: readonly ExpiryStatus[];
  /** Text in the batch number. */
  batch?: string;
  /** YYYY-MM-DD, UTC. */
  today: string;
}

/** The shared expiryStatusFor rule, in SQL, so a filter and the JSON agree with the web app. */
const expiryStatusSql = (today: string) => sql`case
  when l.expiry_date is null then 'not_applicable'
  when l.expiry_date < ${today}::date then 'expired'
  when l.expiry_date <= ${today}::date + ${EXPIRING_SOON_DAYS}::int then 'expiring_soon'
  else 'healthy' end`;

/** The JSON of an InventoryRow (packages/shared/src/inventory.ts) for each lot `l`. */
/**
 * The lots of an expiry status as a range of expiry dates (expiryStatusSql's rule), which PostgreSQL
 * estimates and can bound an index with, where the case expression is opaque to it.
 */
function expiryRange(status: ExpiryStatus, today: string): SQL {
  const soon = sql`${today}::date + ${EXPIRING_SOON_DAYS}::int`;
  switch (status) {
    case 'not_applicable':
      return sql`l.expiry_date is null`;
    case 'expired':
      return sql`l.expiry_date < ${today}::date`;
    case 'expiring_soon':
      return sql`(l.expiry_date >= ${today}::date and l.expiry_date <= ${soon})`;
    case 'healthy':
      return sql`l.expiry_date > ${soon}`;
  }
}

/**
 * A lot's product as the inventory table shows it (alias `p`, a products row): with its class, controlled
 * status and registration, and whether the registration has lapsed by `today` (UTC), the rule that takes
 * it off what buyers are offered (compliance/eligibility.ts), so the supplier sees why nobody buys it.
 */
const productJson = (p: string, today: string) => {
  const t = sql.raw(p);
  return sql`json_build_object(
    'id', ${t}.id, 'name', ${t}.name, 'brandName', ${t}.brand_name,
    'category', ${t}.category, 'unitOfMeasure', ${t}.unit_of_measure,
    'medicineClass', ${t}.medicine_class, 'controlled', ${t}.controlled,
    'fdaRegistrationExpiresOn', to_char(${t}.fda_registration_expires_on, 'YYYY-MM-DD'),
    'registrationLapsed', coalesce(${registrationLapsedSql(p, today)}, false))`;
};

const lotJson = (today: string) => sql`json_build_object(
  'id', l.id,
  'product', ${productJson('p', today)},
  'quantity', l.quantity,
  'unitPrice', o.unit_price,
  'moq', o.moq,
  'batchNumber', l.batch_number,
  'expiryDate', l.expiry_date,
  'expiryStatus', ${expiryStatusSql(today)},
  'daysUntilExpiry', l.expiry_date - ${today}::date,
  'recall', ${lotRecall(sql`l`)},
  'updatedAt', to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

const lotFrom = sql`
  from ${inventoryLots} l
  join ${products} p on p.id = l.product_id
  join ${offers} o on o.supplier_id = l.supplier_id and o.product_id = l.product_id`;

function lotConditions(f: LotFilters): SQL {
  return sql`l.supplier_id = ${f.supplierId}
    ${
      f.product
        ? sql`and (p.name ilike ${containsPattern(f.product)} or p.brand_name ilike ${containsPattern(f.product)})`
        : sql``
    }
    ${
      f.status
        ? sql`and (${sql.join(
            f.status.map((x) => expiryRange(x, f.today)),
            sql` or `,
          )})`
        : sql``
    }
    ${f.batch ? sql`and l.batch_number ilike ${containsPattern(f.batch)}` : sql``}`;
}

/**
 * The list's order: by product name (case aside, then exactly, then the product's id for two products
 * of one name), then soonest expiry (undated last), then batch (none last), then the lot's id, which is
 * unique, so the order is total. PostgreSQL reads a page by walking products_name_idx (lower(name)) and
 * probing each product's lots by the (supplier, product, ...) unique key, sorting only the few lots of
 * one name (an incremental sort): a first page of a 5,000-lot supplier reads about 60 lots, not 5,000.
 */
const lotOrder = sql`lower(p.name), p.name, p.id, l.expiry_date asc nulls last, l.batch_number asc nulls last, l.id`;

/**
 * The whole GET /api/inventory answer as JSON text, built by PostgreSQL in one statement: expiry status
 * and days are computed in SQL with the same rule as the shared expiryStatusFor, so the server passes
 * the text through without decoding, validating and re-encoding thousands of rows.
 */
export async function lotsJsonText(db: Executor, filters: LotFilters): Promise<string> {
  const rows = await queryRows<{ body: string }>(
    db,
    sql`select coalesce(json_agg(${lotJson(filters.today)} order by ${lotOrder}), '[]'::json)::text as body
        ${lotFrom}
        where ${lotConditions(filters)}`,
  );
  return rows[0]?.body ?? '[]';
}

/**
 * Where a lot sits in the list: its product's lower-cased name, name and id, its expiry and batch (null
 * when it has none) and its id, as lotOrder sorts them.
 */
export type LotPosition = readonly [
  lowerName: string,
  name: string,
  productId: string,
  expiryDate: string | null,
  batchNumber: string | null,
  lotId: string,
];

/**
 * Rows strictly after `after` in lotOrder. A row comparison cannot do it, as expiry and batch may be
 * null (sorted last), so it is written out key by key: the product part as one row comparison (no nulls
 * there), then, within the same product, expiry, batch and id in turn.
 */
function lotsAfter(after: LotPosition): SQL {
  const [lowerName, name, productId, expiryDate, batchNumber, lotId] = after;
  // For a key sorted ascending with nulls last: the rows past `value`, and the rows level with it.
  const nullsLast = (column: SQL, value: string | null, type: SQL) =>
    value === null
      ? { past: sql`false`, level: sql`${column} is null` }
      : {
          past: sql`(${column} > ${value}::${type} or ${column} is null)`,
          level: sql`${column} = ${value}::${type}`,
        };
  const expiry = nullsLast(sql`l.expiry_date`, expiryDate, sql`date`);
  const batch = nullsLast(sql`l.batch_number`, batchNumber, sql`text`);
  const product = sql`(lower(p.name), p.name, p.id)`;
  const at = sql`(${lowerName}::text, ${name}::text, ${productId}::uuid)`;
  // The >= alone bounds a scan of products_name_idx, which the or below would hide from the planner.
  return sql`${product} >= ${at} and (${product} > ${at} or (
    ${expiry.past} or (${expiry.level} and (
      ${batch.past} or (${batch.level} and l.id > ${lotId}::uuid)))))`;
}

/**
 * One page of the list, `limit + 1` rows from just after `after` (so the caller can tell whether a next
 * page exists), each with its position. The page's lots are picked first, product by product: the
 * supplier's offered products in name order (a hundred or so short rows), and for each, its lots in
 * order down the lots' (supplier, product, ...) key, so PostgreSQL stops after the products that fill
 * the page instead of sorting every lot by name. Only the picked lots are built into JSON.
 */
export async function pageLots(
  db: Executor,
  opts: LotFilters & { after: LotPosition | null; limit: number },
) {
  const after = opts.after;
  return queryRows<{
    row: InventoryRow;
    lowerName: string;
    productName: string;
    productId: string;
    expiryDate: string | null;
    batchNumber: string | null;
    id: string;
  }>(
    db,
    sql`with page as (
          select l.id
          from (select p.id, p.name, p.brand_name, lower(p.name) as lname
                from ${offers} o join ${products} p on p.id = o.product_id
                where o.supplier_id = ${opts.supplierId}
                  ${after ? sql`and (lower(p.name), p.name, p.id) >= (${after[0]}::text, ${after[1]}::text, ${after[2]}::uuid)` : sql``}
                order by lower(p.name), p.name, p.id) p
          cross join lateral (
            select l.id, l.expiry_date, l.batch_number from ${inventoryLots} l
            where l.product_id = p.id and ${lotConditions(opts)} ${after ? sql`and ${lotsAfter(after)}` : sql``}
            order by l.expiry_date asc nulls last, l.batch_number asc nulls last, l.id
            limit ${opts.limit + 1}) l
          order by p.lname, p.name, p.id, l.expiry_date asc nulls last, l.batch_number asc nulls last, l.id
          limit ${opts.limit + 1})
        select ${lotJson(opts.today)} as row, lower(p.name) as "lowerName", p.name as "productName",
               p.id as "productId", to_char(l.expiry_date, 'YYYY-MM-DD') as "expiryDate",
               l.batch_number as "batchNumber", l.id
        from page
        join ${inventoryLots} l on l.id = page.id
        join ${products} p on p.id = l.product_id
        join ${offers} o on o.supplier_id = l.supplier_id and o.product_id = l.product_id
        order by ${lotOrder}`,
  );
}

/** How many lots the filters match, all pages together. */
export async function countLots(db: Executor, filters: LotFilters) {
  const rows = await queryRows<{ total: number }>(
    db,
    // The lots alone (products joined only to search their names) down the (supplier, ...) key: a
    // count of 5,000 lots reads an index, not three tables.
    sql`select count(*)::int as total from ${inventoryLots} l
        ${filters.product ? sql`join ${products} p on p.id = l.product_id` : sql``}
        where ${lotConditions(filters)}
          and exists (select 1 from ${offers} o where o.supplier_id = l.supplier_id and o.product_id = l.product_id)`,
  );
  return rows[0]?.total ?? 0;
}

/**
 * SPEC §2's inventory totals over every lot the supplier holds (the lots the whole list shows: those of
 * an offered product), with the list's expiry rule: a lot to act on has expired or expires within
 * EXPIRING_SOON_DAYS of `today`.
 */
export async function lotTotals(db: Executor, supplierId: string, today: string) {
  const rows = await queryRows<{ lots: number; unitsOnHand: number; value: number; lotsAtRisk: number }>(
    db,
    // Sums as float8: a bigint would reach the driver as text, and the value is numeric money, exact
    // in PostgreSQL and as close in a double as each lot's own price is.
    sql`select count(*)::int as lots,
               coalesce(sum(l.quantity), 0)::float8 as "unitsOnHand",
               coalesce(sum(l.quantity * o.unit_price), 0)::float8 as value,
               (count(*) filter (where ${expiryRange('expired', today)}
                                    or ${expiryRange('expiring_soon', today)}))::int as "lotsAtRisk"
        ${lotFrom}
        where l.supplier_id = ${supplierId}`,
  );
  return rows[0] ?? { lots: 0, unitsOnHand: 0, value: 0, lotsAtRisk: 0 };
}

export async function findProduct(db: Executor, productId: string) {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return rows[0] ?? null;
}

/**
 * A stock count in one statement: sets the supplier's price for the product (and its moq when given; a
 * new offer starts at moq 1) and the counted quantity of the lot (supplier, product, batch, expiry),
 * creating either when new (the lots' unique key treats a missing batch or expiry as one value, nulls not
 * distinct, so a sync without a batch sets the lot with none, as before batches). A quarantined lot keeps
 * its quarantine: the count is set, the recall stays (docs/domain.md "Recalls"). Answers
 * the lot as the inventory table shows it, or null when no such product exists (nothing written then).
 * One statement instead of four round trips (find the product, the offer, the lot, read it back): a
 * sync is the market's most frequent write. A price that differs from the one held (or a new offer's
 * first) is also kept in offer_prices; a sync at the same price adds nothing there.
 */
export async function syncLot(
  db: Executor,
  values: {
    supplierId: string;
    productId: string;
    unitPrice: number;
    moq: number | null;
    /** In capitals (batchNumberSchema), or null for the lot without a batch. */
    batchNumber: string | null;
    expiryDate: string | null;
    quantity: number;
    now: Date;
  },
): Promise<LotRow | null> {
  const rows = await queryRows<{ lot: LotRow }>(
    db,
    sql`with product as (
          select id, name, brand_name, category, unit_of_measure, is_service, medicine_class, controlled,
                 fda_registration_expires_on
          from ${products} where id = ${values.productId}
        ), previous as (
          -- The price held before this sync. Locked, so a sync that waited for another one compares with
          -- the price that one committed, not with the older one its snapshot holds.
          select unit_price from ${offers}
          where supplier_id = ${values.supplierId} and product_id = ${values.productId}
          for update
        ), offer as (
          insert into ${offers} as f (supplier_id, product_id, unit_price, moq)
          -- Joining previous makes PostgreSQL read (and lock) the old price before this upsert changes it.
          select ${values.supplierId}, product.id, ${values.unitPrice}, coalesce(${values.moq}::int, 1)
          from product left join previous on true
          on conflict (supplier_id, product_id) do update
            set unit_price = excluded.unit_price,
                moq = coalesce(${values.moq}::int, f.moq),
                updated_at = ${values.now}
          returning unit_price, moq
        ), price as (
          -- numeric compared with numeric: exact to the pesewa. Dated by the clock once the offer is
          -- locked, not by the time the request began (before any wait for the lock), so the prices follow
          -- each other in the order they were set.
          insert into ${offerPrices} (supplier_id, product_id, unit_price, effective_at)
          select ${values.supplierId}, ${values.productId}, offer.unit_price, clock_timestamp() from offer
          where not exists (select 1 from previous where previous.unit_price = offer.unit_price)
        ), lot as (
          insert into ${inventoryLots} as l (supplier_id, product_id, batch_number, expiry_date, quantity)
          select ${values.supplierId}, id, ${values.batchNumber}::text, ${values.expiryDate}::date, ${values.quantity}
          from product
          on conflict (supplier_id, product_id, batch_number, expiry_date) do update
            set quantity = excluded.quantity, updated_at = ${values.now}
          returning id, quantity, batch_number, expiry_date, quarantined_at, updated_at
        )
        select json_build_object(
          'id', lot.id,
          'quantity', lot.quantity,
          'batchNumber', lot.batch_number,
          'expiryDate', lot.expiry_date,
          'recall', ${lotRecall(sql`lot`)},
          'updatedAt', to_char(lot.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'product', ${productJson('product', todayUtc(values.now))},
          'unitPrice', offer.unit_price,
          'moq', offer.moq) as lot
        from product, offer, lot`,
  );
  return rows[0]?.lot ?? null;
}

/**
 * The supplier's lots of a product that can still be sold on or after `today`, soonest expiry first.
 * Quarantined (recalled) lots are left out: their units will never be sold, so they are neither cover
 * nor at risk of expiring unsold.
 */
export async function listUnexpiredLots(db: Executor, supplierId: string, productId: string, today: string) {
  return db
    .select({ expiryDate: inventoryLots.expiryDate, quantity: inventoryLots.quantity })
    .from(inventoryLots)
    .where(
      and(
        eq(inventoryLots.supplierId, supplierId),
        eq(inventoryLots.productId, productId),
        gt(inventoryLots.quantity, 0),
        or(isNull(inventoryLots.expiryDate), gte(inventoryLots.expiryDate, today)),
        isNull(inventoryLots.quarantinedAt),
      ),
    )
    .orderBy(sql`${inventoryLots.expiryDate} asc nulls last`);
}

/**
 * Units of a product the seller released, per week, for `weeks` weeks from the Monday `firstWeek`
 * (YYYY-MM-DD), zero-filled, oldest first. A released order is one the buyer approved (RELEASED,
 * SHIPPED or DELIVERED); its cancelled drops do not count. Orders fall in the UTC week of their approval;
 * PostgreSQL's date_trunc('week') starts weeks on Monday, as ISO weeks do.
 */
export async function weeklyReleasedUnits(
  db: Executor,
  sellerOrgId: string,
  productId: string,
  firstWeek: string,
  weeks: number,
) {
  const start = sql`${firstWeek}::date::timestamp`;
  const end = sql`(${start} + ${weeks}::int * interval '1 week')`;
  return queryRows<{ week: string; units: number }>(
    db,
    sql`
      select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(s.units, 0)::int as units
      from generate_series(${start}, ${end} - interval '1 week', interval '1 week') as w(week)
      left join (
        select date_trunc('week', ${orders.approvedAt} at time zone 'UTC') as week,
               sum(${orderDrops.quantity}) as units
        from ${orders}
        join ${orderDrops} on ${orderDrops.orderId} = ${orders.id} and ${orderDrops.status} <> 'Cancelled'
        where ${orders.sellerOrgId} = ${sellerOrgId}
          and ${orders.productId} = ${productId}
          and ${orders.status} in ('RELEASED', 'SHIPPED', 'DELIVERED')
          and ${orders.approvedAt} >= (${start} at time zone 'UTC')
          and ${orders.approvedAt} < (${end} at time zone 'UTC')
        group by 1
      ) s on s.week = w.week
      order by w.week`,
  );
}

// --- Stock moved by orders (workflow steps, always inside the caller's transaction) ---------------

/**
 * The seller's sellable lots of a product, locked, first-expiry-first-out: dated lots by expiry, then
 * undated ones, then by id so every transaction locks them in the same order and none deadlocks.
 * Expired, empty and quarantined (recalled) lots are never returned. All of them are locked, also those an order's minimum
 * shelf life rules out, so the lock order stays one whatever an order asks for.
 */
export async function lockSellableLots(tx: Tx, sellerOrgId: string, productId: string, today: string) {
  return queryRows<{ id: string; quantity: number; expiryDate: string | null }>(
    tx,
    sql`select id, quantity, to_char(expiry_date, 'YYYY-MM-DD') as "expiryDate" from inventory_lots
        where supplier_id = ${sellerOrgId} and product_id = ${productId}
          and quantity > 0 and (expiry_date is null or expiry_date >= ${today}::date)
          and quarantined_at is null
        order by expiry_date asc nulls last, id
        for update`,
  );
}

/**
 * Locks the lots of a product's batches that a recall covers: one supplier's, or every supplier's when
 * `supplierId` is null (a platform recall). Ordered by supplier, then as lockSellableLots orders one
 * supplier's lots, so a recall and an approval lock shared lots the same way round. FOR UPDATE re-reads
 * each row once its lock is granted, so an approval that committed first has already taken its units
 * (and its allocations are traced), and one that comes after sees the lot quarantined.
 */
export async function lockBatchLots(
  tx: Tx,
  q: { productId: string; supplierId: string | null; batchNumbers: string[] },
) {
  return queryRows<{
    id: string;
    supplierId: string;
    batchNumber: string;
    expiryDate: string | null;
    quantity: number;
    quarantinedAt: string | null;
  }>(
    tx,
    sql`select id, supplier_id as "supplierId", batch_number as "batchNumber",
               to_char(expiry_date, 'YYYY-MM-DD') as "expiryDate", quantity,
               quarantined_at as "quarantinedAt"
        from inventory_lots
        where product_id = ${q.productId}
          and (${q.supplierId}::uuid is null or supplier_id = ${q.supplierId}::uuid)
          and batch_number = any(${pgArray(q.batchNumbers)}::text[])
        order by supplier_id, expiry_date asc nulls last, id
        for update`,
  );
}

/**
 * Quarantines lots (locked by lockBatchLots): they keep their units, which are never allocated again.
 * Stamped with the database's clock once the locks are held, so every allocation made before (by an
 * approval that held the lots first) is older than the quarantine, and none is younger.
 */
export async function quarantineLots(tx: Tx, lotIds: string[]) {
  if (lotIds.length === 0) return;
  await tx.execute(sql`
    update inventory_lots
    set quarantined_at = coalesce(quarantined_at, clock_timestamp()), updated_at = clock_timestamp()
    where id = any(${pgArray(lotIds)}::uuid[])`);
}

/**
 * The JSON array of AllocatedBatch (packages/shared/src/inventory.ts) of a drop (`dropId`, an SQL
 * expression such as d.id): the units it holds, its allocations not returned, summed per lot, soonest
 * expiry first (undated last), then by batch. Empty before approval and once a cancellation returned
 * them. Driven by drop_allocations_drop_idx, so a list of many orders costs one index probe per drop.
 */
export const dropBatchesJson = (dropId: SQL) => sql`
  coalesce((
    select json_agg(json_build_object(
             'batchNumber', l.batch_number, 'expiryDate', to_char(l.expiry_date, 'YYYY-MM-DD'),
             'quantity', a.quantity)
           order by l.expiry_date asc nulls last, l.batch_number asc nulls last, l.id)
    from (select lot_id, sum(quantity)::int as quantity from drop_allocations
          where drop_id = ${dropId} and returned_at is null group by lot_id) a
    join inventory_lots l on l.id = a.lot_id), '[]'::json)`;

/**
 * Locks the lots a drop's units (not yet returned) came from, in lockSellableLots's order, so a
 * cancellation and an approval lock shared lots the same way round.
 */
export async function lockAllocatedLots(tx: Tx, dropId: string) {
  await tx.execute(sql`
    select l.id from inventory_lots l
    where l.id in (select lot_id from drop_allocations where drop_id = ${dropId} and returned_at is null)
    order by l.expiry_date asc nulls last, l.id
    for update of l`);
}

/**
 * Locks (FOR SHARE) the lots a drop's units came from, in lockSellableLots's order, and answers those of
 * them that are quarantined, with the batch and the units the drop holds of each: the drop holds
 * recalled units exactly when the answer is not empty (docs/domain.md "Recalls"). A recall declaration
 * locks the same lots FOR UPDATE, so a move and a declaration queue on them: a move that locked first
 * commits before the quarantine (and the trace shows where it got to); one that comes after reads the
 * lot's quarantine as committed, since FOR SHARE re-reads each row once its lock is granted. Shared, so
 * two drops drawing on one lot still move at once.
 */
export async function lockRecalledLotsOfDrop(tx: Tx, dropId: string) {
  // Every lot of the drop is locked (a filter on the quarantine in the locking scan would skip, unlocked,
  // a lot quarantined after this statement's snapshot); the quarantine is read from the locked rows,
  // kept apart (materialized) so no filter is pushed into the locking scan.
  return queryRows<{ lotId: string; batchNumber: string | null; units: number }>(
    tx,
    sql`with locked as materialized (
          select l.id, l.batch_number, l.quarantined_at from inventory_lots l
          where l.id in (select lot_id from drop_allocations where drop_id = ${dropId} and returned_at is null)
          order by l.expiry_date asc nulls last, l.id
          for share of l
        )
        select locked.id as "lotId", locked.batch_number as "batchNumber",
               (select sum(a.quantity)::int from drop_allocations a
                where a.drop_id = ${dropId} and a.lot_id = locked.id and a.returned_at is null) as units
        from locked
        where locked.quarantined_at is not null
        order by locked.batch_number, locked.id`,
  );
}

/**
 * Locks what a re-pick touches, in one statement and lockSellableLots's order: the lots the drop's units
 * came from (the recalled ones get their units back) and the seller's sellable lots of the product (the
 * replacements come from these). `held` is the units of the drop in each lot, 0 for a lot it holds none
 * of. FOR UPDATE re-checks each row once locked, so a lot quarantined meanwhile is seen as such (and
 * left out when the drop holds none of it).
 */
export async function lockLotsForRepick(
  tx: Tx,
  q: { dropId: string; sellerOrgId: string; productId: string; today: string },
) {
  return queryRows<{
    id: string;
    quantity: number;
    expiryDate: string | null;
    batchNumber: string | null;
    quarantined: boolean;
    held: number;
  }>(
    tx,
    sql`select l.id, l.quantity, to_char(l.expiry_date, 'YYYY-MM-DD') as "expiryDate",
               l.batch_number as "batchNumber", l.quarantined_at is not null as quarantined,
               coalesce((select sum(a.quantity)::int from drop_allocations a
                         where a.drop_id = ${q.dropId} and a.lot_id = l.id and a.returned_at is null), 0) as held
        from inventory_lots l
        where l.id in (select lot_id from drop_allocations where drop_id = ${q.dropId} and returned_at is null)
           or (l.supplier_id = ${q.sellerOrgId} and l.product_id = ${q.productId} and l.quantity > 0
               and (l.expiry_date is null or l.expiry_date >= ${q.today}::date) and l.quarantined_at is null)
        order by l.expiry_date asc nulls last, l.id
        for update of l`,
  );
}

/** Takes the allocated units from their lots and records each allocation, in one statement. */
export async function allocate(tx: Tx, rows: { dropId: string; lotId: string; quantity: number }[]) {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({ drop_id: r.dropId, lot_id: r.lotId, quantity: r.quantity })),
  );
  await tx.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${json}::jsonb) as x(drop_id uuid, lot_id uuid, quantity int)
    ), taken as (
      update inventory_lots l set quantity = l.quantity - s.quantity, updated_at = now()
      from (select lot_id, sum(quantity)::int as quantity from x group by lot_id) s
      where l.id = s.lot_id
    )
    insert into drop_allocations (drop_id, lot_id, quantity)
    select drop_id, lot_id, quantity from x`);
}

/**
 * Puts a drop's units back into the lots they were taken from, once: all of them, or (a re-pick) those
 * of the lots named. A quarantined lot keeps its quarantine, so units returned to it are never sold.
 */
export async function returnAllocations(tx: Tx, dropId: string, at: Date, lotIds: string[] | null = null) {
  await tx.execute(sql`
    with returned as (
      update drop_allocations set returned_at = ${at}
      where drop_id = ${dropId} and returned_at is null
        and (${lotIds === null}::boolean or lot_id = any(${pgArray(lotIds ?? [])}::uuid[]))
      returning lot_id, quantity
    ), per_lot as (
      select lot_id, sum(quantity)::int as quantity from returned group by lot_id
    )
    update inventory_lots l set quantity = l.quantity + r.quantity, updated_at = ${at}
    from per_lot r where l.id = r.lot_id`);
}
