import { invoiceSchema, invoicesPageSchema, type Invoice, type InvoicesQuery } from '@aduro/shared/invoices';
import type { Page } from '@aduro/shared/pagination';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type InvoiceSide = 'buyer' | 'seller';

/** Invoice rows are tall (batches, two buttons): twenty fill a few screens. */
export const INVOICES_PAGE = 20;

/** What GET /invoices narrows by (invoicesQuerySchema), less the organisation and paging. */
export type InvoiceFilters = Partial<Pick<InvoicesQuery, 'status' | 'counterparty' | 'from' | 'to'>>;

/**
 * Every invoice read of an organisation sits under ['invoices', orgId]: order approvals, drop
 * cancellations, payments and the live feed (lib/live/live-invalidations.ts) refresh that root.
 */
export const invoicesKeys = {
  all: (orgId: string | null) => ['invoices', orgId] as const,
  side: (orgId: string | null, side: InvoiceSide) => ['invoices', orgId, side] as const,
  pages: (orgId: string | null, side: InvoiceSide, filters: InvoiceFilters) =>
    ['invoices', orgId, side, 'pages', sentFilters(filters)] as const,
  open: (orgId: string | null, side: InvoiceSide) => ['invoices', orgId, side, 'open'] as const,
};

/** The filters as sent: trimmed, blanks left out, so equal filters share one cache entry. */
function sentFilters(filters: InvoiceFilters): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const name of ['status', 'counterparty', 'from', 'to'] as const) {
    const value = filters[name]?.trim();
    if (value) sent[name] = value;
  }
  return sent;
}

function invoicesQuery(orgId: string, side: InvoiceSide, extra: Record<string, string>): string {
  const query = new URLSearchParams({ [side === 'buyer' ? 'buyerId' : 'sellerId']: orgId, ...extra });
  return query.toString();
}

/** GET /invoices/page?buyerId= or ?sellerId=, filtered, limit and cursor: one page and the filtered total. */
export function getInvoicesPage(
  orgId: string,
  side: InvoiceSide,
  filters: InvoiceFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<Invoice>> {
  const query = invoicesQuery(orgId, side, {
    ...sentFilters(filters),
    limit: String(INVOICES_PAGE),
    ...(cursor ? { cursor } : {}),
  });
  return apiRequest(`/invoices/page?${query}`, { schema: invoicesPageSchema, signal });
}

const invoicesSchema = z.array(invoiceSchema);

/** GET /invoices?…&status=unpaid without paging: every invoice still owed (overdue ones included). */
export function getOpenInvoices(orgId: string, side: InvoiceSide, signal?: AbortSignal): Promise<Invoice[]> {
  return apiRequest(`/invoices?${invoicesQuery(orgId, side, { status: 'unpaid' })}`, {
    schema: invoicesSchema,
    signal,
  });
}

/** False for a date range that ends before it starts, which the server would refuse: the form says so. */
const askable = (orgId: string | null, filters: InvoiceFilters) =>
  Boolean(orgId) && !(filters.from && filters.to && filters.from > filters.to);

export const invoicesPagesQueryOptions = (orgId: string | null, side: InvoiceSide, filters: InvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: invoicesKeys.pages(orgId, side, filters),
    queryFn: ({ pageParam, signal }) => getInvoicesPage(orgId!, side, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: askable(orgId, filters),
  });

/**
 * The invoices the filters match, a page at a time. While a new filter is read the previous result
 * stays on screen, rather than flashing back to skeletons on each change.
 */
export function useInvoicesPages(orgId: string | null, side: InvoiceSide, filters: InvoiceFilters) {
  return useInfiniteQuery({
    ...invoicesPagesQueryOptions(orgId, side, filters),
    placeholderData: keepPreviousData,
  });
}

export const openInvoicesQueryOptions = (orgId: string | null, side: InvoiceSide) =>
  queryOptions({
    queryKey: invoicesKeys.open(orgId, side),
    queryFn: ({ signal }) => getOpenInvoices(orgId!, side, signal),
    enabled: Boolean(orgId),
  });

/** Every open invoice, whatever the list's filters: the card's Outstanding and Overdue figures. */
export function useOpenInvoices(orgId: string | null, side: InvoiceSide) {
  return useQuery(openInvoicesQueryOptions(orgId, side));
}
