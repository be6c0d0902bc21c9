import { and, eq, gt, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { EXPIRING_SOON_DAYS } from '@aduro/shared/inventory';
import { queryRows, type Executor } from '../../db/client.ts';
import { inventoryLots, offers, orderDrops, orders, products } from '../../db/schema/index.ts';

/** A lot as the inventory table shows it, before the expiry status is worked out. */
export interface LotRow {
  id: string;
  quantity: number;
  expiryDate: string | null;
  /** ISO 8601 UTC. */
  updatedAt: string;
  product: { id: string; name: string; brandName: string; category: string; unitOfMeasure: string };
  unitPrice: number;
  moq: number;
}

/**
 * Lots with their product and the supplier's offer, in one statement whatever the number of lots, folded
 * into one JSON array by PostgreSQL: for thousands of lots that is several times faster than decoding a
 * row per lot (notably on PGlite). Every lot has an offer (a sync writes both in one transaction), so the
 * offer join is an inner join. Ordered by product name, then expiry with undated lots last.
 */
async function selectLots(db: Executor, where: SQL | undefined): Promise<LotRow[]> {
  const rows = await db
    .select({
      lots: sql<LotRow[]>`coalesce(json_agg(json_build_object(
        'id', ${inventoryLots.id},
        'quantity', ${inventoryLots.quantity},
        'expiryDate', ${inventoryLots.expiryDate},
        'updatedAt', to_char(${inventoryLots.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'product', json_build_object(
          'id', ${products.id},
          'name', ${products.name},
          'brandName', ${products.brandName},
          'category', ${products.category},
          'unitOfMeasure', ${products.unitOfMeasure}),
        'unitPrice', ${offers.unitPrice},
        'moq', ${offers.moq})
        order by lower(${products.name}), ${products.name}, ${products.id},
                 ${inventoryLots.expiryDate} asc nulls last, ${inventoryLots.id}), '[]'::json)`,
    })
    .from(inventoryLots)
    .innerJoin(products, eq(products.id, inventoryLots.productId))
    .innerJoin(
      offers,
      and(eq(offers.supplierId, inventoryLots.supplierId), eq(offers.productId, inventoryLots.productId)),
    )
    .where(where);
  // numeric(14,2) and integers arrive as JSON numbers, dates as YYYY-MM-DD strings.
  return rows[0]?.lots ?? [];
}

/**
 * The whole GET /api/inventory answer as JSON text, built by PostgreSQL in one statement: expiry status
 * and days are computed in SQL with the same rule as the shared expiryStatusFor, so the server passes
 * the text through without decoding, validating and re-encoding thousands of rows.
 */
export async function lotsJsonText(db: Executor, supplierId: string, today: string): Promise<string> {
  const rows = await queryRows<{ body: string }>(
    db,
    sql`select coalesce(json_agg(json_build_object(
          'id', l.id,
          'product', json_build_object(
            'id', p.id, 'name', p.name, 'brandName', p.brand_name,
            'category', p.category, 'unitOfMeasure', p.unit_of_measure),
          'quantity', l.quantity,
          'unitPrice', o.unit_price,
          'moq', o.moq,
          'expiryDate', l.expiry_date,
          'expiryStatus', case
            when l.expiry_date is null then 'not_applicable'
            when l.expiry_date < ${today}::date then 'expired'
            when l.expiry_date <= ${today}::date + ${EXPIRING_SOON_DAYS}::int then 'expiring_soon'
            else 'healthy' end,
          'daysUntilExpiry', l.expiry_date - ${today}::date,
          'updatedAt', to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          order by lower(p.name), p.name, p.id, l.expiry_date asc nulls last, l.id), '[]'::json)::text as body
        from ${inventoryLots} l
        join ${products} p on p.id = l.product_id
        join ${offers} o on o.supplier_id = l.supplier_id and o.product_id = l.product_id
        where l.supplier_id = ${supplierId}`,
  );
  return rows[0]?.body ?? '[]';
}

export async function findLot(db: Executor, supplierId: string, lotId: string) {
  const rows = await selectLots(
    db,
    and(eq(inventoryLots.supplierId, supplierId), eq(inventoryLots.id, lotId)),
  );
  return rows[0] ?? null;
}

export async function findProduct(db: Executor, productId: string) {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return rows[0] ?? null;
}

/** Sets the supplier's price for a product, and its moq when given (a new offer starts at moq 1). */
export async function upsertOffer(
  db: Executor,
  values: { supplierId: string; productId: string; unitPrice: number; moq: number | null },
) {
  await db
    .insert(offers)
    .values({ ...values, moq: values.moq ?? 1 })
    .onConflictDoUpdate({
      target: [offers.supplierId, offers.productId],
      set: {
        unitPrice: values.unitPrice,
        ...(values.moq === null ? {} : { moq: values.moq }),
        updatedAt: new Date(),
      },
    });
}

/**
 * Sets the counted quantity of the lot (supplier, product, expiry), creating it when new; the unique key
 * treats a missing expiry as one lot (nulls not distinct). Returns the lot id.
 */
export async function upsertLotQuantity(
  db: Executor,
  values: { supplierId: string; productId: string; expiryDate: string | null; quantity: number },
) {
  const rows = await db
    .insert(inventoryLots)
    .values(values)
    .onConflictDoUpdate({
      target: [inventoryLots.supplierId, inventoryLots.productId, inventoryLots.expiryDate],
      set: { quantity: values.quantity, updatedAt: new Date() },
    })
    .returning({ id: inventoryLots.id });
  return rows[0]!.id;
}

/** The supplier's lots of a product that can still be sold on or after `today`, soonest expiry first. */
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
