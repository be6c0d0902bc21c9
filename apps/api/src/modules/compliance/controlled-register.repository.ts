import { sql, type SQL } from 'drizzle-orm';
import type { ControlledKind, ControlledRegisterEntry } from '@aduro/shared/compliance';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';
import { positionAt } from '../../lib/keyset.ts';

/*
 * The controlled-drugs register (docs/domain.md "Controlled drugs"): what a Pharmacist's sign-off covers,
 * what it writes, and what a drop needs before it ships. The register and its sign-offs are append-only
 * (a trigger of migration 0017 refuses UPDATE, DELETE and TRUNCATE), so this file only inserts and reads.
 */

/**
 * The allocations of the order `o` that a Pharmacist must still sign off: open ones (not returned to
 * their lot, in a drop not cancelled, whatever its progress) with no register entry yet. The one rule
 * behind the sign-off, the order's `controlledSignoff` and the dispatch check, so they never disagree.
 * A drop re-picked after its sign-off holds new allocations, which this finds again.
 */
export const uncoveredAllocationsSql = (of: { orderId: SQL } | { dropId: SQL }) => sql`
  select a.id, a.drop_id, a.lot_id, a.quantity
  from order_drops d
  join drop_allocations a on a.drop_id = d.id
  where ${'orderId' in of ? sql`d.order_id = ${of.orderId}` : sql`d.id = ${of.dropId}`}
    and d.status <> 'Cancelled' and a.returned_at is null
    and not exists (select 1 from controlled_register r where r.allocation_id = a.id)`;

export interface SignoffFacts extends Record<string, unknown> {
  controlled: ControlledKind | null;
  /** Open allocations of the order with no register entry yet. */
  uncovered: number;
}

/** What a sign-off of the (locked) order decides on: whether it is controlled, and what awaits signing. */
export async function readSignoffFacts(tx: Tx, orderId: string) {
  const rows = await queryRows<SignoffFacts>(
    tx,
    sql`select p.controlled,
               (select count(*)::int from (${uncoveredAllocationsSql({ orderId: sql`o.id` })}) u) as uncovered
        from orders o
        join products p on p.id = o.product_id
        where o.id = ${orderId}`,
  );
  return rows[0]!;
}

/**
 * Writes one sign-off and a register entry per uncovered allocation of the order, everything shown
 * copied in (names, numbers, batch) so the register reads the same after staff, licences or the
 * catalogue change. The buyer's approver is the user who released the order: the RELEASED history row
 * (its name survives the user's removal), else the order's approved_by user. Answers the sign-off's id.
 */
