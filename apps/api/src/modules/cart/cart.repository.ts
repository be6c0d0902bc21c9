import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ControlledKind, EligibilityCode, MedicineClass } from '@aduro/shared/compliance';
import { queryRows, type Executor } from '../../db/client.ts';
import { cartItems } from '../../db/schema/index.ts';
import { refusalCodeSql, registrationLapsedSql } from '../compliance/eligibility.ts';

/** Whose cart: the user's own lines, for the organisation they buy for. */
export interface CartOwner {
  userId: string;
  buyerOrgId: string;
}

export interface CartLineRow extends Record<string, unknown> {
  id: string;
  productId: string;
  supplierId: string;
  productName: string;
  brandName: string;
  category: string;
  medicineClass: MedicineClass | null;
  controlled: ControlledKind | null;
  fdaRegistrationExpiresOn: string | null;
  /** Why the buyer may not release an order of this line now (compliance/eligibility.ts); null if it may. */
  refusalCode: EligibilityCode | null;
  supplierName: string;
  supplierCategory: string | null;
  supplierLocation: string | null;
  quantity: number;
  unitPrice: number | null;
  /** The supplier's offer price while it still offers the product (active, unexpired stock). */
  quotedUnitPrice: number | null;
  deliveryLocation: string | null;
  preferredDropDate: string | null;
  contactName: string | null;
  contactPhone: string | null;
  notes: string | null;
  createdAt: string;
}

/**
 * The owner's cart lines with product, supplier and the supplier's current quote, and whether the buyer
 * may release an order of each (the rule approval applies, left joining the buyer's licence), newest
 * first; `forUpdate` locks them (oldest first then, the order a checkout drafts them in).
 */
export async function listCartLines(
  db: Executor,
  owner: CartOwner,
  today: string,
  opts: { forUpdate?: boolean } = {},
) {
  return queryRows<CartLineRow>(
    db,
    sql`
      select c.id, c.product_id as "productId", c.supplier_id as "supplierId",
             p.name as "productName", p.brand_name as "brandName", p.category,
             p.medicine_class as "medicineClass", p.controlled,
             to_char(p.fda_registration_expires_on, 'YYYY-MM-DD') as "fdaRegistrationExpiresOn",
             ${refusalCodeSql({ product: 'p', licence: 'lr' }, today)} as "refusalCode",
             s.name as "supplierName", s.supplier_category::text as "supplierCategory",
             s.location as "supplierLocation",
             c.quantity, c.unit_price as "unitPrice",
             case when s.is_active and st.quantity > 0 then f.unit_price end as "quotedUnitPrice",
             c.delivery_location as "deliveryLocation",
             to_char(c.preferred_drop_date, 'YYYY-MM-DD') as "preferredDropDate",
             c.contact_name as "contactName", c.contact_phone as "contactPhone", c.notes,
             to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
      from cart_items c
      join products p on p.id = c.product_id
      join organizations s on s.id = c.supplier_id
      left join licence_records lr on lr.org_id = c.buyer_org_id
      left join offers f on f.supplier_id = c.supplier_id and f.product_id = c.product_id
      left join lateral (
        select sum(l.quantity)::int as quantity
        from inventory_lots l
        where l.supplier_id = c.supplier_id and l.product_id = c.product_id
          and l.quantity > 0 and (l.expiry_date is null or l.expiry_date >= ${today}::date)
          -- A recalled (quarantined) lot is never allocated, so it is no stock to quote against.
          and l.quarantined_at is null
      ) st on true
      where c.user_id = ${owner.userId} and c.buyer_org_id = ${owner.buyerOrgId}
      ${
        opts.forUpdate
          ? sql`order by c.created_at, c.id for update of c`
          : sql`order by c.created_at desc, c.id desc`
      }`,
  );
}

export interface AddTargetRow extends Record<string, unknown> {
  productName: string | null;
  medicineClass: MedicineClass | null;
  controlled: ControlledKind | null;
  fdaRegistrationExpiresOn: string | null;
  /** Whether the product's FDA registration has lapsed: it is then not on offer (docs/domain.md). */
  registrationLapsed: boolean;
  supplierName: string | null;
  isSupplier: boolean;
  supplierActive: boolean;
  /** Units in the supplier's unexpired lots of the product, when it has an offer for it. */
  offeredStock: number | null;
  buyerName: string | null;
  buyerActive: boolean;
}

/**
 * What adding a line needs to know, in one statement: product and its registration, supplier and its
 * stock, the buyer.
 */
