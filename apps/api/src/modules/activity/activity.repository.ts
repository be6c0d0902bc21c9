import { sql, type SQL } from 'drizzle-orm';
import { TECHNICAL_EVENT_TYPES, type ActivityType } from '@aduro/shared/activity';
import type { EventRefs } from '@aduro/shared/events';
import type { PaymentMethod } from '@aduro/shared/payments';
import { queryRows, type Executor } from '../../db/client.ts';
import { containsPattern } from '../../lib/keyset.ts';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Whose events: one organisation's (those naming it in org_ids), or every organisation's (the platform). */
export interface ActivityScope {
  /** Null: every organisation (a platform administrator without an orgId filter). */
  orgId: string | null;
  /**
   * False for a supplier: an event naming several organisations (a platform recall) shows it only its
   * own name and the other party the refs name, never the rest of the list.
   */
  seesEveryOrganisation: boolean;
}

export interface ActivityFilterValues {
  type?: ActivityType;
  /** YYYY-MM-DD, UTC, inclusive. */
  from?: string;
  to?: string;
  actor?: string;
}

/**
 * One event with every name its sentence needs, read in the same statement (activity.service.ts words
 * it). Columns a type does not use are null.
 */
export interface ActivityRow extends Record<string, unknown> {
  id: number | string;
  type: ActivityType;
  /** Every organisation the event names: for scoping what the caller sees, never shown as such. */
  orgIds: string[];
  /** Every id the event names; the service narrows them to the caller's share (lib/event-refs.ts). */
  refs: EventRefs;
  createdAt: string;
  actorName: string | null;
  actorEmail: string | null;
  /** The API key the write was made with, by name (the key of an api_key.* event is apiKeySubjectName). */
  apiKeyName: string | null;
  /** api_key.created and api_key.revoked: the key's name. */
  apiKeySubjectName: string | null;
  organisations: { id: string; name: string }[];
  /**
   * The product of the first order the scope may see, else (an event naming no orders) the first the
   * refs name: a supplier's sentence about a checkout across suppliers names its own product.
   */
  productName: string | null;
  /** The first order the refs name that the scope may see, and how many such orders they name. */
  orderNumber: string | null;
  orderCount: number;
  dropSequence: number | null;
  /** The status a drop move set (its order_history row). */
  dropStatus: string | null;
  buyerName: string | null;
  supplierName: string | null;
  subjectOrgName: string | null;
  subjectOrgKind: 'customer' | 'supplier' | 'platform' | null;
  /** organisation.toggled: whether the organisation was active after this event. */
  subjectOrgActive: boolean | null;
  applicationStatus: 'pending' | 'approved' | 'rejected' | null;
  requestedLimit: number | null;
  approvedLimit: number | null;
  invoiceNumber: string | null;
  paymentAmount: number | null;
  paymentMethod: PaymentMethod | null;
  recallNumber: string | null;
  recallBatches: string[] | null;
  subjectUserName: string | null;
  /** staff.changed: the user was created in the event's own transaction. */
  subjectUserAdded: boolean | null;
  /** staff.changed: the user no longer exists and this was the last change to them (their removal). */
  subjectUserRemoved: boolean | null;
  lotCount: number;
  /** The rfq.* events: the request's number. */
  rfqNumber: string | null;
  /** Whether a person acted (null: a job, e.g. the deadline closing a request for quotation). */
  actedByUser: boolean;
  /** The return.* events: the return's number. */
  returnNumber: string | null;
  /** return.inspected: the credit note it issued (none when no unit was received). */
  creditNoteNumber: string | null;
  creditNoteAmount: number | null;
  /** payment.settled and payment.failed: the mobile-money payment attempt (refs.paymentId). */
  mobileMoneyAmount: number | null;
  mobileMoneyProvider: string | null;
  /** Where the attempt stands now: a payment.failed one settled since says so. */
  mobileMoneyStatus: string | null;
  mobileMoneyInvoiceNumber: string | null;
  mobileMoneyBuyerName: string | null;
}

const TECHNICAL = `{${TECHNICAL_EVENT_TYPES.join(',')}}`;
const ref = (key: keyof EventRefs) => sql`(e.refs ->> ${key})::uuid`;

