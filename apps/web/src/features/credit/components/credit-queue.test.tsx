import type { CreditApplication } from '@aduro/shared/credit';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
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
  createdAt: '2026-11-16T09:00:00.000Z',
  decidedAt: null,
  ...over,
});
const LIST = `GET /credit/applications?supplierId=${ORG}&status=all`;

function renderQueue() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreditQueue orgId={ORG} />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.restoreAllMocks());

describe('Credit decisioning queue', () => {
  it('says "No pending applications." when nothing waits', async () => {
    mockFetch({
      [LIST]: () => json([application({ status: 'rejected', decidedAt: '2026-11-01T00:00:00.000Z' })]),
    });
    renderQueue();
    expect(await screen.findByText('No pending applications.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent decisions' })).toBeInTheDocument();
  });

  it('runs the risk check only on demand, then prefills the approval with the recommended limit', async () => {
    let approved: unknown = null;
    const fetchMock = mockFetch({
      [LIST]: () => json(approved ? [] : [application({})]),
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

  it('offers the requested limit before any risk check, and rejects with the SPEC toast', async () => {
    let rejected = false;
    mockFetch({
      [LIST]: () => json(rejected ? [] : [application({})]),
      'POST /credit/applications/app-1/reject': () => {
        rejected = true;
        return json(application({ status: 'rejected', decidedAt: '2026-11-22T10:00:00.000Z' }));
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const user = renderQueue();
    const item = (await screen.findByText('Volta Wellness Pharmacies')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve credit line' });
    expect(within(dialog).getByLabelText('Credit limit (GH₵)')).toHaveValue(45000);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Credit application rejected'));
    expect(await screen.findByText('No pending applications.')).toBeInTheDocument();
  });
});
