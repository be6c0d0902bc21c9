import { sql, type SQL } from 'drizzle-orm';
import type { Invoice } from '@aduro/shared/invoices';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';
import { containsPattern } from '../../lib/keyset.ts';
import { dropBatchesJson } from '../inventory/inventory.repository.ts';

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What narrows a list of invoices: the caller's side and the filters. */
export interface InvoiceFilters {
  buyerOrgId?: string;
  sellerOrgId?: string;
  /** Either party: the buyer or the seller. */
  partyOrgId?: string;
  invoiceId?: string;
  /** unpaid, paid, void, or overdue (unpaid past its due date). */
  status?: string;
  /** true: unpaid past its due date; false: every other invoice. */
  overdue?: boolean;
  /** Text in the other party's name; `counterpartySide` says which party that is. */
  counterparty?: string;
  counterpartySide?: 'buyer' | 'seller';
  /** Inclusive days (YYYY-MM-DD) the invoice was issued between, in UTC. */
  from?: string;
  to?: string;
  today: string;
}

const overdueOf = (today: string) => sql`(i.status = 'unpaid' and i.due_date < ${today}::date)`;

const invoiceSelect = (today: string) => sql`
  select i.id, i.number,
         json_build_object('id', o.id, 'number', o.number, 'productName', p.name) as "order",
         json_build_object('id', b.id, 'name', b.name) as buyer,
         json_build_object('id', s.id, 'name', s.name) as seller,
         i.amount, i.amount_paid as "amountPaid", i.credited,
         i.amount - i.amount_paid - i.credit_applied as "amountDue",
         ${iso(sql`i.issued_at`)} as "issuedAt", to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
         i.status, ${overdueOf(today)} as overdue, i.on_credit as "onCredit",
         (select count(*)::int from payments y where y.invoice_id = i.id) as payments,
         (select ${iso(sql`max(y.received_at)`)} from payments y where y.invoice_id = i.id) as "lastPaidAt",
         coalesce((
           select json_agg(json_build_object(
                    'sequence', d.sequence, 'addressName', d.address_name, 'quantity', d.quantity,
                    'batches', ${dropBatchesJson(sql`d.id`)}) order by d.sequence)
           from order_drops d where d.order_id = o.id and d.status <> 'Cancelled'), '[]'::json) as drops`;

const invoiceFrom = sql`
  from invoices i
  join orders o on o.id = i.order_id
  join products p on p.id = o.product_id
  join organizations b on b.id = i.buyer_org_id
  join organizations s on s.id = i.seller_org_id`;

function invoiceConditions(f: InvoiceFilters): SQL {
  const overdue = overdueOf(f.today);
  const party = f.counterpartySide === 'buyer' ? sql`b.name` : sql`s.name`;
  return sql`true
    ${f.buyerOrgId ? sql`and i.buyer_org_id = ${f.buyerOrgId}` : sql``}
    ${f.sellerOrgId ? sql`and i.seller_org_id = ${f.sellerOrgId}` : sql``}
    ${f.partyOrgId ? sql`and (i.buyer_org_id = ${f.partyOrgId} or i.seller_org_id = ${f.partyOrgId})` : sql``}
    ${f.invoiceId ? sql`and i.id = ${f.invoiceId}` : sql``}
    ${f.status === 'overdue' ? sql`and ${overdue}` : f.status ? sql`and i.status = ${f.status}` : sql``}
    ${f.overdue === true ? sql`and ${overdue}` : f.overdue === false ? sql`and not ${overdue}` : sql``}
    ${f.counterparty ? sql`and ${party} ilike ${containsPattern(f.counterparty)}` : sql``}
    ${f.from ? sql`and i.issued_at >= ${f.from}::date` : sql``}
    ${f.to ? sql`and i.issued_at < ${f.to}::date + 1` : sql``}`;
}

/**
 * Where an invoice ranks in the list: 0 overdue (unpaid, due before `today`), 1 unpaid and not yet due,
 * 2 settled (paid or void). `invoiceRank` is the same rule in TypeScript, for a row already read.
 */
const rankOf = (today: string) =>
  sql`(case when i.status <> 'unpaid' then 2 when i.due_date < ${today}::date then 0 else 1 end)`;

export const invoiceRank = (invoice: Pick<Invoice, 'status' | 'overdue'>): InvoiceRank =>
  invoice.status !== 'unpaid' ? 2 : invoice.overdue ? 0 : 1;

/**
 * The most pressing first (docs/domain.md "Credit, invoices and payments"): overdue ones, oldest due date
 * first; then unpaid ones not yet due, soonest due first; then paid and void ones, latest due first. Within
 * a rank the unique number breaks ties in the date's direction (ascending in ranks 0 and 1, descending in
 * rank 2), so the order is total and a keyset can resume it. Each CASE is null outside its ranks, so
 * only one of the pair orders any rank.
 */
const invoiceOrder = (today: string) => sql`order by ${rankOf(today)},
  case when i.status = 'unpaid' then i.due_date end asc, case when i.status = 'unpaid' then i.number end asc,
  case when i.status <> 'unpaid' then i.due_date end desc, case when i.status <> 'unpaid' then i.number end desc`;

