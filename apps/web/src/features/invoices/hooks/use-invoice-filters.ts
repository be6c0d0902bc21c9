import { isIsoDate } from '@aduro/shared/inventory';
import { PAGINATION_MESSAGES } from '@aduro/shared/pagination';
import { useUrlFilters } from '../../../lib/url-filters';
import type { InvoiceFilters } from '../api/get-invoices';
import {
  DEFAULT_INVOICE_FILTER,
  INVOICE_FILTER_STATUS,
  isInvoiceFilter,
  type InvoiceFilter,
} from '../utils/invoice-filter';

/**
 * The URL parameters, prefixed: the credit page and the cockpit hold other lists whose filters sit in
 * the same query string.
 */
export const INVOICE_PARAMS = {
  status: 'invoiceStatus',
  counterparty: 'invoiceParty',
  from: 'invoiceFrom',
  to: 'invoiceTo',
} as const;

export interface InvoiceFilterValues {
  status: InvoiceFilter;
  counterparty: string;
  from: string;
  to: string;
}

type Field = keyof InvoiceFilterValues;

function readFilters(params: URLSearchParams): InvoiceFilterValues {
  const status = params.get(INVOICE_PARAMS.status);
  const date = (name: 'from' | 'to') => {
    const value = params.get(INVOICE_PARAMS[name]) ?? '';
    return isIsoDate(value) ? value : '';
  };
  return {
    status: isInvoiceFilter(status) ? status : DEFAULT_INVOICE_FILTER,
    counterparty: params.get(INVOICE_PARAMS.counterparty) ?? '',
    from: date('from'),
    to: date('to'),
  };
}

/**
 * The invoices card's filters, kept in the URL (invoiceStatus, invoiceParty, invoiceFrom, invoiceTo;
 * lib/url-filters.ts) so a filtered view survives a reload and can be shared. The counterparty is
 * written a moment after typing stops. `pinned` parameters are written with every change (a cockpit's
 * ?tab=), so the reloaded URL opens where the card is.
 */
export function useInvoiceFilters(pinned?: Readonly<Record<string, string>>) {
  const filters = useUrlFilters<Field>({
    params: INVOICE_PARAMS,
    defaults: { status: DEFAULT_INVOICE_FILTER, counterparty: '', from: '', to: '' },
    read: readFilters,
    typed: ['counterparty'],
    pinned,
  });
  const { url } = filters;
  const rangeError = url.from && url.to && url.from > url.to ? PAGINATION_MESSAGES.range : undefined;
  const status = url.status as InvoiceFilter;
  /** As GET /invoices reads them: the text is what the URL holds, so typing does not refetch per key. */
  const applied: InvoiceFilters = {
    status: INVOICE_FILTER_STATUS[status],
    counterparty: url.counterparty.trim() || undefined,
    from: url.from || undefined,
    to: url.to || undefined,
  };

  return {
    values: filters.values as InvoiceFilterValues,
    applied,
    /** Something beyond the status narrows the list: an empty list is then the filters' doing. */
    narrowed: url.counterparty.trim() !== '' || url.from !== '' || url.to !== '',
    rangeError,
    setStatus: (value: InvoiceFilter) => filters.choose({ status: value }),
    setCounterparty: (value: string) => filters.type('counterparty', value),
    setDate: (name: 'from' | 'to', value: string) => filters.choose({ [name]: value }),
    clear: filters.clear,
  };
}
