import type { Invoice } from '@aduro/shared/invoices';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

function renderCard(side: 'buyer' | 'seller', orgId: string) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <InvoicesCard orgId={orgId} side={side} />
    </QueryClientProvider>,
  );
  return { user };
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
      'GET /invoices?sellerId=org-tema': () => json([invoice(1), invoice(2)]),
      'GET /invoices/55555555-0000-4000-8000-000000000002/pdf': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderCard('seller', 'org-tema');

    const button = await screen.findByRole('button', { name: 'Download invoice INV-2026-000122 as PDF' });
    expect(button).toHaveTextContent('Download PDF');
    // The seller's row keeps its payment action beside the download.
    const row = button.closest('li')!;
    expect(within(row).getByRole('button', { name: 'Record payment' })).toBeInTheDocument();

    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Download invoice INV-2026-000121 as PDF' })).toBeEnabled();

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
      'GET /invoices?buyerId=org-1': () => json([invoice(1), invoice(2)]),
      'GET /invoices/55555555-0000-4000-8000-000000000001/pdf': () =>
        json({ message: 'Invoice not found', code: 'NOT_FOUND', kind: 'not_found' }, 404),
      'GET /invoices/55555555-0000-4000-8000-000000000002/pdf': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderCard('buyer', 'org-1');

    await user.click(await screen.findByRole('button', { name: 'Download invoice INV-2026-000121 as PDF' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Invoice not found', expect.anything()));
    await user.click(screen.getByRole('button', { name: 'Download invoice INV-2026-000122 as PDF' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE, expect.anything()));
    expect(click).not.toHaveBeenCalled();
  });
});
