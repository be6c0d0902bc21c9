import type { OrgUser, Role } from '@aduro/shared/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { PHARMACIST_DESCRIPTION } from '../utils/roles';
import { UsersRolesTab } from './users-roles-tab';

const ORG_ID = 'org-tema';
const ME = 'u-admin';

// Sent out of display order on purpose: the screen must sort them.
const ROLES: Role[] = [
  { id: 5, name: 'Pharmacist', permissions: ['sign_off_controlled'] },
  {
    id: 4,
    name: 'Admin',
    permissions: ['manage_inventory', 'manage_shipping', 'manage_credit', 'manage_users'],
  },
  { id: 2, name: 'ShippingClerk', permissions: ['manage_shipping'] },
  { id: 1, name: 'InventoryManager', permissions: ['manage_inventory'] },
  { id: 3, name: 'CreditApprover', permissions: ['manage_credit'] },
];
const roleRef = (name: string) => {
  const role = ROLES.find((r) => r.name === name);
  if (!role) throw new Error(name);
  return { role: { id: role.id, name: role.name } };
};

function orgUser(id: string, name: string, email: string, roles: string[], createdAt: string): OrgUser {
  return { id, name, email, createdAt, roles: roles.map(roleRef) };
}

const ADMIN = orgUser(ME, 'Kofi Mensah', 'admin@tema-pharma.demo', ['Admin'], '2025-01-06T12:00:00.000Z');
const CLERK = orgUser(
  'u-clerk',
  'Ama Owusu',
  'dispatch@tema-pharma.demo',
  ['ShippingClerk'],
  '2025-02-14T12:00:00.000Z',
);
const STOCK = orgUser(
  'u-stock',
  'Yaw Darko',
  'stock@tema-pharma.demo',
  ['InventoryManager', 'CreditApprover'],
  '2025-03-03T12:00:00.000Z',
);

type Handlers = Parameters<typeof mockFetch>[0];

const LIST = 'GET /org/users/page?limit=50';
const page = (items: OrgUser[], nextCursor: string | null = null, total = items.length) =>
  json({ items, nextCursor, total });

/**
 * A small in-memory server for the directory: role changes and removals stick, so the refetch after
 * each mutation returns what a real server would. `handlers` override single calls.
 */
function setup(initial: OrgUser[] = [ADMIN, CLERK, STOCK], handlers: Handlers = {}, path = '/supplier') {
  let users = [...initial];
  const byId: Handlers = {};
  for (const member of initial) {
    byId[`PATCH /org/users/${member.id}/roles`] = (init) => {
      const { roles } = JSON.parse(String(init?.body)) as { roles: string[] };
      const updated = { ...member, roles: roles.map(roleRef) };
      users = users.map((u) => (u.id === member.id ? updated : u));
      return json(updated);
    };
    byId[`DELETE /org/users/${member.id}`] = () => {
      users = users.filter((u) => u.id !== member.id);
      return new Response(null, { status: 204 });
    };
  }
  const fetchMock = mockFetch({
    [LIST]: () => page(users),
    'GET /org/users/roles': () => json(ROLES),
    ...byId,
    ...handlers,
  });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        path: '/supplier',
        element: <UsersRolesTab orgId={ORG_ID} currentUserId={ME} pinnedParams={{ tab: 'users' }} />,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchMock, queryClient, user, router };
}

function requests(fetchMock: ReturnType<typeof mockFetch>, method: string) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({
      path: String(url).replace(/^.*?\/api/, ''),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));
}

const inviteForm = () => screen.getByRole('form', { name: 'Invite a team member' });
const memberRow = (name: string) => {
  const item = screen
    .getAllByRole('listitem', { hidden: true })
    .find((li) => within(li).queryAllByText(name).length > 0);
  if (!item) throw new Error(`No row for ${name}`);
  return item;
};
const rolesOf = (name: string) => within(memberRow(name)).getByRole('group', { name: `Roles of ${name}` });

async function ready() {
  return screen.findByRole('form', { name: 'Invite a team member' });
}

