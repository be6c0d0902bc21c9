import { isIsoDate } from '@aduro/shared/inventory';
import { ORDER_STATUSES, type OrderStatus } from '@aduro/shared/orders';
import { PAGINATION_MESSAGES } from '@aduro/shared/pagination';
import { useEffect, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import type { OrdersPageFilters } from '../api/get-orders-page';

/** What the shipping tab lists by default: released and not finished, what the supplier still has to move. */
export const OUTGOING_STATUS = 'RELEASED,SHIPPED';
/** ?status=all: every state, where the screen's default is narrower (the shipping tab's Outgoing). */
const ALL_STATUSES = 'all';
/** How long typing pauses before the URL, and so the list, follows. */
export const FILTER_TYPING_DELAY_MS = 300;

const TEXT_FIELDS = ['counterparty', 'product'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const FILTER_PARAMS = ['status', ...TEXT_FIELDS, 'from', 'to'] as const;

/** What the filter bar shows: the status choice ('' for all) and the fields as typed. */
export interface OrderFilterValues {
  status: string;
  counterparty: string;
  product: string;
  from: string;
  to: string;
}

/**
 * Marks the navigations a filter makes, so that what reacts to a navigation (useLinkedOrder's scroll to
 * the order a notification named) knows the user only narrowed the list.
 */
export const FILTER_NAVIGATION = { orderFilters: true } as const;

const isStatusChoice = (value: string) =>
  value.split(',').every((s) => (ORDER_STATUSES as readonly string[]).includes(s));

function readFilters(params: URLSearchParams, defaultStatus: string): OrderFilterValues {
  const status = params.get('status');
  const date = (name: 'from' | 'to') => {
    const value = params.get(name) ?? '';
    return isIsoDate(value) ? value : '';
  };
  return {
    status: status === ALL_STATUSES ? '' : status && isStatusChoice(status) ? status : defaultStatus,
    counterparty: params.get('counterparty') ?? '',
    product: params.get('product') ?? '',
    from: date('from'),
    to: date('to'),
  };
}

/** Writes the filters given onto the URL, leaving every other parameter (?order=, ?tab=) as it is. */
function writeFilters(
  setSearchParams: SetURLSearchParams,
  values: Partial<OrderFilterValues>,
  { defaultStatus, place }: FilterOptions,
  replace: boolean,
) {
  setSearchParams(
    (previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(place)) next.set(name, value);
      for (const [name, value] of Object.entries(values)) {
        if (name === 'status') {
          if (value === defaultStatus) next.delete('status');
          else next.set('status', value || ALL_STATUSES);
        } else if (value.trim()) next.set(name, value);
        else next.delete(name);
      }
      return next;
    },
    { replace, state: FILTER_NAVIGATION },
  );
}

interface FilterOptions {
  /** What the list shows without ?status= ('' for every state). */
  defaultStatus: string;
  /**
   * Parameters that say where on the page the list is (the cockpit's ?tab=shipping), written with each
   * filter so that the link shared or reloaded opens on the list it filters.
   */
  place: Readonly<Record<string, string>>;
}

const NO_PLACE = {};

/**
 * The order list's filters, kept in the URL (status, counterparty, product, from, to) so a filtered view
 * can be shared and survives a reload. Text is written a moment after typing stops, replacing the
 * history entry; a status or a clear is a step the back button undoes.
 */
export function useOrderFilters({ defaultStatus = '', place = NO_PLACE }: Partial<FilterOptions> = {}) {
  const options: FilterOptions = { defaultStatus, place };
  const [searchParams, setSearchParams] = useSearchParams();
  const url = readFilters(searchParams, defaultStatus);
  // Text typed and not yet on the URL. Dropped once the URL holds it, so that a back or forward
  // navigation afterwards shows the URL's text again.
  const [typed, setTyped] = useState<Partial<Record<TextField, string>>>({});
  const pending = TEXT_FIELDS.filter((name) => typed[name] !== undefined && typed[name] !== url[name]);
  if (Object.keys(typed).length > 0 && pending.length === 0) setTyped({});

  useEffect(() => {
    if (pending.length === 0) return;
    const timer = window.setTimeout(
      () => writeFilters(setSearchParams, typed, options, true),
      FILTER_TYPING_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
    // `pending` is derived from `typed` and the URL: the timer restarts on each keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, setSearchParams, defaultStatus, place]);

  const values: OrderFilterValues = {
    ...url,
    counterparty: typed.counterparty ?? url.counterparty,
    product: typed.product ?? url.product,
  };
  const rangeError = url.from && url.to && url.from > url.to ? PAGINATION_MESSAGES.range : undefined;
  // What the URL holds decides, so the list's empty state does not change while a word is being typed.
  const active =
    url.status !== defaultStatus ||
    TEXT_FIELDS.some((name) => url[name].trim() !== '') ||
    url.from !== '' ||
    url.to !== '';

  /** The filters as the API reads them; the text is what the URL holds, so typing does not refetch per key. */
  const applied: OrdersPageFilters = {
    status: url.status ? (url.status.split(',') as OrderStatus[]) : undefined,
    counterparty: url.counterparty,
    product: url.product,
    from: url.from,
    to: url.to,
  };

  return {
    values,
    applied,
    /** True when the list is narrower than the screen's default. */
    active,
    /** A from after to: said on the From field, and nothing is asked of the server. */
    rangeError,
    setStatus: (status: string) => writeFilters(setSearchParams, { status }, options, false),
    setText: (name: TextField, value: string) => setTyped((current) => ({ ...current, [name]: value })),
    setDate: (name: 'from' | 'to', value: string) =>
      writeFilters(setSearchParams, { [name]: value }, options, true),
    clear: () => {
      setTyped({});
      writeFilters(
        setSearchParams,
        Object.fromEntries(FILTER_PARAMS.map((name) => [name, name === 'status' ? defaultStatus : ''])),
        options,
        false,
      );
    },
  };
}

export type OrderFilters = ReturnType<typeof useOrderFilters>;
