import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp } from '../../../test/test-utils';

const REVIEW_TOAST = 'Please review the highlighted details.';

/** Every text on the page outside the toasts, one entry per element that holds text of its own. */
function pageTexts(): string[] {
  return [...document.body.querySelectorAll('*')]
    .filter((element) => !element.closest('[data-sonner-toaster]'))
    .flatMap((element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent?.trim() ?? '')
        .filter(Boolean),
    );
}

/** The error messages the invalid fields point at (aria-describedby), each field's own. */
function fieldErrors(): string[] {
  return [...document.querySelectorAll('[aria-invalid="true"]')].flatMap((control) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => document.getElementById(id)?.textContent ?? ''),
  );
}

const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => toast.textContent);

async function expectEachErrorOnceAndOneToast() {
  await waitFor(() => expect(toasts()).toEqual([REVIEW_TOAST]));
  const errors = fieldErrors();
  expect(errors.length).toBeGreaterThan(0);
  const texts = pageTexts();
  for (const error of new Set(errors)) {
    expect({ error, times: texts.filter((text) => text === error).length }).toEqual({ error, times: 1 });
  }
}

describe('/login form errors', () => {
  it('shows each sign-in error once, under its field, and the one review toast', async () => {
    mockFetch({});
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Aduro' });
    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectEachErrorOnceAndOneToast();
  });

  it('shows each error of an empty supplier registration once, under its field, and the one review toast', async () => {
    mockFetch({});
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Aduro' });
    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    await user.click(screen.getByRole('radio', { name: /^Supplier/ }));
    for (const label of ['Full name', 'Business name', 'Organisation phone', 'Organisation location']) {
      await user.clear(screen.getByLabelText(label));
    }
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectEachErrorOnceAndOneToast();
    // A second submission replaces the toast rather than stacking a copy of it.
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expectEachErrorOnceAndOneToast();
  });
});
