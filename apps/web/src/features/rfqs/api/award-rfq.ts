import { RFQ_MESSAGES, rfqAwardedSchema, type RfqAwardBody, type RfqAwarded } from '@aduro/shared/rfqs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { rfqsKeys } from './get-rfqs';

export interface AwardRfqVariables {
  rfqId: string;
  /** For the toast: RFQ-… as the buyer knows it. */
  rfqNumber: string;
  body: RfqAwardBody;
}

/** POST /rfqs/{id}/award: drafts one order per awarded quote line at the quoted price. */
export function awardRfq({ rfqId, body }: AwardRfqVariables): Promise<RfqAwarded> {
  return apiRequest(`/rfqs/${encodeURIComponent(rfqId)}/award`, {
    method: 'POST',
    body,
    schema: rfqAwardedSchema,
  });
}

/**
 * The award drafts orders awaiting the buyer's approval, so the orders reads (and the navigation's count
 * of drafts) refresh with the RFQ's. The toast is raised here, not by the screen's mutate callback: the
 * live 'rfq.awarded' can refetch the RFQ and replace the comparison before the answer arrives, and a
 * callback given to mutate does not run once its component has gone.
 */
export function useAwardRfq(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rfqs', orgId, 'award'],
    mutationFn: awardRfq,
    onSuccess: async (awarded, { rfqNumber }) => {
      toast.success(RFQ_MESSAGES.awarded(rfqNumber, awarded.orders.length));
      await Promise.all(
        [rfqsKeys.all(orgId), ['orders', orgId]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
