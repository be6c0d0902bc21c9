import { AUTH_MESSAGES } from '@aduro/shared/auth';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderApp } from '../../../test/test-utils';

describe('/reset-password', () => {
  it('is reached from the sign-in form’s "Forgot password?" link', async () => {
    mockFetch({});
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it('without a token, sends the e-mail and says a link is on its way', async () => {
    const fetchMock = mockFetch({
      'POST /auth/password-reset': () => json({ message: AUTH_MESSAGES.resetRequested }, 202),
    });
    const { user } = renderApp('/reset-password');
    await user.type(await screen.findByLabelText('Email'), 'stock@tema-pharma.demo');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account uses that e-mail, a reset link is on its way. It expires in 30 minutes.',
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/password-reset'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'stock@tema-pharma.demo' });
  });

  it('with a token, sets the new password and sends the user to sign in with a success toast', async () => {
    const success = vi.spyOn(toast, 'success');
    const fetchMock = mockFetch({
      'POST /auth/password-reset/confirm': () => new Response(null, { status: 204 }),
    });
    const { user, router } = renderApp('/reset-password?token=abc_123-XYZ');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(success).toHaveBeenCalledWith('Password reset. Sign in with your new password.');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/confirm'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc_123-XYZ', password: 'brand-new-pass' });
  });

  it('with a token, refuses a password under 8 characters without calling the server', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderApp('/reset-password?token=abc');
    const input = await screen.findByLabelText('New password');
    await user.type(input, 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(AUTH_MESSAGES.newPassword);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with an expired or used token, shows the server’s message and a way to ask again', async () => {
    mockFetch({
      'POST /auth/password-reset/confirm': () =>
        json(
          { message: AUTH_MESSAGES.resetTokenInvalid, code: 'RESET_TOKEN_INVALID', kind: 'validation' },
          400,
        ),
    });
    const { user, router } = renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link has expired or was already used. Ask for a new one.',
    );
    expect(router.state.location.pathname).toBe('/reset-password');
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });
});