// Sonner keeps its toasts between renders and replays them to a new Toaster.
beforeEach(() => {
  toast.dismiss();
});

describe('UsersRolesTab: invite form', () => {
  it('offers the roles in display order, the Pharmacist after the four SPEC roles, with InventoryManager ticked, and the password hint', async () => {
    setup();
    await ready();
    const boxes = within(inviteForm()).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('id'))).toEqual([
      'invite-role-InventoryManager',
      'invite-role-ShippingClerk',
      'invite-role-CreditApprover',
      'invite-role-Admin',
      'invite-role-Pharmacist',
    ]);
    expect(within(inviteForm()).getByRole('checkbox', { name: /InventoryManager/ })).toBeChecked();
    for (const name of [/ShippingClerk/, /CreditApprover/, /Admin/, /Pharmacist/]) {
      expect(within(inviteForm()).getByRole('checkbox', { name })).not.toBeChecked();
    }
    expect(within(inviteForm()).getByText('At least 8 characters')).toBeInTheDocument();
    // What each role opens comes from the server's permissions.
    expect(within(inviteForm()).getByText('Opens Shipping')).toBeInTheDocument();
    // The Pharmacist says what it is for: controlled drugs wait for its sign-off.
    expect(within(inviteForm()).getByText(PHARMACIST_DESCRIPTION)).toBeInTheDocument();
  });

  it("toasts 'Fill in name, email, and password' when any of them is missing, and sends nothing", async () => {
    const { user, fetchMock } = setup();
    await ready();
    await user.type(screen.getByLabelText('Full name'), 'Esi Quaye');
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Fill in name, email, and password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(requests(fetchMock, 'POST')).toEqual([]);
  });

  it("toasts 'Select at least one role' when every role is cleared", async () => {
    const { user, fetchMock } = setup();
    await ready();
    await user.type(screen.getByLabelText('Full name'), 'Esi Quaye');
    await user.type(screen.getByLabelText('Email'), 'esi@tema-pharma.demo');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.click(within(inviteForm()).getByRole('checkbox', { name: /InventoryManager/ }));
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Select at least one role')).toBeInTheDocument();
    expect(screen.queryByText('Fill in name, email, and password')).not.toBeInTheDocument();
    expect(requests(fetchMock, 'POST')).toEqual([]);
  });

  it('shows other problems under their fields: an invalid e-mail and a short password', async () => {
    const { user, fetchMock } = setup();
    await ready();
    await user.type(screen.getByLabelText('Full name'), 'Esi Quaye');
    await user.type(screen.getByLabelText('Email'), 'esi-at-tema');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    // The hint gives way to the message it explains.
    expect(screen.queryByText('At least 8 characters')).not.toBeInTheDocument();
    expect(screen.queryByText('Fill in name, email, and password')).not.toBeInTheDocument();
    expect(requests(fetchMock, 'POST')).toEqual([]);
  });

  it("creates the user, toasts 'User created', lists them and resets the form", async () => {
    const created = orgUser(
      'u-new',
      'Esi Quaye',
      'esi@tema-pharma.demo',
      ['InventoryManager', 'ShippingClerk'],
      '2025-04-01T12:00:00.000Z',
    );
    let users = [ADMIN, CLERK];
    const { user, fetchMock } = setup(undefined, {
      [LIST]: () => page(users),
      'POST /org/users': () => {
        users = [...users, created];
        return json(created, 201);
      },
    });
    await ready();
    await user.type(screen.getByLabelText('Full name'), '  Esi Quaye ');
    await user.type(screen.getByLabelText('Email'), 'esi@tema-pharma.demo');
    await user.type(screen.getByLabelText('Password'), 'tema-2025!');
    await user.click(within(inviteForm()).getByRole('checkbox', { name: /ShippingClerk/ }));
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(requests(fetchMock, 'POST')).toEqual([
      {
        path: '/org/users',
        body: {
          name: 'Esi Quaye',
          email: 'esi@tema-pharma.demo',
          password: 'tema-2025!',
          roles: ['InventoryManager', 'ShippingClerk'],
        },
      },
    ]);
    expect(await screen.findByText('esi@tema-pharma.demo')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(within(inviteForm()).getByRole('checkbox', { name: /InventoryManager/ })).toBeChecked();
    expect(within(inviteForm()).getByRole('checkbox', { name: /ShippingClerk/ })).not.toBeChecked();
  });

  it('keeps the form when the server refuses, with its message as a toast and under the field', async () => {
    const { user } = setup(undefined, {
      'POST /org/users': () =>
        json(
          {
            message: 'An account with this email already exists',
            fieldErrors: { email: ['An account with this email already exists'] },
          },
          409,
        ),
    });
    await ready();
    await user.type(screen.getByLabelText('Full name'), 'Esi Quaye');
    await user.type(screen.getByLabelText('Email'), 'stock@tema-pharma.demo');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    await waitFor(() =>
      expect(screen.getAllByText('An account with this email already exists')).toHaveLength(2),
    );
    expect(screen.getByLabelText('Full name')).toHaveValue('Esi Quaye');
    expect(screen.queryByText('User created')).not.toBeInTheDocument();
  });
});

