import type { Invoice } from '@aduro/shared/invoices';
import { invoiceState } from './invoice-state';

export type InvoiceFilter = 'open' | 'overdue' | 'all';

export const INVOICE_FILTERS: ReadonlyArray<{ value: InvoiceFilter; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'all', label: 'All' },
];

/** Open means still owed (overdue included); overdue only those past their due date. */
export function filterInvoices(invoices: readonly Invoice[], filter: InvoiceFilter): Invoice[] {
  if (filter === 'all') return [...invoices];
  if (filter === 'overdue') return invoices.filter((i) => invoiceState(i) === 'overdue');
  return invoices.filter((i) => i.status === 'unpaid');
}
