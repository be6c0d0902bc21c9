import { RFQ_MESSAGES, rfqDetailSchema, type RfqDetail } from '@aduro/shared/rfqs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { rfqsKeys } from './get-rfqs';

/** POST /rfqs/{id}/close: ends quoting before the deadline, which opens sealed quotes to the buyer. */
export function closeRfq(rfqId: string): Promise<RfqDetail> {
  return apiRequest(`/rfqs/${encodeURIComponent(rfqId)}/close`, { method: 'POST', schema: rfqDetailSchema });
}

/** Closes early; the answer is the opened request, shown at once, then every RFQ read refreshes. */
export function useCloseRfq(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rfqs', orgId, 'close'],
    mutationFn: closeRfq,
    onSuccess: async (rfq) => {
      toast.success(RFQ_MESSAGES.closedEarly(rfq.number));
      queryClient.setQueryData(rfqsKeys.detail(orgId, rfq.id), rfq);
      await queryClient.invalidateQueries({ queryKey: rfqsKeys.all(orgId) });
    },
  });
}
