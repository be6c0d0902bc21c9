import {
  RFQ_MESSAGES,
  rfqResponseStateSchema,
  type RfqReason,
  type RfqResponseState,
} from '@aduro/shared/rfqs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { rfqsKeys } from './get-rfqs';
import { isRfqClosed } from './put-quote';

export interface DeclineRfq {
  rfqId: string;
  /** The request's number, for the toast. */
  number: string;
  body: RfqReason;
}

/** POST /rfqs/{id}/decline: the supplier will not quote, with an optional reason the buyer reads. */
export function declineRfq({ rfqId, body }: DeclineRfq): Promise<RfqResponseState> {
  return apiRequest(`/rfqs/${encodeURIComponent(rfqId)}/decline`, {
    method: 'POST',
    body,
    schema: rfqResponseStateSchema,
  });
}

/** Declines; the request and the lists are refetched, and on 409 RFQ_CLOSED the panel turns read-only. */
export function useDeclineRfq(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rfqs', orgId, 'decline'],
    mutationFn: declineRfq,
    onSuccess: async (_state, { number }) => {
      toast.success(RFQ_MESSAGES.declined(number));
      await queryClient.invalidateQueries({ queryKey: rfqsKeys.all(orgId) });
    },
    onError: async (error) => {
      if (isRfqClosed(error)) await queryClient.invalidateQueries({ queryKey: rfqsKeys.all(orgId) });
    },
  });
}
