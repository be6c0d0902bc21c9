import {
  INVOICE_MESSAGES,
  invoiceSchema,
  type Invoice,
  type paymentRequestSchema,
} from '@aduro/shared/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type PaymentBody = z.output<typeof paymentRequestSchema>;

export interface PaymentRecord extends PaymentBody {
  invoiceId: string;
}

/** POST /invoices/{id}/payments. */
export function recordPayment({ invoiceId, ...body }: PaymentRecord): Promise<Invoice> {
  return apiRequest(`/invoices/${invoiceId}/payments`, { method: 'POST', body, schema: invoiceSchema });
}

export function useRecordPayment(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['invoices', orgId, 'pay'],
    mutationFn: recordPayment,
    onSuccess: async () => {
      toast.success(INVOICE_MESSAGES.recorded);
      // A payment on credit lowers the line's balance, which the risk checks read.
      await Promise.all(
        ['invoices', 'credit'].map((root) => queryClient.invalidateQueries({ queryKey: [root, orgId] })),
      );
    },
  });
}
