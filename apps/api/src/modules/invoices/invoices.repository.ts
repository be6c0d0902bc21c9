import { sql } from 'drizzle-orm';
import type { Invoice } from '@aduro/shared/invoices';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';
import { dropBatchesJson } from '../inventory/inventory.repository.ts';

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Invoices of a buyer, a seller or either party, optionally by status (overdue: unpaid past due), latest due first,
 * each with its order's drops (cancelled ones left out) and the batches each holds.
 */
export async function listInvoices(
  db: Executor,
  opts: {
    buyerOrgId?: string;
    sellerOrgId?: string;
    /** Either party: the buyer or the seller. */
    partyOrgId?: string;
    invoiceId?: string;
    status?: string;
    today: string;
  },
) {
  const overdue = sql`(i.status = 'unpaid' and i.due_date < ${opts.today}::date)`;
  return queryRows<Invoice>(
    db,
    sql`select i.id, i.number,
               json_build_object('id', o.id, 'number', o.number, 'productName', p.name) as "order",
               json_build_object('id', b.id, 'name', b.name) as buyer,
               json_build_object('id', s.id, 'name', s.name) as seller,
               i.amount, i.amount_paid as "amountPaid", i.amount - i.amount_paid as "amountDue",
               ${iso(sql`i.issued_at`)} as "issuedAt", to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
               i.status, ${overdue} as overdue, i.on_credit as "onCredit",
               (select count(*)::int from payments y where y.invoice_id = i.id) as payments,
               (select ${iso(sql`max(y.received_at)`)} from payments y where y.invoice_id = i.id) as "lastPaidAt",
               coalesce((
                 select json_agg(json_build_object(
                          'sequence', d.sequence, 'addressName', d.address_name, 'quantity', d.quantity,
                          'batches', ${dropBatchesJson(sql`d.id`)}) order by d.sequence)
                 from order_drops d where d.order_id = o.id and d.status <> 'Cancelled'), '[]'::json) as drops
        from invoices i
        join orders o on o.id = i.order_id
        join products p on p.id = o.product_id
        join organizations b on b.id = i.buyer_org_id
        join organizations s on s.id = i.seller_org_id
        where true
          ${opts.buyerOrgId ? sql`and i.buyer_org_id = ${opts.buyerOrgId}` : sql``}
          ${opts.sellerOrgId ? sql`and i.seller_org_id = ${opts.sellerOrgId}` : sql``}
          ${opts.partyOrgId ? sql`and (i.buyer_org_id = ${opts.partyOrgId} or i.seller_org_id = ${opts.partyOrgId})` : sql``}
          ${opts.invoiceId ? sql`and i.id = ${opts.invoiceId}` : sql``}
          ${opts.status === 'overdue' ? sql`and ${overdue}` : opts.status ? sql`and i.status = ${opts.status}` : sql``}
        order by i.due_date desc, i.number desc`,
  );
}

/** The seller's invoice, locked. */
export async function lockInvoice(tx: Tx, id: string, sellerOrgId: string) {
  const rows = await queryRows<{
    id: string;
    buyerOrgId: string;
    amount: number;
    amountPaid: number;
    status: string;
    onCredit: boolean;
    creditLineId: string | null;
  }>(
    tx,
    sql`select id, buyer_org_id as "buyerOrgId", amount, amount_paid as "amountPaid", status,
               on_credit as "onCredit", credit_line_id as "creditLineId"
        from invoices where id = ${id} and seller_org_id = ${sellerOrgId} for update`,
  );
  return rows[0] ?? null;
}

/** Records a payment and raises what is paid, settling the invoice when it is all paid. */
export async function recordPayment(
  tx: Tx,
  p: {
    invoiceId: string;
    pesewas: number;
    settled: boolean;
    method: string;
    reference: string | null;
    userId: string;
  },
) {
  await tx.execute(sql`
    with payment as (
      insert into payments (invoice_id, amount, method, reference, recorded_by_user_id)
      values (${p.invoiceId}, ${p.pesewas}::numeric / 100, ${p.method}, ${p.reference}, ${p.userId})
    )
    update invoices set amount_paid = amount_paid + ${p.pesewas}::numeric / 100, updated_at = now(),
      status = case when ${p.settled} then 'paid'::invoice_status else status end,
      paid_at = case when ${p.settled} then now() else paid_at end
    where id = ${p.invoiceId}`);
}

// --- Invoices of orders (workflow steps, inside the caller's transaction) ---------------------------

/**
 * Issues the unpaid invoice of an approved order with the next INV-{year}-{sequence} number; answers its
 * id and number. Plain SQL rather than the insert builder, which cost more to put together than the
 * statement costs PostgreSQL to run (apps/api/bench/live-market.ts, approvals at 50/s).
 */
export async function issueInvoice(
  tx: Tx,
  row: {
    orderId: string;
    buyerOrgId: string;
    sellerOrgId: string;
    creditLineId: string | null;
    onCredit: boolean;
    amountPesewas: number;
    issuedAt: Date;
    dueDate: string;
  },
) {
  const [issued] = await queryRows<{ id: string; number: string }>(
    tx,
    sql`insert into invoices (number, order_id, buyer_org_id, seller_org_id, credit_line_id, on_credit,
                              amount, amount_paid, issued_at, due_date, status)
        values ('INV-' || ${String(row.issuedAt.getUTCFullYear())} || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0'),
                ${row.orderId}, ${row.buyerOrgId}, ${row.sellerOrgId}, ${row.creditLineId}, ${row.onCredit},
                ${row.amountPesewas}::numeric / 100, 0, ${row.issuedAt}, ${row.dueDate}::date, 'unpaid')
        returning id, number`,
  );
  return issued!;
}

export interface OrderInvoiceRow extends Record<string, unknown> {
  id: string;
  amount: number;
  amountPaid: number;
  status: 'unpaid' | 'paid' | 'void';
  onCredit: boolean;
  creditLineId: string | null;
}

/** The order's invoice, locked; null before the order is approved. */
export async function lockOrderInvoice(tx: Tx, orderId: string) {
  const rows = await queryRows<OrderInvoiceRow>(
    tx,
    sql`select id, amount, amount_paid as "amountPaid", status,
               on_credit as "onCredit", credit_line_id as "creditLineId"
        from invoices where order_id = ${orderId} for update`,
  );
  return rows[0] ?? null;
}

/** Sets what an invoice asks for after a drop was cancelled, and its status (paid, or void when nothing is left). */
export async function setInvoiceAmount(
  tx: Tx,
  invoiceId: string,
  change: { amountPesewas: number; status: 'unpaid' | 'paid' | 'void'; at: Date },
) {
  await tx.execute(sql`
    update invoices set amount = ${change.amountPesewas}::numeric / 100, status = ${change.status},
      paid_at = case when ${change.status} = 'paid' then coalesce(paid_at, ${change.at}) else paid_at end,
      updated_at = ${change.at}
    where id = ${invoiceId}`);
}
