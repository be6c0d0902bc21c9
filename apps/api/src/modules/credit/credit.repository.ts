import { sql, type SQL } from 'drizzle-orm';
import type { CreditApplication, CreditApplicationStatus, CreditLine } from '@aduro/shared/credit';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';
import { positionAt } from '../../lib/keyset.ts';

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A customer's credit lines with each supplier, by supplier name. */
export async function listCustomerLines(db: Executor, customerId: string) {
  return queryRows<CreditLine>(
    db,
    sql`select cl.id, json_build_object('id', s.id, 'name', s.name) as supplier,
               cl.credit_limit as "limit", cl.balance,
               cl.credit_limit - cl.balance as available, cl.status,
               ${iso(sql`cl.date_set`)} as "dateSet"
        from credit_lines cl join organizations s on s.id = cl.supplier_id
        where cl.customer_id = ${customerId}
        order by lower(s.name), s.id`,
  );
}

const applicationColumns = sql`
  a.id, json_build_object('id', c.id, 'name', c.name) as customer,
  json_build_object('id', s.id, 'name', s.name) as supplier,
  a.requested_limit as "requestedLimit", a.status, a.notes,
  a.approved_limit as "approvedLimit", a.rejection_reason as "rejectionReason",
  ${iso(sql`a.created_at`)} as "createdAt", ${iso(sql`a.decided_at`)} as "decidedAt"`;

const applicationFrom = sql`
  from credit_applications a
  join organizations c on c.id = a.customer_id
  join organizations s on s.id = a.supplier_id`;

/** What narrows a list of applications: the caller's side (always) and, optionally, one status. */
export interface ApplicationFilters {
  party: { supplierId: string } | { customerId: string };
  status?: CreditApplicationStatus;
}

function applicationConditions(f: ApplicationFilters): SQL {
  const own =
    'supplierId' in f.party
      ? sql`a.supplier_id = ${f.party.supplierId}`
      : sql`a.customer_id = ${f.party.customerId}`;
  return sql`${own} ${f.status ? sql`and a.status = ${f.status}` : sql``}`;
}

/**
 * The list's order, as sortable values so that a keyset can follow it: first a rank, 0 for pending, 1
 * for decided with a decision time, 2 for decided without one (no write leaves that, but the column
 * allows it); then, within rank 0, created_at ascending (the oldest request waits longest), within rank
 * 1 decided_at descending (the latest decision first), within rank 2 nothing; then the id ascending,
 * which makes the order total. A position is therefore [rank, that rank's instant or null, id].
 */
const applicationRank = sql`(case when a.status = 'pending' then 0 when a.decided_at is not null then 1 else 2 end)`;
const applicationOrder = sql`
  order by ${applicationRank},
           case when a.status = 'pending' then a.created_at end asc,
           case when a.status <> 'pending' then a.decided_at end desc nulls last,
           a.id`;

/** Rows strictly after `after` in that order; the instant's direction depends on the rank. */
function afterPosition(after: ApplicationPosition): SQL {
  const [rank, at, id] = after;
  if (rank === 0)
    return sql`(${applicationRank} > 0
                or (a.status = 'pending' and (a.created_at, a.id) > (${at}::timestamptz, ${id}::uuid)))`;
  if (rank === 1)
    return sql`(${applicationRank} > 1
                or (${applicationRank} = 1
                    and (a.decided_at < ${at}::timestamptz
                         or (a.decided_at = ${at}::timestamptz and a.id > ${id}::uuid))))`;
  return sql`(${applicationRank} = 2 and a.id > ${id}::uuid)`;
}

/** The applications made to a supplier, or by a customer, filtered, in the list's order: all of them. */
export async function listApplications(db: Executor, filters: ApplicationFilters) {
  return queryRows<CreditApplication>(
    db,
    sql`select ${applicationColumns} ${applicationFrom}
        where ${applicationConditions(filters)}
        ${applicationOrder}`,
  );
}

/** Where an application sits in the list (see applicationOrder). */
export type ApplicationPosition = readonly [rank: number, at: string | null, id: string];

/**
 * One page of the same list, `limit + 1` rows from just after `after` (so the caller can tell whether a
 * next page exists), each with its position.
 */
export async function pageApplications(
  db: Executor,
  filters: ApplicationFilters & { after: ApplicationPosition | null; limit: number },
) {
  return queryRows<CreditApplication & { positionRank: number; positionAt: string | null }>(
    db,
    sql`select ${applicationColumns},
               ${applicationRank} as "positionRank",
               case when a.status = 'pending' then ${positionAt(sql`a.created_at`)}
                    else ${positionAt(sql`a.decided_at`)} end as "positionAt"
        ${applicationFrom}
        where ${applicationConditions(filters)}
          ${filters.after ? sql`and ${afterPosition(filters.after)}` : sql``}
        ${applicationOrder}
        limit ${filters.limit + 1}`,
  );
}

