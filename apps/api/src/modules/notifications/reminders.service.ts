import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { COMPLIANCE_REMINDER_DAYS } from '@aduro/shared/compliance';
import {
  invoicesToRemind,
  licencesToRemind,
  lockReminders,
  lotsToRemind,
  markReminded,
  registrationsToRemind,
} from './reminders.repository.ts';

/** Invoices are reminded of this many days before they fall due (DOMAIN.md "Notifications"). */
export const INVOICE_DUE_SOON_DAYS = 3;
/** Lots with stock are reminded of this many days before they expire. */
export const LOT_EXPIRING_DAYS = 30;

export interface RemindersGiven {
  invoicesDueSoon: number;
  invoicesOverdue: number;
  lotsExpiring: number;
  lotsExpired: number;
  /** Buyers' licences expiring within 30 days (COMPLIANCE_REMINDER_DAYS). */
  licencesExpiring: number;
  /** Buyers' controlled-drugs authorisations expiring within 30 days. */
  authorisationsExpiring: number;
  /** Products whose FDA registration expires within 30 days, offered by some supplier. */
  registrationsExpiring: number;
}

/**
 * The daily reminders, as of `today` (YYYY-MM-DD; Ghana keeps UTC all year): one event per unpaid
 * invoice falling due within 3 days or past due, and one per supplier for its lots with stock expiring
 * within 30 days or expired, each subject once per kind (the `reminders` table); one per buyer whose
 * licence or controlled-drugs authorisation expires within 30 days, and one per supplier for the
 * products it offers whose FDA registration does, each once per expiry date. One transaction under
 * one lock: the events and the marks commit together, and a second run finds nothing new. The events
 * become notifications and e-mails through the change feed, as every other event does.
 */
export async function giveDailyReminders(db: Db, today: string): Promise<RemindersGiven> {
  return inTransaction(db, async (tx) => {
    await lockReminders(tx);
    const given: RemindersGiven = {
      invoicesDueSoon: 0,
      invoicesOverdue: 0,
      lotsExpiring: 0,
      lotsExpired: 0,
      licencesExpiring: 0,
      authorisationsExpiring: 0,
      registrationsExpiring: 0,
    };

    for (const kind of ['invoice.due_soon', 'invoice.overdue'] as const) {
      const invoices = await invoicesToRemind(tx, kind, today, INVOICE_DUE_SOON_DAYS);
      for (const invoice of invoices) {
        const event = await recordEvent(tx, {
          type: kind,
          orgIds: [invoice.buyerOrgId],
          refs: { invoiceId: invoice.id, buyerId: invoice.buyerOrgId, supplierId: invoice.sellerOrgId },
        });
        await markReminded(tx, kind, [invoice.id], event.id);
      }
      given[kind === 'invoice.due_soon' ? 'invoicesDueSoon' : 'invoicesOverdue'] = invoices.length;
    }

    for (const kind of ['lots.expiring', 'lots.expired'] as const) {
      const lots = await lotsToRemind(tx, kind, today, LOT_EXPIRING_DAYS);
      const bySupplier = new Map<string, string[]>();
      for (const lot of lots)
        bySupplier.set(lot.supplierId, [...(bySupplier.get(lot.supplierId) ?? []), lot.id]);
      for (const [supplierId, lotIds] of bySupplier) {
        const event = await recordEvent(tx, {
          type: kind,
          orgIds: [supplierId],
          refs: { supplierId, lotIds },
        });
        await markReminded(tx, kind, lotIds, event.id);
      }
      given[kind === 'lots.expiring' ? 'lotsExpiring' : 'lotsExpired'] = lots.length;
    }

    // Lawful trade (issue 32): each licence, authorisation and registration once per expiry date.
    for (const kind of ['licence.expiring', 'licence.authorisation_expiring'] as const) {
      const licences = await licencesToRemind(tx, kind, today, COMPLIANCE_REMINDER_DAYS);
      for (const licence of licences) {
        const event = await recordEvent(tx, {
          type: kind,
          orgIds: [licence.orgId],
          refs: { organisationId: licence.orgId, buyerId: licence.orgId, expiresOn: licence.expiresOn },
        });
        await markReminded(tx, kind, [licence.subjectId], event.id);
      }
      given[kind === 'licence.expiring' ? 'licencesExpiring' : 'authorisationsExpiring'] = licences.length;
    }

    const registrations = await registrationsToRemind(tx, today, COMPLIANCE_REMINDER_DAYS);
    // One message per supplier naming each of its products; a product several suppliers offer is
    // marked under the first one's event, once.
    const offeredBy = new Map<string, { productIds: string[]; subjectIds: string[] }>();
    for (const r of registrations) {
      for (const supplierId of r.supplierIds) {
        const theirs = offeredBy.get(supplierId) ?? { productIds: [], subjectIds: [] };
        theirs.productIds.push(r.productId);
        theirs.subjectIds.push(r.subjectId);
        offeredBy.set(supplierId, theirs);
      }
    }
    for (const [supplierId, { productIds, subjectIds }] of offeredBy) {
      const event = await recordEvent(tx, {
        type: 'registrations.expiring',
        orgIds: [supplierId],
        refs: { supplierId, productIds },
      });
      await markReminded(tx, 'registrations.expiring', subjectIds, event.id);
    }
    given.registrationsExpiring = registrations.length;
    return given;
  });
}
