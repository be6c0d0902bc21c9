import type { Drop } from '@aduro/shared/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/test-utils';
import { nthOrder, ordersKey, page, renderAt } from '../testing/render-orders';
import { NO_MATCHING_ORDERS_MESSAGE } from './order-pages';
import { NO_SHIPMENTS_MESSAGE, ShippingBoard } from './shipping-board';

const SELLER = 'org-tema';
const OUTGOING_PAGE = ordersKey({ sellerId: SELLER, status: 'RELEASED,SHIPPED', limit: '20' });
const AWAITING = ordersKey({ sellerId: SELLER, status: 'AWAITING_CUSTOMER_APPROVAL' });

const drop = (status: Drop['status']): Drop => ({
  id: '44444444-0000-4000-8000-000000000001',
  sequence: 1,
  addressName: 'Osu branch',
  address: 'Oxford Street, Osu, Accra',
  contactName: null,
  contactPhone: null,
  quantity: 40,
  status,
  trackingNumber: null,
  estimatedDeliveryDate: null,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  batches: [],
  recalls: [],
});

describe('ShippingBoard', () => {
  it('opens on the outgoing orders, counted by the total, with the drafts awaiting approval below', async () => {
    mockFetch({
      [OUTGOING_PAGE]: () => json(page([nthOrder(1, { drops: [drop('Awaiting Dispatch')] })], 31, 'c2')),
      [AWAITING]: () => json([nthOrder(9, { status: 'AWAITING_CUSTOMER_APPROVAL' })]),
    });
    renderAt(<ShippingBoard orgId={SELLER} canReadInvoices />, '/supplier');
    expect(await screen.findByText('Live 31')).toBeInTheDocument();
    expect(screen.getByText('31 orders')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('RELEASED,SHIPPED');
    const card = await screen.findByRole('region', { name: 'Product 1, PO-2026-000001' });
    expect(within(card).getByRole('button', { name: 'Mark drop 1 Shipped' })).toBeInTheDocument();
    expect(await screen.findByText(/PO-2026-000009 · Product 9/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('lets the supplier pick delivered orders, keeping the Live badge on the outgoing count', async () => {
    const delivered = nthOrder(5, { status: 'DELIVERED', drops: [drop('Delivered')] });
    const fetchMock = mockFetch({
      [OUTGOING_PAGE]: () => json(page([nthOrder(1, { drops: [drop('Shipped')] })], 4)),
      [AWAITING]: () => json([]),
      [ordersKey({ sellerId: SELLER, status: 'DELIVERED', limit: '20' })]: () => json(page([delivered], 1)),
      [ordersKey({ sellerId: SELLER, status: 'RELEASED,SHIPPED', limit: '1' })]: () =>
        json(page([nthOrder(1)], 4, 'c')),
      [ordersKey({ sellerId: SELLER, limit: '20' })]: () => json(page([delivered, nthOrder(1)], 2)),
    });
    const { user, router } = renderAt(
      <ShippingBoard orgId={SELLER} canReadInvoices />,
      '/supplier?tab=shipping',
    );
    expect(await screen.findByText('Live 4')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Delivered');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=shipping&status=DELIVERED'));
    const card = await screen.findByRole('region', { name: 'Product 5, PO-2026-000005' });
    expect(within(card).queryByRole('button', { name: /^Mark drop/ })).not.toBeInTheDocument();
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    expect(screen.getByText('Live 4')).toBeInTheDocument();

    // All is written as status=all, since no status means Outgoing here.
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=shipping&status=all'));
    expect(await screen.findByText('2 orders')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith('/orders?sellerId=org-tema&limit=20')),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=shipping'));
    expect(screen.getByLabelText('Status')).toHaveValue('RELEASED,SHIPPED');
  });

  it("does not show the outgoing orders' count as the delivered ones' while those load", async () => {
    let answerDelivered: (response: Response) => void = () => undefined;
    mockFetch({
      [OUTGOING_PAGE]: () => json(page([nthOrder(1, { drops: [drop('Shipped')] })], 8)),
      [AWAITING]: () => json([]),
      [ordersKey({ sellerId: SELLER, status: 'RELEASED,SHIPPED', limit: '1' })]: () =>
        json(page([nthOrder(1)], 8, 'c')),
      [ordersKey({ sellerId: SELLER, status: 'DELIVERED', limit: '20' })]: () =>
        new Promise<Response>((resolve) => (answerDelivered = resolve)),
    });
    const { user } = renderAt(<ShippingBoard orgId={SELLER} canReadInvoices />, '/supplier?tab=shipping');
    expect(await screen.findByText('8 orders')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Delivered');
    // The outgoing cards stay, dimmed and marked busy, but their count is not the new filter's.
    await waitFor(() => expect(screen.queryByText('8 orders')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Product 1, PO-2026-000001' }).parentElement).toHaveAttribute(
      'aria-busy',
      'true',
    );
    answerDelivered(
      json(page([nthOrder(5, { status: 'DELIVERED', drops: [drop('Delivered')] }), nthOrder(6)], 25, 'c2')),
    );
    expect(await screen.findByText('25 orders')).toBeInTheDocument();
  });

  it('tells an empty default view from filters that match nothing', async () => {
    mockFetch({
      [OUTGOING_PAGE]: () => json(page([], 0)),
      [AWAITING]: () => json([]),
      [ordersKey({ sellerId: SELLER, status: 'CANCELLED', limit: '20' })]: () => json(page([], 0)),
      [ordersKey({ sellerId: SELLER, status: 'RELEASED,SHIPPED', limit: '1' })]: () => json(page([], 0)),
    });
    const { user } = renderAt(<ShippingBoard orgId={SELLER} canReadInvoices={false} />);
    expect(await screen.findByText(NO_SHIPMENTS_MESSAGE)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Cancelled');
    expect(await screen.findByText(NO_MATCHING_ORDERS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(NO_SHIPMENTS_MESSAGE)).not.toBeInTheDocument();
  });
});
