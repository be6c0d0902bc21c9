import { rfqAwardedSchema, type RfqAwardBody, type RfqAwarded } from '@aduro/shared/rfqs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rfqsKeys } from './get-rfqs';

export interface AwardRfqVariables {
  rfqId: string;
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
 * of drafts) refresh with the RFQ's. The toast names the RFQ's number, which the caller knows.
 */
export function useAwardRfq(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rfqs', orgId, 'award'],
    mutationFn: awardRfq,
    onSuccess: async () => {
      await Promise.all(
        [rfqsKeys.all(orgId), ['orders', orgId]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
