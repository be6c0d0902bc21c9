import { RETURN_MESSAGES, returnDetailSchema, type ReturnDetail } from '@aduro/shared/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { returnsKeys } from './get-returns';

export interface RejectReturn {
  returnId: string;
  /** Why: the buyer reads it. */
  reason: string;
}

/** POST /returns/{id}/reject with the reason the buyer sees. */
export function rejectReturn({ returnId, reason }: RejectReturn): Promise<ReturnDetail> {
  return apiRequest(`/returns/${encodeURIComponent(returnId)}/reject`, {
    method: 'POST',
    body: { reason },
    schema: returnDetailSchema,
  });
}

/** Rejects; the answer is shown at once and every returns read refreshes, a refused step's too. */
export function useRejectReturn(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['returns', orgId, 'reject'],
    mutationFn: rejectReturn,
    onSuccess: async (detail) => {
      toast.success(RETURN_MESSAGES.rejected(detail.number));
      queryClient.setQueryData(returnsKeys.detail(orgId, detail.id), detail);
      await queryClient.invalidateQueries({ queryKey: returnsKeys.all(orgId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: returnsKeys.all(orgId) }),
  });
}
