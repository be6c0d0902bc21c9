import { AUTH_MESSAGES } from '@aduro/shared/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { ChangePasswordButton } from './change-password-button';

/** The top bar's account button on a signed-in page, with /login to land on after signing out. */
async function openDialog() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const router = createMemoryRouter(
    [
      { path: '/customer', element: <ChangePasswordButton /> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/customer'] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change password' });
  return { user, dialog, router };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('ChangePasswordDialog', () => {
  it('puts the server’s wrong-password message under "Current password" and keeps the session', async () => {
    mockFetch({
      'POST /auth/password': () =>
        json(
          {
            message: AUTH_MESSAGES.currentPasswordWrong,
            code: 'VALIDATION_FAILED',
            kind: 'validation',
            fieldErrors: { currentPassword: [AUTH_MESSAGES.currentPasswordWrong] },
          },
          400,
        ),
    });
    const { user, dialog } = await openDialog();
    await fill(user, 'not-my-password', 'a-new-password');

    const current = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription(AUTH_MESSAGES.currentPasswordWrong);
    expect(within(dialog).getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-1');
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();
  });

  it('stores the fresh token, toasts and closes on success', async () => {
    let body: unknown;
    mockFetch({
      'POST /auth/password': (init) => {
        body = JSON.parse(String(init?.body));
        expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
        return json({ accessToken: 'token-2', tokenType: 'Bearer', expiresIn: 43_200 });
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = await openDialog();
    await fill(user, 'demo1234', 'a-new-password');

    await waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-2'));
    expect(body).toEqual({ currentPassword: 'demo1234', newPassword: 'a-new-password' });
    expect(toastSuccess).toHaveBeenCalledWith('Password changed. Other sessions have been signed out.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for 8 characters and a different password before sending anything', async () => {
    const fetchMock = mockFetch({});
    const { user, dialog } = await openDialog();
    await fill(user, 'demo1234', 'short');
    expect(await within(dialog).findByText(AUTH_MESSAGES.newPassword)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'demo1234');
    await user.click(within(dialog).getByRole('button', { name: 'Save new password' }));
    expect(await within(dialog).findByText(AUTH_MESSAGES.newPasswordSame)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs out everywhere, then signs this tab out the usual way', async () => {
    const fetchMock = mockFetch({
      'POST /auth/sign-out-everywhere': () => new Response(null, { status: 204 }),
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user, dialog, router } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(toastSuccess).toHaveBeenCalledWith('Signed out');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
