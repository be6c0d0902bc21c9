import { CREDIT_MESSAGES, creditApplicationSchema, type CreditApplication } from '@aduro/shared/credit';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';

export interface ApproveDecision {
  applicationId: string;
  limit: number;
}

/** POST /credit/applications/{id}/approve: creates the line or sets its limit. */
export function approveApplication({ applicationId, limit }: ApproveDecision): Promise<CreditApplication> {
  return apiRequest(`/credit/applications/${applicationId}/approve`, {
    method: 'POST',
    body: { limit },
    schema: creditApplicationSchema,
  });
}

export interface RejectDecision {
  applicationId: string;
  /** Why, told to the buyer; null to decline without saying. */
  reason: string | null;
}

/** POST /credit/applications/{id}/reject, with the reason when the supplier gives one. */
export function rejectApplication({ applicationId, reason }: RejectDecision): Promise<CreditApplication> {
  return apiRequest(`/credit/applications/${applicationId}/reject`, {
    method: 'POST',
    body: reason ? { reason } : {},
    schema: creditApplicationSchema,
  });
}

/** A decision changes the queue, the risk of the customer's other applications and the marketplace credit. */
function afterDecision(queryClient: QueryClient, orgId: string | null) {
  return Promise.all(
    ['credit', 'suppliers', 'supplier-matches'].map((root) =>
      queryClient.invalidateQueries({ queryKey: [root, orgId] }),
    ),
  );
}

export function useApproveApplication(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['credit', orgId, 'approve'],
    mutationFn: approveApplication,
    onSuccess: async (application) => {
      toast.success(CREDIT_MESSAGES.approved(application.approvedLimit ?? 0));
      await afterDecision(queryClient, orgId);
    },
  });
}

export function useRejectApplication(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['credit', orgId, 'reject'],
    mutationFn: rejectApplication,
    onSuccess: async () => {
      toast.success(CREDIT_MESSAGES.rejected);
      await afterDecision(queryClient, orgId);
    },
  });
}
