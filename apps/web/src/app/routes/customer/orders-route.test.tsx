import type { Drop } from '@aduro/shared/orders';
import { RETURN_STATUS_LABELS } from '@aduro/shared/returns';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ordersKey, page } from '../../../features/orders/testing/render-orders';
import { DROP_TWO, RECALL_ID, recallDetail, recallSummary } from '../../../features/recalls/testing/fixtures';
import { ORDER_ID, RETURN_ID, returnDetail, returnSummary } from '../../../features/returns/testing/fixtures';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { json, mockFetch, orderFixture, renderApp, sessionUser } from '../../../test/test-utils';

const LIVE = ordersKey({ buyerId: 'org-1', status: 'AWAITING_CUSTOMER_APPROVAL,RELEASED,SHIPPED' });
const FIRST_PAGE = ordersKey({ buyerId: 'org-1', limit: '20' });
const ORDER_RETURNS = `GET /returns?orderId=${ORDER_ID}&limit=20`;

const drop = (sequence: number, status: Drop['status']): Drop => ({
  id: `44444444-0000-4000-8000-00000000000${sequence}`,
  sequence,
  addressName: `Branch ${sequence}`,
  address: 'Oxford Street, Osu, Accra',
  contactName: null,
  contactPhone: null,
  quantity: 30,
  status,
  trackingNumber: null,
  estimatedDeliveryDate: '2026-11-27',
  shippedAt: null,
  deliveredAt: status === 'Delivered' ? '2026-11-24T10:00:00.000Z' : null,
  cancelledAt: null,
  batches: [{ batchNumber: 'AMX2406B', expiryDate: '2027-05-31', quantity: 30 }],
  recalls: [],
});

const order = orderFixture({ status: 'DELIVERED', drops: [drop(1, 'Delivered'), drop(2, 'Shipped')] });

function openOrders(path: string, handlers: Parameters<typeof mockFetch>[0] = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => json(sessionUser()),
    [LIVE]: () => json([]),
    [FIRST_PAGE]: () => json(page([order])),
    ...handlers,
  });
  return { fetchMock, ...renderApp(path) };
}

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe("the buyer's Orders page and its returns", () => {
  it('offers Return packs on a delivered drop only, opening the request for that drop', async () => {
    const { user } = openOrders('/customer/orders');
    const card = await screen.findByRole('region', { name: 'Amoxicillin 500 mg capsules, PO-2026-000042' });
    const drops = within(card).getByRole('list', { name: 'Drops' });
    expect(within(drops).getAllByRole('button', { name: /^Return packs/ })).toHaveLength(1);
    await user.click(within(drops).getByRole('button', { name: 'Return packs: PO-2026-000042 drop 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return packs' });
    expect(dialog).toHaveTextContent('PO-2026-000042 · Amoxicillin 500 mg capsules · drop 1, Branch 1');
    expect(
      within(dialog).getByRole('spinbutton', { name: 'Units to return, Batch AMX2406B' }),
    ).toBeInTheDocument();
  });

  it("lists the order's returns in its history, each linking to the return on the Returns tab", async () => {
    const { user, router } = openOrders('/customer/orders', {
      [ORDER_RETURNS]: () =>
        json({ items: [returnSummary({ status: 'approved', quantity: 6 })], nextCursor: null, total: 1 }),
      'GET /orders/33333333-0000-4000-8000-000000000001': () => json({ ...order, history: [] }),
      'GET /returns?limit=20': () => json({ items: [returnSummary()], nextCursor: null, total: 1 }),
      [`GET /returns/${RETURN_ID}`]: () => json(returnDetail()),
    });
    const card = await screen.findByRole('region', { name: 'Amoxicillin 500 mg capsules, PO-2026-000042' });
    await user.click(within(card).getByRole('button', { name: 'History' }));
    const returns = await within(card).findByRole('region', { name: 'Returns of this order' });
    expect(returns).toHaveTextContent('6 units');
    expect(returns).toHaveTextContent('Damaged');
    expect(returns).toHaveTextContent(RETURN_STATUS_LABELS.approved);
    await user.click(within(returns).getByRole('link', { name: 'RET-2026-000007' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?tab=returns&return=${RETURN_ID}`));
    expect(await screen.findByRole('dialog', { name: 'Return RET-2026-000007' })).toBeInTheDocument();
    // Behind the open sheet (hidden from the accessibility tree while it is open).
    expect(screen.getByRole('tab', { name: 'Returns', selected: true, hidden: true })).toBeInTheDocument();
  });

  it("a return's link (a notification's) opens the Returns tab with that return, and closing it keeps the tab", async () => {
    const { user, router } = openOrders(`/customer/orders?tab=returns&return=${RETURN_ID}`, {
      'GET /returns?limit=20': () => json({ items: [returnSummary()], nextCursor: null, total: 1 }),
      [`GET /returns/${RETURN_ID}`]: () => json(returnDetail()),
    });
    const sheet = await screen.findByRole('dialog', { name: 'Return RET-2026-000007' });
    expect(await within(sheet).findByText('Crushed cartons in the second box')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=returns'));
    expect(screen.getByRole('list', { name: 'Returns' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(
      await screen.findByRole('region', { name: 'Amoxicillin 500 mg capsules, PO-2026-000042' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('offers to return the packs of a delivery confirmed as set aside, as a recalled return under the recall', async () => {
    const bodies: unknown[] = [];
    let created = false;
    const { user } = openOrders('/customer/orders', {
      'GET /recalls': () => json([recallSummary()]),
      [`GET /recalls/${RECALL_ID}`]: () => json(recallDetail()),
      [ORDER_RETURNS]: () =>
        json({
          items: created ? [returnSummary({ status: 'requested', reasons: ['recalled'] })] : [],
          nextCursor: null,
          total: created ? 1 : 0,
        }),
      'POST /returns': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        created = true;
        return json({ id: RETURN_ID, number: 'RET-2026-000007', status: 'requested' }, 201);
      },
    });
    const button = await screen.findByRole('button', { name: 'Return these packs: PO-2026-000042 drop 2' });
    // Drop 1 still awaits the pharmacy's confirmation: nothing to return yet.
    expect(screen.queryByRole('button', { name: /Return these packs: PO-2026-000042 drop 1/ })).toBeNull();
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      orderId: ORDER_ID,
      lines: [{ dropId: DROP_TWO, batchNumber: 'AMX2405A', quantity: 40, reason: 'recalled' }],
      recallId: RECALL_ID,
      notes: 'Returned under recall RC-2026-000007',
    });
    // Once sent, the notice shows the return rather than offering it again.
    expect(await screen.findByRole('link', { name: 'Return RET-2026-000007' })).toBeInTheDocument();
  });
});
