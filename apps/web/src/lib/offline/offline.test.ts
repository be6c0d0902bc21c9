import { waitFor } from '@testing-library/react';
import { QueryClient, QueryObserver, onlineManager, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/test-utils';
import { ApiError, apiRequest, apiUpload, NETWORK_ERROR_MESSAGE, OFFLINE_WRITE_MESSAGE } from '../api-client';
import { setToken, clearToken } from '../auth-token';
import { createQueryClient } from '../query-client';
import { offlineReadsFetchedAt } from './offline-reads';
import { keepOfflineReads, userIdOfToken } from './persist-queries';
import { shouldPersistQuery } from './persisted-queries';

const storage = vi.hoisted(() => ({
  persistOfflineReads: vi.fn(() => ({ restored: Promise.resolve(), stop: vi.fn() })),
  forgetOfflineReads: vi.fn(() => Promise.resolve()),
}));
vi.mock('./offline-storage', () => storage);

const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

afterEach(() => {
  onlineManager.setOnline(true);
  storage.persistOfflineReads.mockClear();
  storage.forgetOfflineReads.mockClear();
});

describe('writes while offline', () => {
  it.each(['POST', 'PATCH', 'DELETE'] as const)('refuses a %s at once, sending nothing', async (method) => {
    goOffline();
    const fetchMock = mockFetch({});
    const refusal = apiRequest('/orders/o-1/approve', { method }).catch((error: unknown) => error);
    await expect(refusal).resolves.toMatchObject({ status: 0, message: OFFLINE_WRITE_MESSAGE });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an upload at once too', async () => {
    goOffline();
    await expect(apiUpload('/auth/register', new FormData())).rejects.toThrow(OFFLINE_WRITE_MESSAGE);
  });

  it('refuses a write whose connection went while it was being sent', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    mockFetch({
      'POST /cart/items': () => {
        onLine.mockReturnValue(false);
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(apiRequest('/cart/items', { method: 'POST', body: {} })).rejects.toThrow(
      OFFLINE_WRITE_MESSAGE,
    );
  });

  it('does not claim nothing was saved when a write failed while the browser was online: it may have arrived', async () => {
    mockFetch({
      'POST /cart/items': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(apiRequest('/cart/items', { method: 'POST', body: {} })).rejects.toThrow(
      NETWORK_ERROR_MESSAGE,
    );
  });

  it('still lets reads go out offline (the query layer decides whether to wait)', async () => {
    goOffline();
    const fetchMock = mockFetch({ 'GET /cart': () => json({ lines: [] }) });
    await expect(apiRequest('/cart')).resolves.toEqual({ lines: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('runs a mutation offline instead of pausing it, so the refusal shows as the usual error toast', async () => {
    goOffline();
    mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const client = createQueryClient();
    expect(onlineManager.isOnline()).toBe(false);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => apiRequest('/orders/o-1/approve', { method: 'POST' }),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(mutation.state.isPaused).toBe(false);
    expect(toastError.mock.calls.map(([message]) => message)).toEqual([OFFLINE_WRITE_MESSAGE]);
  });
});

function cachedQuery(client: QueryClient, queryKey: QueryKey, status: 'success' | 'error' = 'success') {
  client.setQueryData(queryKey, { rows: [] });
  const query = client.getQueryCache().find({ queryKey, exact: true })!;
  if (status === 'error') query.setState({ status: 'error', error: new Error('failed') });
  return query;
}

describe('which answers are kept for offline', () => {
  it.each([
    ['the orders pages', ['orders', 'org-1', 'pages', '']],
    ['one order', ['orders', 'org-1', 'detail', 'o-1']],
    ['the invoices', ['invoices', 'org-1', 'buyer', 'pages', '']],
    ['the cart', ['cart', 'org-1']],
    ['the supplier matches', ['supplier-matches', 'org-1', 'p-1']],
    ['the inventory', ['inventory', 'org-1', 'pages', '']],
    ['the signed-in user, without whom no screen shows', ['auth', 'me']],
  ])('keeps %s', (_what, queryKey) => {
    expect(shouldPersistQuery(cachedQuery(new QueryClient(), queryKey))).toBe(true);
  });

  it.each([
    ['the credit lines', ['credit', 'org-1', 'lines']],
    ['the supplier directory', ['suppliers', 'org-1', 'all']],
    ['the notifications', ['notifications', 'u-1', 'list']],
    ['a demand forecast, which is derived and no record', ['inventory', 'org-1', 'forecast', 'p-1']],
    ['the admin statistics', ['admin', 'stats']],
  ])('does not keep %s', (_what, queryKey) => {
    expect(shouldPersistQuery(cachedQuery(new QueryClient(), queryKey))).toBe(false);
  });

  it('keeps no failed answer', () => {
    expect(
      shouldPersistQuery(cachedQuery(new QueryClient(), ['orders', 'org-1', 'pages', ''], 'error')),
    ).toBe(false);
  });
});

describe('when the screen shows kept answers', () => {
  function shownQuery(client: QueryClient, queryKey: QueryKey, updatedAt: number) {
    client.setQueryData(queryKey, { rows: [] }, { updatedAt });
    return new QueryObserver(client, { queryKey, enabled: false }).subscribe(() => undefined);
  }

  it('gives the oldest fetch time of the shown offline reads while offline, and nothing online', () => {
    const client = new QueryClient();
    shownQuery(client, ['orders', 'org-1', 'pages', ''], 2_000);
    shownQuery(client, ['orders', 'org-1', 'list'], 1_000);
    shownQuery(client, ['credit', 'org-1', 'lines'], 500);
    client.setQueryData(['cart', 'org-1'], { lines: [] }, { updatedAt: 100 }); // kept, but not on screen
    expect(offlineReadsFetchedAt(client.getQueryCache(), false)).toBe(1_000);
    expect(offlineReadsFetchedAt(client.getQueryCache(), true)).toBeNull();
  });

  it('counts an answer whose refresh could not reach the server, even when the browser thinks it is online', () => {
    const client = new QueryClient();
    shownQuery(client, ['cart', 'org-1'], 3_000);
    client
      .getQueryCache()
      .find({ queryKey: ['cart', 'org-1'] })!
      .setState({ error: new ApiError({ status: 0, clientMessage: NETWORK_ERROR_MESSAGE }) });
    expect(offlineReadsFetchedAt(client.getQueryCache(), true)).toBe(3_000);
  });

  it('says nothing for a screen with no answer yet', () => {
    const client = new QueryClient();
    new QueryObserver(client, { queryKey: ['orders', 'org-1', 'pages', ''], enabled: false }).subscribe(
      () => {},
    );
    expect(offlineReadsFetchedAt(client.getQueryCache(), false)).toBeNull();
  });
});

const tokenFor = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;

describe("keeping each user's answers apart", () => {
  it('reads the user from the token, and nothing from a token it cannot read', () => {
    expect(userIdOfToken(tokenFor('u-42'))).toBe('u-42');
    expect(userIdOfToken('not-a-jwt')).toBeNull();
    expect(userIdOfToken(null)).toBeNull();
  });

  it("keeps under the signed-in user's own entry, and deletes it on sign-out and when another user signs in", async () => {
    setToken(tokenFor('u-1'));
    const client = new QueryClient();
    const kept = keepOfflineReads(client);
    await kept.restored;
    expect(storage.persistOfflineReads).toHaveBeenCalledWith(client, 'u-1');
    const first = storage.persistOfflineReads.mock.results[0]!.value as { stop: () => void };

    setToken(tokenFor('u-2'));
    await waitFor(() => expect(storage.persistOfflineReads).toHaveBeenLastCalledWith(client, 'u-2'));
    expect(first.stop).toHaveBeenCalled();
    expect(storage.forgetOfflineReads).toHaveBeenCalledWith('u-1');

    clearToken();
    await waitFor(() => expect(storage.forgetOfflineReads).toHaveBeenLastCalledWith('u-2'));
    expect(storage.persistOfflineReads).toHaveBeenCalledTimes(2);
    kept.stop();
  });

  it('keeps nothing while nobody is signed in', async () => {
    const kept = keepOfflineReads(new QueryClient());
    await kept.restored;
    expect(storage.persistOfflineReads).not.toHaveBeenCalled();
    kept.stop();
  });
});
