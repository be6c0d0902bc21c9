import {
  RETURN_MESSAGES,
  returnCreatedSchema,
  type ReturnCreateInput,
  type ReturnCreated,
} from '@aduro/shared/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { returnsKeys } from './get-returns';

/** POST /returns: asks the supplier to take back delivered units of some batches of an order's drops. */
export function createReturn(body: ReturnCreateInput): Promise<ReturnCreated> {
  return apiRequest('/returns', { method: 'POST', body, schema: returnCreatedSchema });
}

/** Sends the return, says so with its number and refreshes the organisation's returns. */
export function useCreateReturn(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['returns', orgId, 'create'],
    mutationFn: createReturn,
    onSuccess: async (created) => {
      toast.success(RETURN_MESSAGES.requested(created.number));
      await queryClient.invalidateQueries({ queryKey: returnsKeys.all(orgId) });
    },
  });
}
