import {
  MOBILE_MONEY_MESSAGES,
  paymentAttemptSchema,
  type mobileMoneyChargeRequestSchema,
  type PaymentAttempt,
} from '@aduro/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { paymentAttemptsKeys } from './get-payment-attempts';
import { refreshAfterAttempt } from './invalidate-payments';

/**
 * One toast per attempt: 'Payment started' is replaced by 'Payment received' when the attempt settles,
 * rather than the two standing one above the other.
 */
export const paymentToastId = (reference: string) => `payment:${reference}`;

export type MobileMoneyChargeBody = z.output<typeof mobileMoneyChargeRequestSchema>;

export interface MobileMoneyCharge {
  invoiceId: string;
  body: MobileMoneyChargeBody;
  /**
   * One per submission of the dialog: a retry after a lost answer sends the same key and gets the first
   * attempt back rather than charging the wallet twice.
   */
  idempotencyKey: string;
}

/** POST /invoices/{id}/mobile-money: asks Paystack to charge the wallet; the answer is the new attempt. */
export function chargeMobileMoney({
  invoiceId,
  body,
  idempotencyKey,
}: MobileMoneyCharge): Promise<PaymentAttempt> {
  return apiRequest(`/invoices/${encodeURIComponent(invoiceId)}/mobile-money`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: paymentAttemptSchema,
  });
}

/**
 * Starts the charge. The attempt goes straight into the cache the dialog follows, so the phone prompt
 * shows without another request. The dialog shows failures itself (field errors under the fields,
 * Paystack out of reach above the button), so they do not toast as well.
 */
export function useChargeMobileMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payment-attempts', 'charge'],
    mutationFn: chargeMobileMoney,
    meta: { suppressErrorToast: true },
    onSuccess: async (attempt) => {
      toast.success(
        attempt.status === 'success' ? MOBILE_MONEY_MESSAGES.settled : MOBILE_MONEY_MESSAGES.started,
        { id: paymentToastId(attempt.reference) },
      );
      queryClient.setQueryData(paymentAttemptsKeys.attempt(attempt.reference), attempt);
      await refreshAfterAttempt(queryClient, attempt);
    },
  });
}
