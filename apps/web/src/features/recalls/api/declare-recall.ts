import {
  RECALL_MESSAGES,
  recallDetailSchema,
  type RecallCreate,
  type RecallDetail,
} from '@aduro/shared/recalls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { recallQueryKey } from './get-recall';

/** POST /recalls: quarantines the lots of the batches and traces the deliveries that received them. */
export function declareRecall(body: RecallCreate): Promise<RecallDetail> {
  return apiRequest('/recalls', { method: 'POST', body, schema: recallDetailSchema });
}

/**
 * A recall changes the recalls, the quarantined stock (inventory, what the marketplace offers) and the
 * orders whose drops received the batches.
 */
export function useDeclareRecall(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['recalls', orgId, 'declare'],
    mutationFn: declareRecall,
    onSuccess: async (recall) => {
      toast.success(RECALL_MESSAGES.declared(recall.number));
      queryClient.setQueryData(recallQueryKey(orgId, recall.id), recall);
      await Promise.all(
        ['recalls', 'inventory', 'orders', 'suppliers', 'supplier-matches'].map((root) =>
          queryClient.invalidateQueries({ queryKey: [root, orgId] }),
        ),
      );
    },
  });
}
