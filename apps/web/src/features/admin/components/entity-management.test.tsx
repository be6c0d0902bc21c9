import type { AdminEntity } from '@aduro/shared/admin';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { EntityManagement } from './entity-management';

function entity(n: number, overrides: Partial<AdminEntity> = {}): AdminEntity {
  return {
    id: `org-${n}`,
    name: `Organisation ${n}`,
    kind: 'supplier',
    users: [{ id: `u-${n}`, name: 'Kofi Mensah', email: `admin${n}@example.demo` }],
    isActive: true,
    status: 'active',
    paymentTerms: 'Net 30',
    location: 'Tema',
    phone: null,
    supplierCategory: 'Distributor',
    hasLicence: false,
    licenceFileName: null,
    createdAt: '2026-01-06T12:00:00.000Z',
    ...overrides,
  };
}

const LIST = 'GET /admin/entities/page?limit=50';
const page = (items: AdminEntity[], nextCursor: string | null = null, total = items.length) =>
  json({ items, nextCursor, total });

function renderEntities(path = '/admin') {
  const user = userEvent.setup();
  const router = createMemoryRouter([{ path: '/admin', element: <EntityManagement /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, router };
}

const requested = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url).replace(/^.*?\/api/, ''));

beforeEach(() => {
  toast.dismiss();
});
afterEach(() => vi.restoreAllMocks());

