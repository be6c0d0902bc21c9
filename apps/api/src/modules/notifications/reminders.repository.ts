import { sql } from 'drizzle-orm';
import { pgArray, queryRows, type Executor, type Tx } from '../../db/client.ts';
import type { ReminderKind } from '../../db/schema/index.ts';

/**
 * The daily reminders' reads and marks. Each subject (an invoice, a lot) is reminded of once per kind:
 * a subject with a row in `reminders` is never picked again, so a missed day is caught up the next and a
 * second run the same day finds nothing.
 */

/** Runs of the reminders wait here for each other, so two replicas never pick the same subjects. */
export async function lockReminders(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('aduro.reminders'))`);
}

export type InvoiceDue = { id: string; buyerOrgId: string; sellerOrgId: string };

/**
 * Unpaid invoices not yet reminded of this kind: due from `today` to `today` + `days` for 'due_soon',
 * before `today` for 'overdue'. An invoice that went overdue without its due-soon reminder (issued on
 * credit of under 3 days, or a missed week) gets only the overdue one.
 */
export function invoicesToRemind(
  db: Executor,
  kind: Extract<ReminderKind, 'invoice.due_soon' | 'invoice.overdue'>,
  today: string,
  days: number,
) {
  return queryRows<InvoiceDue>(
    db,
    sql`select i.id, i.buyer_org_id as "buyerOrgId", i.seller_org_id as "sellerOrgId"
        from invoices i
        where i.status = 'unpaid'
          and ${
            kind === 'invoice.due_soon'
              ? sql`i.due_date between ${today}::date and ${today}::date + ${days}::int`
              : sql`i.due_date < ${today}::date`
          }
          and not exists (select 1 from reminders r where r.kind = ${kind} and r.subject_id = i.id)
        order by i.due_date, i.number`,
  );
}

export type LotDue = { id: string; supplierId: string };

/**
 * Lots with stock not yet reminded of this kind: expiring from `today` to `today` + `days`, or expired
 * before `today`. Empty lots are nobody's concern, and a quarantined lot is handled under its recall
 * (its units are never sold), so it is not reminded about.
 */
export function lotsToRemind(
  db: Executor,
  kind: Extract<ReminderKind, 'lots.expiring' | 'lots.expired'>,
  today: string,
  days: number,
) {
  return queryRows<LotDue>(
    db,
    sql`select l.id, l.supplier_id as "supplierId"
        from inventory_lots l
        where l.quantity > 0
          and l.quarantined_at is null
          and ${
            kind === 'lots.expiring'
              ? sql`l.expiry_date between ${today}::date and ${today}::date + ${days}::int`
              : sql`l.expiry_date < ${today}::date`
          }
          and not exists (select 1 from reminders r where r.kind = ${kind} and r.subject_id = l.id)
        order by l.supplier_id, l.expiry_date, l.id`,
  );
}

export async function markReminded(
  tx: Tx,
  kind: ReminderKind,
  subjectIds: readonly string[],
  eventId: number,
): Promise<void> {
  await tx.execute(sql`
    insert into reminders (kind, subject_id, event_id)
    select ${kind}, s, ${eventId} from unnest(${pgArray(subjectIds)}::uuid[]) s
    on conflict (kind, subject_id) do nothing`);
}

/** The lots a reminder names, with their product, for its message. */
export function readLots(db: Executor, ids: readonly string[]) {
  return queryRows<{ productName: string; quantity: number; expiryDate: string }>(
    db,
    sql`select p.name as "productName", l.quantity, to_char(l.expiry_date, 'YYYY-MM-DD') as "expiryDate"
        from inventory_lots l join products p on p.id = l.product_id
        where l.id = any(${pgArray(ids)}::uuid[])
        order by l.expiry_date, p.name`,
  );
}

/**
 * A compliance reminder's subject: the thing and the expiry date reminded of, as one id, so each is
 * reminded of once per expiry date and a renewal (a new date) is reminded of again in its turn.
 */
const subjectOf = (thing: ReturnType<typeof sql>, expiresOn: ReturnType<typeof sql>) =>
  sql`md5(${thing}::text || ':' || ${expiresOn}::text)::uuid`;

export type ExpiringLicence = { orgId: string; expiresOn: string; subjectId: string };

/**
 * Buyers' licences, or their controlled-drugs authorisations, expiring from `today` to `today` + `days`
 * and not yet reminded of for that date. A rejected record is left out: its buyer was told to send
 * another.
 */
export function licencesToRemind(
  db: Executor,
  kind: Extract<ReminderKind, 'licence.expiring' | 'licence.authorisation_expiring'>,
  today: string,
  days: number,
) {
  const expiry = sql.raw(
    kind === 'licence.expiring' ? 'l.expires_on' : 'l.controlled_authorisation_expires_on',
  );
  const subject = subjectOf(sql`l.org_id`, expiry);
  return queryRows<ExpiringLicence>(
    db,
    sql`select l.org_id as "orgId", to_char(${expiry}, 'YYYY-MM-DD') as "expiresOn",
               ${subject} as "subjectId"
        from licence_records l join organizations o on o.id = l.org_id
        where o.kind = 'customer' and l.status <> 'rejected'
          and ${expiry} between ${today}::date and ${today}::date + ${days}::int
          and not exists (select 1 from reminders r where r.kind = ${kind} and r.subject_id = ${subject})
        order by ${expiry}, l.org_id`,
  );
}

export type ExpiringRegistration = { productId: string; supplierIds: string[]; subjectId: string };

/**
 * Products whose FDA registration expires from `today` to `today` + `days`, not yet reminded of for
 * that date, with every supplier that offers them. A product nobody offers concerns nobody yet.
 */
export function registrationsToRemind(db: Executor, today: string, days: number) {
  const subject = subjectOf(sql`p.id`, sql`p.fda_registration_expires_on`);
  return queryRows<ExpiringRegistration>(
    db,
    sql`select p.id as "productId", array_agg(distinct o.supplier_id::text) as "supplierIds",
               ${subject} as "subjectId"
        from products p join offers o on o.product_id = p.id
        where not p.is_service
          and p.fda_registration_expires_on between ${today}::date and ${today}::date + ${days}::int
          and not exists (select 1 from reminders r
                          where r.kind = 'registrations.expiring' and r.subject_id = ${subject})
        group by p.id
        order by min(p.fda_registration_expires_on), p.id`,
  );
}

/** The products a registration reminder names, with their registration, for its message. */
export function readRegistrations(db: Executor, ids: readonly string[]) {
  return queryRows<{ name: string; number: string | null; expiresOn: string }>(
    db,
    sql`select p.name, p.fda_registration_number as number,
               to_char(p.fda_registration_expires_on, 'YYYY-MM-DD') as "expiresOn"
        from products p
        where p.id = any(${pgArray(ids)}::uuid[]) and p.fda_registration_expires_on is not null
        order by p.fda_registration_expires_on, p.name`,
  );
}
