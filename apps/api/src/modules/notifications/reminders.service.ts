import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { invoicesToRemind, lockReminders, lotsToRemind, markReminded } from './reminders.repository.ts';

/** Invoices are reminded of this many days before they fall due (DOMAIN.md "Notifications"). */
export const INVOICE_DUE_SOON_DAYS = 3;
/** Lots with stock are reminded of this many days before they expire. */
export const LOT_EXPIRING_DAYS = 30;

export interface RemindersGiven {
  invoicesDueSoon: number;
  invoicesOverdue: number;
  lotsExpiring: number;
  lotsExpired: number;
}

/**
 * The daily reminders, as of `today` (YYYY-MM-DD; Ghana keeps UTC all year): one event per unpaid
 * invoice falling due within 3 days or past due, and one per supplier for its lots with stock expiring
 * within 30 days or expired, each subject once per kind (the `reminders` table). One transaction under
 * one lock: the events and the marks commit together, and a second run finds nothing new. The events
 * become notifications and e-mails through the change feed, as every other event does.
 */
export async function giveDailyReminders(db: Db, today: string): Promise<RemindersGiven> {
  return inTransaction(db, async (tx) => {
    await lockReminders(tx);
    const given: RemindersGiven = { invoicesDueSoon: 0, invoicesOverdue: 0, lotsExpiring: 0, lotsExpired: 0 };

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
    return given;
  });
}
