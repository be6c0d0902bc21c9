import { RFQ_MESSAGES, rfqCreatedSchema, type RfqCreate, type RfqCreated } from '@aduro/shared/rfqs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { rfqsKeys } from './get-rfqs';

/** POST /rfqs: sends the request to the invited suppliers (or every supplier offering the products). */
export function createRfq(body: RfqCreate): Promise<RfqCreated> {
  return apiRequest('/rfqs', { method: 'POST', body, schema: rfqCreatedSchema });
}

/** Creates the RFQ, says how many suppliers it went to and refreshes the buyer's RFQ lists. */
export function useCreateRfq(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rfqs', orgId, 'create'],
    mutationFn: createRfq,
    onSuccess: async (created) => {
      toast.success(RFQ_MESSAGES.created(created.number, created.invitedCount));
      await queryClient.invalidateQueries({ queryKey: rfqsKeys.all(orgId) });
    },
  });
}
