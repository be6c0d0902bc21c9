import {
  RETURN_MESSAGES,
  returnDetailSchema,
  type ReturnDetail,
  type ReturnReceive,
} from '@aduro/shared/returns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { returnsKeys } from './get-returns';

export interface ReceiveReturn {
  returnId: string;
  body: ReturnReceive;
}

/** POST /returns/{id}/receive: the units that arrived, per line; they wait apart from stock for inspection. */
export function receiveReturn({ returnId, body }: ReceiveReturn): Promise<ReturnDetail> {
  return apiRequest(`/returns/${encodeURIComponent(returnId)}/receive`, {
    method: 'POST',
    body,
    schema: returnDetailSchema,
  });
}

/** Records the arrival; field errors stay on the form (the caller reads them), the rest toast. */
export function useReceiveReturn(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['returns', orgId, 'receive'],
    mutationFn: receiveReturn,
    onSuccess: async (detail) => {
      toast.success(RETURN_MESSAGES.received(detail.number));
      queryClient.setQueryData(returnsKeys.detail(orgId, detail.id), detail);
      await queryClient.invalidateQueries({ queryKey: returnsKeys.all(orgId) });
    },
  });
}
