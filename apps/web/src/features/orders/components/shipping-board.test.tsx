import type { Drop } from '@aduro/shared/orders';
import { RECALL_MESSAGES } from '@aduro/shared/recalls';
import { screen, waitFor, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(within(card).getByRole('button', { name: 'Mark Shipped, drop 1' })).toBeInTheDocument();
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
    expect(within(card).queryByRole('button', { name: /^Mark / })).not.toBeInTheDocument();
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    expect(screen.getByText('Live 4')).toBeInTheDocument();

    // All is written as status=all, since no status means Outgoing here.
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=shipping&status=all'));
    expect(await screen.findByText('2 orders')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith('/orders/page?sellerId=org-tema&limit=20')),
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

  describe('a drop holding a recalled batch', () => {
    afterEach(() => vi.restoreAllMocks());

    const recalled = (status: Drop['status']): Drop => ({
      ...drop(status),
      batches: [{ batchNumber: 'AMX2405A', expiryDate: '2027-05-31', quantity: 40 }],
      recalls: [
        {
          id: '9e000000-0000-4000-8000-000000000001',
          number: 'RC-2026-000007',
          severity: 'class_1',
          batchNumbers: ['AMX2405A'],
          units: 40,
          acknowledgedAt: null,
        },
      ],
    });
    const held = nthOrder(1, { drops: [recalled('Awaiting Dispatch')] });
    const REPICK = `POST /orders/${held.id}/drops/${held.drops[0]!.id}/repick`;

    it('shows it on hold with Re-pick and Cancel drop instead of Mark Shipped', async () => {
      mockFetch({ [OUTGOING_PAGE]: () => json(page([held])), [AWAITING]: () => json([]) });
      renderAt(<ShippingBoard orgId={SELLER} canReadInvoices />, '/supplier');
      const card = await screen.findByRole('region', { name: 'Product 1, PO-2026-000001' });
      expect(within(card).getByText(RECALL_MESSAGES.onHold)).toBeInTheDocument();
      expect(
        within(card).getByText('40 units of batch AMX2405A held back: re-pick or cancel'),
      ).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Re-pick drop 1' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Cancel drop 1' })).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /^Mark / })).not.toBeInTheDocument();
    });

    it('offers only Cancel drop once the drop is on its way', async () => {
      mockFetch({
        [OUTGOING_PAGE]: () => json(page([nthOrder(1, { status: 'SHIPPED', drops: [recalled('Shipped')] })])),
        [AWAITING]: () => json([]),
      });
      renderAt(<ShippingBoard orgId={SELLER} canReadInvoices />, '/supplier');
      const card = await screen.findByRole('region', { name: 'Product 1, PO-2026-000001' });
      expect(within(card).getByText(RECALL_MESSAGES.onHold)).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Cancel drop 1' })).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Re-pick drop 1' })).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /^Mark / })).not.toBeInTheDocument();
    });

    it('does not hold a delivered drop: the pharmacy quarantines it and confirms', async () => {
      mockFetch({
        [OUTGOING_PAGE]: () =>
          json(page([nthOrder(1, { drops: [recalled('Delivered'), drop('Awaiting Dispatch')] })])),
        [AWAITING]: () => json([]),
      });
      renderAt(<ShippingBoard orgId={SELLER} canReadInvoices />, '/supplier');
      const card = await screen.findByRole('region', { name: 'Product 1, PO-2026-000001' });
      expect(within(card).queryByText(RECALL_MESSAGES.onHold)).not.toBeInTheDocument();
      expect(within(card).getByText("Awaiting pharmacy's confirmation")).toBeInTheDocument();
    });

    it('re-picks after confirmation, toasts the batches the drop now holds and reads the board again', async () => {
      let repicked = false;
      const after = nthOrder(1, {
        drops: [
          {
            ...drop('Awaiting Dispatch'),
            batches: [
              { batchNumber: 'AMX2406B', expiryDate: '2027-06-30', quantity: 30 },
              { batchNumber: 'AMX2407C', expiryDate: '2027-07-31', quantity: 10 },
            ],
          },
        ],
      });
      mockFetch({
        [OUTGOING_PAGE]: () => json(page([repicked ? after : held])),
        [AWAITING]: () => json([]),
        [REPICK]: () => {
          repicked = true;
          return json(after);
        },
      });
      const success = vi.spyOn(toast, 'success');
      const { user } = renderAt(
        <>
          <ShippingBoard orgId={SELLER} canReadInvoices />
          <Toaster />
        </>,
        '/supplier',
      );
      await user.click(await screen.findByRole('button', { name: 'Re-pick drop 1' }));
      const dialog = screen.getByRole('dialog', { name: 'Re-pick drop 1?' });
      expect(within(dialog).getByText(/go back\s+to quarantine/)).toHaveTextContent(
        'The 40 units of recalled batch AMX2405A (RC-2026-000007) go back to quarantine.',
      );
      expect(repicked).toBe(false);
      await user.click(within(dialog).getByRole('button', { name: 'Re-pick drop' }));
      await waitFor(() =>
        expect(success).toHaveBeenCalledWith(RECALL_MESSAGES.repicked(1, ['AMX2406B', 'AMX2407C'])),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const card = screen.getByRole('region', { name: 'Product 1, PO-2026-000001' });
      expect(await within(card).findByRole('button', { name: 'Mark Shipped, drop 1' })).toBeInTheDocument();
      expect(within(card).queryByText(RECALL_MESSAGES.onHold)).not.toBeInTheDocument();
    });

    it('keeps the dialog open with what is available when the other batches cannot cover the drop', async () => {
      const shortfall = RECALL_MESSAGES.repickShortfall('Tema Pharma Distributors', 'Product 1', 12, 40, 1);
      mockFetch({
        [OUTGOING_PAGE]: () => json(page([held])),
        [AWAITING]: () => json([]),
        [REPICK]: () =>
          json(
            {
              message: shortfall,
              code: 'STOCK_SHORTFALL',
              kind: 'conflict',
              details: { available: '12', needed: '40' },
            },
            409,
          ),
      });
      const error = vi.spyOn(toast, 'error');
      const { user } = renderAt(
        <>
          <ShippingBoard orgId={SELLER} canReadInvoices />
          <Toaster />
        </>,
        '/supplier',
      );
      await user.click(await screen.findByRole('button', { name: 'Re-pick drop 1' }));
      const dialog = screen.getByRole('dialog', { name: 'Re-pick drop 1?' });
      await user.click(within(dialog).getByRole('button', { name: 'Re-pick drop' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(shortfall);
      expect(error).toHaveBeenCalledWith(shortfall, expect.anything());
    });
  });
});