/** How many applications the filters match, all pages together. */
export async function countApplications(db: Executor, filters: ApplicationFilters) {
  const rows = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from credit_applications a where ${applicationConditions(filters)}`,
  );
  return rows[0]?.total ?? 0;
}

export async function findApplication(db: Executor, id: string, supplierId: string) {
  const rows = await queryRows<CreditApplication>(
    db,
    sql`select ${applicationColumns} ${applicationFrom}
        where a.id = ${id} and a.supplier_id = ${supplierId}`,
  );
  return rows[0] ?? null;
}

export async function findOrganisation(db: Executor, id: string) {
  const rows = await queryRows<{ id: string; name: string; kind: string; isActive: boolean }>(
    db,
    sql`select id, name, kind, is_active as "isActive" from organizations where id = ${id}`,
  );
  return rows[0] ?? null;
}

export async function insertApplication(
  tx: Tx,
  row: {
    customerId: string;
    supplierId: string;
    requestedLimit: number;
    notes: string | null;
    userId: string;
  },
) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into credit_applications (customer_id, supplier_id, requested_limit, notes, submitted_by_user_id)
        values (${row.customerId}, ${row.supplierId}, ${row.requestedLimit}, ${row.notes}, ${row.userId})
        on conflict do nothing
        returning id`,
  );
  return rows[0]?.id ?? null;
}

/** The application, locked, when it is this supplier's. */
export async function lockApplication(tx: Tx, id: string, supplierId: string) {
  const rows = await queryRows<{ id: string; customerId: string; status: string }>(
    tx,
    sql`select id, customer_id as "customerId", status from credit_applications
        where id = ${id} and supplier_id = ${supplierId} for update`,
  );
  return rows[0] ?? null;
}

export async function decideApplication(
  tx: Tx,
  id: string,
  decision:
    | { status: 'approved'; approvedLimit: number; userId: string }
    | { status: 'rejected'; reason: string | null; userId: string },
) {
  const approvedLimit = decision.status === 'approved' ? decision.approvedLimit : null;
  const reason = decision.status === 'rejected' ? decision.reason : null;
  await tx.execute(sql`
    update credit_applications set status = ${decision.status}, approved_limit = ${approvedLimit},
      rejection_reason = ${reason},
      decided_by_user_id = ${decision.userId}, decided_at = now(), updated_at = now()
    where id = ${id}`);
}

/** The pair's credit line, locked, with its balance; null when the pair has none yet. */
export async function lockLine(tx: Tx, customerId: string, supplierId: string) {
  const rows = await queryRows<{ id: string; balance: number }>(
    tx,
    sql`select id, balance from credit_lines
        where customer_id = ${customerId} and supplier_id = ${supplierId} for update`,
  );
  return rows[0] ?? null;
}

/**
 * Creates the pair's line at the limit, or sets an existing one's limit (reactivating it). The caller
 * has locked the line (lockLine) and checked its balance against the limit in an earlier statement:
 * this statement's snapshot is taken after that lock, so it sees the very row that was checked, and
 * `balance <= credit_limit` holds. A line that did not exist at lockLine could only come from a
 * concurrent decision on the same pair, which the one-pending-application index rules out.
 */
export async function setLineLimit(tx: Tx, customerId: string, supplierId: string, limit: number) {
  await tx.execute(sql`
    insert into credit_lines (customer_id, supplier_id, credit_limit, status, date_set)
    values (${customerId}, ${supplierId}, ${limit}, 'active', now())
    on conflict (customer_id, supplier_id) do update
      set credit_limit = excluded.credit_limit, status = 'active', date_set = now(), updated_at = now()`);
}

// --- Credit drawn by orders and repaid by payments (workflow steps, inside the caller's transaction) --

export interface ChargedLine extends Record<string, unknown> {
  id: string;
  status: string;
  /** False when the line is not active or has less available than the charge; nothing changed then. */
  charged: boolean;
}