/** The conditions every read of the trail shares: scope, the types it shows, and the caller's filters. */
function whereOf(scope: ActivityScope, filters: ActivityFilterValues): SQL {
  const parts: SQL[] = [sql`e.type <> all(${TECHNICAL}::text[])`];
  if (scope.orgId) parts.push(sql`e.org_ids @> array[${scope.orgId}::uuid]`);
  if (filters.type) parts.push(sql`e.type = ${filters.type}`);
  if (filters.from) parts.push(sql`e.created_at >= (${filters.from}::date)::timestamp at time zone 'UTC'`);
  if (filters.to) parts.push(sql`e.created_at < (${filters.to}::date + 1)::timestamp at time zone 'UTC'`);
  if (filters.actor) {
    const pattern = containsPattern(filters.actor);
    parts.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/** How many events the scope and filters match, all pages together. */
export async function countActivity(
  db: Executor,
  scope: ActivityScope,
  filters: ActivityFilterValues,
): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total
        from events e
        left join users u on u.id = e.actor_user_id
        where ${whereOf(scope, filters)}`,
  );
  return row?.total ?? 0;
}

/**
 * Up to `limit` events of the scope, newest first, strictly older than `beforeId` when given. Ids only
 * grow, so the id alone is the keyset: an event written while a reader pages has a larger id and never
 * lands in a later page, and none is skipped. Every name the sentences need comes from joins on the
 * refs in this one statement, so a page costs one query whatever its length.
 */
export async function listActivity(
  db: Executor,
  scope: ActivityScope,
  filters: ActivityFilterValues,
  page: { beforeId: number | null; limit: number },
): Promise<ActivityRow[]> {
  // What the caller may see of an event's organisations and orders: everything for the platform,
  // otherwise its own organisation and the parties the refs name.
  const visibleOrg = scope.seesEveryOrganisation
    ? sql`true`
    : sql`(x.id = ${scope.orgId}::uuid or x.id = ${ref('buyerId')} or x.id = ${ref('supplierId')}
           or x.id = ${ref('organisationId')})`;
  const ordersScoped = !scope.seesEveryOrganisation && scope.orgId !== null;
  const visibleOrder = ordersScoped
    ? sql`(o.buyer_org_id = ${scope.orgId}::uuid or o.seller_org_id = ${scope.orgId}::uuid)`
    : sql`true`;
  // The product a sentence names. An event naming orders (a checkout across suppliers lists every
  // supplier's orders and products) names, for a scoped reader, only the product of an order it may see:
  // never productIds[0], which may be what the buyer ordered from another supplier.
  const firstProduct = sql`(e.refs -> 'productIds' ->> 0)::uuid`;
  const product = ordersScoped
    ? sql`case when e.refs ? 'orderIds' then ord.product_id else ${firstProduct} end`
    : sql`coalesce(ord.product_id, ${firstProduct})`;
  const rows = await queryRows<ActivityRow>(
    db,
    sql`
      select e.id, e.type, e.org_ids as "orgIds", e.refs, ${iso(sql`e.created_at`)} as "createdAt",
             u.name as "actorName", u.email as "actorEmail",
             ak.name as "apiKeyName", aks.name as "apiKeySubjectName",
             coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.name)
                       from organizations x where x.id = any(e.org_ids) and ${visibleOrg}), '[]'::json)
               as organisations,
             p.name as "productName",
             ord.number as "orderNumber", coalesce(ord.count, 0) as "orderCount",
             d.sequence as "dropSequence", h.to_status as "dropStatus",
             b.name as "buyerName", s.name as "supplierName",
             so.name as "subjectOrgName", so.kind as "subjectOrgKind",
             -- Toggles say which way they went (refs.active); older ones recorded no direction: the
             -- organisation's state now, turned back once for each later toggle (each one flips it).
             case when e.type = 'organisation.toggled' and e.refs ? 'active' then (e.refs ->> 'active')::boolean
                  when e.type = 'organisation.toggled' and so.id is not null then
               so.is_active <> ((select count(*) from events l
                                 where l.type = 'organisation.toggled' and l.org_ids @> array[so.id]
                                   and l.id > e.id) % 2 = 1)
             end as "subjectOrgActive",
             ca.status as "applicationStatus", ca.requested_limit::float8 as "requestedLimit",
             ca.approved_limit::float8 as "approvedLimit",
             i.number as "invoiceNumber", pay.amount as "paymentAmount", pay.method as "paymentMethod",
             r.number as "recallNumber", r.batch_numbers as "recallBatches",
             su.name as "subjectUserName",
             -- Staff changes say what happened (refs.staffChange); older ones are inferred: created
             -- with the event, or gone with no later change to them.
             case when e.type = 'staff.changed' and e.refs ? 'staffChange' then e.refs ->> 'staffChange' = 'added'
                  when e.type = 'staff.changed' and su.id is not null then
               su.created_at between e.created_at - interval '5 seconds' and e.created_at
             end as "subjectUserAdded",
             case when e.type = 'staff.changed' and e.refs ? 'staffChange' then e.refs ->> 'staffChange' = 'removed'
                  when e.type = 'staff.changed' and su.id is null then
               not exists (select 1 from events l
                           where l.type = 'staff.changed' and l.org_ids @> e.org_ids
                             and l.refs ->> 'userId' = e.refs ->> 'userId' and l.id > e.id)
             end as "subjectUserRemoved",
             coalesce(jsonb_array_length(case when jsonb_typeof(e.refs -> 'lotIds') = 'array'
                                              then e.refs -> 'lotIds' end), 0) as "lotCount",
             rfq.number as "rfqNumber", e.actor_user_id is not null as "actedByUser",
             ret.number as "returnNumber", cn.number as "creditNoteNumber",
             cn.amount::float8 as "creditNoteAmount",
             mm.amount::float8 as "mobileMoneyAmount", mm.provider_name as "mobileMoneyProvider",
             mm.status::text as "mobileMoneyStatus", mmi.number as "mobileMoneyInvoiceNumber",
             mmb.name as "mobileMoneyBuyerName"
      from events e
      left join users u on u.id = e.actor_user_id
      left join lateral (
        select min(o.number) as number, count(*)::int as count,
               (array_agg(o.product_id order by o.number))[1] as product_id
        from orders o
        where o.id in (select jsonb_array_elements_text(
                         case when jsonb_typeof(e.refs -> 'orderIds') = 'array' then e.refs -> 'orderIds'
                              else '[]'::jsonb end)::uuid)
          and ${visibleOrder}
      ) ord on true
      left join products p on p.id = ${product}
      left join order_drops d on d.id = ${ref('dropId')}
      left join order_history h on h.id = (e.refs ->> 'historyId')::bigint
      left join organizations b on b.id = ${ref('buyerId')}
      left join organizations s on s.id = ${ref('supplierId')}
      left join organizations so on so.id = ${ref('organisationId')}
      left join credit_applications ca on ca.id = ${ref('applicationId')}
      left join invoices i on i.id = ${ref('invoiceId')}
      -- The payment an event announced: the invoice is locked while a payment is written, so the latest
      -- one on it up to the event's time is the event's own.
      left join lateral (
        select y.amount::float8 as amount, y.method::text as method
        from payments y
        where e.type = 'payment.recorded' and y.invoice_id = i.id and y.created_at <= e.created_at
        order by y.created_at desc
        limit 1
      ) pay on true
      left join recalls r on r.id = ${ref('recallId')}
      left join users su on su.id = ${ref('userId')}
      left join rfqs rfq on rfq.id = ${ref('rfqId')}
      left join returns ret on ret.id = ${ref('returnId')}
      left join credit_notes cn on cn.id = ${ref('creditNoteId')}
      -- A mobile-money event names its attempt; the invoice and buyer come from the attempt itself, so
      -- the sentence holds whichever other refs the event carried.
      left join payment_attempts mm on mm.id = ${ref('paymentId')}
        and e.type in ('payment.settled', 'payment.failed')
      left join invoices mmi on mmi.id = mm.invoice_id
      left join organizations mmb on mmb.id = mm.buyer_org_id
      -- Keys are never deleted (only revoked), so an old write still names its key.
      left join api_keys ak on ak.id = e.api_key_id
      left join api_keys aks on aks.id = ${ref('apiKeyId')}
      where ${whereOf(scope, filters)}
        ${page.beforeId !== null ? sql`and e.id < ${page.beforeId}` : sql``}
      order by e.id desc
      limit ${page.limit}`,
  );
  return rows;
}
