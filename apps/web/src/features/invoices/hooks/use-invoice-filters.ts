import { isIsoDate } from '@aduro/shared/inventory';
import { PAGINATION_MESSAGES } from '@aduro/shared/pagination';
import { useEffect, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import type { InvoiceFilters } from '../api/get-invoices';
import {
  DEFAULT_INVOICE_FILTER,
  INVOICE_FILTER_STATUS,
  isInvoiceFilter,
  type InvoiceFilter,
} from '../utils/invoice-filter';

/** How long typing pauses before the URL, and so the list, follows. */
export const INVOICE_TYPING_DELAY_MS = 300;

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

/** Writes `values` onto the URL, replacing the history entry and leaving every other parameter as it is. */
function writeFilters(
  setSearchParams: SetURLSearchParams,
  values: Partial<InvoiceFilterValues>,
  pinned: Readonly<Record<string, string>>,
  flushSync = false,
) {
  setSearchParams(
    (previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(pinned)) next.set(name, value);
      for (const [field, value] of Object.entries(values) as Array<[Field, string]>) {
        const param = INVOICE_PARAMS[field];
        const blank = field === 'status' ? value === DEFAULT_INVOICE_FILTER : value.trim() === '';
        if (blank) next.delete(param);
        else next.set(param, value);
      }
      return next;
    },
    // A choice or a date shows at once (flushSync), rather than after the navigation's transition: a
    // controlled radio would otherwise read unchecked for a moment after the click.
    { replace: true, flushSync },
  );
}

const NO_PINS = {};

/**
 * The invoices card's filters, kept in the URL (invoiceStatus, invoiceParty, invoiceFrom, invoiceTo) so
 * a filtered view survives a reload and can be shared. The counterparty is written a moment after
 * typing stops. `pinned` parameters are written with every change (a cockpit's ?tab=), so the reloaded
 * URL opens where the card is.
 */
export function useInvoiceFilters(pinned: Readonly<Record<string, string>> = NO_PINS) {
  const [searchParams, setSearchParams] = useSearchParams();
  const url = readFilters(searchParams);
  // Text typed and not yet on the URL; dropped once the URL holds it, so that a back navigation or a
  // Clear afterwards shows the URL's text again.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const pending = typed !== undefined && typed !== url.counterparty;
  if (typed !== undefined && !pending) setTyped(undefined);

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(
      () => writeFilters(setSearchParams, { counterparty: typed }, pinned),
      INVOICE_TYPING_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pending, typed, setSearchParams, pinned]);

  const rangeError = url.from && url.to && url.from > url.to ? PAGINATION_MESSAGES.range : undefined;
  /** As GET /invoices reads them: the text is what the URL holds, so typing does not refetch per key. */
  const applied: InvoiceFilters = {
    status: INVOICE_FILTER_STATUS[url.status],
    counterparty: url.counterparty.trim() || undefined,
    from: url.from || undefined,
    to: url.to || undefined,
  };

  return {
    values: { ...url, counterparty: typed ?? url.counterparty },
    applied,
    /** Something beyond the status narrows the list: an empty list is then the filters' doing. */
    narrowed: url.counterparty.trim() !== '' || url.from !== '' || url.to !== '',
    rangeError,
    setStatus: (status: InvoiceFilter) => writeFilters(setSearchParams, { status }, pinned, true),
    setCounterparty: (value: string) => setTyped(value),
    setDate: (name: 'from' | 'to', value: string) =>
      writeFilters(setSearchParams, { [name]: value }, pinned, true),
    clear: () => {
      setTyped(undefined);
      writeFilters(
        setSearchParams,
        { status: DEFAULT_INVOICE_FILTER, counterparty: '', from: '', to: '' },
        pinned,
        true,
      );
    },
  };
}
