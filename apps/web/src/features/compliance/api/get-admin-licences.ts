import { licenceQueueSchema, type LicenceRecord, type LicenceStatus } from '@aduro/shared/compliance';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Under the ['admin'] root, so a review, a toggle and the live feed (lib/live/live-invalidations.ts)
 * refresh the queue with the platform's other figures.
 */
export const adminLicencesKeys = {
  all: ['admin', 'licences'] as const,
  list: (status: LicenceStatus) => ['admin', 'licences', status] as const,
};

/** GET /admin/licences?status=: buyers' licence records in that state, oldest submission first. */
export async function getAdminLicences(
  status: LicenceStatus,
  signal?: AbortSignal,
): Promise<LicenceRecord[]> {
  const { records } = await apiRequest(`/admin/licences?status=${status}`, {
    schema: licenceQueueSchema,
    signal,
  });
  return records;
}

export const adminLicencesQueryOptions = (status: LicenceStatus) =>
  queryOptions({
    queryKey: adminLicencesKeys.list(status),
    queryFn: ({ signal }) => getAdminLicences(status, signal),
  });

/** The licence queue in one state; the previous state's rows stay while the next one loads. */
export function useAdminLicences(status: LicenceStatus) {
  return useQuery({ ...adminLicencesQueryOptions(status), placeholderData: keepPreviousData });
}
