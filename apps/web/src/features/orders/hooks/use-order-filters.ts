import { isIsoDate } from '@aduro/shared/inventory';
import { ORDER_STATUSES, type OrderStatus } from '@aduro/shared/orders';
import { PAGINATION_MESSAGES } from '@aduro/shared/pagination';
import { useUrlFilters } from '../../../lib/url-filters';
import type { OrdersPageFilters } from '../api/get-orders-page';

/** What the shipping tab lists by default: released and not finished, what the supplier still has to move. */
export const OUTGOING_STATUS = 'RELEASED,SHIPPED';
/** ?status=all: every state, where the screen's default is narrower (the shipping tab's Outgoing). */
const ALL_STATUSES = 'all';
const TEXT_FIELDS = ['counterparty', 'product'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** What the filter bar shows: the status choice ('' for all) and the fields as typed. */
export interface OrderFilterValues {
  status: string;
  counterparty: string;
  product: string;
  from: string;
  to: string;
}

/** The order list's own parameters, unprefixed: each screen shows one order list. */
const PARAMS: Record<keyof OrderFilterValues, string> = {
  status: 'status',
  counterparty: 'counterparty',
  product: 'product',
  from: 'from',
  to: 'to',
};

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
 * The order list's filters, kept in the URL (status, counterparty, product, from, to;
 * lib/url-filters.ts) so a filtered view can be shared and survives a reload. Text is written a moment
 * after typing stops, replacing the history entry, as a date does; a status or a clear is a step the
 * back button undoes.
 */
export function useOrderFilters({ defaultStatus = '', place = NO_PLACE }: Partial<FilterOptions> = {}) {
  const filters = useUrlFilters({
    params: PARAMS,
    defaults: { status: defaultStatus, counterparty: '', product: '', from: '', to: '' },
    read: (params) => readFilters(params, defaultStatus),
    typed: TEXT_FIELDS,
    pinned: place,
    blank: { status: ALL_STATUSES },
    pushChoices: true,
    state: FILTER_NAVIGATION,
  });
  const { url } = filters;
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
    values: filters.values,
    applied,
    /** True when the list is narrower than the screen's default. */
    active,
    /** A from after to: said on the From field, and nothing is asked of the server. */
    rangeError,
    setStatus: (status: string) => filters.choose({ status }),
    setText: (name: TextField, value: string) => filters.type(name, value),
    setDate: (name: 'from' | 'to', value: string) => filters.choose({ [name]: value }, { replace: true }),
    clear: filters.clear,
  };
}

export type OrderFilters = ReturnType<typeof useOrderFilters>;
