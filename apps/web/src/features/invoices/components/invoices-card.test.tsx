import type { Invoice } from '@aduro/shared/invoices';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Page } from '@aduro/shared/pagination';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { InvoicesCard } from './invoices-card';

function invoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: `55555555-0000-4000-8000-00000000000${n}`,
    number: `INV-2026-00012${n}`,
    order: {
      id: `33333333-0000-4000-8000-00000000000${n}`,
      number: `PO-2026-00004${n}`,
      productName: 'Amoxicillin',
    },
    buyer: { id: 'org-1', name: 'AccraCare Pharmacy' },
    seller: { id: 'org-tema', name: 'Tema Pharma Distributors' },
    amount: 1629,
    amountPaid: 0,
    credited: 0,
    amountDue: 1629,
    issuedAt: '2026-11-21T09:00:00.000Z',
    dueDate: '2099-12-21',
    status: 'unpaid',
    overdue: false,
    onCredit: true,
    payments: 0,
    lastPaidAt: null,
    drops: [],
    ...overrides,
  };
}

const pdf = (filename: string) =>
  // A string body: jsdom's Blob has no stream(), so Node's Response cannot take one.
  new Response('%PDF-1.7', {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
    },
  });

const page = (items: Invoice[], total = items.length, nextCursor: string | null = null): Page<Invoice> => ({
  items,
  nextCursor,
  total,
});

function renderCard(
  side: 'buyer' | 'seller',
  orgId: string,
  url = '/',
  extras: Pick<ComponentProps<typeof InvoicesCard>, 'rowActions' | 'rowDetails' | 'stats'> = {},
) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <InvoicesCard orgId={orgId} side={side} pinnedParams={{ tab: 'credit' }} {...extras} />,
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user, router };
}

/** The paths asked of the API, after /api, in order. */
function requested(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input).replace(/^.*?\/api/, ''));
}

