import { RECALL_MESSAGES, recallAcknowledgementSchema, type RecallTraceRow } from '@aduro/shared/recalls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';

export interface AcknowledgeDrop {
  recallId: string;
  dropId: string;
}

/** POST /recalls/{id}/drops/{dropId}/acknowledge: the buyer confirms the delivery's units are quarantined. */
export function acknowledgeRecallDrop({ recallId, dropId }: AcknowledgeDrop): Promise<RecallTraceRow> {
  return apiRequest(
    `/recalls/${encodeURIComponent(recallId)}/drops/${encodeURIComponent(dropId)}/acknowledge`,
    { method: 'POST', schema: recallAcknowledgementSchema },
  );
}

export function useAcknowledgeRecallDrop(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['recalls', orgId, 'acknowledge'],
    mutationFn: acknowledgeRecallDrop,
    onSuccess: async () => {
      toast.success(RECALL_MESSAGES.acknowledged);
      // The orders page shows the drop's recall mark too.
      await Promise.all(
        ['recalls', 'orders'].map((root) => queryClient.invalidateQueries({ queryKey: [root, orgId] })),
      );
    },
  });
}
