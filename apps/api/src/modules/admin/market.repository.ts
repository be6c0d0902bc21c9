import { sql } from 'drizzle-orm';
import type { MarketFacts } from '@aduro/shared/admin';
import { queryRows, type Executor } from '../../db/client.ts';
import { AWAITING_REVIEW } from './admin.repository.ts';

// Orders count towards GMV once released (DOMAIN.md): released, shipped or delivered, by approval time.
const RELEASED = sql`('RELEASED', 'SHIPPED', 'DELIVERED')`;

/** SPEC §3 admin stats, one statement; GMV is every released order's value. */
export async function readStats(db: Executor) {
  const [row] = await queryRows<{
    totalProducts: number;
    totalSuppliers: number;
    suppliersAwaitingReview: number;
    activeCustomers: number;
    gmv: number;
  }>(
    db,
    sql`select (select count(*)::int from products) as "totalProducts",
               (select count(*)::int from organizations where kind = 'supplier' and is_active) as "totalSuppliers",
               (select count(*)::int from organizations where ${AWAITING_REVIEW}) as "suppliersAwaitingReview",
               (select count(*)::int from organizations where kind = 'customer' and is_active) as "activeCustomers",
               (select coalesce(sum(total_cost), 0) from orders where status in ${RELEASED}) as gmv`,
  );
  return row!;
}

/** GMV and released orders per week (weeks start on Monday, UTC) over the last 12, empty weeks included. */
export async function readGmvByWeek(db: Executor, now: Date) {
  return queryRows<{ week: string; gmv: number; orders: number }>(
    db,
    sql`with weeks as (
          select generate_series(
                   date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'UTC') - interval '11 weeks',
                   date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'UTC'),
                   interval '1 week') as week)
        select to_char(w.week, 'YYYY-MM-DD') as week,
               coalesce(sum(o.total_cost), 0) as gmv,
               count(o.id)::int as orders
        from weeks w
        left join orders o
          on o.status in ${RELEASED}
         and o.approved_at >= (w.week at time zone 'UTC')
         and o.approved_at < ((w.week + interval '1 week') at time zone 'UTC')
        group by w.week
        order by w.week`,
  );
}

/**
 * The facts of the market summary (DOMAIN.md "Market summary"): the last 30 days against the 30
 * before, each figure computed by PostgreSQL over indexed ranges.
 */
export async function readMarketFacts(db: Executor, now: Date, today: string): Promise<MarketFacts> {
  const at = now.toISOString();
  const [window] = await queryRows<{
    gmv: number;
    orders: number;
    previousGmv: number;
    previousOrders: number;
  }>(
    db,
    sql`select coalesce(sum(total_cost) filter (where approved_at >= ${at}::timestamptz - interval '30 days'), 0) as gmv,
               (count(*) filter (where approved_at >= ${at}::timestamptz - interval '30 days'))::int as orders,
               coalesce(sum(total_cost) filter (where approved_at < ${at}::timestamptz - interval '30 days'), 0) as "previousGmv",
               (count(*) filter (where approved_at < ${at}::timestamptz - interval '30 days'))::int as "previousOrders"
        from orders
        where status in ${RELEASED}
          and approved_at >= ${at}::timestamptz - interval '60 days' and approved_at <= ${at}::timestamptz`,
  );
  const topProducts = await queryRows<{ name: string; units: number; previousUnits: number }>(
    db,
    sql`select p.name,
               coalesce(sum(o.total_quantity) filter (where o.approved_at >= ${at}::timestamptz - interval '30 days'), 0)::int as units,
               coalesce(sum(o.total_quantity) filter (where o.approved_at < ${at}::timestamptz - interval '30 days'), 0)::int as "previousUnits"
        from orders o
        join products p on p.id = o.product_id
        where o.status in ${RELEASED}
          and o.approved_at >= ${at}::timestamptz - interval '60 days' and o.approved_at <= ${at}::timestamptz
        group by p.id, p.name
        order by units desc, p.name
        limit 5`,
  );
  const expiringStock = await queryRows<{ supplier: string; units: number; value: number; earliest: string }>(
    db,
    sql`select s.name as supplier,
               sum(l.quantity)::int as units,
               coalesce(sum(l.quantity * f.unit_price), 0) as value,
               min(l.expiry_date)::text as earliest
        from inventory_lots l
        join organizations s on s.id = l.supplier_id
        left join offers f on f.supplier_id = l.supplier_id and f.product_id = l.product_id
        where l.quantity > 0 and l.expiry_date >= ${today}::date and l.expiry_date < ${today}::date + 90
          -- Recalled (quarantined) units will never be sold: the recall, not expiry, decides their fate.
          and l.quarantined_at is null
        group by s.id, s.name
        order by units desc, s.name
        limit 5`,
  );
  const [other] = await queryRows<{
    creditLimit: number;
    creditBalance: number;
    overdueInvoices: number;
    overdueAmount: number;
    inactiveSuppliers: number;
    suppliersAwaitingReview: number;
    inactiveCustomers: number;
  }>(
    db,
    sql`select (select coalesce(sum(credit_limit), 0) from credit_lines where status = 'active') as "creditLimit",
               (select coalesce(sum(balance), 0) from credit_lines where status = 'active') as "creditBalance",
               (select count(*)::int from invoices where status = 'unpaid' and due_date < ${today}::date) as "overdueInvoices",
               (select coalesce(sum(amount - amount_paid - credit_applied), 0) from invoices
                 where status = 'unpaid' and due_date < ${today}::date) as "overdueAmount",
               (select count(*)::int from organizations where kind = 'supplier' and not is_active) as "inactiveSuppliers",
               (select count(*)::int from organizations where ${AWAITING_REVIEW}) as "suppliersAwaitingReview",
               (select count(*)::int from organizations where kind = 'customer' and not is_active) as "inactiveCustomers"`,
  );
  return {
    windowDays: 30,
    gmv: window!.gmv,
    previousGmv: window!.previousGmv,
    orders: window!.orders,
    previousOrders: window!.previousOrders,
    topProducts,
    expiringStock,
    creditLimit: other!.creditLimit,
    creditBalance: other!.creditBalance,
    overdueInvoices: other!.overdueInvoices,
    overdueAmount: other!.overdueAmount,
    inactiveSuppliers: other!.inactiveSuppliers,
    suppliersAwaitingReview: other!.suppliersAwaitingReview,
    inactiveCustomers: other!.inactiveCustomers,
  };
}
