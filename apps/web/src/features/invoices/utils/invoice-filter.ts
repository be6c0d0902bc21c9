import type { InvoiceFilters } from '../api/get-invoices';

export type InvoiceFilter = 'open' | 'overdue' | 'all';

export const INVOICE_FILTERS: ReadonlyArray<{ value: InvoiceFilter; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'all', label: 'All' },
];

export const DEFAULT_INVOICE_FILTER: InvoiceFilter = 'open';

export const isInvoiceFilter = (value: string | null): value is InvoiceFilter =>
  INVOICE_FILTERS.some((filter) => filter.value === value);

/**
 * The segmented control's choice as GET /invoices' status: open means still owed (the server's unpaid
 * includes the overdue ones), overdue only those past their due date, all sends no status.
 */
export const INVOICE_FILTER_STATUS: Record<InvoiceFilter, InvoiceFilters['status']> = {
  open: 'unpaid',
  overdue: 'overdue',
  all: undefined,
};
