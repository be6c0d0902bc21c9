import {
  paymentTermsOrDefault,
  supplierDirectoryEntrySchema,
  type SupplierCategory,
  type SupplierDirectoryEntry,
} from '@aduro/shared/marketplace';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type SupplierCategoryFilter = 'all' | SupplierCategory;

/**
 * The directory carries the caller's relationship with each supplier (credit, pending approvals), so
 * its key carries the organisation: another buyer signing in on this browser never sees these figures.
 */
export const supplierDirectoryQueryKey = (orgId: string | null, category: SupplierCategoryFilter) =>
  ['suppliers', orgId, category] as const;

/**
 * The contract's entry, except that null or blank payment terms (an older server answered an old row's
 * null as it was) read as 'Prepaid' rather than failing the whole directory.
 */
const directorySchema = supplierDirectoryEntrySchema
  .extend({ paymentTerms: z.string().nullable().transform(paymentTermsOrDefault) })
  .array();

/** GET /suppliers?category=: every supplier, active ones first (SPEC §7). */
export function getSupplierDirectory(
  category: SupplierCategoryFilter,
  signal?: AbortSignal,
): Promise<SupplierDirectoryEntry[]> {
  return apiRequest(`/suppliers?category=${encodeURIComponent(category)}`, {
    schema: directorySchema,
    signal,
  });
}

export const supplierDirectoryQueryOptions = (orgId: string | null, category: SupplierCategoryFilter) =>
  queryOptions({
    queryKey: supplierDirectoryQueryKey(orgId, category),
    queryFn: ({ signal }) => getSupplierDirectory(category, signal),
    // SPEC §7 and §9: the supplier directory is cached 60 seconds.
    staleTime: 60_000,
  });

/** Keeps the previous category's cards on screen while the next one loads, so the grid never jumps. */
export function useSupplierDirectory(orgId: string | null, category: SupplierCategoryFilter) {
  return useQuery({ ...supplierDirectoryQueryOptions(orgId, category), placeholderData: keepPreviousData });
}
