import { paymentAttemptSchema, type PaymentAttempt, type PaymentAttemptStatus } from '@aduro/shared/payments';
import { OPEN_ATTEMPT_STATUSES } from '@aduro/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every attempt read sits under ['payment-attempts'], the prefix the live feed refreshes on
 * payment.settled and payment.failed (lib/live/live-invalidations.ts), so an approval on the phone shows
 * in the open dialog and on the invoice's row without anyone asking again.
 */
export const paymentAttemptsKeys = {
  all: ['payment-attempts'] as const,
  attempt: (reference: string) => ['payment-attempts', reference] as const,
  invoice: (invoiceId: string) => ['payment-attempts', 'invoice', invoiceId] as const,
};

const OPEN: ReadonlySet<PaymentAttemptStatus> = new Set(OPEN_ATTEMPT_STATUSES);

/** Still waiting on the buyer's phone or on Paystack. */
export const isOpenAttempt = (status: PaymentAttemptStatus): boolean => OPEN.has(status);

/**
 * While an attempt is open the dialog asks again every 10 s, Paystack's own floor between checks, in
 * case the live feed is down; the live event is what normally brings the answer.
 */
export const ATTEMPT_FALLBACK_REFETCH_MS = 10_000;

/** GET /payments/{reference}: where one attempt stands. */
export function getPaymentAttempt(reference: string, signal?: AbortSignal): Promise<PaymentAttempt> {
  return apiRequest(`/payments/${encodeURIComponent(reference)}`, { schema: paymentAttemptSchema, signal });
}

export const paymentAttemptQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: paymentAttemptsKeys.attempt(reference),
    queryFn: ({ signal }) => getPaymentAttempt(reference, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isOpenAttempt(status) ? ATTEMPT_FALLBACK_REFETCH_MS : false;
    },
    // A missed check on a weak connection is not news: the dialog keeps the last answer and asks again.
    meta: { suppressErrorToast: true, background: true },
  });

/** The attempt the dialog follows, while it follows one. */
export function usePaymentAttempt(reference: string | null) {
  return useQuery({ ...paymentAttemptQueryOptions(reference ?? ''), enabled: reference !== null });
}

const attemptsSchema = z.array(paymentAttemptSchema);

/** GET /invoices/{id}/mobile-money: the invoice's attempts, newest first. */
export function getInvoicePaymentAttempts(
  invoiceId: string,
  signal?: AbortSignal,
): Promise<PaymentAttempt[]> {
  return apiRequest(`/invoices/${encodeURIComponent(invoiceId)}/mobile-money`, {
    schema: attemptsSchema,
    signal,
  });
}

/** An invoice's mobile-money attempts, read only while `enabled` (its row's Payments are open). */
export function useInvoicePaymentAttempts(invoiceId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentAttemptsKeys.invoice(invoiceId),
    queryFn: ({ signal }) => getInvoicePaymentAttempts(invoiceId, signal),
    enabled,
  });
}
