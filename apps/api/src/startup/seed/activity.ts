import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The change feed's events for what the demo's rows say happened, so the activity trail (the supplier
 * cockpit's Activity tab, the Admin page's Activity) tells the demo's story rather than starting empty.
 * Each is the event the workflow would have recorded (its type, organisations, audience and refs as the
 * services write them; docs/domain.md "Activity and order history"), dated when the rows say it happened:
 *
 * - an organisation registering (its creation, by its first user), and a platform administrator
 *   activating a supplier that trades today;
 * - a supplier adding staff (each user after the organisation's first, by its Admin);
 * - each price an offer has had: the stock sync that set it (by the supplier's inventory manager);
 * - each order drafted, approved or cancelled before approval, and each drop move (order_history);
 * - each credit application submitted and decided;
 * - each payment recorded;
 * - each buyer's licence submitted (by its first user) and, when checked, reviewed by the administrator.
 *
 * Written already dispatched (dispatched_at = created_at): history, not news, so the job queue sends no
 * notifications or e-mails for it. Inserted oldest first, so the ids, which the trail pages by, follow
 * time as they do for real events; at one instant, the kinds keep the order above and an order's
 * history rows their own.
 */
export async function recordDemoActivity(tx: Executor): Promise<void> {
  await tx.execute(sql`
    with org_admin as (
      -- Who acts for an organisation: its earliest Admin (or earliest user when it has no Admin).
      select distinct on (u.org_id) u.org_id, u.id
      from users u
      left join user_roles ur on ur.user_id = u.id
      left join roles r on r.id = ur.role_id and r.name = 'Admin'
      order by u.org_id, (r.id is null), u.created_at, u.id
    ), stock_keeper as (
      -- Who syncs a supplier's stock: its earliest InventoryManager, else its Admin.
      select distinct on (u.org_id) u.org_id, u.id
      from users u
      join user_roles ur on ur.user_id = u.id
      join roles r on r.id = ur.role_id and r.name in ('InventoryManager', 'Admin')
      order by u.org_id, (r.name <> 'InventoryManager'), u.created_at, u.id
    ), platform_admin as (
      select a.id from org_admin a join organizations o on o.id = a.org_id where o.kind = 'platform'
      order by a.id limit 1
    ), happened (type, org_ids, audience, refs, actor_user_id, at, tiebreak, seq) as (
      select 'organisation.registered', array[o.id], '{platform}'::text[],
             jsonb_build_object('organisationId', o.id),
             (select u.id from users u where u.org_id = o.id order by u.created_at, u.id limit 1),
             o.created_at, 0, 0::bigint
      from organizations o
      where o.kind <> 'platform'
      union all
      select 'organisation.toggled', array[o.id], '{platform,customer}'::text[],
             jsonb_build_object('organisationId', o.id, 'active', true, 'supplierId', o.id),
             (select id from platform_admin), o.activated_at, 1, 0
      from organizations o
      where o.kind = 'supplier' and o.is_active and o.activated_at is not null
      union all
      select 'staff.changed', array[u.org_id], '{}'::text[],
             jsonb_build_object('userId', u.id, 'staffChange', 'added'), a.id, u.created_at, 2, 0
      from users u
      join organizations o on o.id = u.org_id and o.kind = 'supplier'
      join org_admin a on a.org_id = u.org_id and a.id <> u.id
      where u.id <> (select f.id from users f where f.org_id = u.org_id order by f.created_at, f.id limit 1)
      union all
      select 'inventory.synced', array[p.supplier_id], '{customer}'::text[],
             jsonb_build_object('supplierId', p.supplier_id, 'productIds', jsonb_build_array(p.product_id)),
             k.id, p.effective_at, 3, 0
      from offer_prices p
      left join stock_keeper k on k.org_id = p.supplier_id
      union all
      select case when h.drop_id is not null then 'drop.moved'
                  when h.from_status is null then 'order.drafted'
                  when h.to_status = 'RELEASED' then 'order.released'
                  else 'order.cancelled' end,
             array[o.buyer_org_id, o.seller_org_id],
             case when h.drop_id is null and h.to_status in ('RELEASED', 'CANCELLED')
                    or h.to_status = 'Cancelled' then '{customer}'::text[]
                  else '{}'::text[] end,
             jsonb_strip_nulls(jsonb_build_object(
               'buyerId', o.buyer_org_id, 'supplierId', o.seller_org_id,
               'orderIds', jsonb_build_array(o.id), 'productIds', jsonb_build_array(o.product_id),
               'dropId', h.drop_id,
               'historyId', case when h.drop_id is not null then h.id end,
               'invoiceId', case when h.to_status = 'RELEASED' then i.id end,
               'creditLineId', case when h.to_status = 'RELEASED' then i.credit_line_id end)),
             h.actor_user_id, h.created_at, 4, h.id
      from order_history h
      join orders o on o.id = h.order_id
      left join invoices i on i.order_id = o.id
      -- An order's own status following its drops (e.g. to DELIVERED) is part of the drop's move, which
      -- records the one event, as move-drop.workflow.ts does.
      where h.drop_id is not null or h.from_status is null
         or (h.from_status = 'AWAITING_CUSTOMER_APPROVAL' and h.to_status in ('RELEASED', 'CANCELLED'))
      union all
      select 'credit.application_submitted', array[c.customer_id, c.supplier_id], '{}'::text[],
             jsonb_build_object('buyerId', c.customer_id, 'supplierId', c.supplier_id, 'applicationId', c.id),
             c.submitted_by_user_id, c.created_at, 5, 0
      from credit_applications c
      union all
      select 'credit.decided', array[c.customer_id, c.supplier_id], '{}'::text[],
             jsonb_strip_nulls(jsonb_build_object(
               'buyerId', c.customer_id, 'supplierId', c.supplier_id, 'applicationId', c.id,
               'creditLineId', case when c.status = 'approved' then l.id end)),
             c.decided_by_user_id, c.decided_at, 6, 0
      from credit_applications c
      left join credit_lines l on l.customer_id = c.customer_id and l.supplier_id = c.supplier_id
      where c.status <> 'pending' and c.decided_at is not null
      union all
      select 'payment.recorded', array[i.buyer_org_id, i.seller_org_id], '{}'::text[],
             jsonb_strip_nulls(jsonb_build_object(
               'buyerId', i.buyer_org_id, 'supplierId', i.seller_org_id, 'invoiceId', i.id,
               'creditLineId', i.credit_line_id)),
             y.recorded_by_user_id, y.created_at, 7, 0
      from payments y
      join invoices i on i.id = y.invoice_id
      union all
      select 'licence.submitted', array[l.org_id], '{platform}'::text[],
             jsonb_build_object('organisationId', l.org_id, 'buyerId', l.org_id),
             (select u.id from users u where u.org_id = l.org_id order by u.created_at, u.id limit 1),
             l.submitted_at, 8, 0
      from licence_records l
      union all
      select 'licence.reviewed', array[l.org_id], '{platform}'::text[],
             jsonb_build_object('organisationId', l.org_id, 'buyerId', l.org_id, 'licenceStatus', l.status,
                                'controlledAuthorised', l.controlled_authorised, 'revoked', false),
             l.reviewed_by_user_id, l.reviewed_at, 9, 0
      from licence_records l
      where l.reviewed_at is not null
    )
    insert into events (type, org_ids, audience, refs, actor_user_id, created_at, dispatched_at)
    select type, org_ids, audience, refs, actor_user_id, at, at
    from happened
    order by at, tiebreak, seq, refs::text`);
}
