import type { Drop, Order, OrderInvoice } from '@aduro/shared/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as renderPlain, screen, waitFor, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { OrderCard } from './order-card';

/** The card's download buttons are mutations, so it renders inside the app's query client. */
function render(ui: ReactElement, options?: RenderOptions) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderPlain(ui, { wrapper, ...options });
}

const drop = (sequence: number, quantity: number, status: Drop['status']): Drop => ({
  id: `44444444-0000-4000-8000-00000000000${sequence}`,
  sequence,
  addressName: `Branch ${sequence}`,
  address: 'Oxford Street, Osu, Accra',
  contactName: 'Ama Mensah',
  contactPhone: '+233 24 381 7720',
  quantity,
  status,
  trackingNumber: null,
  estimatedDeliveryDate: '2026-11-27',
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: status === 'Cancelled' ? '2026-11-24T10:00:00.000Z' : null,
  batches: [],
  recalls: [],
});

const invoice = (amount: number): OrderInvoice => ({
  id: '55555555-0000-4000-8000-000000000001',
  number: 'INV-2026-000042',
  amount,
  amountPaid: 0,
  dueDate: '2026-12-24',
  status: 'unpaid',
  overdue: false,
});

/** 90 units at GH₵18.10: GH₵1,629.00 as ordered; the first drop of 40 cancelled leaves GH₵905.00. */
function order(overrides: Partial<Order> = {}): Order {
  return {
    id: '33333333-0000-4000-8000-000000000001',
    number: 'PO-2026-000042',
    product: {
      id: '11111111-0000-4000-8000-000000000001',
      name: 'Amoxicillin 500 mg capsules',
      medicineClass: 'A',
      controlled: null,
    },
    seller: {
      id: '22222222-0000-4000-8000-000000000001',
      name: 'Tema Pharma Distributors',
      location: 'Tema',
      phoneNumber: '+233 30 221 0000',
    },
    buyer: { id: '22222222-0000-4000-8000-000000000002', name: 'AccraCare Pharmacy', location: 'Osu' },
    unitPrice: 18.1,
    totalQuantity: 90,
    totalCost: 1629,
    paymentMethod: 'credit_facility',
    paymentTerms: 'Net 30',
    creditTermDays: 30,
    minShelfLifeDays: 0,
    status: 'RELEASED',
    invoiceId: '55555555-0000-4000-8000-000000000001',
    invoice: invoice(1629),
    entityName: null,
    deliveryContactName: null,
    deliveryContactPhone: null,
    deliveryAddress: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    approvedAt: '2026-11-21T09:00:00.000Z',
    drops: [drop(1, 40, 'Awaiting Dispatch'), drop(2, 50, 'Awaiting Dispatch')],
    eligibility: null,
    controlledSignoff: null,
    ...overrides,
  };
}

/** The "Total value" entry of the card. */
function totalValue() {
  return screen.getByText('Total value').parentElement!;
}

describe('OrderCard total value', () => {
  it('shows what the invoice now asks, and the total as ordered struck through, once a drop is cancelled', () => {
    render(
      <OrderCard
        orgId="org-1"
        side="buyer"
        order={order({
          invoice: invoice(905),
          drops: [drop(1, 40, 'Cancelled'), drop(2, 50, 'Awaiting Dispatch')],
        })}
      />,
    );
    const value = totalValue();
    expect(value).toHaveTextContent(/^Total valueGH₵905\.00GH₵1,629\.00 before cancelled drops$/);
    expect(value.querySelector('dd')!.firstChild).toHaveProperty('textContent', 'GH₵905.00');
    expect(value.querySelector('s')).toHaveTextContent(/^GH₵1,629\.00$/);
    // The invoice line keeps its own amount.
    expect(screen.getByText('INV-2026-000042').parentElement).toHaveTextContent('GH₵905.00');
  });

  it('shows the total alone while the invoice still asks for all of it', () => {
    render(<OrderCard orgId="org-1" side="buyer" order={order()} />);
    expect(totalValue()).toHaveTextContent(/^Total valueGH₵1,629\.00$/);
    expect(totalValue().querySelector('s')).toBeNull();
  });

  it('shows the total alone on a draft, which has no invoice yet', () => {
    render(
      <OrderCard
        orgId="org-1"
        side="buyer"
        order={order({
          status: 'AWAITING_CUSTOMER_APPROVAL',
          invoiceId: null,
          invoice: null,
          approvedAt: null,
        })}
      />,
    );
    expect(totalValue()).toHaveTextContent(/^Total valueGH₵1,629\.00$/);
    expect(screen.queryByText(/before cancelled drops/)).not.toBeInTheDocument();
  });

  it('shows GH₵0.00 and the ordered total struck through on an order withdrawn before approval', () => {
    render(
      <OrderCard
        orgId="org-1"
        side="buyer"
        order={order({
          status: 'CANCELLED',
          invoiceId: null,
          invoice: null,
          approvedAt: null,
          drops: [drop(1, 40, 'Cancelled'), drop(2, 50, 'Cancelled')],
        })}
      />,
    );
    expect(totalValue()).toHaveTextContent(/^Total valueGH₵0\.00GH₵1,629\.00 before cancelled drops$/);
  });
});

