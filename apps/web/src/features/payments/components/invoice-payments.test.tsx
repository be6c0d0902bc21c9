import type { Invoice } from '@aduro/shared/invoices';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { INVOICE_ID, paymentAttempt, PROVIDERS, REFERENCE } from '../testing/fixtures';
import { CreditHeldStat } from './credit-held-stat';
import { InvoiceMobileMoneyPayments } from './invoice-mobile-money-payments';
import { usePayByMobileMoney } from './pay-by-mobile-money';

const OFF = { enabled: false, providers: [] };

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: INVOICE_ID,
    number: 'INV-2026-000121',
    order: {
      id: '33333333-0000-4000-8000-000000000001',
      number: 'PO-2026-000041',
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
    onCredit: false,
    payments: 0,
    lastPaidAt: null,
    drops: [],
    ...overrides,
  };
}

/** Rows as the invoices card lays them out: each row's action, then the one dialog. */
function PayRows({ invoices }: { invoices: Invoice[] }) {
  const pay = usePayByMobileMoney();
  return (
    <>
      <ul>
        {invoices.map((row) => (
          <li key={row.id}>
            {row.number}
            {pay.action(row)}
          </li>
        ))}
      </ul>
      {pay.dialog}
    </>
  );
}

function renderWith(ui: React.ReactNode) {
  const queryClient = createQueryClient();
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return Object.assign(userEvent.setup(), { queryClient });
}

/** The paths asked of the API, after /api. */
const requested = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input).replace(/^.*?\/api/, ''));

afterEach(() => vi.restoreAllMocks());

describe('Pay with mobile money on the invoice rows', () => {
  it('is offered on unpaid invoices that still owe something, named by invoice, and opens the dialog for that one', async () => {
    mockFetch({ 'GET /payments/mobile-money/providers': () => json(PROVIDERS) });
    const user = renderWith(
      <PayRows
        invoices={[
          invoice(),
          invoice({ id: 'paid', number: 'INV-2026-000122', status: 'paid', amountDue: 0 }),
          invoice({ id: 'void', number: 'INV-2026-000123', status: 'void', amountDue: 0 }),
          invoice({ id: 'credited', number: 'INV-2026-000124', amountDue: 0, credited: 1629 }),
        ]}
      />,
    );
    const pay = await screen.findByRole('button', { name: 'Pay with mobile money, invoice INV-2026-000121' });
    expect(screen.getAllByRole('button', { name: /^Pay with mobile money/ })).toHaveLength(1);
    await user.click(pay);
    expect(await screen.findByRole('dialog', { name: 'Pay with mobile money' })).toHaveAccessibleDescription(
      'INV-2026-000121 · Tema Pharma Distributors · GH₵1,629.00 outstanding',
    );
  });

  it('is not offered when this Aduro has no Paystack key: payments are recorded by hand', async () => {
    mockFetch({ 'GET /payments/mobile-money/providers': () => json(OFF) });
    const { queryClient } = renderWith(<PayRows invoices={[invoice()]} />);
    await waitFor(() => expect(queryClient.getQueryData(['mobile-money-providers'])).toEqual(OFF));
    expect(screen.getByText('INV-2026-000121')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay with mobile money/ })).not.toBeInTheDocument();
  });
});

describe("an invoice's mobile money payments", () => {
  it('reads them only once opened, with each status and a receipt for the settled one', async () => {
    const fetchMock = mockFetch({
      'GET /payments/mobile-money/providers': () => json(PROVIDERS),
      [`GET /invoices/${INVOICE_ID}/mobile-money`]: () =>
        json([
          paymentAttempt({
            status: 'success',
            applied: 500,
            outstandingAfter: 1129,
            settledAt: '2026-11-29T10:01:00.000Z',
          }),
          paymentAttempt({
            id: 'other',
            reference: 'ADR-INV-2026-000121-AAAAAAAAAA',
            amount: 200,
            status: 'failed',
          }),
        ]),
    });
    const user = renderWith(<InvoiceMobileMoneyPayments invoice={invoice()} />);
    const summary = await screen.findByText('Mobile money payments');
    expect(requested(fetchMock)).not.toContain(`/invoices/${INVOICE_ID}/mobile-money`);
    await user.click(summary);
    expect(await screen.findByText('GH₵500.00')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('GH₵200.00')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(
      screen.getAllByRole('button', { name: /^Download receipt/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Download receipt ${REFERENCE}`]);
  });
});

describe('credit held in the invoices header', () => {
  it("adds up a buyer's balances with each supplier and names them", async () => {
    mockFetch({
      'GET /payments/mobile-money/providers': () => json(OFF),
      'GET /supplier-credits': () =>
        json([
          {
            buyer: { id: 'org-1', name: 'AccraCare Pharmacy' },
            seller: { id: 'org-tema', name: 'Tema Pharma Distributors' },
            balance: 20.1,
            updatedAt: '2026-11-29T10:00:00.000Z',
          },
          {
            buyer: { id: 'org-1', name: 'AccraCare Pharmacy' },
            seller: { id: 'org-kumasi', name: 'Kumasi Medical Supplies' },
            balance: 0.2,
            updatedAt: '2026-11-29T10:00:00.000Z',
          },
        ]),
    });
    renderWith(
      <dl>
        <CreditHeldStat side="buyer" />
      </dl>,
    );
    const figure = (await screen.findByText('Credit held')).nextElementSibling!;
    await waitFor(() => expect(figure).toHaveTextContent(/^GH₵20\.30/));
    expect(figure).toHaveTextContent('GH₵20.10 with Tema Pharma Distributors');
    expect(figure).toHaveTextContent('GH₵0.20 with Kumasi Medical Supplies');
  });

  it('shows nothing without mobile money and without any balance', async () => {
    const fetchMock = mockFetch({
      'GET /payments/mobile-money/providers': () => json(OFF),
      'GET /supplier-credits': () => json([]),
    });
    renderWith(
      <dl>
        <dt>Outstanding</dt>
        <CreditHeldStat side="seller" />
      </dl>,
    );
    await waitFor(() =>
      expect(requested(fetchMock)).toEqual(
        expect.arrayContaining(['/payments/mobile-money/providers', '/supplier-credits']),
      ),
    );
    expect(screen.queryByText('Credit owed to customers')).not.toBeInTheDocument();
  });

  it("names a supplier's figure as credit owed to customers, while mobile money is on", async () => {
    mockFetch({
      'GET /payments/mobile-money/providers': () => json(PROVIDERS),
      'GET /supplier-credits': () => json([]),
    });
    renderWith(
      <dl>
        <CreditHeldStat side="seller" />
      </dl>,
    );
    const figure = (await screen.findByText('Credit owed to customers')).nextElementSibling!;
    await waitFor(() => expect(figure).toHaveTextContent('GH₵0.00'));
  });
});
