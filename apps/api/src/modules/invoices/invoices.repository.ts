import { sql } from 'drizzle-orm';
import type { Invoice } from '@aduro/shared/invoices';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Invoices of a buyer or a seller, optionally by status (overdue: unpaid past due), latest due first. */
export async function listInvoices(
  db: Executor,
  opts: { buyerOrgId?: string; sellerOrgId?: string; invoiceId?: string; status?: string; today: string },
) {
  const overdue = sql`(i.status = 'unpaid' and i.due_date < ${opts.today}::date)`;
  return queryRows<Invoice>(
    db,
    sql`select i.id, i.number,
               json_build_object('id', o.id, 'number', o.number, 'productName', p.name) as "order",
               json_build_object('id', b.id, 'name', b.name) as buyer,
               json_build_object('id', s.id, 'name', s.name) as seller,
               i.amount::float8 as amount, i.amount_paid::float8 as "amountPaid",
               (i.amount - i.amount_paid)::float8 as "amountDue",
               ${iso(sql`i.issued_at`)} as "issuedAt", to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
               i.status, ${overdue} as overdue, i.on_credit as "onCredit",
               (select count(*)::int from payments y where y.invoice_id = i.id) as payments,
               (select ${iso(sql`max(y.received_at)`)} from payments y where y.invoice_id = i.id) as "lastPaidAt"
        from invoices i
        join orders o on o.id = i.order_id
        join products p on p.id = o.product_id
        join organizations b on b.id = i.buyer_org_id
        join organizations s on s.id = i.seller_org_id
        where true
          ${opts.buyerOrgId ? sql`and i.buyer_org_id = ${opts.buyerOrgId}` : sql``}
          ${opts.sellerOrgId ? sql`and i.seller_org_id = ${opts.sellerOrgId}` : sql``}
          ${opts.invoiceId ? sql`and i.id = ${opts.invoiceId}` : sql``}
          ${opts.status === 'overdue' ? sql`and ${overdue}` : opts.status ? sql`and i.status = ${opts.status}` : sql``}
        order by i.due_date desc, i.number desc`,
  );
}

/**
 * Locks the credit line a credit invoice of this seller's draws on (nothing for other invoices). Taken
 * before the invoice, in the documented order (DOMAIN.md "Locks and retries"): an invoice's line never
 * changes after it is issued, so it can be found before the invoice is locked.
 */
export async function lockInvoiceCreditLine(tx: Tx, invoiceId: string, sellerOrgId: string) {
  await tx.execute(sql`
    select cl.id from credit_lines cl
    join invoices i on i.credit_line_id = cl.id
    where i.id = ${invoiceId} and i.seller_org_id = ${sellerOrgId} and i.on_credit
    for update of cl`);
}

/** The seller's invoice, locked. */
export async function lockInvoice(tx: Tx, id: string, sellerOrgId: string) {
  const rows = await queryRows<{
    id: string;
    buyerOrgId: string;
    amount: string;
    amountPaid: string;
    status: string;
    onCredit: boolean;
    creditLineId: string | null;
  }>(
    tx,
    sql`select id, buyer_org_id as "buyerOrgId", amount::text, amount_paid::text as "amountPaid", status,
               on_credit as "onCredit", credit_line_id as "creditLineId"
        from invoices where id = ${id} and seller_org_id = ${sellerOrgId} for update`,
  );
  return rows[0] ?? null;
}

/** Records a payment, raises what is paid (settling the invoice when it is all paid) and, on credit, lowers the balance. */
export async function recordPayment(
  tx: Tx,
  p: {
    invoiceId: string;
    pesewas: number;
    settled: boolean;
    method: string;
    reference: string | null;
    userId: string;
    creditLineId: string | null;
  },
) {
  await tx.execute(sql`
    insert into payments (invoice_id, amount, method, reference, recorded_by_user_id)
    values (${p.invoiceId}, ${p.pesewas}::numeric / 100, ${p.method}, ${p.reference}, ${p.userId})`);
  await tx.execute(sql`
    update invoices set amount_paid = amount_paid + ${p.pesewas}::numeric / 100, updated_at = now(),
      status = case when ${p.settled} then 'paid'::invoice_status else status end,
      paid_at = case when ${p.settled} then now() else paid_at end
    where id = ${p.invoiceId}`);
  if (p.creditLineId) {
    await tx.execute(sql`
      update credit_lines set balance = balance - ${p.pesewas}::numeric / 100, updated_at = now()
      where id = ${p.creditLineId}`);
  }
}
