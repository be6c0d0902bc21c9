import {
  RETURN_MESSAGES,
  returnDetailSchema,
  type ReturnDetail,
  type ReturnInspectInput,
} from '@aduro/shared/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { returnsKeys } from './get-returns';

/** Some units may not go back into stock (recalled, expired or short-dated batch): 409 RESTOCK_NOT_ALLOWED. */
export function isRestockRefused(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'RESTOCK_NOT_ALLOWED';
}

export interface InspectReturn {
  returnId: string;
  body: ReturnInspectInput;
}

/**
 * POST /returns/{id}/inspect: each received unit's fate, the destruction record when any is destroyed;
 * the server issues the credit note in the same step.
 */
export function inspectReturn({ returnId, body }: InspectReturn): Promise<ReturnDetail> {
  return apiRequest(`/returns/${encodeURIComponent(returnId)}/inspect`, {
    method: 'POST',
    body,
    schema: returnDetailSchema,
  });
}

/**
 * Records the inspection. Restocked units are sellable again and the credit lowers an invoice, so the
 * supplier's stock, receivables and credit lines are read afresh with the returns.
 */
export function useInspectReturn(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['returns', orgId, 'inspect'],
    mutationFn: inspectReturn,
    onSuccess: async (detail) => {
      // A return whose every line arrived empty completes without a note: there is nothing to credit.
      toast.success(
        detail.creditNote
          ? RETURN_MESSAGES.inspected(detail.number, detail.creditNote.number)
          : `Return ${detail.number} inspected`,
      );
      queryClient.setQueryData(returnsKeys.detail(orgId, detail.id), detail);
      await Promise.all(
        ['returns', 'inventory', 'invoices', 'credit'].map((root) =>
          queryClient.invalidateQueries({ queryKey: [root, orgId] }),
        ),
      );
    },
  });
}
