import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/test-utils';
import { nthOrder, ordersKey, page, renderAt } from '../testing/render-orders';
import { CustomerOrders } from './customer-orders';

const BUYER = 'org-1';
const LIVE = ordersKey({ buyerId: BUYER, status: 'AWAITING_CUSTOMER_APPROVAL,RELEASED,SHIPPED' });
const FIRST_PAGE = ordersKey({ buyerId: BUYER, limit: '20' });

const drop = (sequence: number, quantity: number) => ({
  id: `drop-${sequence}`,
  sequence,
  addressName: `Branch ${sequence}`,
  address: `${sequence} Ring Road, Accra`,
  contactName: null,
  contactPhone: null,
  quantity,
  status: 'Awaiting Dispatch' as const,
  trackingNumber: null,
  estimatedDeliveryDate: null,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  batches: [],
  recalls: [],
});

const onCredit = nthOrder(1, {
  status: 'AWAITING_CUSTOMER_APPROVAL',
  approvedAt: null,
  paymentMethod: 'credit_facility',
  paymentTerms: 'Net 30',
  creditTermDays: 30,
  totalQuantity: 90,
  totalCost: 1629,
  drops: [drop(1, 50), drop(2, 40)],
});
const prepaid = nthOrder(2, {
  status: 'AWAITING_CUSTOMER_APPROVAL',
  approvedAt: null,
  paymentMethod: 'mobile_money',
  totalQuantity: 20,
  totalCost: 362,
  drops: [drop(1, 20)],
});

beforeEach(() => {
  // Only the calendar is fixed: the approval day the due date counts from. Timers stay real.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderOrders(approve: (orderId: string) => void) {
  const fetchMock = mockFetch({
    [LIVE]: () => json([onCredit, prepaid]),
    [FIRST_PAGE]: () => json(page([onCredit, prepaid])),
    [`POST /orders/${onCredit.id}/approve`]: () => {
      approve(onCredit.id);
      return json({ ...onCredit, status: 'RELEASED', approvedAt: '2026-11-27T10:00:00.000Z' });
    },
  });
  const view = renderAt(<CustomerOrders orgId={BUYER} />, '/customer/orders');
  const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { ...view, posted };
}

const card = (name: string) => screen.findByRole('region', { name });

describe('Approving an order asks first', () => {
  it('sums up a credit order: invoice amount, due date, payment method and credit used, and sends nothing until confirmed', async () => {
    const approved: string[] = [];
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user, posted } = renderOrders((id) => approved.push(id));
    const order = await card('Product 1, PO-2026-000001');

    await user.click(within(order).getByRole('button', { name: 'Approve & release shipment' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve and release this order?' });
    expect(dialog).toHaveTextContent('PO-2026-000001: Product 1 from Tema Pharma Distributors');
    const item = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(item('Invoice amount')).toHaveTextContent('GH₵1,629.00');
    expect(item('Due date')).toHaveTextContent('Sun, 27 Dec 2026');
    expect(item('Due date')).toHaveTextContent('30 days after approval');
    expect(item('Payment method')).toHaveTextContent('Credit facility');
    expect(item('Credit used')).toHaveTextContent('GH₵1,629.00');
    expect(dialog).toHaveTextContent('Approving reserves 90 units for its 2 drops');

    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual([]);

    await user.click(within(order).getByRole('button', { name: 'Approve & release shipment' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve and release this order?' });
    expect(posted()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve & release shipment' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Order approved & invoice generated'));
    expect(approved).toEqual([onCredit.id]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a prepaid order is due on approval and uses no credit', async () => {
    const { user, posted } = renderOrders(() => undefined);
    const order = await card('Product 2, PO-2026-000002');
    await user.click(within(order).getByRole('button', { name: 'Approve & release shipment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and release this order?' });
    const item = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(item('Invoice amount')).toHaveTextContent('GH₵362.00');
    expect(item('Due date')).toHaveTextContent('Fri, 27 Nov 2026');
    expect(item('Due date')).toHaveTextContent('On approval, today');
    expect(item('Payment method')).toHaveTextContent('Mobile money');
    expect(within(dialog).queryByText('Credit used')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Approving reserves 20 units for its drop');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual([]);
  });
});