describe('UsersRolesTab: team directory', () => {
  it('lists each member with e-mail, the date they were added and their roles', async () => {
    setup();
    await ready();
    const row = memberRow('Ama Owusu');
    expect(within(row).getByText('dispatch@tema-pharma.demo')).toBeInTheDocument();
    expect(within(row).getByText('14 Feb 2025')).toHaveAttribute('datetime', '2025-02-14T12:00:00.000Z');
    const roles = rolesOf('Yaw Darko');
    expect(within(roles).getByRole('checkbox', { name: 'InventoryManager' })).toBeChecked();
    expect(within(roles).getByRole('checkbox', { name: 'CreditApprover' })).toBeChecked();
    expect(within(roles).getByRole('checkbox', { name: 'ShippingClerk' })).not.toBeChecked();
    expect(within(memberRow('Kofi Mensah')).getByText('You')).toBeInTheDocument();
  });

  it("saves a ticked role at once, in display order, and toasts 'Roles updated'", async () => {
    const { user, fetchMock } = setup();
    await ready();
    await user.click(within(rolesOf('Ama Owusu')).getByRole('checkbox', { name: 'InventoryManager' }));

    expect(await screen.findByText('Roles updated')).toBeInTheDocument();
    expect(requests(fetchMock, 'PATCH')).toEqual([
      { path: '/org/users/u-clerk/roles', body: { roles: ['InventoryManager', 'ShippingClerk'] } },
    ]);
    expect(within(rolesOf('Ama Owusu')).getByRole('checkbox', { name: 'InventoryManager' })).toBeChecked();
  });

  it("refuses to clear a member's last role with 'Users must have at least one role', sending nothing", async () => {
    const { user, fetchMock } = setup();
    await ready();
    const box = within(rolesOf('Ama Owusu')).getByRole('checkbox', { name: 'ShippingClerk' });
    await user.click(box);

    expect(await screen.findByText('Users must have at least one role')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(requests(fetchMock, 'PATCH')).toEqual([]);
  });

  it("puts the boxes back and toasts the server's reason when a change is refused", async () => {
    let calls = 0;
    const { user } = setup(undefined, {
      'PATCH /org/users/u-stock/roles': () => {
        calls += 1;
        return json({ message: 'User not found' }, 404);
      },
    });
    await ready();
    const box = within(rolesOf('Yaw Darko')).getByRole('checkbox', { name: 'CreditApprover' });
    await user.click(box);

    expect(await screen.findByText('User not found')).toBeInTheDocument();
    await waitFor(() => expect(box).toBeChecked());
    expect(box).toBeEnabled();
    expect(calls).toBe(1);
  });

  it("refreshes every cached answer, the session's permissions included, after one's own roles change", async () => {
    const { user, queryClient } = setup();
    await ready();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(within(rolesOf('Kofi Mensah')).getByRole('checkbox', { name: 'ShippingClerk' }));
    await screen.findByText('Roles updated');
    expect(invalidate).toHaveBeenCalledWith();

    invalidate.mockClear();
    await user.click(within(rolesOf('Ama Owusu')).getByRole('checkbox', { name: 'CreditApprover' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
    // Someone else's roles change only the directory.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['org-users', ORG_ID] });
    expect(invalidate).not.toHaveBeenCalledWith();
  });

  it('asks before the signed-in Admin gives up their own Admin role; the last-Admin refusal toasts', async () => {
    // A small stateful server: the first change is accepted, taking Admin from the only Admin is not.
    let me = ADMIN;
    const { user, fetchMock } = setup(undefined, {
      [LIST]: () => page([me, CLERK, STOCK]),
      'PATCH /org/users/u-admin/roles': (init) => {
        const { roles } = JSON.parse(String(init?.body)) as { roles: string[] };
        if (!roles.includes('Admin')) {
          return json({ message: 'Your organisation must keep at least one Admin.' }, 409);
        }
        me = { ...me, roles: roles.map(roleRef) };
        return json(me);
      },
    });
    await ready();
    // Adding a role to oneself needs no confirmation.
    await user.click(within(rolesOf('Kofi Mensah')).getByRole('checkbox', { name: 'InventoryManager' }));
    expect(await screen.findByText('Roles updated')).toBeInTheDocument();

    const admin = within(rolesOf('Kofi Mensah')).getByRole('checkbox', { name: 'Admin' });
    await waitFor(() => expect(admin).toBeEnabled());
    await user.click(admin);
    const dialog = await screen.findByRole('dialog', { name: 'Give up your Admin role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Admin' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests(fetchMock, 'PATCH')).toHaveLength(1);
    expect(admin).toBeChecked();

    await user.click(admin);
    await user.click(await screen.findByRole('button', { name: 'Give up Admin' }));
    expect(await screen.findByText('Your organisation must keep at least one Admin.')).toBeInTheDocument();
    expect(requests(fetchMock, 'PATCH')[1]).toEqual({
      path: '/org/users/u-admin/roles',
      body: { roles: ['InventoryManager'] },
    });
    await waitFor(() => expect(admin).toBeChecked());
  });
});

describe('UsersRolesTab: removing members', () => {
  it('confirms in a dialog that Escape and Cancel close, then removes and toasts', async () => {
    const { user, fetchMock } = setup();
    await ready();
    await user.click(within(memberRow('Ama Owusu')).getByRole('button', { name: /Remove/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ama Owusu?' });
    expect(within(dialog).getByText(/dispatch@tema-pharma\.demo/)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(memberRow('Ama Owusu')).getByRole('button', { name: /Remove/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests(fetchMock, 'DELETE')).toEqual([]);

    await user.click(within(memberRow('Ama Owusu')).getByRole('button', { name: /Remove/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove user' }));
    expect(await screen.findByText('User removed')).toBeInTheDocument();
    expect(requests(fetchMock, 'DELETE')).toEqual([{ path: '/org/users/u-clerk', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('dispatch@tema-pharma.demo')).not.toBeInTheDocument();
  });

  it('keeps the dialog open and toasts when the server refuses the removal', async () => {
    const { user } = setup(undefined, {
      'DELETE /org/users/u-stock': () => json({ message: 'User not found' }, 404),
    });
    await ready();
    await user.click(within(memberRow('Yaw Darko')).getByRole('button', { name: /Remove/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove user' }));
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Remove Yaw Darko?' })).toBeInTheDocument();
    expect(within(memberRow('Yaw Darko')).getByText('stock@tema-pharma.demo')).toBeInTheDocument();
  });

  it("disables the signed-in user's own Remove button and says why", async () => {
    setup();
    await ready();
    const own = within(memberRow('Kofi Mensah')).getByRole('button', { name: /Remove/ });
    expect(own).toBeDisabled();
    expect(own).toHaveAttribute('title', 'You cannot remove yourself. Ask another Admin to do it.');
    expect(own).toHaveAccessibleDescription('You cannot remove yourself. Ask another Admin to do it.');
    expect(within(memberRow('Ama Owusu')).getByRole('button', { name: /Remove/ })).toBeEnabled();
  });
});

describe('UsersRolesTab: export and empty state', () => {
  function captureDownloads() {
    const blobs: Blob[] = [];
    const names: string[] = [];
    // jsdom implements neither object URLs nor downloads; record what would be saved instead.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:org-users';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    return { blobs, names };
  }

  it("downloads the server's org_users.csv for the current search, with a spinner while it comes", async () => {
    let finish: (response: Response) => void = () => undefined;
    const { user, fetchMock } = setup(
      undefined,
      {
        'GET /org/users/page?q=tema&limit=50': () => page([ADMIN, CLERK, STOCK]),
        'GET /org/users.csv?q=tema': () =>
          new Promise<Response>((resolve) => {
            finish = resolve;
          }),
      },
      '/supplier?userQ=tema',
    );
    const { blobs, names } = captureDownloads();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Preparing org_users.csv')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    finish(
      new Response('\uFEFFname,email,roles,createdAt\r\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="org_users.csv"',
        },
      }),
    );
    await waitFor(() => expect(names).toEqual(['org_users.csv']));
    expect(await blobs[0]?.text()).toContain('name,email,roles,createdAt');
    expect(requests(fetchMock, 'GET').map((r) => r.path)).toContain('/org/users.csv?q=tema');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
  });

  it("toasts the server's message when the export fails", async () => {
    const { user } = setup(undefined, {
      'GET /org/users.csv': () => json({ message: 'You do not have permission to do this' }, 403),
    });
    const { names } = captureDownloads();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(names).toEqual([]);
  });

  it("shows 'No users found.' and toasts 'No data to export' instead of downloading an empty file", async () => {
    const { user } = setup([]);
    const { names } = captureDownloads();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('No data to export')).toBeInTheDocument();
    expect(names).toEqual([]);
  });
});

describe('UsersRolesTab: search and paging', () => {
  it('puts the search in the URL after typing pauses and asks the server for it', async () => {
    const { user, fetchMock, router } = setup(
      undefined,
      {
        'GET /org/users/page?q=ama&limit=50': () => page([CLERK]),
        'GET /org/users/page?q=nobody&limit=50': () => page([]),
      },
      '/supplier?tab=users&invoiceStatus=overdue',
    );
    await ready();
    expect(screen.getByText('3 users')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ama');

    expect(await screen.findByText('1 user')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=users&invoiceStatus=overdue&userQ=ama');
    expect(screen.queryByText('stock@tema-pharma.demo')).not.toBeInTheDocument();
    // Typing does not ask per key: only the paused text reaches the server.
    expect(requests(fetchMock, 'GET').filter((r) => r.path.startsWith('/org/users/page?q='))).toEqual([
      { path: '/org/users/page?q=ama&limit=50', body: undefined },
    ]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
    expect(screen.queryByText('No users found.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('3 users')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(router.state.location.search).toBe('?tab=users&invoiceStatus=overdue');
  });

  it('restores the search from the URL, counts every match and appends the next page with its cursor', async () => {
    const { user, fetchMock } = setup(
      undefined,
      {
        'GET /org/users/page?q=tema-pharma&limit=50': () => page([ADMIN, CLERK], 'c-2', 3),
        'GET /org/users/page?q=tema-pharma&limit=50&cursor=c-2': () => page([STOCK], null, 3),
      },
      '/supplier?userQ=tema-pharma',
    );
    await ready();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('tema-pharma');
    expect(screen.getByText('3 users')).toBeInTheDocument();
    expect(screen.queryByText('stock@tema-pharma.demo')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('stock@tema-pharma.demo')).toBeInTheDocument();
    expect(screen.getByText('dispatch@tema-pharma.demo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests(fetchMock, 'GET').map((r) => r.path)).toContain(
      '/org/users/page?q=tema-pharma&limit=50&cursor=c-2',
    );
  });
});
