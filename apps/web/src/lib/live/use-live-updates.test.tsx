import { LIVE_CONTROL } from '@aduro/shared/events';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { setToken, TOKEN_STORAGE_KEY, useAuthToken } from '../auth-token';
import { controlFrame, eventFrame, sseStream } from './sse-test-stream';
import { ACCESS_REMOVED_MESSAGE, SESSION_ENDED_MESSAGE, useLiveUpdates } from './use-live-updates';

/** A screen showing a buyer's matches, refetched from a server whose answer the test changes. */
function Screen({ server }: { server: { matches: string } }) {
  const token = useAuthToken();
  const status = useLiveUpdates(token);
  const matches = useQuery({
    queryKey: ['supplier-matches', 'org-1', 'product-1'],
    queryFn: () => Promise.resolve(server.matches),
  });
  return (
    <>
      <p>status: {status ?? 'none'}</p>
      <p>matches: {matches.data ?? '…'}</p>
    </>
  );
}

function setup() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const stream = sseStream();
  let signal: AbortSignal | null | undefined;
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== '/api/events') throw new Error(`Unexpected request ${String(input)}`);
    signal = init?.signal;
    return Promise.resolve(stream.response);
  });
  vi.stubGlobal('fetch', fetchMock);
  const server = { matches: 'Tema Pharma at 104.50' };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Screen server={server} />
    </QueryClientProvider>,
  );
  /** Whether the stream's request was ended (the connection stopped). */
  const streamStopped = () => signal?.aborted === true;
  return { stream, server, fetchMock, queryClient, streamStopped };
}

const sessionEnded = `event: ${LIVE_CONTROL.signedOut}\ndata: {"reason":"session-ended"}\n\n`;

describe('useLiveUpdates', () => {
  it("changes a buyer's matches in place when a supplier syncs its stock", async () => {
    const { stream, server } = setup();
    expect(await screen.findByText('matches: Tema Pharma at 104.50')).toBeInTheDocument();
    stream.write(controlFrame(LIVE_CONTROL.ready));
    expect(await screen.findByText('status: live')).toBeInTheDocument();

    server.matches = 'Tema Pharma at 99.00';
    stream.write(eventFrame(1, 'inventory.synced'));
    expect(await screen.findByText('matches: Tema Pharma at 99.00')).toBeInTheDocument();
  });

  it('refetches everything shown on a resync', async () => {
    const { stream, server } = setup();
    await screen.findByText('matches: Tema Pharma at 104.50');
    server.matches = 'Accra Medilink at 113.00';
    stream.write(controlFrame(LIVE_CONTROL.resync));
    expect(await screen.findByText('matches: Accra Medilink at 113.00')).toBeInTheDocument();
  });

  it('signs out a user whose last access was removed, saying why', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { stream } = setup();
    await screen.findByText('status: connecting');
    stream.write(controlFrame(LIVE_CONTROL.signedOut));
    expect(await screen.findByText('status: none')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(toastError).toHaveBeenCalledWith(ACCESS_REMOVED_MESSAGE, { id: 'access-removed' });
  });

  it('signs out a session another tab or device ended (password change, sign out everywhere), saying so', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { stream } = setup();
    await screen.findByText('status: connecting');
    stream.write(sessionEnded);
    expect(await screen.findByText('status: none')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(toastError).toHaveBeenCalledWith(SESSION_ENDED_MESSAGE, { id: 'session-ended' });
  });

  it('keeps this tab signed in when its own password change ended the session, even if the frame comes first', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { stream, queryClient, streamStopped } = setup();
    await screen.findByText('status: connecting');
    let answer!: () => void;
    const change = queryClient.getMutationCache().build(queryClient, {
      mutationKey: ['auth', 'change-password'],
      mutationFn: () =>
        new Promise<void>((resolve) => {
          answer = () => {
            setToken('token-2');
            resolve();
          };
        }),
    });
    const settled = change.execute(undefined);
    // The stream says the session ended before the change's answer (with the fresh token) arrives.
    stream.write(sessionEnded);
    await waitFor(() => expect(streamStopped()).toBe(true));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-1');

    answer();
    await settled;
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-2');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('signs out on a 401 from the stream, as a rejected API call does', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 401 })));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <Screen server={{ matches: 'none' }} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('status: none')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('opens no connection while nobody is signed in', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Screen server={{ matches: 'none' }} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('status: none')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/events', expect.anything());
  });
});
