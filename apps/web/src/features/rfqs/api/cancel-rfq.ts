import { RFQ_MESSAGES, rfqDetailSchema, type RfqDetail, type RfqReason } from '@aduro/shared/rfqs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { rfqsKeys } from './get-rfqs';

export interface CancelRfqVariables {
  rfqId: string;
  body: RfqReason;
}

/** POST /rfqs/{id}/cancel: ends the request unawarded, with the buyer's reason for the suppliers. */
export function cancelRfq({ rfqId, body }: CancelRfqVariables): Promise<RfqDetail> {
  return apiRequest(`/rfqs/${encodeURIComponent(rfqId)}/cancel`, {
    method: 'POST',
    body,
    schema: rfqDetailSchema,
  });
}

/** Cancels the request and refreshes every RFQ read of the organisation. */
export function useCancelRfq(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rfqs', orgId, 'cancel'],
    mutationFn: cancelRfq,
    onSuccess: async (rfq) => {
      toast.success(RFQ_MESSAGES.cancelled(rfq.number));
      queryClient.setQueryData(rfqsKeys.detail(orgId, rfq.id), rfq);
      await queryClient.invalidateQueries({ queryKey: rfqsKeys.all(orgId) });
    },
  });
}
