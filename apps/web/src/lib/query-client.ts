import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { getErrorMessage } from './api-client';

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
      mutations: { retry: 0 },
    },
  });
}
