import { GENERIC_ERROR_MESSAGE } from '@aduro/shared/errors';
import { QueryObserver } from '@tanstack/react-query';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

async function failQuery(error: unknown, meta?: { suppressErrorToast?: boolean }) {
  const client = createQueryClient();
  await client
    .fetchQuery({ queryKey: ['failing'], queryFn: () => Promise.reject(error), retry: false, meta })
    .catch(() => undefined);
}

describe('global error toasts', () => {
  it.each([
    [
      'the server message',
      new ApiError({ status: 409, serverMessage: 'Drop already delivered' }),
      'Drop already delivered',
    ],
    ['the client error message', new Error('Request timed out'), 'Request timed out'],
    ['the generic text', new Error(''), GENERIC_ERROR_MESSAGE],
  ])('a failed query toasts %s', async (_case, error, expected) => {
    const toastError = vi.spyOn(toast, 'error');
    await failQuery(error);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError.mock.calls[0]?.[0]).toBe(expected);
  });

  it('a failed mutation toasts the server message', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () =>
        Promise.reject(new ApiError({ status: 400, serverMessage: 'Select a supplier to continue' })),
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(toastError.mock.calls.map(([message]) => message)).toEqual(['Select a supplier to continue']);
  });

  it('queries marked suppressErrorToast fail silently', async () => {
    const toastError = vi.spyOn(toast, 'error');
    await failQuery(new ApiError({ status: 401, serverMessage: 'Unauthorised' }), {
      suppressErrorToast: true,
    });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('queries retry once and mutations never', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries).toMatchObject({ retry: 1, refetchOnWindowFocus: false });
    expect(client.getDefaultOptions().mutations).toMatchObject({ retry: 0 });
    // Keeps the import honest: observers pick the defaults up.
    expect(new QueryObserver(client, { queryKey: ['x'], enabled: false }).options.retry).toBe(1);
  });
});
