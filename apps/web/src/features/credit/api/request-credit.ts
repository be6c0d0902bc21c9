import {
  CREDIT_MESSAGES,
  creditApplicationSchema,
  type CreditApplication,
  type creditApplicationRequestSchema,
} from '@aduro/shared/credit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CreditRequestBody = z.output<typeof creditApplicationRequestSchema>;

/** POST /credit/applications. */
export function requestCredit(body: CreditRequestBody): Promise<CreditApplication> {
  return apiRequest('/credit/applications', { method: 'POST', body, schema: creditApplicationSchema });
}

export function useRequestCredit(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['credit', orgId, 'apply'],
    mutationFn: (body: CreditRequestBody) => requestCredit({ ...body, customerId: orgId ?? undefined }),
    onSuccess: async () => {
      toast.success(CREDIT_MESSAGES.submitted);
      await queryClient.invalidateQueries({ queryKey: ['credit', orgId] });
    },
  });
}