export async function findAddTarget(
  db: Executor,
  opts: { productId: string; supplierId: string; buyerOrgId: string; today: string },
) {
  const rows = await queryRows<AddTargetRow>(
    db,
    sql`
      select p.name as "productName",
             p.medicine_class as "medicineClass", p.controlled,
             to_char(p.fda_registration_expires_on, 'YYYY-MM-DD') as "fdaRegistrationExpiresOn",
             coalesce(${registrationLapsedSql('p', opts.today)}, false) as "registrationLapsed",
             s.name as "supplierName", coalesce(s.kind = 'supplier', false) as "isSupplier",
             coalesce(s.is_active, false) as "supplierActive",
             (select coalesce(sum(l.quantity), 0)::int
                from offers f
                left join inventory_lots l
                  on l.supplier_id = f.supplier_id and l.product_id = f.product_id
                 and l.quantity > 0 and (l.expiry_date is null or l.expiry_date >= ${opts.today}::date)
                 and l.quarantined_at is null -- recalled units are not on offer
               where f.supplier_id = ${opts.supplierId} and f.product_id = ${opts.productId}
               group by f.id) as "offeredStock",
             b.name as "buyerName", coalesce(b.is_active, false) as "buyerActive"
      from (select 1) as one
      left join products p on p.id = ${opts.productId}
      left join organizations s on s.id = ${opts.supplierId}
      left join organizations b on b.id = ${opts.buyerOrgId}`,
  );
  return rows[0]!;
}

export async function insertCartLine(db: Executor, values: typeof cartItems.$inferInsert) {
  await db.insert(cartItems).values(values);
}

const owned = (owner: CartOwner) =>
  and(eq(cartItems.userId, owner.userId), eq(cartItems.buyerOrgId, owner.buyerOrgId));

/**
 * Serialises the owner's writes that look for a line with the same delivery details (add, edit) until
 * the transaction ends: without it two adds at once would both find no such line and both insert one.
 * Taken before any row lock; checkout does not take it (it only deletes lines, under row locks).
 */
export async function lockCartForMerge(db: Executor, owner: CartOwner) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`aduro.cart:${owner.userId}`}::text))`);
}

/** The product and supplier of one of the owner's lines; null when the owner has no such line. */
export async function findOwnLine(db: Executor, owner: CartOwner, id: string) {
  const rows = await db
    .select({ id: cartItems.id, productId: cartItems.productId, supplierId: cartItems.supplierId })
    .from(cartItems)
    .where(and(eq(cartItems.id, id), owned(owner)));
  return rows[0] ?? null;
}

export interface CartPairLineRow {
  id: string;
  quantity: number;
  unitPrice: number | null;
  deliveryLocation: string | null;
  preferredDropDate: string | null;
  contactName: string | null;
  contactPhone: string | null;
  notes: string | null;
}

/**
 * The owner's lines of one product from one supplier, locked, oldest first: the same order checkout
 * locks lines in, so an edit and a checkout of one cart never wait on each other in a circle.
 */
export async function lockPairLines(
  db: Executor,
  owner: CartOwner,
  pair: { productId: string; supplierId: string },
): Promise<CartPairLineRow[]> {
  return db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      unitPrice: cartItems.unitPrice,
      deliveryLocation: cartItems.deliveryLocation,
      preferredDropDate: cartItems.preferredDropDate,
      contactName: cartItems.contactName,
      contactPhone: cartItems.contactPhone,
      notes: cartItems.notes,
    })
    .from(cartItems)
    .where(
      and(owned(owner), eq(cartItems.productId, pair.productId), eq(cartItems.supplierId, pair.supplierId)),
    )
    .orderBy(cartItems.createdAt, cartItems.id)
    .for('update');
}

/** Sets what the buyer chose for one of the owner's lines. */
export async function updateCartLine(
  db: Executor,
  owner: CartOwner,
  id: string,
  values: Pick<
    typeof cartItems.$inferInsert,
    | 'quantity'
    | 'unitPrice'
    | 'deliveryLocation'
    | 'preferredDropDate'
    | 'contactName'
    | 'contactPhone'
    | 'notes'
  >,
) {
  await db
    .update(cartItems)
    .set(values)
    .where(and(eq(cartItems.id, id), owned(owner)));
}

/** Deletes one of the owner's lines; false when the owner has no such line. */
export async function deleteCartLine(db: Executor, owner: CartOwner, id: string) {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), owned(owner)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

export async function deleteCartLines(db: Executor, owner: CartOwner, ids?: string[]) {
  await db.delete(cartItems).where(ids ? and(owned(owner), inArray(cartItems.id, ids)) : owned(owner));
}

export interface BuyerRow extends Record<string, unknown> {
  name: string;
  location: string | null;
}

export async function findBuyer(db: Executor, buyerOrgId: string) {
  const rows = await queryRows<BuyerRow>(
    db,
    sql`select name, location from organizations where id = ${buyerOrgId}`,
  );
  return rows[0] ?? null;
}