describe('InvoicesCard PDF downloads', () => {
  // jsdom has no object URLs; the test lends URL its own and takes them back afterwards.
  const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
  afterEach(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
  });

  it("saves a receivable's invoice with the Bearer token under the server's name, spinning only its own button", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch({
      'GET /invoices/page?sellerId=org-tema&status=unpaid&limit=20': () =>
        json(page([invoice(1), invoice(2)])),
      'GET /invoices?sellerId=org-tema&status=unpaid': () => json([invoice(1), invoice(2)]),
      'GET /invoices/55555555-0000-4000-8000-000000000002/pdf': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderCard('seller', 'org-tema');

    const button = await screen.findByRole('button', { name: 'Download PDF, invoice INV-2026-000122' });
    expect(button).toHaveTextContent('Download PDF');
    // The seller's row keeps its payment action beside the download.
    const row = button.closest('li')!;
    expect(within(row).getByRole('button', { name: 'Record payment' })).toBeInTheDocument();

    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Download PDF, invoice INV-2026-000121' })).toBeEnabled();

    answer(pdf('INV-2026-000122.pdf'));
    await waitFor(() => expect(saved).toEqual(['INV-2026-000122.pdf']));
    await waitFor(() => expect(button).toBeEnabled());
    const download = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/pdf'));
    expect(new Headers(download?.[1]?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it("toasts why a buyer's invoice could not be downloaded, the server's message or the offline text", async () => {
    const toastError = vi.spyOn(toast, 'error');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    mockFetch({
      'GET /invoices/page?buyerId=org-1&status=unpaid&limit=20': () => json(page([invoice(1), invoice(2)])),
      'GET /invoices?buyerId=org-1&status=unpaid': () => json([invoice(1), invoice(2)]),
      'GET /invoices/55555555-0000-4000-8000-000000000001/pdf': () =>
        json({ message: 'Invoice not found', code: 'NOT_FOUND', kind: 'not_found' }, 404),
      'GET /invoices/55555555-0000-4000-8000-000000000002/pdf': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderCard('buyer', 'org-1');

    await user.click(await screen.findByRole('button', { name: 'Download PDF, invoice INV-2026-000121' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Invoice not found', expect.anything()));
    await user.click(screen.getByRole('button', { name: 'Download PDF, invoice INV-2026-000122' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE, expect.anything()));
    expect(click).not.toHaveBeenCalled();
  });
});

describe('InvoicesCard filters and pages', () => {
  const overdue = invoice(3, { dueDate: '2026-10-01', overdue: true, amountDue: 500, amountPaid: 1129 });
  const paid = invoice(4, {
    status: 'paid',
    amountDue: 0,
    amountPaid: 1629,
    lastPaidAt: '2026-11-22T10:00:00.000Z',
  });

  it('sends the status, customer and issued dates to the server and keeps them in the URL, leaving other parameters', async () => {
    const fetchMock = mockFetch({
      'GET /invoices?sellerId=org-tema&status=unpaid': () => json([invoice(1), overdue]),
      'GET /invoices/page?sellerId=org-tema&status=unpaid&limit=20': () => json(page([invoice(1), overdue])),
      'GET /invoices/page?sellerId=org-tema&limit=20': () => json(page([invoice(1), overdue, paid])),
      'GET /invoices/page?sellerId=org-tema&counterparty=accra&limit=20': () => json(page([paid])),
      'GET /invoices/page?sellerId=org-tema&counterparty=accra&from=2026-11-01&limit=20': () =>
        json(page([paid])),
      'GET /invoices/page?sellerId=org-tema&counterparty=accra&from=2026-11-01&to=2026-11-30&limit=20': () =>
        json(page([])),
    });
    const { user, router } = renderCard('seller', 'org-tema', '/?order=42');
    const card = within(await screen.findByRole('region', { name: 'Receivables' }));
    expect(await card.findByText('2 invoices')).toBeInTheDocument();

    await user.click(card.getByRole('radio', { name: 'All' }));
    expect(await card.findByText('3 invoices')).toBeInTheDocument();
    await user.type(card.getByRole('searchbox', { name: 'Customer' }), 'accra');
    expect(await card.findByText('1 invoice')).toBeInTheDocument();
    // The name is sent once typing pauses, not per letter.
    expect(requested(fetchMock).filter((path) => path.includes('counterparty='))).toEqual([
      '/invoices/page?sellerId=org-tema&counterparty=accra&limit=20',
    ]);
    fireEvent.change(card.getByLabelText('Issued from'), { target: { value: '2026-11-01' } });
    fireEvent.change(card.getByLabelText('Issued to'), { target: { value: '2026-11-30' } });

    expect(await card.findByText('No invoices match these filters.')).toBeInTheDocument();
    expect(card.queryByText('No invoices issued yet.')).not.toBeInTheDocument();
    expect(card.getByText('0 invoices')).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      order: '42',
      tab: 'credit',
      invoiceStatus: 'all',
      invoiceParty: 'accra',
      invoiceFrom: '2026-11-01',
      invoiceTo: '2026-11-30',
    });
    // The figures are every open invoice's, whatever the list shows: 1,629.00 + 500.00 owed, 500.00 overdue.
    expect(card.getByText('Outstanding').nextSibling).toHaveTextContent('GH₵2,129.00');
    expect(card.getByText('Overdue', { selector: 'dt' }).nextSibling).toHaveTextContent(
      'GH₵500.00 (1 invoice)',
    );
    expect(requested(fetchMock).filter((path) => !path.includes('limit='))).toEqual([
      '/invoices?sellerId=org-tema&status=unpaid',
    ]);

    await user.click(card.getByRole('button', { name: 'Clear filters' }));
    expect(await card.findByText('2 invoices')).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      order: '42',
      tab: 'credit',
    });
    expect(card.getByRole('radio', { name: 'Open' })).toBeChecked();
    expect(card.getByRole('searchbox', { name: 'Customer' })).toHaveValue('');
  });

  it("restores a URL's filters and asks the server for them", async () => {
    const fetchMock = mockFetch({
      'GET /invoices?buyerId=org-1&status=unpaid': () => json([overdue]),
      'GET /invoices/page?buyerId=org-1&status=overdue&counterparty=tema&from=2026-09-01&to=2026-10-31&limit=20':
        () => json(page([overdue])),
    });
    renderCard(
      'buyer',
      'org-1',
      '/?invoiceStatus=overdue&invoiceParty=tema&invoiceFrom=2026-09-01&invoiceTo=2026-10-31',
    );
    const card = within(await screen.findByRole('region', { name: 'Invoices' }));
    expect(await card.findByText('1 invoice')).toBeInTheDocument();
    expect(card.getByRole('radio', { name: 'Overdue' })).toBeChecked();
    expect(card.getByRole('searchbox', { name: 'Supplier' })).toHaveValue('tema');
    expect(card.getByLabelText('Issued from')).toHaveValue('2026-09-01');
    expect(card.getByLabelText('Issued to')).toHaveValue('2026-10-31');
    expect(card.getByText(overdue.number)).toBeInTheDocument();
    expect(requested(fetchMock)).toContain(
      '/invoices/page?buyerId=org-1&status=overdue&counterparty=tema&from=2026-09-01&to=2026-10-31&limit=20',
    );
  });

  it('appends the next page with the cursor on Load more, and stops on the last page', async () => {
    const fetchMock = mockFetch({
      'GET /invoices?buyerId=org-1&status=unpaid': () => json([invoice(1), invoice(2), overdue]),
      'GET /invoices/page?buyerId=org-1&status=unpaid&limit=20': () =>
        json(page([invoice(1), invoice(2)], 3, 'next-1')),
      'GET /invoices/page?buyerId=org-1&status=unpaid&limit=20&cursor=next-1': () =>
        json(page([overdue], 3, null)),
    });
    const { user } = renderCard('buyer', 'org-1');
    const card = within(await screen.findByRole('region', { name: 'Invoices' }));
    expect(await card.findByText('3 invoices')).toBeInTheDocument();
    expect(card.getAllByRole('listitem')).toHaveLength(2);

    await user.click(card.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(card.getAllByRole('listitem')).toHaveLength(3));
    expect(card.getByText(overdue.number)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requested(fetchMock)).toContain(
      '/invoices/page?buyerId=org-1&status=unpaid&limit=20&cursor=next-1',
    );
  });

  it('keeps its own empty text when only the status narrows the list', async () => {
    mockFetch({
      'GET /invoices?buyerId=org-1&status=unpaid': () => json([]),
      'GET /invoices/page?buyerId=org-1&status=unpaid&limit=20': () => json(page([])),
    });
    renderCard('buyer', 'org-1');
    const card = within(await screen.findByRole('region', { name: 'Invoices' }));
    expect(await card.findByText('Nothing owed right now.')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says so on From and asks nothing when the dates run backwards', async () => {
    const fetchMock = mockFetch({
      'GET /invoices?buyerId=org-1&status=unpaid': () => json([]),
    });
    renderCard('buyer', 'org-1', '/?invoiceFrom=2026-11-30&invoiceTo=2026-11-01');
    const card = within(await screen.findByRole('region', { name: 'Invoices' }));
    expect(await card.findByText('from must not be after to')).toBeInTheDocument();
    expect(card.getByLabelText('Issued from')).toHaveAttribute('aria-invalid', 'true');
    expect(requested(fetchMock).filter((path) => path.includes('limit='))).toEqual([]);
  });
});

describe('InvoicesCard composed with other features', () => {
  it("puts a screen's row actions and details on each row and its figures after Overdue", async () => {
    const paid = invoice(2, { status: 'paid', amountDue: 0, amountPaid: 1629 });
    mockFetch({
      'GET /invoices?buyerId=org-1&status=unpaid': () => json([invoice(1)]),
      'GET /invoices/page?buyerId=org-1&status=unpaid&limit=20': () => json(page([invoice(1), paid])),
    });
    renderCard('buyer', 'org-1', '/', {
      rowActions: (row) => <button type="button">Act on {row.number}</button>,
      rowDetails: (row) => <p>Details of {row.number}</p>,
      stats: (
        <div>
          <dt>Credit held</dt>
          <dd>GH₵20.00</dd>
        </div>
      ),
    });
    const card = within(await screen.findByRole('region', { name: 'Invoices' }));
    const [first, second] = await card.findAllByRole('listitem');
    expect(within(first!).getByRole('button', { name: `Act on ${invoice(1).number}` })).toBeInTheDocument();
    expect(within(first!).getByText(`Details of ${invoice(1).number}`)).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: `Act on ${paid.number}` })).toBeInTheDocument();
    const terms = [...card.getByText('Outstanding').closest('dl')!.querySelectorAll('dt')].map(
      (dt) => dt.textContent,
    );
    expect(terms).toEqual(['Outstanding', 'Overdue', 'Credit held']);
  });
});
