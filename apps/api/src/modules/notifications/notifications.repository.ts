import { sql } from 'drizzle-orm';
import type { EventType } from '@aduro/shared/events';
import { NOTIFICATION_TOPICS, type Notification, type NotificationTopic } from '@aduro/shared/notifications';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// --- Writing (the notifications job, inside its transaction) -----------------------------------------

export interface NotificationText {
  title: string;
  body: string;
  link: string;
}

/**
 * One notification of the event for each user of the organisation who holds a role that hears its
 * topic (NOTIFICATION_TOPICS), the actor left out. A retried job inserts nothing twice: (event_id,
 * user_id) is unique. Answers the notifications it inserted, each with whether its user takes the topic
 * by e-mail (no preference stored means yes), so a retry mails nobody twice either.
 */
export async function notifyOrganisation(
  tx: Tx,
  event: { id: number; type: EventType; actorUserId: string | null },
  to: { orgId: string; topic: NotificationTopic },
  text: NotificationText,
): Promise<{ id: string; email: boolean }[]> {
  const roles = `{${NOTIFICATION_TOPICS[to.topic].heardBy.join(',')}}`;
  return queryRows<{ id: string; email: boolean }>(
    tx,
    sql`
      with inserted as (
        insert into notifications (user_id, event_id, type, title, body, link)
        select u.id, ${event.id}, ${event.type}, ${text.title}, ${text.body}, ${text.link}
        from users u
        where u.org_id = ${to.orgId}
          and u.id is distinct from ${event.actorUserId}::uuid
          and exists (
            select 1 from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = u.id and r.org_kind = u.user_type and r.name = any(${roles}::text[]))
        on conflict (event_id, user_id) do nothing
        returning id, user_id
      )
      select i.id, coalesce(
               (select p.email from notification_preferences p
                where p.user_id = i.user_id and p.topic = ${to.topic}),
               true) as email
      from inserted i`,
  );
}

/** The platform's organisations (the operator's), whose administrators hear of suppliers to review. */
export function readPlatformOrganisations(db: Executor) {
  return queryRows<{ id: string }>(db, sql`select id from organizations where kind = 'platform'`);
}

/**
 * A supplier's credit approver addresses from its registration that are nobody's account there (its own
 * users hear of applications by their roles and preferences), and its name.
 */
export async function readApproverEmails(db: Executor, supplierId: string) {
  const [row] = await queryRows<{ name: string; approverEmails: string[] }>(
    db,
    sql`select o.name,
               array(select distinct lower(a) from unnest(o.approver_emails) a
                     where not exists (select 1 from users u
                                       where u.org_id = o.id and lower(u.email) = lower(a))
                     order by 1) as "approverEmails"
        from organizations o where o.id = ${supplierId}`,
  );
  return row;
}

/**
 * What the e-mail of one notification needs: its text, its recipient, and whether they still take its
 * topic by e-mail. Nothing once the user was removed (the notification went with them).
 */
export async function readNotificationMail(db: Executor, notificationId: string, topic: NotificationTopic) {
  const [row] = await queryRows<{
    title: string;
    body: string;
    link: string;
    email: string;
    name: string;
    wantsEmail: boolean;
  }>(
    db,
    sql`select n.title, n.body, n.link, u.email, u.name,
               coalesce((select p.email from notification_preferences p
                         where p.user_id = u.id and p.topic = ${topic}), true) as "wantsEmail"
        from notifications n join users u on u.id = n.user_id
        where n.id = ${notificationId}`,
  );
  return row;
}

/** The drafted orders, with who buys and sells and what. */
export function readOrders(db: Executor, ids: readonly string[]) {
  return queryRows<{
    id: string;
    number: string;
    sellerOrgId: string;
    buyerName: string;
    productName: string;
    totalQuantity: number;
    totalCost: number;
  }>(
    db,
    sql`select o.id, o.number, o.seller_org_id as "sellerOrgId", b.name as "buyerName",
               p.name as "productName", o.total_quantity as "totalQuantity", o.total_cost as "totalCost"
        from orders o
        join organizations b on b.id = o.buyer_org_id
        join products p on p.id = o.product_id
        where o.id = any(${`{${ids.join(',')}}`}::uuid[])
        order by o.number`,
  );
}

/** A released order with its invoice. */
export async function readInvoice(db: Executor, invoiceId: string) {
  const [row] = await queryRows<{
    number: string;
    amount: number;
    amountPaid: number;
    creditApplied: number;
    status: 'unpaid' | 'paid' | 'void';
    dueDate: string;
    onCredit: boolean;
    orderId: string;
    orderNumber: string;
    productName: string;
    totalQuantity: number;
    buyerOrgId: string;
    buyerName: string;
    sellerOrgId: string;
    sellerName: string;
  }>(
    db,
    sql`select i.number, i.amount, i.amount_paid as "amountPaid", i.credit_applied as "creditApplied", i.status,
               to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
               i.on_credit as "onCredit", o.id as "orderId", o.number as "orderNumber",
               p.name as "productName",
               o.total_quantity as "totalQuantity",
               b.id as "buyerOrgId", b.name as "buyerName", s.id as "sellerOrgId", s.name as "sellerName"
        from invoices i
        join orders o on o.id = i.order_id
        join products p on p.id = o.product_id
        join organizations b on b.id = i.buyer_org_id
        join organizations s on s.id = i.seller_org_id
        where i.id = ${invoiceId}`,
  );
  return row;
}

