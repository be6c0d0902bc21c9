import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inventoryRow } from '../../../features/inventory/testing/fixtures';
import { RECALL_ID, recallDetail, recallSummary } from '../../../features/recalls/testing/fixtures';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { json, mockFetch, renderApp, sessionUser } from '../../../test/test-utils';

const ADMIN = sessionUser({
  userType: 'supplier',
  orgId: 'org-tema',
  organizationName: 'Tema Pharma Distributors',
  roles: ['Admin'],
  permissions: ['manage_inventory', 'manage_shipping', 'manage_credit', 'manage_users'],
});
const CLERK = sessionUser({
  ...ADMIN,
  roles: ['ShippingClerk'],
  permissions: ['manage_shipping'],
});

function serve(user = ADMIN) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  return mockFetch({
    'GET /auth/me': () => json(user),
    'GET /recalls': () => json([recallSummary()]),
    [`GET /recalls/${RECALL_ID}`]: () => json(recallDetail()),
    'GET /inventory': () => json([inventoryRow({ batchNumber: 'AMX2405C' })]),
  });
}

describe('cockpit Recalls tab', () => {
  it("a notification's link opens the tab on the recall's trace, with each delivery's confirmation", async () => {
    serve();
    const { user, router } = renderApp(`/supplier?tab=recalls&recall=${RECALL_ID}`);
    expect(await screen.findByRole('tab', { name: 'Recalls' })).toHaveAttribute('aria-selected', 'true');
    const trace = await screen.findByRole('region', { name: 'Recall RC-2026-000007' });
    expect(within(trace).getByText('1 of 2 deliveries confirmed')).toBeInTheDocument();
    const osu = within(trace).getByRole('listitem', { name: 'PO-2026-000042 drop 1, AccraCare Pharmacy' });
    expect(within(osu).getByText('Osu branch, 12 Oxford Street, Osu, Accra')).toBeInTheDocument();
    expect(within(osu).getByText('Ama Owusu · +233 24 000 0001')).toBeInTheDocument();
    expect(within(osu).getByText('AMX2405A × 30 units, AMX2405B × 20 units')).toBeInTheDocument();
    expect(within(osu).getByText('Awaiting confirmation')).toBeInTheDocument();
    const kumasi = within(trace).getByRole('listitem', { name: 'PO-2026-000042 drop 2, AccraCare Pharmacy' });
    expect(within(kumasi).getByText(/^Quarantined at pharmacy .* by Efua Asante$/)).toBeInTheDocument();
    expect(within(trace).getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    // Closing the trace takes the recall out of the address and stays on the tab.
    await user.click(within(trace).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Recall RC-2026-000007' })).not.toBeInTheDocument(),
    );
    expect(router.state.location.search).toBe('?tab=recalls');
    expect(screen.getByRole('tab', { name: 'Recalls' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists the recalls with their progress, and opens a trace on a click', async () => {
    serve();
    const { user, router } = renderApp('/supplier');
    await user.click(await screen.findByRole('tab', { name: 'Recalls' }));
    const item = await screen.findByRole('button', {
      name: 'Recall RC-2026-000007, Amoxicillin 500 mg capsules',
    });
    expect(within(item).getByText('1 of 2 deliveries confirmed')).toBeInTheDocument();
    expect(within(item).getByText('120 units quarantined')).toBeInTheDocument();
    expect(within(item).getByText('AMX2405A, AMX2405B')).toBeInTheDocument();
    await user.click(item);
    expect(await screen.findByRole('region', { name: 'Recall RC-2026-000007' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?tab=recalls&recall=${RECALL_ID}`);
    expect(screen.getByRole('button', { name: 'Declare a recall' })).toBeInTheDocument();
  });

  it('lets a shipping clerk read the recalls but not declare one', async () => {
    const fetchMock = serve(CLERK);
    renderApp('/supplier?tab=recalls');
    expect(
      await screen.findByRole('button', { name: 'Recall RC-2026-000007, Amoxicillin 500 mg capsules' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Declare a recall' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/inventory'))).toBe(false);
  });
});
