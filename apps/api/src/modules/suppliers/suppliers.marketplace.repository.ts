import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '@aduro/shared/payments';
import {
  DELIVERY_HISTORY_DROPS,
  MIN_RATED_DELIVERIES,
  type SupplierCategory,
} from '@aduro/shared/marketplace';
import type { ControlledKind, EligibilityCode, MedicineClass } from '@aduro/shared/compliance';
import { queryRows, type Executor } from '../../db/client.ts';
import { refusalCodeSql, registrationLapsedSql } from '../compliance/eligibility.ts';

// Raw SQL answers bigint as text on node-postgres, so counts are cast to int; numeric arrives as a number
// (db/client.ts), money as cedis.

/**
 * A lot that can still be sold: units on hand, undated or expiring today or later (DOMAIN.md), and not
 * quarantined by a recall (its units are never allocated, so they are not on offer).
 */
const unexpiredLot = (today: string) =>
  sql`l.quantity > 0 and (l.expiry_date is null or l.expiry_date >= ${today}::date) and l.quarantined_at is null`;

const RELEASED = sql`('RELEASED', 'SHIPPED', 'DELIVERED')`;

export interface DirectoryRow extends Record<string, unknown> {
  id: string;
  name: string;
  location: string | null;
  supplierCategory: SupplierCategory | null;
  isActive: boolean;
  paymentTerms: string;
  lines: number;
  customerCount: number;
  gmv: number;
}

/**
 * Every supplier organisation with its published offer lines (offers of an active supplier with unexpired
 * stock: an inactive one publishes none, docs/domain.md), distinct released buyers and GMV, in one
 * statement. The figures are kept by triggers (db/schema/suppliers.ts): stock_positions says whether an
 * offered pair has unexpired units today (only offered pairs have a date), supplier_trade holds customers
 * and GMV, so this reads a few rows per supplier and never the orders, offers or lots. Active suppliers
 * first, then by name.
 */
export async function listSupplierDirectory(
  db: Executor,
  opts: {
    today: string;
    /** Only these suppliers (a refresh of the rows that changed). */ supplierIds?: string[];
  },
) {
  const only = (column: SQL) =>
    opts.supplierIds ? sql`and ${column} = any(${`{${opts.supplierIds.join(',')}}`}::uuid[])` : sql``;
  return queryRows<DirectoryRow>(
    db,
    sql`
      with stocked as (
        select sp.supplier_id, count(*)::int as lines
        from stock_positions sp
        -- A product whose FDA registration lapsed is not offered to buyers (docs/domain.md).
        join products p on p.id = sp.product_id and not ${registrationLapsedSql('p', opts.today)}
        where sp.latest_expiry >= ${opts.today}::date ${only(sql`sp.supplier_id`)}
        group by sp.supplier_id
      )
      select s.id, s.name, s.location, s.supplier_category as "supplierCategory", s.is_active as "isActive",
             s.payment_terms as "paymentTerms",
             case when s.is_active then coalesce(st.lines, 0) else 0 end as lines,
             coalesce(t.customer_count, 0) as "customerCount",
             coalesce(t.gmv, 0) as gmv
      from organizations s
      left join stocked st on st.supplier_id = s.id
      left join supplier_trade t on t.supplier_id = s.id
      where s.kind = 'supplier' ${only(sql`s.id`)}
      order by s.is_active desc, lower(s.name), s.name, s.id`,
  );
}

export interface RelationshipRow extends Record<string, unknown> {
  supplierId: string;
  isCustomer: boolean;
  pendingApprovals: number;
  creditLimit: number | null;
  creditAvailable: number | null;
}

/**
 * The buyer's standing with each supplier it has dealt with: released orders, drafts awaiting its
 * approval, active credit line. Only suppliers with orders or a line appear; read through the
 * buyer's own index, so it costs the buyer's history, not the market's.
 */
export async function listBuyerRelationships(db: Executor, buyerOrgId: string) {
  return queryRows<RelationshipRow>(
    db,
    sql`
      with mine as (
        select seller_org_id,
               bool_or(status in ${RELEASED}) as is_customer,
               (count(*) filter (where status = 'AWAITING_CUSTOMER_APPROVAL'))::int as pending
        from orders
        where buyer_org_id = ${buyerOrgId}
        group by seller_org_id
      ),
      lines as (
        select supplier_id, credit_limit, balance
        from credit_lines
        where customer_id = ${buyerOrgId} and status = 'active'
      )
      select coalesce(m.seller_org_id, cl.supplier_id) as "supplierId",
             coalesce(m.is_customer, false) as "isCustomer",
             coalesce(m.pending, 0) as "pendingApprovals",
             cl.credit_limit as "creditLimit",
             cl.credit_limit - cl.balance as "creditAvailable"
      from mine m
      full join lines cl on cl.supplier_id = m.seller_org_id`,
  );
}

