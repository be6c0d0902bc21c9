import type { CreditApplication } from '@aduro/shared/credit';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { CreditQueue } from './credit-queue';

const ORG = 'org-tema';
const application = (over: Partial<CreditApplication>): CreditApplication => ({
  id: 'app-1',
  customer: { id: 'c1', name: 'Volta Wellness Pharmacies' },
  supplier: { id: ORG, name: 'Tema Pharma Distributors' },
  requestedLimit: 45000,
  status: 'pending',
  notes: 'Three branches',
  approvedLimit: null,
  rejectionReason: null,
  createdAt: '2026-11-16T09:00:00.000Z',
  decidedAt: null,
  ...over,
});
const LIST = `GET /credit/applications/page?supplierId=${ORG}&limit=50`;
const page = (items: CreditApplication[], nextCursor: string | null = null, total = items.length) =>
  json({ items, nextCursor, total });

function renderQueue(path = '/supplier') {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [{ path: '/supplier', element: <CreditQueue orgId={ORG} pinnedParams={{ tab: 'credit' }} /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return Object.assign(user, { router });
}

afterEach(() => vi.restoreAllMocks());

describe('Credit decisioning queue', () => {
  it('says "No pending applications." when nothing waits', async () => {
    mockFetch({
      [LIST]: () => page([application({ status: 'rejected', decidedAt: '2026-11-01T00:00:00.000Z' })]),
    });
    renderQueue();
    expect(await screen.findByText('No pending applications.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent decisions' })).toBeInTheDocument();
  });

  it('runs the risk check only on demand, then prefills the approval with the recommended limit', async () => {
    let approved: unknown = null;
    const fetchMock = mockFetch({
      [LIST]: () => page(approved ? [] : [application({})]),
      'GET /credit/applications/app-1/risk': () =>
        json({
          score: 70,
          rationale: 'Low risk, score 70/100. Signals: 11 released orders with you in 180 days (+15).',
          exposure: 8260,
          outstanding: 0,
          requested: 45000,
          recommendedLimit: 20500,
        }),
      'POST /credit/applications/app-1/approve': (init) => {
        approved = JSON.parse(String(init?.body));
        return json(
          application({ status: 'approved', approvedLimit: 20500, decidedAt: '2026-11-22T10:00:00.000Z' }),
        );
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const user = renderQueue();
    const item = (await screen.findByText('Volta Wellness Pharmacies')).closest('li')!;
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/risk'))).toBe(false);

    await user.click(within(item).getByRole('button', { name: 'Run AI risk check' }));
    const check = await within(item).findByRole('group', { name: 'Risk check' });
    expect(check).toHaveTextContent('70/100');
    expect(check).toHaveTextContent('Low risk');
    expect(check).toHaveTextContent('GH₵8,260.00');
    expect(check).toHaveTextContent('GH₵20,500.00');

    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve credit line' });
    expect(within(dialog).getByLabelText('Credit limit (GH₵)')).toHaveValue(20500);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Credit line approved at GH₵20,500.00'));
    expect(approved).toEqual({ limit: 20500 });
  });

  it('offers the requested limit before any risk check, and rejects with the SPEC toast once confirmed', async () => {
    let rejected: unknown = null;
    const fetchMock = mockFetch({
      [LIST]: () =>
        page(
          rejected
            ? [
                application({
                  status: 'rejected',
                  rejectionReason: 'Settle the two overdue invoices first',
                  decidedAt: '2026-11-22T10:00:00.000Z',
                }),
              ]
            : [application({})],
        ),
      'POST /credit/applications/app-1/reject': (init) => {
        rejected = JSON.parse(String(init?.body));
        return json(
          application({
            status: 'rejected',
            rejectionReason: 'Settle the two overdue invoices first',
            decidedAt: '2026-11-22T10:00:00.000Z',
          }),
        );
      },
    });
    const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    const toastSuccess = vi.spyOn(toast, 'success');
    const user = renderQueue();
    const item = (await screen.findByText('Volta Wellness Pharmacies')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve credit line' });
    expect(within(dialog).getByLabelText('Credit limit (GH₵)')).toHaveValue(45000);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Reject asks first: cancelling sends nothing.
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    let confirm = await screen.findByRole('dialog', { name: 'Reject credit application?' });
    expect(confirm).toHaveTextContent('Volta Wellness Pharmacies asked for GH₵45,000.00.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual([]);

    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    confirm = await screen.findByRole('dialog', { name: 'Reject credit application?' });
    // The reason typed before was for a cancelled rejection: the field starts empty again.
    expect(within(confirm).getByLabelText(/Reason/)).toHaveValue('');
    await user.type(within(confirm).getByLabelText(/Reason/), '  Settle the two overdue invoices first ');
    expect(posted()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Reject application' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Credit application rejected'));
    expect(rejected).toEqual({ reason: 'Settle the two overdue invoices first' });
    expect(await screen.findByText('No pending applications.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The decision keeps the reason the supplier gave.
    expect(await screen.findByText('Reason: Settle the two overdue invoices first')).toBeInTheDocument();
  });

  it('rejects without a reason when none is typed', async () => {
    let rejected: unknown = null;
    mockFetch({
      [LIST]: () => page(rejected ? [] : [application({})]),
      'POST /credit/applications/app-1/reject': (init) => {
        rejected = JSON.parse(String(init?.body));
        return json(application({ status: 'rejected', decidedAt: '2026-11-22T10:00:00.000Z' }));
      },
    });
    const user = renderQueue();
    const item = (await screen.findByText('Volta Wellness Pharmacies')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject credit application?' });
    await user.type(within(confirm).getByLabelText(/Reason/), '   ');
    await user.click(within(confirm).getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText('No pending applications.')).toBeInTheDocument();
    expect(rejected).toEqual({});
  });

  it('filters by status in the URL and the request, keeping the other parameters', async () => {
    const fetchMock = mockFetch({
      [LIST]: () => page([application({})]),
      [`GET /credit/applications/page?supplierId=${ORG}&status=rejected&limit=50`]: () => page([]),
    });
    const user = renderQueue('/supplier?invoiceStatus=overdue');
    expect(await screen.findByText('1 application')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Rejected' }));

    expect(await screen.findByText('No applications match these filters.')).toBeInTheDocument();
    expect(user.router.state.location.search).toBe(
      '?invoiceStatus=overdue&tab=credit&applicationStatus=rejected',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('status=rejected'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Volta Wellness Pharmacies')).toBeInTheDocument();
    expect(user.router.state.location.search).toBe('?invoiceStatus=overdue&tab=credit');
  });

  it('restores the status from the URL, counts the matches and appends the next page with its cursor', async () => {
    const first = Array.from({ length: 2 }, (_, i) =>
      application({ id: `app-${i}`, customer: { id: `c${i}`, name: `Pharmacy ${i}` } }),
    );
    const fetchMock = mockFetch({
      [`GET /credit/applications/page?supplierId=${ORG}&status=pending&limit=50`]: () =>
        page(first, 'next-1', 3),
      [`GET /credit/applications/page?supplierId=${ORG}&status=pending&limit=50&cursor=next-1`]: () =>
        page([application({ id: 'app-9', customer: { id: 'c9', name: 'Pharmacy 9' } })], null, 3),
    });
    const user = renderQueue('/supplier?applicationStatus=pending');
    expect(await screen.findByText('3 applications')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(screen.getByText('Pharmacy 1')).toBeInTheDocument();
    expect(screen.queryByText('Pharmacy 9')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Pharmacy 9')).toBeInTheDocument();
    expect(screen.getByText('Pharmacy 0')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('cursor=next-1'))).toBe(true);
  });

  it('says "No pending applications." when there are none at all, without a filter', async () => {
    mockFetch({ [LIST]: () => page([]) });
    renderQueue();
    expect(await screen.findByText('No pending applications.')).toBeInTheDocument();
    expect(screen.getByText('0 applications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
