import { sql } from 'drizzle-orm';
import type { ReturnReason, ReturnStatus } from '@aduro/shared/returns';
import { queryRows, type Executor } from '../../db/client.ts';

/*
 * What the notifications of the return.* events read (notifications/notify-event.ts): the return as
 * its buyer and its supplier are told of it. Every read is by the return's id; the job decides who
 * hears what.
 */

/** One line of the return, with what receiving and inspection made of it (null: not yet). */
export interface ReturnNoticeLine {
  batchNumber: string | null;
  quantity: number;
  reason: ReturnReason;
  receivedQuantity: number | null;
  restockedQuantity: number | null;
  destroyedQuantity: number | null;
  manufacturerQuantity: number | null;
}

/** The credit note an inspection issued, and how its amount was split. */
export interface ReturnNoticeCredit {
  number: string;
  amount: number;
  appliedToInvoice: number;
  appliedToCreditLine: number;
  heldAsCredit: number;
  invoiceNumber: string;
}

/** The return as its notifications tell it. */
export interface ReturnNotice extends Record<string, unknown> {
  id: string;
  number: string;
  status: ReturnStatus;
  buyerOrgId: string;
  buyerName: string;
  sellerOrgId: string;
  sellerName: string;
  orderNumber: string;
  productName: string;
  notes: string | null;
  rejectReason: string | null;
  lines: ReturnNoticeLine[];
  creditNote: ReturnNoticeCredit | null;
}

/** The return, its lines in order and its credit note, or undefined when it is gone. */
export async function readReturnForNotice(db: Executor, returnId: string): Promise<ReturnNotice | undefined> {
  const [row] = await queryRows<ReturnNotice>(
    db,
    sql`select r.id, r.number, r.status::text as status,
               r.buyer_org_id as "buyerOrgId", b.name as "buyerName",
               r.seller_org_id as "sellerOrgId", s.name as "sellerName",
               o.number as "orderNumber", p.name as "productName",
               r.notes, r.reject_reason as "rejectReason",
               coalesce((select json_agg(json_build_object(
                                  'batchNumber', l.batch_number, 'quantity', l.quantity,
                                  'reason', l.reason, 'receivedQuantity', l.received_quantity,
                                  'restockedQuantity', l.restocked_quantity,
                                  'destroyedQuantity', l.destroyed_quantity,
                                  'manufacturerQuantity', l.manufacturer_quantity)
                                  order by l.line_no)
                         from return_lines l where l.return_id = r.id), '[]'::json) as lines,
               (select json_build_object(
                         'number', c.number, 'amount', c.amount::float8,
                         'appliedToInvoice', c.applied_to_invoice::float8,
                         'appliedToCreditLine', c.applied_to_credit_line::float8,
                         'heldAsCredit', c.held_as_credit::float8, 'invoiceNumber', i.number)
                from credit_notes c join invoices i on i.id = c.invoice_id
                where c.return_id = r.id) as "creditNote"
        from returns r
        join organizations b on b.id = r.buyer_org_id
        join organizations s on s.id = r.seller_org_id
        join orders o on o.id = r.order_id
        join products p on p.id = o.product_id
        where r.id = ${returnId}`,
  );
  return row;
}