/**
 * Locks the buyer's credit line with the seller and, when it is active and has the room, adds `pesewas`
 * to its balance. Null without a line.
 *
 * Two statements, on purpose: the lock, then the charge with the room test in the UPDATE's own WHERE.
 * The UPDATE's snapshot is taken once the lock is held, so it reads the locked row, and its WHERE and
 * its new balance come from that one row version. One statement that locks in a CTE and updates `from`
 * it cannot promise that under READ COMMITTED: the CTE's FOR UPDATE follows a concurrent payment's
 * update to the newest row, but the UPDATE builds its new row from the older version its snapshot saw,
 * and PostgreSQL tests the check constraint on that row before it notices the concurrent update. An
 * approval whose room a payment or a cancellation had just made then failed on
 * credit_lines_balance_within_limit (a 500) instead of charging; credit.races.api.test.ts races that.
 * The line is still the one lock this step takes, in the documented order (DOMAIN.md "Locks and
 * retries": after the lots, before the invoice).
 */
export async function chargeCreditLine(
  tx: Tx,
  customerId: string,
  supplierId: string,
  pesewas: number,
): Promise<ChargedLine | null> {
  const [line] = await queryRows<{ id: string; status: string }>(
    tx,
    sql`select id, status from credit_lines
        where customer_id = ${customerId} and supplier_id = ${supplierId}
        for update`,
  );
  if (!line) return null;
  if (line.status !== 'active') return { ...line, charged: false };
  // The test reads status, limit and balance from the row it writes, so whatever version PostgreSQL
  // writes has passed it, and a passing row cannot break the constraint.
  const charged = await queryRows<{ id: string }>(
    tx,
    sql`update credit_lines set balance = balance + ${pesewas}::numeric / 100, updated_at = now()
        where id = ${line.id} and status = 'active'
          and credit_limit - balance >= ${pesewas}::numeric / 100
        returning id`,
  );
  return { ...line, charged: charged.length > 0 };
}

/** Locks the buyer's credit line with the seller, when there is one. */
export async function lockCreditLineOf(tx: Tx, customerId: string, supplierId: string) {
  await tx.execute(sql`
    select id from credit_lines where customer_id = ${customerId} and supplier_id = ${supplierId}
    for update`);
}

/**
 * Locks the credit line a credit invoice of this seller's draws on (nothing for other invoices). Taken
 * before the invoice, in the documented order (DOMAIN.md "Locks and retries"): an invoice's line never
 * changes after it is issued, so it can be found before the invoice is locked.
 */
export async function lockCreditLineOfInvoice(tx: Tx, invoiceId: string, sellerOrgId: string) {
  await tx.execute(sql`
    select cl.id from credit_lines cl
    join invoices i on i.credit_line_id = cl.id
    where i.id = ${invoiceId} and i.seller_org_id = ${sellerOrgId} and i.on_credit
    for update of cl`);
}

/** Moves a credit line's balance by a signed amount of pesewas (an order's cancelled value, a payment). */
export async function addToCreditBalance(tx: Tx, lineId: string, pesewas: number) {
  await tx.execute(sql`
    update credit_lines set balance = balance + ${pesewas}::numeric / 100, updated_at = now()
    where id = ${lineId}`);
}

/** Everything the risk check weighs (risk.ts RiskFacts), amounts in cedis, in one statement. */
export async function riskFacts(db: Executor, customerId: string, supplierId: string, today: string) {
  const rows = await queryRows<{
    exposure: number;
    outstanding: number;
    ordersWithSupplier: number;
    overdueInvoices: number;
    paidOnTime: number;
    paidLate: number;
    accountAgeDays: number;
    volume180: number;
  }>(
    db,
    sql`select
          (select coalesce(sum(balance), 0) from credit_lines where customer_id = ${customerId}) as exposure,
          (select coalesce(sum(balance), 0) from credit_lines
             where customer_id = ${customerId} and supplier_id = ${supplierId}) as outstanding,
          (select count(*)::int from orders where buyer_org_id = ${customerId} and seller_org_id = ${supplierId}
             and approved_at >= ${today}::date - 180) as "ordersWithSupplier",
          (select count(*)::int from invoices where buyer_org_id = ${customerId} and status = 'unpaid'
             and due_date < ${today}::date) as "overdueInvoices",
          (select count(*)::int from invoices i where i.buyer_org_id = ${customerId} and i.status = 'paid'
             and i.paid_at::date <= i.due_date) as "paidOnTime",
          (select count(*)::int from invoices i where i.buyer_org_id = ${customerId} and i.status = 'paid'
             and i.paid_at::date > i.due_date) as "paidLate",
          (select (${today}::date - created_at::date) from organizations where id = ${customerId}) as "accountAgeDays",
          (select coalesce(sum(total_cost), 0) from orders where buyer_org_id = ${customerId}
             and status in ('RELEASED', 'SHIPPED', 'DELIVERED') and approved_at >= ${today}::date - 180) as volume180`,
  );
  return rows[0]!;
}
