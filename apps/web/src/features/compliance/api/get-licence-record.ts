import { myLicenceRecordSchema, type LicenceRecord } from '@aduro/shared/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The buyer's own licence record. lib/live/live-invalidations.ts refreshes it by the 'licence-record'
 * prefix when the record is submitted or reviewed.
 */
export const licenceRecordQueryKey = (orgId: string | null) => ['licence-record', orgId] as const;

/** GET /org/licence-record: the caller's organisation's licence and its review; null when none. */
export async function getLicenceRecord(signal?: AbortSignal): Promise<LicenceRecord | null> {
  const { record } = await apiRequest('/org/licence-record', { schema: myLicenceRecordSchema, signal });
  return record;
}

export const licenceRecordQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: licenceRecordQueryKey(orgId),
    queryFn: ({ signal }) => getLicenceRecord(signal),
    // The banner on every customer screen stays quiet when this fails; the licence page says so itself.
    meta: { suppressErrorToast: true },
  });

/** The buyer's licence record; only customers hold one, so pass enabled false for anyone else. */
export function useLicenceRecord(orgId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...licenceRecordQueryOptions(orgId), enabled: enabled && orgId !== null });
}

/**
 * Whether a buyer may release orders now, as far as the licence alone goes: verified and unexpired.
 * What each product needs beyond that (class, controlled drugs) the server decides per offer.
 */
export type LicenceStanding = 'none' | 'pending' | 'rejected' | 'expired' | 'verified';

export function licenceStanding(record: LicenceRecord | null): LicenceStanding {
  if (!record) return 'none';
  if (record.status === 'rejected') return 'rejected';
  if (record.status === 'pending') return 'pending';
  return record.expired ? 'expired' : 'verified';
}
