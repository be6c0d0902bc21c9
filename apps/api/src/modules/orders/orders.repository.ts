import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '@aduro/shared/payments';
import { queryRows, type Executor } from '../../db/client.ts';
import { orderDrops, orderHistory, orders } from '../../db/schema/index.ts';

export interface BuyerOrganisation extends Record<string, unknown> {
  id: string;
  name: string;
  location: string | null;
  isActive: boolean;
}

/** A customer organisation, as an order's buyer. */
export async function findBuyerOrganisation(db: Executor, orgId: string) {
  const rows = await queryRows<BuyerOrganisation>(
    db,
    sql`select id, name, location, is_active as "isActive"
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
  unitPrice: string | null;
  moq: number | null;
  /** Units in unexpired lots. */
  stock: number;
  hasCreditLine: boolean;
  creditAvailable: string | null;
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
             f.unit_price::text as "unitPrice", f.moq,
             coalesce(st.quantity, 0) as stock,
             cl.id is not null as "hasCreditLine",
             (cl.credit_limit - cl.balance)::text as "creditAvailable"
      from jsonb_to_recordset(${json}::jsonb) as x(seller_id uuid, product_id uuid)
      left join organizations s on s.id = x.seller_id
      left join products p on p.id = x.product_id
      left join offers f on f.supplier_id = x.seller_id and f.product_id = x.product_id
      left join lateral (
        select sum(l.quantity)::int as quantity
        from inventory_lots l
        where l.supplier_id = x.seller_id and l.product_id = x.product_id
          and l.quantity > 0 and (l.expiry_date is null or l.expiry_date >= ${today}::date)
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

export async function insertHistory(db: Executor, rows: Omit<typeof orderHistory.$inferInsert, 'id'>[]) {
  await db.insert(orderHistory).values(rows);
}