describe('OrderCard as a link target', () => {
  it('carries an anchor id, and is marked current when a link pointed at it', () => {
    const { rerender } = render(<OrderCard orgId="org-1" side="buyer" order={order()} />);
    const card = screen.getByRole('region', { name: 'Amoxicillin 500 mg capsules, PO-2026-000042' });
    expect(card).toHaveAttribute('id', 'order-33333333-0000-4000-8000-000000000001');
    expect(card).not.toHaveAttribute('aria-current');

    rerender(<OrderCard orgId="org-1" side="buyer" order={order()} highlighted />);
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(card).toHaveClass('ring-2');
  });
});

describe('OrderCard batches and recalls', () => {
  const received = (): Drop => ({
    ...drop(1, 40, 'Delivered'),
    batches: [
      { batchNumber: 'AMX2406B', expiryDate: '2027-05-31', quantity: 30 },
      { batchNumber: null, expiryDate: '2027-08-31', quantity: 9 },
      { batchNumber: 'AMX2409A', expiryDate: null, quantity: 1 },
    ],
  });

  it('lists the batches each drop received, first expiry first, and says when a lot had no batch', () => {
    render(
      <OrderCard orgId="org-1" side="buyer" order={order({ drops: [received(), drop(2, 50, 'Shipped')] })} />,
    );
    const batches = screen.getByRole('list', { name: 'Batches in drop 1' });
    expect(Array.from(batches.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Batch AMX2406B · exp 31 May 2027 · 30 units',
      'No batch recorded · exp 31 Aug 2027 · 9 units',
      'Batch AMX2409A · 1 unit',
    ]);
    // A drop not allocated yet lists nothing, and no recall is shown.
    expect(screen.queryByRole('list', { name: 'Batches in drop 2' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Recall /)).not.toBeInTheDocument();
  });

  it('marks a recalled drop with a red badge, and asks the buyer to act until the quarantine is confirmed', () => {
    const recalled: Drop = {
      ...received(),
      recalls: [
        {
          id: 'r-1',
          number: 'RC-2026-000001',
          severity: 'class_1',
          batchNumbers: ['AMX2406B'],
          units: 30,
          acknowledgedAt: null,
        },
      ],
    };
    const { rerender } = render(
      <OrderCard orgId="org-1" side="buyer" order={order({ drops: [recalled] })} />,
    );
    expect(screen.getByText('Recall RC-2026-000001 · Class I')).toHaveClass('bg-rose-50');
    expect(screen.getByText('Action needed')).toBeInTheDocument();
    // The recall notices carry the confirmation; the card has no button for it.
    expect(screen.queryByRole('button', { name: /quarantin/i })).not.toBeInTheDocument();

    rerender(<OrderCard orgId="org-1" side="seller" order={order({ drops: [recalled] })} />);
    expect(screen.getByText("Awaiting pharmacy's confirmation")).toBeInTheDocument();
    expect(screen.queryByText('Action needed')).not.toBeInTheDocument();

    const acknowledged: Drop = {
      ...recalled,
      recalls: [
        {
          id: 'r-1',
          number: 'RC-2026-000001',
          severity: 'class_2',
          batchNumbers: ['AMX2406B'],
          units: 30,
          acknowledgedAt: '2026-11-25T08:30:00.000Z',
        },
      ],
    };
    for (const side of ['buyer', 'seller'] as const) {
      rerender(<OrderCard orgId="org-1" side={side} order={order({ drops: [acknowledged] })} />);
      expect(screen.getByText('Recall RC-2026-000001 · Class II')).toBeInTheDocument();
      expect(screen.getByText('Quarantined at pharmacy 25 Nov 2026')).toBeInTheDocument();
      expect(screen.queryByText('Action needed')).not.toBeInTheDocument();
      expect(screen.queryByText("Awaiting pharmacy's confirmation")).not.toBeInTheDocument();
    }
  });

  it('tells the buyer an undelivered recalled drop is held by the supplier, asking nothing of it', () => {
    const held: Drop = {
      ...received(),
      status: 'Awaiting Dispatch',
      deliveredAt: null,
      recalls: [
        {
          id: 'r-1',
          number: 'RC-2026-000001',
          severity: 'class_1',
          batchNumbers: ['AMX2406B'],
          units: 30,
          acknowledgedAt: null,
        },
      ],
    };
    const { rerender } = render(<OrderCard orgId="org-1" side="buyer" order={order({ drops: [held] })} />);
    expect(screen.getByText('Held by the supplier: not delivered')).toBeInTheDocument();
    expect(screen.queryByText('Action needed')).not.toBeInTheDocument();

    rerender(<OrderCard orgId="org-1" side="seller" order={order({ drops: [held] })} />);
    expect(screen.getByText('30 units of batch AMX2406B held back: re-pick or cancel')).toBeInTheDocument();
    expect(screen.queryByText("Awaiting pharmacy's confirmation")).not.toBeInTheDocument();

    rerender(
      <OrderCard
        orgId="org-1"
        side="seller"
        order={order({ drops: [{ ...held, status: 'Out for Delivery' }] })}
      />,
    );
    expect(
      screen.getByText('30 units of batch AMX2406B on the way: cancel to bring them back'),
    ).toBeInTheDocument();
  });
});

describe('OrderCard documents', () => {
  const pdf = (filename?: string) =>
    // A string body: jsdom's Blob has no stream(), so Node's Response cannot take one.
    new Response('%PDF-1.7', {
      headers: {
        'content-type': 'application/pdf',
        ...(filename ? { 'content-disposition': `attachment; filename="${filename}"` } : {}),
      },
    });

  // jsdom has no object URLs; the test lends URL its own and takes them back afterwards.
  const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
  afterEach(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
  });

  /** Records the name of every file the page saves, instead of saving it. */
  function captureSaves() {
    const saved: { name: string; href: string }[] = [];
    URL.createObjectURL = vi.fn(() => `blob:file-${saved.length + 1}`);
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    return saved;
  }

  it('saves the purchase order and the invoice with the Bearer token, under the names the server gave', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    const saved = captureSaves();
    const fetchMock = mockFetch({
      'GET /orders/33333333-0000-4000-8000-000000000001/purchase-order.pdf': () => pdf('PO-2026-000042.pdf'),
      'GET /invoices/55555555-0000-4000-8000-000000000001/pdf': () => pdf('INV-2026-000042.pdf'),
    });
    const user = userEvent.setup();
    render(<OrderCard orgId="org-1" side="seller" order={order()} />);

    await user.click(screen.getByRole('button', { name: 'Purchase order PDF, PO-2026-000042' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Invoice PDF, INV-2026-000042' }));
    await waitFor(() => expect(saved).toHaveLength(2));

    expect(saved).toEqual([
      { name: 'PO-2026-000042.pdf', href: 'blob:file-1' },
      { name: 'INV-2026-000042.pdf', href: 'blob:file-2' },
    ]);
    for (const [, init] of fetchMock.mock.calls) {
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    }
    expect(screen.getByRole('button', { name: /PO-2026-000042/ })).toHaveTextContent('Purchase order PDF');
    expect(screen.getByRole('button', { name: /INV-2026-000042/ })).toHaveTextContent('Invoice PDF');
  });

  it('names the file after the order number when the server sends no name, and offers no invoice PDF before there is one', async () => {
    const saved = captureSaves();
    mockFetch({ 'GET /orders/33333333-0000-4000-8000-000000000001/purchase-order.pdf': () => pdf() });
    const user = userEvent.setup();
    render(
      <OrderCard
        orgId="org-1"
        side="buyer"
        order={order({
          status: 'AWAITING_CUSTOMER_APPROVAL',
          invoiceId: null,
          invoice: null,
          approvedAt: null,
        })}
      />,
    );
    expect(screen.queryByRole('button', { name: /invoice/i })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Purchase order PDF, PO-2026-000042' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'PO-2026-000042.pdf', href: 'blob:file-1' }]));
  });

  it("offers a seller's dispatcher, who cannot read invoices, the purchase order only", () => {
    render(<OrderCard orgId="org-1" side="seller" order={order()} canReadInvoice={false} />);
    expect(screen.getByRole('button', { name: 'Purchase order PDF, PO-2026-000042' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /invoice/i })).not.toBeInTheDocument();
  });

  it("spins and disables the button while the PDF comes, and toasts the server's message when it fails", async () => {
    const saved = captureSaves();
    const toastError = vi.spyOn(toast, 'error');
    let answer: (response: Response) => void = () => undefined;
    mockFetch({
      'GET /orders/33333333-0000-4000-8000-000000000001/purchase-order.pdf': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    render(<OrderCard orgId="org-1" side="buyer" order={order()} />);

    const button = screen.getByRole('button', { name: 'Purchase order PDF, PO-2026-000042' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    // The invoice's button is its own download, still free.
    expect(screen.getByRole('button', { name: 'Invoice PDF, INV-2026-000042' })).toBeEnabled();

    answer(json({ message: 'Order not found', code: 'NOT_FOUND', kind: 'not_found' }, 404));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Order not found', expect.anything()));
    await waitFor(() => expect(button).toBeEnabled());
    expect(saved).toEqual([]);
  });
});
