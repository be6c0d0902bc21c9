import { RFQ_MESSAGES, rfqResponseStateSchema, type RfqResponseState } from '@aduro/shared/rfqs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { rfqsKeys } from './get-rfqs';
import { isRfqClosed } from './put-quote';

export interface WithdrawQuote {
  rfqId: string;
  /** The request's number, for the toast. */
  number: string;
}

/** DELETE /rfqs/{id}/quote: takes the supplier's quote back (404 QUOTE_NOT_FOUND when it had none). */
export function withdrawQuote({ rfqId }: WithdrawQuote): Promise<RfqResponseState> {
  return apiRequest(`/rfqs/${encodeURIComponent(rfqId)}/quote`, {
    method: 'DELETE',
    schema: rfqResponseStateSchema,
  });
}

/** Withdraws the quote; the request and the lists are refetched, and on 409 RFQ_CLOSED the panel turns read-only. */
export function useWithdrawQuote(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rfqs', orgId, 'withdraw'],
    mutationFn: withdrawQuote,
    onSuccess: async (_state, { number }) => {
      toast.success(RFQ_MESSAGES.withdrawn(number));
      await queryClient.invalidateQueries({ queryKey: rfqsKeys.all(orgId) });
    },
    onError: async (error) => {
      if (isRfqClosed(error)) await queryClient.invalidateQueries({ queryKey: rfqsKeys.all(orgId) });
    },
  });
}