/**
 * Invoices of a buyer, a seller or either party, filtered, the most pressing first (invoiceOrder), each
 * with its order's drops (cancelled ones left out) and the batches each holds: the whole list.
 */
export async function listInvoices(db: Executor, opts: InvoiceFilters) {
  return queryRows<Invoice>(
    db,
    sql`${invoiceSelect(opts.today)} ${invoiceFrom}
        where ${invoiceConditions(opts)}
        ${invoiceOrder(opts.today)}`,
  );
}

export type InvoiceRank = 0 | 1 | 2;

/** Where an invoice sits in the list: its rank, its due date (YYYY-MM-DD), then its unique number. */
export type InvoicePosition = readonly [rank: InvoiceRank, dueDate: string, number: string];

/**
 * The invoices strictly after `after` in invoiceOrder: a later rank, or the same rank and further along
 * its (due date, number) direction, ascending in ranks 0 and 1, descending in rank 2. The rank is
 * computed against today's UTC day, so a walk that crosses midnight may see an invoice turn overdue and
 * move to rank 0 behind it (skipped) or ahead of it; paging across midnight is not a concern.
 */
function afterPosition(today: string, [rank, dueDate, number]: InvoicePosition): SQL {
  const within =
    rank === 2
      ? sql`(i.due_date, i.number) < (${dueDate}::date, ${number})`
      : sql`(i.due_date, i.number) > (${dueDate}::date, ${number})`;
  return sql`(${rankOf(today)} > ${rank}::int or (${rankOf(today)} = ${rank}::int and ${within}))`;
}

/**
 * One page of the same list, `limit + 1` rows from just after `after` (so the caller can tell whether
 * a next page exists); each row's invoiceRank, dueDate and number are its position.
 */
export async function pageInvoices(
  db: Executor,
  opts: InvoiceFilters & { after: InvoicePosition | null; limit: number },
) {
  return queryRows<Invoice>(
    db,
    sql`${invoiceSelect(opts.today)} ${invoiceFrom}
        where ${invoiceConditions(opts)}
          ${opts.after ? sql`and ${afterPosition(opts.today, opts.after)}` : sql``}
        ${invoiceOrder(opts.today)}
        limit ${opts.limit + 1}`,
  );
}

/** How many invoices the filters match, all pages together. */
export async function countInvoices(db: Executor, filters: InvoiceFilters) {
  const rows = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total ${invoiceFrom} where ${invoiceConditions(filters)}`,
  );
  return rows[0]?.total ?? 0;
}

/** The seller's invoice, locked. */
export async function lockInvoice(tx: Tx, id: string, sellerOrgId: string) {
  const rows = await queryRows<{
    id: string;
    buyerOrgId: string;
    amount: number;
    amountPaid: number;
    creditApplied: number;
    status: string;
    onCredit: boolean;
    creditLineId: string | null;
  }>(
    tx,
    sql`select id, buyer_org_id as "buyerOrgId", amount, amount_paid as "amountPaid",
               credit_applied as "creditApplied", status,
               on_credit as "onCredit", credit_line_id as "creditLineId"
        from invoices where id = ${id} and seller_org_id = ${sellerOrgId} for update`,
  );
  return rows[0] ?? null;
}

/**
 * Records a payment and raises what is paid, settling the invoice when it is all paid; answers the
 * payment's id, which a mobile-money attempt keeps. userId may be null: a mobile-money payment settles
 * by itself, and the user who started it may have been removed since.
 */
export async function recordPayment(
  tx: Tx,
  p: {
    invoiceId: string;
    pesewas: number;
    settled: boolean;
    method: string;
    reference: string | null;
    userId: string | null;
  },
): Promise<string> {
  const [payment] = await queryRows<{ id: string }>(
    tx,
    sql`
    with payment as (
      insert into payments (invoice_id, amount, method, reference, recorded_by_user_id)
      values (${p.invoiceId}, ${p.pesewas}::numeric / 100, ${p.method}, ${p.reference}, ${p.userId}::uuid)
      returning id
    ), paid as (
      update invoices set amount_paid = amount_paid + ${p.pesewas}::numeric / 100, updated_at = now(),
        status = case when ${p.settled} then 'paid'::invoice_status else status end,
        paid_at = case when ${p.settled} then now() else paid_at end
      where id = ${p.invoiceId}
    )
    select id from payment`,
  );
  return payment!.id;
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
  number: string;
  amount: number;
  amountPaid: number;
  /** Every credit note against the invoice, all together. */
  credited: number;
  /** The part of the credit notes that settled what the invoice owed. */
  creditApplied: number;
  status: 'unpaid' | 'paid' | 'void';
  onCredit: boolean;
  creditLineId: string | null;
}

/** The order's invoice, locked; null before the order is approved. */
export async function lockOrderInvoice(tx: Tx, orderId: string) {
  const rows = await queryRows<OrderInvoiceRow>(
    tx,
    sql`select id, number, amount, amount_paid as "amountPaid", credited, credit_applied as "creditApplied", status,
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
