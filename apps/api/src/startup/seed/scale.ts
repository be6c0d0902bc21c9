import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { hashPassword } from '../../lib/password.ts';

export interface ScaleSize {
  suppliers: number;
  customers: number;
  products: number;
  /** Offers per supplier; each has one lot. */
  offersPerSupplier: number;
  orders: number;
}

export const DEFAULT_SCALE: ScaleSize = {
  suppliers: 500,
  customers: 2000,
  products: 5000,
  offersPerSupplier: 100,
  orders: 200_000,
};

const CITIES = `array['Accra','Tema','Kumasi','Takoradi','Tamale','Cape Coast','Ho','Koforidua','Sunyani','Wa']`;

/** The password of every account the scale seed makes, as for the demo accounts. */
export const SCALE_PASSWORD = 'demo1234';

/** Sign-in e-mails of the scale seed's accounts; n counts from 1, as the organisations' names do. */
export const scaleEmails = {
  /** Admin of 'Scale Supplier nnnn'. */
  supplierAdmin: (n: number) => `admin@scale-supplier-${String(n).padStart(4, '0')}.test`,
  /** InventoryManager of 'Scale Supplier nnnn'. */
  inventoryManager: (n: number) => `stock@scale-supplier-${String(n).padStart(4, '0')}.test`,
  /** Buyer of 'Scale Pharmacy nnnn'. */
  buyer: (n: number) => `buyer@scale-pharmacy-${String(n).padStart(4, '0')}.test`,
};

/**
 * The trade figures that the triggers of migrations/0002_trade_figures.sql keep, rebuilt from orders and
 * lots with that migration's backfill statements: for loads that write with those triggers disabled.
 * Replaces whatever the three tables held. Run it in the loading transaction, before the triggers are
 * enabled again, so no writer sees orders without their figures.
 */
export async function rebuildTradeFigures(db: Executor): Promise<void> {
  // One definition of the figures, in migrations/0002_trade_figures.sql, for the migration and for us.
  await db.execute(sql`select aduro_rebuild_trade_figures()`);
}

/**
 * Loads a marketplace of realistic size for benchmarks (`npm run seed:scale`): suppliers, customers,
 * products, offers with one price and one lot (with a batch number) each, and released orders over the last 180 days with their
 * drops and paid invoices; every supplier gets an Admin and an InventoryManager, every customer a Buyer
 * (scaleEmails, password SCALE_PASSWORD) and a verified retail pharmacy licence, so it may approve. Everything is generated set-wise in SQL (generate_series, ids
 * from md5 of a name), so 200,000 orders load in well under a minute and the same size always gives the
 * same rows. The trade-figure triggers are off while orders and lots load, in the loading transaction
 * only: with them, every order and lot queued a deferred trigger call for the commit (250,000), and the
 * whole load took 1.8 times as long (40 s against 22 s on 2 cores); the figures are rebuilt set-wise at
 * the end instead (rebuildTradeFigures, 2-4 s).
 * Refuses to run twice on one database.
 */