export async function insertSignoff(
  tx: Tx,
  input: {
    orderId: string;
    supplierOrgId: string;
    pharmacist: { id: string; name: string };
    at: Date;
    today: string;
  },
): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with signoff as (
          insert into controlled_signoffs (order_id, supplier_org_id, pharmacist_user_id, pharmacist_name, signed_at)
          values (${input.orderId}, ${input.supplierOrgId}, ${input.pharmacist.id}, ${input.pharmacist.name}, ${input.at})
          returning id, signed_at
        ), entries as (
          insert into controlled_register (
            signoff_id, entry_date, signed_off_at, supplier_org_id, supplier_name, order_id, order_number,
            drop_id, allocation_id, product_id, product_name, controlled, lot_id, batch_number, quantity,
            buyer_org_id, buyer_name, buyer_licence_number, buyer_authorisation_number,
            approver_user_id, approver_name, pharmacist_user_id, pharmacist_name)
          select s.id, ${input.today}::date, s.signed_at, o.seller_org_id, sup.name, o.id, o.number,
                 u.drop_id, u.id, p.id, p.name, p.controlled, l.id, l.batch_number, u.quantity,
                 b.id, b.name, lr.number, lr.controlled_authorisation_number,
                 coalesce(h.actor_user_id, o.approved_by_user_id),
                 coalesce(h.actor_name, au.name, 'Not recorded'),
                 ${input.pharmacist.id}, ${input.pharmacist.name}
          from signoff s
          cross join orders o
          join products p on p.id = o.product_id
          join organizations sup on sup.id = o.seller_org_id
          join organizations b on b.id = o.buyer_org_id
          join licence_records lr on lr.org_id = o.buyer_org_id
          cross join lateral (${uncoveredAllocationsSql({ orderId: sql`o.id` })}) u
          join inventory_lots l on l.id = u.lot_id
          left join lateral (
            select actor_user_id, actor_name from order_history
            where order_id = o.id and drop_id is null and to_status = 'RELEASED'
            order by created_at desc, id desc limit 1) h on true
          left join users au on au.id = o.approved_by_user_id
          where o.id = ${input.orderId}
          returning 1)
        select id from signoff, (select count(*) from entries) written`,
  );
  return rows[0]!.id;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const entryColumns = sql`
  r.id, to_char(r.entry_date, 'YYYY-MM-DD') as "entryDate", ${iso(sql`r.signed_off_at`)} as "signedOffAt",
  r.supplier_org_id as "supplierId", r.supplier_name as "supplierName",
  r.order_id as "orderId", r.order_number as "orderNumber", r.drop_id as "dropId",
  r.product_id as "productId", r.product_name as "productName", r.controlled,
  r.batch_number as "batchNumber", r.quantity,
  r.buyer_org_id as "buyerId", r.buyer_name as "buyerName",
  r.buyer_licence_number as "buyerLicenceNumber", r.buyer_authorisation_number as "buyerAuthorisationNumber",
  r.approver_name as "approverName", r.pharmacist_name as "pharmacistName"`;

/** Where an entry sits in the newest-first register: its signing instant (to the microsecond), then id. */
export type RegisterPosition = readonly [at: string, id: string];

type EntryRow = ControlledRegisterEntry & { position: string };

/**
 * Register entries, newest first (then by id, so entries signed together keep one order): a supplier's
 * own when `supplierOrgId` is given, every supplier's for the platform (null); or one sign-off's.
 * `after`/`limit` read it in keyset batches for the CSV export.
 */
export async function listRegister(
  db: Executor,
  opts: {
    supplierOrgId: string | null;
    signoffId?: string;
    after?: RegisterPosition | null;
    limit?: number;
  },
) {
  return queryRows<EntryRow>(
    db,
    sql`select ${entryColumns},
               ${positionAt(sql`r.signed_off_at`)} as position
        from controlled_register r
        where true
          ${opts.supplierOrgId ? sql`and r.supplier_org_id = ${opts.supplierOrgId}` : sql``}
          ${opts.signoffId ? sql`and r.signoff_id = ${opts.signoffId}` : sql``}
          ${opts.after ? sql`and (r.signed_off_at, r.id) < (${opts.after[0]}::timestamptz, ${opts.after[1]}::uuid)` : sql``}
        order by r.signed_off_at desc, r.id desc
        ${opts.limit ? sql`limit ${opts.limit}` : sql``}`,
  );
}

/**
 * Whether the drop may not ship for want of a sign-off: its product is controlled and it holds an open
 * allocation with no register entry. Read inside the move's transaction after the order's lock, which
 * a sign-off and a re-pick of the same order also take, so it sees the last of them committed.
 */
export async function dropAwaitsSignoff(tx: Tx, dropId: string): Promise<boolean> {
  const rows = await queryRows<{ awaits: boolean }>(
    tx,
    sql`select exists (
          select 1 from order_drops d
          join orders o on o.id = d.order_id
          join products p on p.id = o.product_id
          where d.id = ${dropId} and p.controlled is not null
        ) and exists (${uncoveredAllocationsSql({ dropId: sql`${dropId}` })}) as awaits`,
  );
  return rows[0]?.awaits ?? false;
}
