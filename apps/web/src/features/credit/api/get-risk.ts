import { riskResultSchema, type RiskResult } from '@aduro/shared/credit';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const riskQueryKey = (orgId: string | null, applicationId: string) =>
  ['credit', orgId, 'risk', applicationId] as const;

/** GET /credit/applications/{id}/risk. */
export function getRisk(applicationId: string, signal?: AbortSignal): Promise<RiskResult> {
  return apiRequest(`/credit/applications/${applicationId}/risk`, { schema: riskResultSchema, signal });
}

/**
 * SPEC §2: the check runs on demand, so nothing is asked until `requested`. Once run it stays until a
 * decision or payment invalidates ['credit', orgId]; a refetch on window focus would change figures
 * under the approver's eyes.
 */
export function useRisk(orgId: string | null, applicationId: string, requested: boolean) {
  return useQuery({
    queryKey: riskQueryKey(orgId, applicationId),
    queryFn: ({ signal }) => getRisk(applicationId, signal),
    enabled: requested,
    refetchOnWindowFocus: false,
    // The queue shows the failure beside the application it belongs to.
    meta: { suppressErrorToast: true },
  });
}
