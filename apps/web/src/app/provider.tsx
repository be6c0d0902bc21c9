import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AppToaster } from '../components/ui/toaster';
import { getToken, subscribeToToken } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';

/** App-wide services. Tests pass their own client so no cache leaks between them. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // However the token goes (sign-out in another tab, a rejected request, a failed session check), the
  // answers fetched with it go too. Deferred so a query that caused it can finish settling first.
  useEffect(
    () =>
      subscribeToToken(() => {
        if (getToken() !== null) return;
        window.setTimeout(() => {
          if (getToken() === null) client.clear();
        }, 0);
      }),
    [client],
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
