import { MOBILE_MONEY_MESSAGES, paymentAttemptSchema, type PaymentAttempt } from '@aduro/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { paymentToastId } from './charge-mobile-money';
import { paymentAttemptsKeys } from './get-payment-attempts';
import { refreshAfterAttempt } from './invalidate-payments';

/** POST /payments/{reference}/otp: the code the network sent to the buyer's phone. */
export function submitPaymentOtp({
  reference,
  otp,
}: {
  reference: string;
  otp: string;
}): Promise<PaymentAttempt> {
  return apiRequest(`/payments/${encodeURIComponent(reference)}/otp`, {
    method: 'POST',
    body: { otp },
    schema: paymentAttemptSchema,
  });
}

/**
 * Sends the code; the answer replaces the attempt the dialog shows. A 409 (the attempt moved on, say the
 * job closed it) refreshes the attempt, so the dialog shows where it now stands.
 */
export function useSubmitPaymentOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payment-attempts', 'otp'],
    mutationFn: submitPaymentOtp,
    meta: { suppressErrorToast: true },
    onSuccess: async (attempt) => {
      if (attempt.status === 'success')
        toast.success(MOBILE_MONEY_MESSAGES.settled, { id: paymentToastId(attempt.reference) });
      queryClient.setQueryData(paymentAttemptsKeys.attempt(attempt.reference), attempt);
      await refreshAfterAttempt(queryClient, attempt);
    },
    onError: (_error, { reference }) =>
      queryClient.invalidateQueries({ queryKey: paymentAttemptsKeys.attempt(reference) }),
  });
}
