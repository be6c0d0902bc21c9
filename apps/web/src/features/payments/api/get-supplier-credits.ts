import { supplierCreditSchema, type SupplierCredit } from '@aduro/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The prefix the live feed refreshes when a payment settles with an excess held as credit. */
export const supplierCreditsKeys = { all: ['supplier-credits'] as const };

const supplierCreditsSchema = z.array(supplierCreditSchema);

/**
 * GET /supplier-credits: a buyer's balances with each supplier, or a supplier's with each customer
 * (only those above zero).
 */
export function getSupplierCredits(signal?: AbortSignal): Promise<SupplierCredit[]> {
  return apiRequest('/supplier-credits', { schema: supplierCreditsSchema, signal });
}

export const supplierCreditsQueryOptions = () =>
  queryOptions({
    queryKey: supplierCreditsKeys.all,
    queryFn: ({ signal }) => getSupplierCredits(signal),
    // A header figure beside the invoices: its failure leaves a dash, not a toast over the page.
    meta: { suppressErrorToast: true },
  });

export function useSupplierCredits(enabled: boolean) {
  return useQuery({ ...supplierCreditsQueryOptions(), enabled });
}
