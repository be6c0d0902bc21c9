import { RFQ_MESSAGES, rfqDetailSchema, type RfqDetail, type RfqQuoteBody } from '@aduro/shared/rfqs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { rfqsKeys } from './get-rfqs';

/** Quoting has ended (deadline passed, or the buyer closed or cancelled the request): what is shown is stale. */
export function isRfqClosed(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'RFQ_CLOSED';
}

export interface PutQuote {
  rfqId: string;
  body: RfqQuoteBody;
}

/** PUT /rfqs/{id}/quote: the supplier's one quote on the request, replacing any it had. */
export function putQuote({ rfqId, body }: PutQuote): Promise<RfqDetail> {
  return apiRequest(`/rfqs/${encodeURIComponent(rfqId)}/quote`, {
    method: 'PUT',
    body,
    schema: rfqDetailSchema,
  });
}

/**
 * Sends or revises the quote. The answer is the request as the supplier now sees it, so the panel shows
 * it at once; the lists are refetched for the row's answer. A 409 RFQ_CLOSED refetches too, so the panel
 * turns read-only (its toast comes from the query client, as every failure's does).
 */
export function usePutQuote(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['rfqs', orgId, 'quote'],
    mutationFn: putQuote,
    onSuccess: async (rfq) => {
      toast.success(RFQ_MESSAGES.quoted(rfq.number));
      queryClient.setQueryData(rfqsKeys.detail(orgId, rfq.id), rfq);
      await queryClient.invalidateQueries({ queryKey: rfqsKeys.all(orgId), refetchType: 'active' });
    },
    onError: async (error) => {
      if (isRfqClosed(error)) await queryClient.invalidateQueries({ queryKey: rfqsKeys.all(orgId) });
    },
  });
}
