import { RETURN_MESSAGES, returnDetailSchema, type ReturnDetail } from '@aduro/shared/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { returnsKeys } from './get-returns';

/** POST /returns/{id}/approve: the supplier accepts the request; the buyer is told to send the packs. */
export function approveReturn(returnId: string): Promise<ReturnDetail> {
  return apiRequest(`/returns/${encodeURIComponent(returnId)}/approve`, {
    method: 'POST',
    schema: returnDetailSchema,
  });
}

/**
 * Approves; the answer is the return as it now stands, shown at once, then every returns read refreshes.
 * A 409 RETURN_WRONG_STATUS (someone else decided first) refreshes too, so the panel shows what they did.
 */
export function useApproveReturn(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['returns', orgId, 'approve'],
    mutationFn: approveReturn,
    onSuccess: async (detail) => {
      toast.success(RETURN_MESSAGES.approved(detail.number));
      queryClient.setQueryData(returnsKeys.detail(orgId, detail.id), detail);
      await queryClient.invalidateQueries({ queryKey: returnsKeys.all(orgId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: returnsKeys.all(orgId) }),
  });
}