export async function findSupplier(db: Executor, supplierId: string) {
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from organizations where id = ${supplierId} and kind = 'supplier'`,
  );
  return rows[0] ?? null;
}

/** A product's legal status, and whether the buyer may release an order of it now. */
interface EligibilityColumns {
  medicineClass: MedicineClass | null;
  controlled: ControlledKind | null;
  fdaRegistrationExpiresOn: string | null;
  /** Why the buyer may not buy it now (compliance/eligibility.ts); null when it may. */
  refusalCode: EligibilityCode | null;
}

/** The columns of EligibilityColumns for the products row `p` and the buyer's licence row `lr`. */
const eligibilityColumns = (today: string) => sql`
  p.medicine_class as "medicineClass", p.controlled,
  to_char(p.fda_registration_expires_on, 'YYYY-MM-DD') as "fdaRegistrationExpiresOn",
  ${refusalCodeSql({ product: 'p', licence: 'lr' }, today)} as "refusalCode"`;

export interface CatalogueRow extends EligibilityColumns, Record<string, unknown> {
  productId: string;
  name: string;
  brandName: string;
  category: string;
  unitOfMeasure: string;
  itemsPerUnit: string;
  isService: boolean;
  unitPrice: number;
  moq: number;
  quantity: number;
  earliestExpiry: string | null;
  supportsCredit: boolean;
  creditLimit: number | null;
  creditAvailable: number | null;
}

/**
 * A supplier's offers with unexpired stock: units in unexpired lots and the earliest dated expiry among
 * them, with the buyer's active credit line with that supplier (none without a buyer), and whether the
 * buyer may buy each (the rule approval applies; a caller without a buyer holds no licence). By product
 * name. An inactive supplier publishes nothing, and a product whose FDA registration lapsed is left out.
 */
export async function listSupplierCatalogue(
  db: Executor,
  opts: { supplierId: string; buyerOrgId: string | null; today: string },
) {
  return queryRows<CatalogueRow>(
    db,
    sql`
      select p.id as "productId", p.name, p.brand_name as "brandName", p.category,
             p.unit_of_measure as "unitOfMeasure", p.items_per_unit as "itemsPerUnit", p.is_service as "isService",
             f.unit_price as "unitPrice", f.moq, st.quantity,
             to_char(st.earliest, 'YYYY-MM-DD') as "earliestExpiry",
             s.supports_credit as "supportsCredit",
             cl.credit_limit as "creditLimit",
             cl.credit_limit - cl.balance as "creditAvailable",
             ${eligibilityColumns(opts.today)}
      from organizations s
      join offers f on f.supplier_id = s.id
      join products p on p.id = f.product_id and not ${registrationLapsedSql('p', opts.today)}
      left join licence_records lr on lr.org_id = ${opts.buyerOrgId}::uuid
      join lateral (
        select sum(l.quantity)::int as quantity, min(l.expiry_date) as earliest
        from inventory_lots l
        where l.supplier_id = f.supplier_id and l.product_id = f.product_id and ${unexpiredLot(opts.today)}
      ) st on st.quantity > 0
      left join credit_lines cl
        on cl.supplier_id = s.id and cl.customer_id = ${opts.buyerOrgId}::uuid and cl.status = 'active'
      where s.id = ${opts.supplierId} and s.kind = 'supplier' and s.is_active
      order by lower(p.name), p.name, p.id`,
  );
}

export interface MatchRow extends EligibilityColumns, Record<string, unknown> {
  productName: string;
  /** Null on the one row that only says the product exists. */
  id: string | null;
  name: string;
  location: string | null;
  paymentTerms: string;
  supplierCategory: SupplierCategory | null;
  supportedPaymentMethods: PaymentMethod[];
  defaultPaymentMethod: PaymentMethod | null;
  supportsCredit: boolean;
  unitPrice: number;
  moq: number;
  availableQuantity: number;
  daysUntilEarliestExpiry: number | null;
  /** Days from today to the latest dated expiry among the unexpired lots; null when none is dated. */
  longestShelfLifeDays: number | null;
  leadTimeDays: number;
  /** Out of 5, one decimal. */
  rating: number | null;
  hasCreditLine: boolean;
  creditLimit: number | null;
  creditAvailable: number | null;
}

/**
 * Active suppliers holding unexpired stock of a product, cheapest first, in one statement (none when the
 * product's FDA registration lapsed: it is not offered to buyers), with the product's legal status and
 * whether the buyer may buy it (the rule approval applies; no buyer, no licence); each with
 * its delivery record over its last DELIVERY_HISTORY_DROPS (50) delivered drops of any product (median whole UTC days from
 * approval to delivery, rounded up; share delivered on or before the ETA date, among drops that had
 * one, as a rating out of 5 from 3 such drops), and the buyer's active credit line with it.
 * No rows: the product does not exist; one row with a null id: nobody offers it now.
 */
export async function listProductMatches(
  db: Executor,
  opts: { productId: string; buyerOrgId: string | null; today: string },
) {
  return queryRows<MatchRow>(
    db,
    sql`
      with product as (
        select p.id, p.name, ${eligibilityColumns(opts.today)},
               ${registrationLapsedSql('p', opts.today)} as lapsed
        from products p
        left join licence_records lr on lr.org_id = ${opts.buyerOrgId}::uuid
        where p.id = ${opts.productId}
      ),
      candidates as (
        select s.id, s.name, s.location, s.payment_terms, s.supplier_category,
               s.supported_payment_methods::text[] as methods, s.default_payment_method,
               s.supports_credit, s.default_lead_time_days,
               f.unit_price, f.moq, st.quantity, st.earliest, st.latest
        from offers f
        join organizations s on s.id = f.supplier_id and s.kind = 'supplier' and s.is_active
        join lateral (
          select sum(l.quantity)::int as quantity, min(l.expiry_date) as earliest,
                 max(l.expiry_date) as latest
          from inventory_lots l
          where l.supplier_id = f.supplier_id and l.product_id = f.product_id and ${unexpiredLot(opts.today)}
        ) st on st.quantity > 0
        where f.product_id = ${opts.productId} and not (select lapsed from product)
      ),
      record as (
        select c.id as supplier_id,
               ceil(percentile_cont(0.5) within group (order by r.days))::int as median_days,
               count(r.on_time)::int as rated,
               (count(*) filter (where r.on_time))::int as on_time
        from candidates c
        cross join lateral (
          select ((d.delivered_at at time zone 'UTC')::date - (o.approved_at at time zone 'UTC')::date) as days,
                 case when d.estimated_delivery_date is null then null
                      else (d.delivered_at at time zone 'UTC')::date <= d.estimated_delivery_date end as on_time
          from orders o
          join order_drops d on d.order_id = o.id
          where o.seller_org_id = c.id and o.approved_at is not null
            and d.status = 'Delivered' and d.delivered_at is not null
          order by d.delivered_at desc, d.id
          limit ${DELIVERY_HISTORY_DROPS}
        ) r
        group by c.id
      )
      select p.name as "productName", p."medicineClass", p.controlled,
             p."fdaRegistrationExpiresOn", p."refusalCode",
             c.id, c.name, c.location, c.payment_terms as "paymentTerms",
             c.supplier_category as "supplierCategory",
             c.methods as "supportedPaymentMethods", c.default_payment_method as "defaultPaymentMethod",
             c.supports_credit as "supportsCredit",
             c.unit_price as "unitPrice", c.moq, c.quantity as "availableQuantity",
             (c.earliest - ${opts.today}::date) as "daysUntilEarliestExpiry",
             (c.latest - ${opts.today}::date) as "longestShelfLifeDays",
             coalesce(r.median_days, c.default_lead_time_days) as "leadTimeDays",
             case when r.rated >= ${MIN_RATED_DELIVERIES} then round(5.0 * r.on_time / r.rated, 1) end as rating,
             cl.id is not null as "hasCreditLine",
             cl.credit_limit as "creditLimit",
             cl.credit_limit - cl.balance as "creditAvailable"
      from product p
      left join candidates c on true
      left join record r on r.supplier_id = c.id
      left join credit_lines cl
        on cl.supplier_id = c.id and cl.customer_id = ${opts.buyerOrgId}::uuid and cl.status = 'active'
      order by c.unit_price asc, lower(c.name), c.id`,
  );
}
