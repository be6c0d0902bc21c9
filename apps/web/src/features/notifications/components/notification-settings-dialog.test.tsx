import {
  NOTIFICATION_TOPICS,
  PREFERENCE_MESSAGES,
  type NotificationPreferences,
} from '@aduro/shared/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { json, mockFetch, renderApp, sessionUser } from '../../../test/test-utils';
import { page } from '../testing/fixtures';

const BUYER_TOPICS = ['order_released', 'drop_moved', 'invoice_reminder'] as const;

/** What GET answers for a buyer who turned e-mail off for deliveries. */
const preferences: NotificationPreferences = {
  topics: BUYER_TOPICS.map((topic) => ({
    topic,
    label: NOTIFICATION_TOPICS[topic].label,
    email: topic !== 'drop_moved',
  })),
};

type Handlers = Parameters<typeof mockFetch>[0];

/** The settings dialog, opened as a user would: the bell, then "Notification settings". */
async function openSettings(handlers: Handlers = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => json(sessionUser()),
    'GET /notifications?limit=20': () => json(page([])),
    'GET /notifications/preferences': () => json(preferences),
    ...handlers,
  });
  const { user } = renderApp('/manual');
  await user.click(await screen.findByRole('button', { name: 'Notifications' }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  await user.click(within(panel).getByRole('button', { name: 'Notification settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Notification settings' });
  return { user, dialog, fetchMock };
}

describe('NotificationSettingsDialog', () => {
  it("lists the topics the user receives with each one's e-mail choice, in-app being always on", async () => {
    const { dialog } = await openSettings();
    expect(dialog).toHaveAccessibleDescription(/In-app notifications are always on/);
    expect(dialog).toHaveAccessibleDescription(/buyer@accracare\.demo/);
    const deliveries = await within(dialog).findByRole('checkbox', {
      name: `Email: ${NOTIFICATION_TOPICS.drop_moved.label}`,
    });
    expect(deliveries).not.toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: `Email: ${NOTIFICATION_TOPICS.order_released.label}` }),
    ).toBeChecked();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3);
    // Nothing changed yet, so nothing to save.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves only the topics changed, says so and goes back to the list', async () => {
    let sent: unknown;
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user, dialog } = await openSettings({
      'PUT /notifications/preferences': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({
          topics: preferences.topics.map((t) => ({ ...t, email: t.topic === 'drop_moved' })),
        });
      },
    });
    const email = (topic: (typeof BUYER_TOPICS)[number]) =>
      within(dialog).getByRole('checkbox', { name: `Email: ${NOTIFICATION_TOPICS[topic].label}` });
    await within(dialog).findAllByRole('checkbox', { name: /^Email: / });

    await user.click(email('drop_moved'));
    await user.click(email('order_released'));
    await user.click(email('invoice_reminder'));
    await user.click(email('invoice_reminder')); // back as it was: not sent
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Notification settings saved'));
    expect(sent).toEqual({
      topics: [
        { topic: 'order_released', email: false },
        { topic: 'drop_moved', email: true },
      ],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notification settings' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });

  it("shows the server's message when it refuses, and keeps the choices to correct", async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { user, dialog } = await openSettings({
      'PUT /notifications/preferences': () =>
        json(
          {
            message: PREFERENCE_MESSAGES.notYours,
            code: 'VALIDATION_FAILED',
            kind: 'validation',
            fieldErrors: { 'topics.0.topic': [PREFERENCE_MESSAGES.notYours] },
          },
          400,
        ),
    });
    const deliveries = await within(dialog).findByRole('checkbox', {
      name: `Email: ${NOTIFICATION_TOPICS.drop_moved.label}`,
    });
    await user.click(deliveries);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(PREFERENCE_MESSAGES.notYours, expect.anything()),
    );
    expect(screen.getByRole('dialog', { name: 'Notification settings' })).toBeInTheDocument();
    expect(deliveries).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
