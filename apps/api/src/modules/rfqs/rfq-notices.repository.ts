import { sql } from 'drizzle-orm';
import type { RfqInvitationStatus, RfqStatus } from '@aduro/shared/rfqs';
import { queryRows, type Executor } from '../../db/client.ts';

/*
 * What the notifications of the rfq.* events read (notifications/notify-event.ts): the request as each
 * party is told of it. Every read is by the RFQ's id; the job decides who hears what.
 */

/** One invited supplier and how it answered, as the job sorts who hears an award or a reminder. */
export interface RfqNoticeInvitation {
  supplierOrgId: string;
  supplierName: string;
  status: RfqInvitationStatus;
  /** Whether it ever had a quote on the request (a withdrawn quote is deleted, so withdrawn is not). */
  quoted: boolean;
}

/** The request as its notifications tell it. */
export interface RfqNotice extends Record<string, unknown> {
  id: string;
  number: string;
  buyerOrgId: string;
  buyerName: string;
  status: RfqStatus;
  sealed: boolean;
  /** The deadline in words, in UTC (Accra's own time): "2026-12-01 17:00 UTC". */
  deadline: string;
  requiredBy: string;
  /** The buyer's reason for cancelling, as typed; null when it gave none or has not cancelled. */
  cancelReason: string | null;
  lines: { productName: string; quantity: number }[];
  invitations: RfqNoticeInvitation[];
}

/** The request, its lines in order and its invitations, or undefined when it is gone. */
export async function readRfqForNotice(db: Executor, rfqId: string): Promise<RfqNotice | undefined> {
  const [row] = await queryRows<RfqNotice>(
    db,
    sql`select r.id, r.number, r.buyer_org_id as "buyerOrgId", b.name as "buyerName", r.status::text as status,
               r.sealed,
               to_char(r.response_deadline at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' as deadline,
               to_char(r.required_by, 'YYYY-MM-DD') as "requiredBy",
               r.cancel_reason as "cancelReason",
               coalesce((select json_agg(json_build_object('productName', p.name, 'quantity', l.quantity)
                                         order by l.line_no)
                         from rfq_lines l join products p on p.id = l.product_id
                         where l.rfq_id = r.id), '[]'::json) as lines,
               coalesce((select json_agg(json_build_object(
                                  'supplierOrgId', i.supplier_org_id, 'supplierName', s.name,
                                  'status', i.status,
                                  'quoted', exists (select 1 from rfq_quotes q
                                                    where q.rfq_id = i.rfq_id
                                                      and q.supplier_org_id = i.supplier_org_id))
                                  order by s.name)
                         from rfq_invitations i join organizations s on s.id = i.supplier_org_id
                         where i.rfq_id = r.id), '[]'::json) as invitations
        from rfqs r join organizations b on b.id = r.buyer_org_id
        where r.id = ${rfqId}`,
  );
  return row;
}

/** One order an award drafted for a supplier. */
export interface RfqAwardedOrder extends Record<string, unknown> {
  supplierOrgId: string;
  orderNumber: string;
  productName: string;
  units: number;
  totalCost: number;
}

/**
 * The orders the request's award drafted, by supplier then order number: each winner is told its own,
 * never another's.
 */
export function readRfqAwardedOrders(db: Executor, rfqId: string): Promise<RfqAwardedOrder[]> {
  return queryRows<RfqAwardedOrder>(
    db,
    sql`select a.supplier_org_id as "supplierOrgId", o.number as "orderNumber", p.name as "productName",
               o.total_quantity as units, o.total_cost::float8 as "totalCost"
        from (select distinct supplier_org_id, order_id from rfq_awards where rfq_id = ${rfqId}) a
        join orders o on o.id = a.order_id
        join products p on p.id = o.product_id
        order by a.supplier_org_id, o.number`,
  );
}

/** How the invited suppliers answered, in counts: what the buyer hears when quoting ends. */
export async function readRfqResponseCounts(db: Executor, rfqId: string) {
  const [row] = await queryRows<{ quotes: number; declined: number; invited: number }>(
    db,
    sql`select (select count(*)::int from rfq_quotes q where q.rfq_id = ${rfqId}) as quotes,
               count(*) filter (where i.status = 'declined')::int as declined,
               count(*)::int as invited
        from rfq_invitations i where i.rfq_id = ${rfqId}`,
  );
  return row ?? { quotes: 0, declined: 0, invited: 0 };
}
