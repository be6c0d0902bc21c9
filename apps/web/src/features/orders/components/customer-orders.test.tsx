import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/test-utils';
import { nthOrder, ordersKey, page, renderAt } from '../testing/render-orders';
import { CustomerOrders, NO_ORDERS_MESSAGE } from './customer-orders';
import { NO_MATCHING_ORDERS_MESSAGE } from './order-pages';

const BUYER = 'org-1';
const LIVE = ordersKey({ buyerId: BUYER, status: 'AWAITING_CUSTOMER_APPROVAL,RELEASED,SHIPPED' });
const FIRST_PAGE = ordersKey({ buyerId: BUYER, limit: '20' });

const cards = () => screen.queryAllByRole('region', { name: /, PO-2026-\d{6}$/ });

describe('CustomerOrders', () => {
  it('counts the live orders from the orders in flight, not from the pages loaded', async () => {
    const awaiting = nthOrder(1, { status: 'AWAITING_CUSTOMER_APPROVAL', totalCost: 100 });
    const released = nthOrder(2, { status: 'RELEASED', totalCost: 250.5 });
    const shipped = nthOrder(3, { status: 'SHIPPED', totalCost: 49.5 });
    mockFetch({
      [LIVE]: () => json([awaiting, released, shipped]),
      // 45 orders in all, most of them delivered long ago: the counters do not read them.
      [FIRST_PAGE]: () => json(page([awaiting, released], 45, 'cursor-2')),
    });
    renderAt(<CustomerOrders orgId={BUYER} />, '/customer/orders');

    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;
    await waitFor(() => expect(tile('Live orders')).toHaveTextContent('Live orders3'));
    expect(tile('Awaiting approval')).toHaveTextContent('Awaiting approval1');
    expect(tile('Value in motion')).toHaveTextContent('GH₵400.00');
    expect(await screen.findByText('45 orders')).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
  });

  it('Load more appends the next page, read with the cursor the last one gave', async () => {
    const fetchMock = mockFetch({
      [LIVE]: () => json([]),
      [FIRST_PAGE]: () => json(page([nthOrder(1), nthOrder(2)], 3, 'cursor-2')),
      [ordersKey({ buyerId: BUYER, limit: '20', cursor: 'cursor-2' })]: () => json(page([nthOrder(3)], 3)),
    });
    const { user } = renderAt(<CustomerOrders orgId={BUYER} />);
    expect(await screen.findByText('3 orders')).toBeInTheDocument();
    expect(cards()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual([
      'Product 1, PO-2026-000001',
      'Product 2, PO-2026-000002',
      'Product 3, PO-2026-000003',
    ]);
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: /Load more|Loading more/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('cursor=cursor-2'))).toBe(true);
  });

  it('writes the filters to the URL, keeping its other parameters, and asks the API for them', async () => {
    const delivered = nthOrder(7, { status: 'DELIVERED' });
    const fetchMock = mockFetch({
      [LIVE]: () => json([]),
      [FIRST_PAGE]: () => json(page([nthOrder(1)], 1)),
      [ordersKey({ buyerId: BUYER, status: 'DELIVERED', limit: '20' })]: () => json(page([delivered], 1)),
      [ordersKey({ buyerId: BUYER, status: 'DELIVERED', counterparty: 'Tema', limit: '20' })]: () =>
        json(page([delivered], 1)),
      [ordersKey({
        buyerId: BUYER,
        status: 'DELIVERED',
        counterparty: 'Tema',
        from: '2026-11-01',
        limit: '20',
      })]: () => json(page([delivered], 1)),
    });
    const { user, router } = renderAt(<CustomerOrders orgId={BUYER} />, '/customer/orders?order=abc');
    expect(await screen.findByText('1 order')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Delivered');
    await waitFor(() => expect(router.state.location.search).toBe('?order=abc&status=DELIVERED'));
    expect(await screen.findByRole('region', { name: 'Product 7, PO-2026-000007' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Supplier'), 'Tema');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?order=abc&status=DELIVERED&counterparty=Tema'),
    );
    // Typing waits for a pause: one read for the word, none for 'T', 'Te' or 'Tem'.
    const searches = () =>
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('counterparty='));
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]).toMatch(/counterparty=Tema&limit=20$/);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?order=abc&status=DELIVERED&counterparty=Tema&from=2026-11-01',
      ),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('from=2026-11-01'))).toBe(true),
    );
  });

  it('restores the filters from the URL on a reload, and reads the list with them at once', async () => {
    const fetchMock = mockFetch({
      [LIVE]: () => json([]),
      [ordersKey({
        buyerId: BUYER,
        status: 'SHIPPED',
        counterparty: 'Tema',
        product: 'Amox',
        from: '2026-11-01',
        to: '2026-11-30',
        limit: '20',
      })]: () => json(page([nthOrder(4, { status: 'SHIPPED' })], 1)),
    });
    renderAt(
      <CustomerOrders orgId={BUYER} />,
      '/customer/orders?status=SHIPPED&counterparty=Tema&product=Amox&from=2026-11-01&to=2026-11-30',
    );
    expect(await screen.findByRole('region', { name: 'Product 4, PO-2026-000004' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('SHIPPED');
    expect(screen.getByLabelText('Supplier')).toHaveValue('Tema');
    expect(screen.getByLabelText('Product or PO number')).toHaveValue('Amox');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    // The unfiltered list was never read.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('buyerId=org-1&limit=20'))).toBe(false);
  });

  it('says when the filters match nothing, and Clear filters brings the whole list back', async () => {
    mockFetch({
      [LIVE]: () => json([]),
      [FIRST_PAGE]: () => json(page([nthOrder(1)], 1)),
      [ordersKey({ buyerId: BUYER, product: 'Quinine', limit: '20' })]: () => json(page([], 0)),
    });
    const { user, router } = renderAt(<CustomerOrders orgId={BUYER} />, '/?order=abc&product=Quinine');
    expect(await screen.findByText(NO_MATCHING_ORDERS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('0 orders')).toBeInTheDocument();
    expect(screen.queryByText(NO_ORDERS_MESSAGE)).not.toBeInTheDocument();

    const empty = screen.getByText(NO_MATCHING_ORDERS_MESSAGE).parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?order=abc'));
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    expect(screen.getByLabelText('Product or PO number')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it("shows the SPEC's empty state, without filters, to a buyer who has no orders at all", async () => {
    mockFetch({ [LIVE]: () => json([]), [FIRST_PAGE]: () => json(page([], 0)) });
    renderAt(<CustomerOrders orgId={BUYER} />);
    expect(await screen.findByText(NO_ORDERS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('search', { name: 'Filter orders' })).not.toBeInTheDocument();
    expect(screen.queryByText(NO_MATCHING_ORDERS_MESSAGE)).not.toBeInTheDocument();
  });

  it('says a date range that ends before it starts is backwards, without asking the server', async () => {
    const fetchMock = mockFetch({ [LIVE]: () => json([]) });
    renderAt(<CustomerOrders orgId={BUYER} />, '/?from=2026-11-30&to=2026-11-01');
    expect(await screen.findByText('from must not be after to')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('limit='))).toBe(false);
  });

  it('marks a draft the buyer may not release yet with the reason beside Approve, which stays offered', async () => {
    const reason = COMPLIANCE_MESSAGES.controlledNotAuthorised('Tramadol 50 mg capsules', 'Narcotic');
    const refused = nthOrder(1, {
      status: 'AWAITING_CUSTOMER_APPROVAL',
      product: {
        id: 'p-tramadol',
        name: 'Tramadol 50 mg capsules',
        medicineClass: 'A',
        controlled: 'narcotic',
      },
      eligibility: { allowed: false, code: 'CONTROLLED_NOT_AUTHORISED', reason },
    });
    const allowed = nthOrder(2, {
      status: 'AWAITING_CUSTOMER_APPROVAL',
      eligibility: { allowed: true, code: null, reason: null },
    });
    mockFetch({ [LIVE]: () => json([refused, allowed]), [FIRST_PAGE]: () => json(page([refused, allowed])) });
    renderAt(<CustomerOrders orgId={BUYER} />);
    const card = await screen.findByRole('region', { name: 'Tramadol 50 mg capsules, PO-2026-000001' });
    expect(within(card).getByText(reason)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Approve & release shipment' })).toBeEnabled();
    const other = screen.getByRole('region', { name: 'Product 2, PO-2026-000002' });
    expect(within(other).queryByText(/You may not buy this yet/)).not.toBeInTheDocument();
  });
});
