import type { Invoice } from '@aduro/shared/invoices';
import { sumCedis } from '@aduro/shared/money';

export type InvoiceState = 'overdue' | 'unpaid' | 'paid' | 'void';

/** The server computes overdue from the due date; it only applies to unpaid invoices. */
export function invoiceState(invoice: Pick<Invoice, 'status' | 'overdue'>): InvoiceState {
  if (invoice.status === 'unpaid' && invoice.overdue) return 'overdue';
  return invoice.status;
}

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  overdue: 'Overdue',
  unpaid: 'Unpaid',
  paid: 'Paid',
  void: 'Void',
};

export const INVOICE_STATE_TONES = {
  overdue: 'red',
  unpaid: 'yellow',
  paid: 'green',
  void: 'neutral',
} as const satisfies Record<InvoiceState, string>;

/** Whole days past the due date on `today` (both YYYY-MM-DD, UTC), 0 when not yet due. */
export function daysOverdue(dueDate: string, today: string): number {
  const days = Math.round(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000,
  );
  return Number.isFinite(days) ? Math.max(0, days) : 0;
}

/** What is still owed over a list of invoices, in cedis, added in pesewas; void and paid ones owe nothing. */
export function amountOwed(invoices: readonly Invoice[]): number {
  return sumCedis(
    invoices.filter((invoice) => invoice.status === 'unpaid').map((invoice) => invoice.amountDue),
  );
}

/** Unpaid ones first (overdue before the rest, the most overdue first), then paid, then void. */
export function sortForCollection(invoices: readonly Invoice[]): Invoice[] {
  const rank: Record<InvoiceState, number> = { overdue: 0, unpaid: 1, paid: 2, void: 3 };
  return [...invoices].sort(
    (a, b) =>
      rank[invoiceState(a)] - rank[invoiceState(b)] ||
      (invoiceState(a) === 'paid' || invoiceState(a) === 'void'
        ? b.dueDate.localeCompare(a.dueDate)
        : a.dueDate.localeCompare(b.dueDate)),
  );
}
