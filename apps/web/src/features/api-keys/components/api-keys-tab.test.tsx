import { API_KEY_MESSAGES, type ApiKey } from '@aduro/shared/api-keys';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { ApiKeysTab } from './api-keys-tab';

const KEY = `adk_${'x'.repeat(43)}`;

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k-1',
    name: 'ERP nightly',
    prefix: 'adk_3fQx9Lm2',
    scopes: ['inventory:read', 'inventory:write'],
    createdAt: '2026-11-20T09:00:00.000Z',
    createdByName: 'Kofi Mensah',
    lastUsedAt: null,
    revokedAt: null,
    revokedByName: null,
    ...overrides,
  };
}

/** A small in-memory server: created and revoked keys stick, so each refetch answers as the API would. */
function setup(initial: ApiKey[] = [apiKey()]) {
  let keys = [...initial];
  const fetchMock = mockFetch({
    'GET /org/api-keys': () => json(keys),
    'POST /org/api-keys': (init) => {
      const body = JSON.parse(String(init?.body)) as { name: string; scopes: ApiKey['scopes'] };
      if (keys.some((k) => k.name.toLowerCase() === body.name.toLowerCase() && !k.revokedAt))
        return json(
          {
            message: API_KEY_MESSAGES.nameTaken,
            code: 'API_KEY_NAME_TAKEN',
            kind: 'conflict',
            fieldErrors: { name: [API_KEY_MESSAGES.nameTaken] },
          },
          409,
        );
      const created = apiKey({ id: 'k-2', name: body.name, scopes: body.scopes, prefix: KEY.slice(0, 12) });
      keys = [created, ...keys];
      return json({ apiKey: created, key: KEY }, 201);
    },
    'DELETE /org/api-keys/k-1': () => {
      const revoked = {
        ...keys.find((k) => k.id === 'k-1')!,
        revokedAt: '2026-11-28T10:00:00.000Z',
        revokedByName: 'Kofi Mensah',
      };
      keys = keys.map((k) => (k.id === 'k-1' ? revoked : k));
      return json(revoked);
    },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiKeysTab orgId="org-tema" />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchMock, user };
}

beforeEach(() => {
  toast.dismiss();
});

describe('ApiKeysTab', () => {
  it('lists each key with its prefix, scopes, creator and use, never the key', async () => {
    setup([
      apiKey(),
      apiKey({
        id: 'k-0',
        name: 'Old sync',
        lastUsedAt: '2026-11-27T08:00:00.000Z',
        revokedAt: '2026-11-28T08:00:00.000Z',
      }),
    ]);
    const erp = await screen.findByText('ERP nightly');
    const item = erp.closest('li')!;
    expect(within(item).getByText('adk_3fQx9Lm2…')).toBeInTheDocument();
    expect(within(item).getByText('inventory:write')).toBeInTheDocument();
    expect(within(item).getByText(/by Kofi Mensah/)).toBeInTheDocument();
    expect(within(item).getByText('Never used')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    const old = screen.getByText('Old sync').closest('li')!;
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).getByText(/Last used/)).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('creates a key with the scopes ticked and shows it once, with a copy button', async () => {
    const { fetchMock, user } = setup();
    await screen.findByText('ERP nightly');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText(API_KEY_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(API_KEY_MESSAGES.scopesRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), 'Stock bridge');
    await user.click(within(dialog).getByRole('checkbox', { name: 'orders:read' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'inventory:read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Key “Stock bridge” created' });
    expect(within(shown).getByLabelText('API key')).toHaveTextContent(KEY);
    expect(within(shown).getByText(new RegExp(API_KEY_MESSAGES.shownOnce))).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    // Sent in the list's order, whatever the order ticked.
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      name: 'Stock bridge',
      scopes: ['inventory:read', 'orders:read'],
    });

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(KEY)).toBeNull();
    expect(await screen.findByText('Stock bridge')).toBeInTheDocument();
  });

  it('puts a taken name under the field', async () => {
    const { user } = setup();
    await screen.findByText('ERP nightly');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'erp nightly');
    await user.click(within(dialog).getByRole('checkbox', { name: 'orders:read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(API_KEY_MESSAGES.nameTaken)).toBeInTheDocument();
  });

  it('revokes a key only once confirmed, and then shows it revoked', async () => {
    const { fetchMock, user } = setup();
    await screen.findByText('ERP nightly');
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “ERP nightly”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke “ERP nightly”?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
