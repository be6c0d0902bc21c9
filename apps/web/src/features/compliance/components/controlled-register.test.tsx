import type { ControlledRegisterEntry } from '@aduro/shared/compliance';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { mockFetch, json } from '../../../test/test-utils';
import { ControlledRegister, EMPTY_REGISTER_MESSAGE } from './controlled-register';

function entry(n: number, overrides: Partial<ControlledRegisterEntry> = {}): ControlledRegisterEntry {
  return {
    id: `entry-${n}`,
    entryDate: '2026-11-27',
    signedOffAt: '2026-11-27T10:30:00.000Z',
    supplierId: 'org-tema',
    supplierName: 'Tema Pharma Distributors',
    orderId: 'order-7',
    orderNumber: 'PO-2026-000007',
    dropId: `drop-${n}`,
    productId: 'p-tramadol',
    productName: 'Tramadol 50 mg capsules',
    controlled: 'narcotic',
    batchNumber: 'TRM2501A',
    quantity: 30,
    buyerId: 'org-accra',
    buyerName: 'AccraCare Pharmacy',
    buyerLicenceNumber: 'PC/RP/0421/2024',
    buyerAuthorisationNumber: 'NACOC/CA/0031',
    approverName: 'Kwame Asare',
    pharmacistName: 'Abena Mensah',
    ...overrides,
  };
}

function renderRegister(reader: 'supplier' | 'platform') {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ControlledRegister orgId="org-1" reader={reader} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user };
}

beforeEach(() => {
  toast.dismiss();
});
afterEach(() => vi.restoreAllMocks());

describe('Controlled register', () => {
  it('lists each supply with date, product, batch, quantity, buyer with its licence and authorisation, approver and pharmacist', async () => {
    mockFetch({
      'GET /controlled-register': () =>
        json({
          entries: [
            entry(1),
            entry(2, {
              batchNumber: null,
              quantity: 5,
              productName: 'Diazepam 5 mg tablets',
              controlled: 'psychotropic',
            }),
          ],
        }),
    });
    renderRegister('supplier');
    const table = await screen.findByRole('table', { name: 'Controlled-drugs register, newest first' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Product', 'Batch', 'Quantity', 'Buyer', 'Approved by', 'Pharmacist']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '27 Nov 2026PO-2026-000007',
      'Tramadol 50 mg capsulesNarcotic',
      'TRM2501A',
      '30',
      'AccraCare PharmacyLicence PC/RP/0421/2024 · authorisation NACOC/CA/0031',
      'Kwame Asare',
      'Abena Mensah',
    ]);
    expect(second).toHaveTextContent('Diazepam 5 mg tabletsPsychotropic');
    expect(second).toHaveTextContent('No batch');
    expect(screen.getByText('2 entries')).toBeInTheDocument();
  });

  it('names the supplier of each entry for the platform', async () => {
    mockFetch({ 'GET /controlled-register': () => json({ entries: [entry(1)] }) });
    renderRegister('platform');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Supplier' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Tema Pharma Distributors');
  });

  it('exports controlled_register.csv from the server', async () => {
    const fetchMock = mockFetch({
      'GET /controlled-register': () => json({ entries: [entry(1)] }),
      'GET /controlled-register.csv': () =>
        new Response('entryDate,supplierName\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="controlled_register.csv"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:register');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRegister('supplier');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/controlled-register.csv'))).toBe(true);
  });

  it('says the register is empty, and that there is nothing to export', async () => {
    const fetchMock = mockFetch({ 'GET /controlled-register': () => json({ entries: [] }) });
    const { user } = renderRegister('supplier');
    expect(await screen.findByText(EMPTY_REGISTER_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Nothing to export.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('.csv'))).toBe(false);
  });
});