/**
 * A drop as its move left it: the status the move's history row (the event's historyId) set, or the
 * drop's status now for an event that names none; and its tracking number and ETA.
 */
export async function readDropMove(db: Executor, dropId: string, historyId: number | null) {
  const [row] = await queryRows<{
    status: string;
    sequence: number;
    dropCount: number;
    trackingNumber: string | null;
    estimatedDeliveryDate: string | null;
    orderId: string;
    orderNumber: string;
    productName: string;
    quantity: number;
    buyerOrgId: string;
    sellerName: string;
  }>(
    db,
    sql`select coalesce(
                 (select h.to_status from order_history h where h.id = ${historyId} and h.drop_id = d.id),
                 d.status::text) as status,
               d.sequence, (select count(*)::int from order_drops x where x.order_id = o.id) as "dropCount",
               d.tracking_number as "trackingNumber",
               to_char(d.estimated_delivery_date, 'YYYY-MM-DD') as "estimatedDeliveryDate",
               o.id as "orderId", o.number as "orderNumber", p.name as "productName", d.quantity,
               o.buyer_org_id as "buyerOrgId", s.name as "sellerName"
        from order_drops d
        join orders o on o.id = d.order_id
        join products p on p.id = o.product_id
        join organizations s on s.id = o.seller_org_id
        where d.id = ${dropId}`,
  );
  return row;
}

/** A credit application with both sides' names. */
export async function readApplication(db: Executor, applicationId: string) {
  const [row] = await queryRows<{
    status: 'pending' | 'approved' | 'rejected';
    requestedLimit: number;
    approvedLimit: number | null;
    customerId: string;
    customerName: string;
    supplierId: string;
    supplierName: string;
  }>(
    db,
    sql`select a.status, a.requested_limit as "requestedLimit", a.approved_limit as "approvedLimit",
               c.id as "customerId", c.name as "customerName", s.id as "supplierId", s.name as "supplierName"
        from credit_applications a
        join organizations c on c.id = a.customer_id
        join organizations s on s.id = a.supplier_id
        where a.id = ${applicationId}`,
  );
  return row;
}

/** An organisation's kind, name and whether it is active. */
export async function readOrganisation(db: Executor, id: string) {
  const [row] = await queryRows<{
    kind: 'customer' | 'supplier' | 'platform';
    name: string;
    isActive: boolean;
  }>(db, sql`select kind, name, is_active as "isActive" from organizations where id = ${id}`);
  return row;
}

// --- Reading (the API) -----------------------------------------------------------------------------

/** The position of a notification in a user's list: created_at to the microsecond, then id. */
export interface NotificationPosition {
  at: string;
  id: string;
}

/** One page of the user's notifications, newest first, after `after`; one more row than `limit` tells of a next page. */
export function listNotifications(
  db: Executor,
  userId: string,
  opts: { after: NotificationPosition | null; limit: number },
) {
  return queryRows<Notification & { position: string }>(
    db,
    sql`select id, type, title, body, link, ${iso(sql`created_at`)} as "createdAt",
               ${iso(sql`read_at`)} as "readAt",
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position
        from notifications
        where user_id = ${userId}
          ${opts.after ? sql`and (created_at, id) < (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)` : sql``}
        order by created_at desc, id desc
        limit ${opts.limit + 1}`,
  );
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from notifications where user_id = ${userId} and read_at is null`,
  );
  return row?.count ?? 0;
}

/** Marks the user's notification read (keeping an earlier read time); false when it is not theirs. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update notifications set read_at = coalesce(read_at, now())
        where id = ${id} and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db.execute(
    sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null`,
  );
}

// --- Preferences -------------------------------------------------------------------------------------

/** The topics the user chose about; a topic missing here is e-mailed. */
export function readPreferences(db: Executor, userId: string) {
  return queryRows<{ topic: NotificationTopic; email: boolean }>(
    db,
    sql`select topic, email from notification_preferences where user_id = ${userId}`,
  );
}

export async function writePreferences(
  tx: Tx,
  userId: string,
  choices: readonly { topic: NotificationTopic; email: boolean }[],
): Promise<void> {
  for (const { topic, email } of choices) {
    await tx.execute(sql`
      insert into notification_preferences (user_id, topic, email) values (${userId}, ${topic}, ${email})
      on conflict (user_id, topic) do update set email = excluded.email, updated_at = now()`);
  }
}
