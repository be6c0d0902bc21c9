import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { CreditRequestForm } from './credit-request-form';

const TEMA = '35bb2cbe-6b39-57c7-ab2f-38664a3768fe';
const ORG = '8370c5b6-d49e-5787-8f09-d3e757bf1ae1';
const SUPPLIERS = [
  { id: TEMA, name: 'Tema Pharma Distributors', detail: 'current limit GH₵60,000.00' },
  { id: '0f5b1a4e-0000-4000-8000-000000000002', name: 'Accra Medilink Importers' },
];

function renderForm() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreditRequestForm orgId={ORG} suppliers={SUPPLIERS} />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.restoreAllMocks());

describe('Request new credit', () => {
  it('starts at GH₵25,000 with no supplier, and says "Select a supplier to continue" without asking the server', async () => {
    const fetchMock = mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const user = renderForm();
    const limit = screen.getByLabelText('Requested limit (GH₵)');
    expect(limit).toHaveValue(25000);
    expect(limit).toHaveAttribute('min', '1000');
    expect(limit).toHaveAttribute('step', '500');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Select a supplier to continue', expect.anything()),
    );
    expect(screen.getByLabelText('Supplier')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses under GH₵1,000 under the field, and Reset brings back the defaults', async () => {
    mockFetch({});
    const user = renderForm();
    await user.selectOptions(screen.getByLabelText('Supplier'), TEMA);
    const limit = screen.getByLabelText('Requested limit (GH₵)');
    await user.clear(limit);
    await user.type(limit, '999');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Request at least GH₵1,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(limit).toHaveValue(25000);
    expect(screen.getByLabelText('Supplier')).toHaveValue('');
    expect(screen.queryByText('Request at least GH₵1,000.00')).not.toBeInTheDocument();
  });

  it('sends the supplier, the caller organisation, the limit and trimmed notes, then toasts and resets', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'POST /credit/applications': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(
          {
            id: '5e0c2d1a-0000-4000-8000-000000000001',
            customer: { id: ORG, name: 'AccraCare Pharmacy' },
            supplier: { id: TEMA, name: 'Tema Pharma Distributors' },
            requestedLimit: 40000,
            status: 'pending',
            notes: 'Two new branches',
            approvedLimit: null,
            rejectionReason: null,
            createdAt: '2026-11-22T10:00:00.000Z',
            decidedAt: null,
          },
          201,
        );
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const user = renderForm();
    expect(
      screen.getByRole('option', { name: 'Tema Pharma Distributors (current limit GH₵60,000.00)' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Supplier'), TEMA);
    const limit = screen.getByLabelText('Requested limit (GH₵)');
    await user.clear(limit);
    await user.type(limit, '40000');
    await user.type(screen.getByLabelText(/Notes/), '  Two new branches  ');
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Credit application submitted'));
    expect(sent).toEqual([
      { supplierId: TEMA, customerId: ORG, requestedLimit: 40000, notes: 'Two new branches' },
    ]);
    await waitFor(() => expect(limit).toHaveValue(25000));
  });
});
