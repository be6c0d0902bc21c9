import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

export interface TopProductRow extends Record<string, unknown> {
  productId: string;
  productName: string;
  category: string;
  supplierCount: number;
  totalSpend: number;
  averageUnitPrice: number;
  totalQuantity: number;
  lastOrderDate: string;
}

/**
 * The buyer's most purchased products from its released orders (RELEASED, SHIPPED, DELIVERED): units of
 * drops not cancelled, spend at each order's unit price, distinct suppliers, and the UTC date of the
 * latest approval. Most units first; spend, then name break ties.
 */
export async function listTopProducts(db: Executor, buyerOrgId: string, limit: number) {
  return queryRows<TopProductRow>(
    db,
    sql`
      select p.id as "productId", p.name as "productName", p.category,
             count(distinct o.seller_org_id)::int as "supplierCount",
             sum(d.quantity * o.unit_price) as "totalSpend",
             round(sum(d.quantity * o.unit_price) / sum(d.quantity), 2) as "averageUnitPrice",
             sum(d.quantity)::int as "totalQuantity",
             to_char(max(o.approved_at) at time zone 'UTC', 'YYYY-MM-DD') as "lastOrderDate"
      from orders o
      join order_drops d on d.order_id = o.id and d.status <> 'Cancelled'
      join products p on p.id = o.product_id
      where o.buyer_org_id = ${buyerOrgId}
        and o.status in ('RELEASED', 'SHIPPED', 'DELIVERED')
      group by p.id, p.name, p.category
      order by sum(d.quantity) desc, sum(d.quantity * o.unit_price) desc, lower(p.name), p.id
      limit ${limit}`,
  );
}