export async function seedScale(
  db: Db,
  size: ScaleSize = DEFAULT_SCALE,
  log: (line: string) => void = () => undefined,
) {
  const existing = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from organizations where name like 'Scale Supplier %'`,
  );
  if ((existing[0]?.n ?? 0) > 0) return { seeded: false as const };
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(query);
    log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };
  const { suppliers, customers, products, offersPerSupplier, orders } = size;
  // Offers are spread so that each supplier's products are distinct: k * stride stays below products.
  const stride = Math.max(1, Math.floor(products / offersPerSupplier));
  // One argon2 hash for every account: the same password, and one hash costs tens of milliseconds.
  const passwordHash = await hashPassword(SCALE_PASSWORD);

  await db.transaction(async (tx) => {
    const run = async (label: string, query: ReturnType<typeof sql>) => {
      const started = performance.now();
      await tx.execute(query);
      log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    };
    // Ids from names, shaped as RFC 4122 version-4 UUIDs so the API's uuid validation accepts them.
    await run(
      'id function',
      sql`create function pg_temp.scale_id(text) returns uuid language sql immutable as
          $$ select overlay(overlay(md5($1) placing '4' from 13) placing '8' from 17)::uuid $$`,
    );
    // Off for this transaction's writes only (ALTER TABLE is transactional, and holds the tables'
    // exclusive locks until commit); on again below, once the figures are rebuilt.
    await run('trade-figure triggers off', sql`alter table orders disable trigger user`);
    await tx.execute(sql`alter table inventory_lots disable trigger user`);
    await run(
      `${suppliers} suppliers`,
      sql`insert into organizations (id, kind, name, phone, location, is_active, supplier_category, payment_terms,
            supported_payment_methods, default_payment_method, supports_credit, default_lead_time_days, activated_at)
          select pg_temp.scale_id('scale-supplier-' || i)::uuid, 'supplier', 'Scale Supplier ' || lpad(i::text, 4, '0'),
                 '+233 30 ' || lpad((i * 7919 % 10000000)::text, 7, '0'),
                 (${sql.raw(CITIES)})[1 + i % 10], i % 25 <> 7,
                 (array['importer','distributor','manufacturer'])[1 + i % 3]::supplier_category,
                 (array['Net 30','Prepaid','Cheque on delivery','Net 14 or mobile money'])[1 + i % 4],
                 case when i % 4 = 2 then '{cash,cheque}'::payment_method[] else '{cash,mobile_money,digital_wallet}'::payment_method[] end,
                 case when i % 4 = 2 then 'cheque'::payment_method else 'mobile_money'::payment_method end,
                 i % 4 in (0, 3), 1 + i % 6, now() - interval '1 year'
          from generate_series(1, ${suppliers}) i`,
    );
    await run(
      `${customers} customers`,
      sql`insert into organizations (id, kind, name, phone, location, is_active)
          select pg_temp.scale_id('scale-customer-' || i)::uuid, 'customer', 'Scale Pharmacy ' || lpad(i::text, 4, '0'),
                 '+233 24 ' || lpad((i * 104729 % 10000000)::text, 7, '0'), (${sql.raw(CITIES)})[1 + i % 10], true
          from generate_series(1, ${customers}) i`,
    );
    await run(
      `${customers} verified licences`,
      // Approval needs a verified, unexpired licence (issue 32): the benches approve as these pharmacies.
      // No document: the scale seed loads no files, and nothing reads one here.
      sql`insert into licence_records (org_id, kind, number, expires_on, status, reviewed_by_name, reviewed_at,
                                       submitted_at)
          select pg_temp.scale_id('scale-customer-' || i)::uuid, 'retail_pharmacy',
                 'PCG/RP/SC/' || lpad(i::text, 4, '0'), current_date + 400, 'verified', 'Scale seed',
                 now() - interval '30 days', now() - interval '31 days'
          from generate_series(1, ${customers}) i`,
    );
    await run(
      `${products} products`,
      sql`insert into products (id, name, brand_name, category, description, unit_of_measure, items_per_unit, dedupe_key)
          select pg_temp.scale_id('scale-product-' || i)::uuid, 'Scale medicine ' || lpad(i::text, 5, '0') || ' 500 mg tablets',
                 (array['Kinapharma','Ernest Chemists','Tobinco','Danadams','Letap','Entrance'])[1 + i % 6],
                 (array['Antibiotics','Antimalarials','Analgesics','Cardiovascular','Diabetes','Respiratory','GI','Vitamins & Minerals'])[1 + i % 8],
                 'Generated for load tests.', 'box', '100 tablets',
                 'scalemedicine' || lpad(i::text, 5, '0') || '500mgtablets|' ||
                   lower((array['Kinapharma','Ernest Chemists','Tobinco','Danadams','Letap','Entrance'])[1 + i % 6]) || '|box|100tablets'
          from generate_series(1, ${products}) i`,
    );
    await run(
      `${suppliers * offersPerSupplier} offers`,
      sql`insert into offers (supplier_id, product_id, unit_price, moq)
          select pg_temp.scale_id('scale-supplier-' || s)::uuid,
                 pg_temp.scale_id('scale-product-' || (1 + (s * 37 + k * ${stride}) % ${products}))::uuid,
                 round((4 + (s * 7 + k * 13) % 240 + ((s + k) % 100) / 100.0)::numeric, 2),
                 1 + (s + k) % 20
          from generate_series(1, ${suppliers}) s, generate_series(0, ${offersPerSupplier - 1}) k`,
    );
    await run(
      `${suppliers * offersPerSupplier} offer prices`,
      // Each offer's one price, in force since its supplier was activated, so the price history has the
      // price every generated order was made at.
      sql`insert into offer_prices (supplier_id, product_id, unit_price, effective_at)
          select o.supplier_id, o.product_id, o.unit_price, s.activated_at
          from offers o join organizations s on s.id = o.supplier_id
          where s.name like 'Scale Supplier %'`,
    );
    await run(
      `${suppliers * offersPerSupplier} lots`,
      // Batch numbers in the demo's style ('SM2411K': letters, the year and month made, two years
      // before expiry, and a letter), computed in the same pass as the expiry.
      sql`insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
          select supplier_id, product_id,
                 'SM' || to_char(expiry_date - 730, 'YYMM') || chr(65 + abs(hashtext(product_id::text)) % 26),
                 expiry_date, quantity
          from (
            select o.supplier_id, o.product_id,
                   current_date + (abs(hashtext(o.supplier_id::text || o.product_id::text)) % 700 - 30) as expiry_date,
                   abs(hashtext(o.product_id::text || o.supplier_id::text)) % 2000 as quantity
            from offers o join organizations s on s.id = o.supplier_id
            where s.name like 'Scale Supplier %'
          ) l`,
    );
    await run(
      `${orders} released orders`,
      sql`with offer_list as (
            select row_number() over (order by o.supplier_id, o.product_id) as rn, o.supplier_id, o.product_id,
                   o.unit_price, s.payment_terms
            from offers o join organizations s on s.id = o.supplier_id
            where s.name like 'Scale Supplier %'
          ), n as (select count(*) as total from offer_list)
          insert into orders (id, number, buyer_org_id, seller_org_id, product_id, unit_price, total_quantity, total_cost,
                              payment_method, payment_terms, status, approved_at, created_at)
          select pg_temp.scale_id('scale-order-' || i)::uuid, 'PO-SCALE-' || lpad(i::text, 7, '0'),
                 pg_temp.scale_id('scale-customer-' || (1 + (i * 7) % ${customers}))::uuid,
                 ol.supplier_id, ol.product_id, ol.unit_price, 10 + i % 90, round(ol.unit_price * (10 + i % 90), 2),
                 'mobile_money', ol.payment_terms,
                 (case when i % 50 = 0 then 'RELEASED' when i % 50 = 1 then 'SHIPPED' else 'DELIVERED' end)::order_status,
                 now() - ((i % 180) || ' days')::interval - ((i % 24) || ' hours')::interval,
                 now() - ((i % 180) || ' days')::interval - ((i % 24 + 2) || ' hours')::interval
          from generate_series(1, ${orders}) i cross join n
          join offer_list ol on ol.rn = 1 + (i * 7919) % n.total`,
    );
    await run(
      `${orders} drops`,
      sql`insert into order_drops (order_id, sequence, address_name, address, contact_name, contact_phone, quantity, status,
                                   tracking_number, estimated_delivery_date, shipped_at, delivered_at)
          select o.id, 1, 'Main branch', b.location || ' main branch', 'Receiving desk', b.phone, o.total_quantity,
                 (case o.status when 'RELEASED' then 'Awaiting Dispatch' when 'SHIPPED' then 'Shipped' else 'Delivered' end)::drop_status,
                 case when o.status <> 'RELEASED' then 'TRK-' || substr(md5(o.id::text), 1, 10) end,
                 (o.approved_at + interval '3 days')::date,
                 case when o.status <> 'RELEASED' then o.approved_at + interval '1 day' end,
                 case when o.status = 'DELIVERED' then o.approved_at + ((1 + abs(hashtext(o.id::text)) % 5) || ' days')::interval end
          from orders o join organizations b on b.id = o.buyer_org_id
          where o.number like 'PO-SCALE-%'`,
    );
    await run(
      `${orders} invoices`,
      sql`insert into invoices (number, order_id, buyer_org_id, seller_org_id, amount, amount_paid, issued_at, due_date, status, paid_at)
          select 'INV-SCALE-' || substr(o.number, 10), o.id, o.buyer_org_id, o.seller_org_id, o.total_cost, o.total_cost,
                 o.approved_at, o.approved_at::date, 'paid', o.approved_at
          from orders o where o.number like 'PO-SCALE-%'`,
    );
    await run(
      `${suppliers * 2 + customers} accounts`,
      sql`with accounts as (
            select pg_temp.scale_id('scale-supplier-admin-' || i) as id, pg_temp.scale_id('scale-supplier-' || i) as org_id,
                   'supplier'::org_kind as user_type,
                   'admin@scale-supplier-' || lpad(i::text, 4, '0') || '.test' as email,
                   'Admin of Scale Supplier ' || lpad(i::text, 4, '0') as name, 'Admin' as role
            from generate_series(1, ${suppliers}) i
            union all
            select pg_temp.scale_id('scale-supplier-stock-' || i), pg_temp.scale_id('scale-supplier-' || i), 'supplier',
                   'stock@scale-supplier-' || lpad(i::text, 4, '0') || '.test',
                   'Stock keeper of Scale Supplier ' || lpad(i::text, 4, '0'), 'InventoryManager'
            from generate_series(1, ${suppliers}) i
            union all
            select pg_temp.scale_id('scale-buyer-' || i), pg_temp.scale_id('scale-customer-' || i), 'customer',
                   'buyer@scale-pharmacy-' || lpad(i::text, 4, '0') || '.test',
                   'Buyer of Scale Pharmacy ' || lpad(i::text, 4, '0'), 'Buyer'
            from generate_series(1, ${customers}) i
          ), made as (
            insert into users (id, org_id, user_type, email, name, password_hash)
            select id, org_id, user_type, email, name, ${passwordHash} from accounts
            returning id
          )
          insert into user_roles (user_id, role_id)
          select a.id, r.id from accounts a join roles r on r.name = a.role
          where a.id in (select id from made)`,
    );
    const rebuilding = performance.now();
    await rebuildTradeFigures(tx);
    log(`  trade figures rebuilt (${((performance.now() - rebuilding) / 1000).toFixed(1)} s)`);
    await run('trade-figure triggers on', sql`alter table orders enable trigger user`);
    await tx.execute(sql`alter table inventory_lots enable trigger user`);
  });
  await step('analyse', sql`analyze`);
  return { seeded: true as const };
}
