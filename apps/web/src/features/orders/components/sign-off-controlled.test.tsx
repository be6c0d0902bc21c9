import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import type { Drop, Order } from '@aduro/shared/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/test-utils';
import { nthOrder, ordersKey, page, renderAt } from '../testing/render-orders';
import { OrderCard } from './order-card';
import { AWAITING_SIGNOFF } from './sign-off-controlled';
import { ShippingBoard } from './shipping-board';

const SELLER = 'org-tema';
const OUTGOING_PAGE = ordersKey({ sellerId: SELLER, status: 'RELEASED,SHIPPED', limit: '20' });
const AWAITING = ordersKey({ sellerId: SELLER, status: 'AWAITING_CUSTOMER_APPROVAL' });

const drop = (sequence: number, quantity: number, batches: Drop['batches']): Drop => ({
  id: `44444444-0000-4000-8000-00000000000${sequence}`,
  sequence,
  addressName: sequence === 1 ? 'Osu branch' : 'Labone branch',
  address: 'Oxford Street, Osu, Accra',
  contactName: null,
  contactPhone: null,
  quantity,
  status: 'Awaiting Dispatch',
  trackingNumber: null,
  estimatedDeliveryDate: null,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  batches,
  recalls: [],
});

/** A released order of tramadol, a controlled narcotic, waiting for the Pharmacist. */
function tramadolOrder(
  signoff: Order['controlledSignoff'] = { signedOff: false, signedOffAt: null, pharmacistName: null },
) {
  return nthOrder(7, {
    product: {
      id: 'p-tramadol',
      name: 'Tramadol 50 mg capsules',
      medicineClass: 'A',
      controlled: 'narcotic',
    },
    seller: { id: SELLER, name: 'Tema Pharma Distributors', location: 'Tema', phoneNumber: null },
    controlledSignoff: signoff,
    drops: [
      drop(1, 30, [{ batchNumber: 'TRM2501A', expiryDate: '2027-08-31', quantity: 30 }]),
      drop(2, 20, [
        { batchNumber: 'TRM2501A', expiryDate: '2027-08-31', quantity: 5 },
        { batchNumber: 'TRM2502B', expiryDate: '2027-11-30', quantity: 15 },
      ]),
    ],
  });
}

beforeEach(() => {
  toast.dismiss();
});
afterEach(() => vi.restoreAllMocks());

describe('Controlled sign-off on the order card', () => {
  it('shows the class and Controlled badges and, to staff who may not sign, only the wait', () => {
    mockFetch({});
    renderAt(<OrderCard orgId={SELLER} order={tramadolOrder()} side="seller" />);
    const card = screen.getByRole('region', { name: /Tramadol 50 mg capsules/ });
    expect(within(card).getByText('POM')).toBeInTheDocument();
    expect(within(card).getByText('Controlled')).toBeInTheDocument();
    expect(within(card).getByText(AWAITING_SIGNOFF)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Sign off/ })).not.toBeInTheDocument();
  });

  it('says who signed off and when once it is done, with nothing left to sign', () => {
    mockFetch({});
    renderAt(
      <OrderCard
        orgId={SELLER}
        side="seller"
        canSignOff
        order={tramadolOrder({
          signedOff: true,
          signedOffAt: '2026-11-27T10:30:00.000Z',
          pharmacistName: 'Abena Mensah',
        })}
      />,
    );
    expect(screen.getByText('Signed off by Abena Mensah on 27 Nov 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign off/ })).not.toBeInTheDocument();
  });

  it('shows no sign-off strip for an order of a medicine that is not controlled', () => {
    mockFetch({});
    renderAt(<OrderCard orgId={SELLER} side="seller" canSignOff order={nthOrder(1)} />);
    expect(screen.queryByText(AWAITING_SIGNOFF)).not.toBeInTheDocument();
    expect(screen.queryByText('Controlled')).not.toBeInTheDocument();
  });

  it('lets the Pharmacist sign off after reading what is attested: product, batches, quantities and buyer', async () => {
    const order = tramadolOrder();
    const posts: string[] = [];
    mockFetch({
      [`POST /orders/${order.id}/controlled-signoff`]: (_init, url) => {
        posts.push(url);
        return json({ orderId: order.id, entries: [] });
      },
      [OUTGOING_PAGE]: () => json(page([order])),
      [AWAITING]: () => json([]),
    });
    const { user } = renderAt(
      <>
        <OrderCard orgId={SELLER} order={order} side="seller" canSignOff />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: `Sign off ${order.number}` }));
    const dialog = await screen.findByRole('dialog', { name: `Sign off ${order.number}?` });
    expect(dialog).toHaveTextContent('Tramadol 50 mg capsules · narcotic');
    expect(dialog).toHaveTextContent('Supplies (50 units)');
    expect(dialog).toHaveTextContent('Drop 1 · Osu branch · 30 units');
    expect(dialog).toHaveTextContent('Batch TRM2501A · exp 31 Aug 2027 · 30 units');
    expect(dialog).toHaveTextContent('Batch TRM2502B · exp 30 Nov 2027 · 15 units');
    expect(dialog).toHaveTextContent(order.buyer.name);
    expect(dialog).toHaveTextContent('controlled-drugs authorisation');
    expect(posts).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Sign off and register' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(await screen.findByText(COMPLIANCE_MESSAGES.signedOff(order.number))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Shipping board and controlled drugs', () => {
  it('holds the dispatch of an unsigned controlled order, saying it needs sign-off, and offers Sign off to the Pharmacist alone', async () => {
    const order = tramadolOrder();
    mockFetch({ [OUTGOING_PAGE]: () => json(page([order])), [AWAITING]: () => json([]) });
    renderAt(<ShippingBoard orgId={SELLER} canReadInvoices={false} canMoveDrops={false} canSignOff />);
    await screen.findByRole('region', { name: /Tramadol 50 mg capsules/ });
    // A Pharmacist without manage_shipping signs off but does not move drops.
    expect(screen.getByRole('button', { name: `Sign off ${order.number}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark Shipped/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel drop/ })).not.toBeInTheDocument();
  });

  it('disables Mark Shipped for shipping staff until the sign-off, with the reason beside it', async () => {
    const order = tramadolOrder();
    mockFetch({ [OUTGOING_PAGE]: () => json(page([order])), [AWAITING]: () => json([]) });
    renderAt(<ShippingBoard orgId={SELLER} canReadInvoices={false} />);
    const ship = await screen.findByRole('button', { name: 'Mark Shipped, drop 1' });
    expect(ship).toBeDisabled();
    expect(ship).toHaveAccessibleDescription('Needs Pharmacist sign-off first');
    expect(ship).toHaveAttribute(
      'title',
      COMPLIANCE_MESSAGES.signoffRequired(order.product.name, order.number),
    );
    expect(screen.getByRole('button', { name: 'Cancel drop 1' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Sign off/ })).not.toBeInTheDocument();
  });

  it('offers Mark Shipped once the order is signed off', async () => {
    const order = tramadolOrder({
      signedOff: true,
      signedOffAt: '2026-11-27T10:30:00.000Z',
      pharmacistName: 'Abena Mensah',
    });
    mockFetch({ [OUTGOING_PAGE]: () => json(page([order])), [AWAITING]: () => json([]) });
    renderAt(<ShippingBoard orgId={SELLER} canReadInvoices={false} />);
    expect(await screen.findByRole('button', { name: 'Mark Shipped, drop 1' })).toBeEnabled();
  });
});
