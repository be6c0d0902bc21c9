import type { PaymentAttempt } from '@aduro/shared/payments';
import type { QueryClient } from '@tanstack/react-query';
import { paymentAttemptsKeys } from './get-payment-attempts';
import { supplierCreditsKeys } from './get-supplier-credits';

/**
 * The reads an attempt's end changes. A settled payment lowers what the invoice owes, the credit line's
 * balance when the invoice is on credit, and may hold an excess as credit with the supplier. The live
 * payment.settled does the same; this covers a dialog that learnt it first (the charge or the code
 * answered 'success', or the 10 s check) or a feed that is down. The prefixes are spelled here because
 * a feature does not import another (invoices/api and credit/api own those keys).
 */
export async function refreshAfterAttempt(queryClient: QueryClient, attempt: PaymentAttempt): Promise<void> {
  const keys =
    attempt.status === 'success'
      ? [['invoices'], ['credit'], supplierCreditsKeys.all, paymentAttemptsKeys.invoice(attempt.invoice.id)]
      : [paymentAttemptsKeys.invoice(attempt.invoice.id)];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
