import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { getErrorMessage } from './api-client';
import { followBrowserConnection } from './offline/network';

type AppMeta = {
  /** The caller handles failure itself (SPEC §7 marks these calls as suppressing errors). */
  suppressErrorToast?: boolean;
  /** Work the user did not ask for and that has its own indicator; the Syncing pill ignores it. */
  background?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/** One toast per distinct message: a dropped connection fails many calls at once. */
export function showErrorToast(error: unknown): void {
  const message = getErrorMessage(error);
  toast.error(message, { id: `error:${message}` });
}

/** SPEC §7 and §8: failures toast globally, so screens never catch errors just to report them. */
export function createQueryClient(): QueryClient {
  followBrowserConnection();
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.suppressErrorToast) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.suppressErrorToast) showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      // Queries wait for the connection (networkMode 'online'), showing what was kept for offline; a
      // write must not wait, or it would be queued silently and sent later: it runs, and an offline
      // one fails at once with its message (api-client.ts) through the usual error toast.
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}
