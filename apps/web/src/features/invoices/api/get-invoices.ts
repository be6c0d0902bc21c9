import { invoiceSchema, type Invoice } from '@aduro/shared/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type InvoiceSide = 'buyer' | 'seller';

/** Under ['invoices', orgId]: order approvals and drop cancellations invalidate that root. */
export const invoicesQueryKey = (orgId: string | null, side: InvoiceSide) =>
  ['invoices', orgId, side] as const;

const invoicesSchema = z.array(invoiceSchema);

/** GET /invoices?buyerId= or ?sellerId=: the organisation's invoices, latest due date first. */
export function getInvoices(orgId: string, side: InvoiceSide, signal?: AbortSignal): Promise<Invoice[]> {
  const key = side === 'buyer' ? 'buyerId' : 'sellerId';
  return apiRequest(`/invoices?${key}=${encodeURIComponent(orgId)}`, { schema: invoicesSchema, signal });
}

export const invoicesQueryOptions = (orgId: string | null, side: InvoiceSide) =>
  queryOptions({
    queryKey: invoicesQueryKey(orgId, side),
    queryFn: ({ signal }) => getInvoices(orgId!, side, signal),
    enabled: Boolean(orgId),
  });

export function useInvoices(orgId: string | null, side: InvoiceSide) {
  return useQuery(invoicesQueryOptions(orgId, side));
}
