import { mobileMoneyProvidersSchema, type MobileMoneyProviders } from '@aduro/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /payments/mobile-money/providers: whether Pay is offered here, and Paystack's networks. */
export function getMobileMoneyProviders(signal?: AbortSignal): Promise<MobileMoneyProviders> {
  return apiRequest('/payments/mobile-money/providers', { schema: mobileMoneyProvidersSchema, signal });
}

export const mobileMoneyProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['mobile-money-providers'],
    queryFn: ({ signal }) => getMobileMoneyProviders(signal),
    // The server caches Paystack's list for an hour; the networks do not change while a page is open.
    staleTime: 10 * 60_000,
    // Read by every invoices card on load, before anyone asked to pay: Paystack being down shows as no
    // Pay button (payments are recorded by hand, as without a key), not as an error about nothing.
    meta: { suppressErrorToast: true, background: true },
  });

/** Whether mobile money is on and which networks it takes; one request however many rows ask. */
export function useMobileMoneyProviders() {
  return useQuery(mobileMoneyProvidersQueryOptions());
}