describe('Entity management', () => {
  it('keeps the SPEC text when there are no organisations and no filter', async () => {
    mockFetch({ [LIST]: () => page([]) });
    renderEntities();
    expect(await screen.findByText('No entities to display.')).toBeInTheDocument();
    expect(screen.getByText('0 organisations')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('puts the kind, the status and the paused search in the URL and the request', async () => {
    const fetchMock = mockFetch({
      [LIST]: () => page([entity(1), entity(2)]),
      'GET /admin/entities/page?kind=customer&limit=50': () => page([entity(3, { kind: 'customer' })]),
      'GET /admin/entities/page?kind=customer&status=deactivated&limit=50': () =>
        page([entity(4, { kind: 'customer', isActive: false, status: 'deactivated' })]),
      'GET /admin/entities/page?kind=customer&status=deactivated&q=osu&limit=50': () => page([]),
    });
    const { user, router } = renderEntities('/admin?activityType=order');
    expect(await screen.findByText('2 organisations')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Customers' }));
    expect(await screen.findByText('1 organisation')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Deactivated' }));
    expect(await screen.findByText('Organisation 4')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'osu');

    expect(await screen.findByText('No organisations match these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      '?activityType=order&entityKind=customer&entityStatus=deactivated&entityQ=osu',
    );
    // Typing does not ask per key: only the paused text reaches the server.
    expect(requested(fetchMock).filter((path) => path.includes('q='))).toEqual([
      '/admin/entities/page?kind=customer&status=deactivated&q=osu&limit=50',
    ]);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('2 organisations')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?activityType=order');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('restores the filters from the URL and appends the next page with its cursor', async () => {
    const first = Array.from({ length: 3 }, (_, i) =>
      entity(i, { isActive: false, status: 'awaiting_review' }),
    );
    const fetchMock = mockFetch({
      'GET /admin/entities/page?kind=supplier&status=awaiting_review&q=tema&limit=50': () =>
        page(first, 'cursor-2', 4),
      'GET /admin/entities/page?kind=supplier&status=awaiting_review&q=tema&limit=50&cursor=cursor-2': () =>
        page([entity(7, { isActive: false, status: 'awaiting_review' })], null, 4),
    });
    const { user } = renderEntities('/admin?entityKind=supplier&entityStatus=awaiting_review&entityQ=tema');
    expect(await screen.findByText('4 organisations')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Suppliers' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Awaiting review' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('tema');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Organisation 7' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requested(fetchMock)).toContain(
      '/admin/entities/page?kind=supplier&status=awaiting_review&q=tema&limit=50&cursor=cursor-2',
    );
  });

  it('tells a supplier awaiting licence review from a deactivated organisation', async () => {
    mockFetch({
      [LIST]: () =>
        page([
          entity(1, { isActive: false, status: 'awaiting_review' }),
          entity(2, { isActive: false, status: 'deactivated' }),
          entity(3),
        ]),
    });
    renderEntities();
    const row = async (n: number) => screen.findByRole('listitem', { name: `Organisation ${n}` });
    expect(await row(1)).toHaveTextContent('Awaiting review');
    expect(await row(1)).not.toHaveTextContent('Deactivated');
    expect(await row(2)).toHaveTextContent('Deactivated');
    expect(await row(3)).toHaveTextContent('Active');
  });

  it('activates an organisation only once the reason is given and confirmed, then refreshes the list', async () => {
    let sent: unknown = null;
    const fetchMock = mockFetch({
      [LIST]: () => page([entity(1, sent ? {} : { isActive: false, status: 'awaiting_review' })]),
      'PATCH /admin/entities/org-1/toggle': (init) => {
        sent = JSON.parse(String(init?.body));
        return json(entity(1));
      },
    });
    const patched = () => requested(fetchMock).filter((path) => path.endsWith('/toggle'));
    const { user } = renderEntities();
    const row = await screen.findByRole('listitem', { name: 'Organisation 1' });

    // The row's button only asks; Cancel leaves everything as it was.
    await user.click(within(row).getByRole('button', { name: 'Activate Organisation 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Activate Organisation 1?' });
    expect(dialog).toHaveTextContent('This ends its licence review');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patched()).toEqual([]);

    // Without a reason (blanks are none) the dialog says so and sends nothing.
    await user.click(within(row).getByRole('button', { name: 'Activate Organisation 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Activate Organisation 1?' });
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByText('Give the reason for this change')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(patched()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Licence checked on the FDA register ');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Organisation 1 activated')).toBeInTheDocument();
    expect(sent).toEqual({ active: true, reason: 'Licence checked on the FDA register' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(row).findByText('Active')).toBeInTheDocument();
  });

  it('asks before deactivating, saying what it stops, and sends the direction with the reason', async () => {
    let sent: unknown = null;
    mockFetch({
      [LIST]: () => page([entity(1, { kind: 'customer', supplierCategory: null })]),
      'PATCH /admin/entities/org-1/toggle': (init) => {
        sent = JSON.parse(String(init?.body));
        return json(entity(1, { kind: 'customer', isActive: false, status: 'deactivated' }));
      },
    });
    const { user } = renderEntities();
    const row = await screen.findByRole('listitem', { name: 'Organisation 1' });
    await user.click(within(row).getByRole('button', { name: 'Deactivate Organisation 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Organisation 1?' });
    expect(dialog).toHaveTextContent('It can no longer fill its cart, draft or approve orders');
    expect(dialog).toHaveTextContent('Kept in the activity trail and told to every user of Organisation 1.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Unpaid platform fees');
    expect(sent).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Organisation 1 deactivated')).toBeInTheDocument();
    expect(sent).toEqual({ active: false, reason: 'Unpaid platform fees' });
  });

  it("exports the server's entities.csv with the current filters", async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:entities', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetchMock = mockFetch({
      'GET /admin/entities/page?kind=supplier&q=tema&limit=50': () => page([entity(1)]),
      'GET /admin/entities.csv?kind=supplier&q=tema': () =>
        new Response('\uFEFFname,kind,users,active,paymentTerms\r\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        }),
    });
    const { user } = renderEntities('/admin?entityKind=supplier&entityQ=tema');
    await screen.findByText('1 organisation');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    // No Content-Disposition reached the page: the file keeps the SPEC name.
    await waitFor(() => expect(saved).toEqual(['entities.csv']));
    expect(requested(fetchMock)).toContain('/admin/entities.csv?kind=supplier&q=tema');
  });

  it('toasts "Nothing to export." instead of asking for an empty file', async () => {
    const fetchMock = mockFetch({ 'GET /admin/entities/page?q=zzz&limit=50': () => page([]) });
    const { user } = renderEntities('/admin?entityQ=zzz');
    await screen.findByText('No organisations match these filters.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Nothing to export.')).toBeInTheDocument();
    expect(requested(fetchMock).some((path) => path.startsWith('/admin/entities.csv'))).toBe(false);
  });
});
