import type { CreditApplication } from '@aduro/shared/credit';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { MyCreditApplications } from './my-credit-applications';

const ORG = 'org-1';
const application = (over: Partial<CreditApplication>): CreditApplication => ({
  id: 'app-1',
  customer: { id: ORG, name: 'AccraCare Pharmacy' },
  supplier: { id: 'org-tema', name: 'Tema Pharma Distributors' },
  requestedLimit: 40000,
  status: 'pending',
  notes: null,
  approvedLimit: null,
  rejectionReason: null,
  createdAt: '2026-11-16T09:00:00.000Z',
  decidedAt: null,
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe("The buyer's credit requests", () => {
  it("shows a rejected request's status with the supplier's reason, and none where none was given", async () => {
    mockFetch({
      [`GET /credit/applications/page?customerId=${ORG}&limit=50`]: () =>
        json({
          items: [
            application({
              status: 'rejected',
              rejectionReason: 'Settle the two overdue invoices with us first',
              decidedAt: '2026-11-22T10:00:00.000Z',
            }),
            application({
              id: 'app-2',
              supplier: { id: 'org-medilink', name: 'Accra Medilink Importers' },
              status: 'rejected',
              decidedAt: '2026-11-21T10:00:00.000Z',
            }),
          ],
          nextCursor: null,
          total: 2,
        }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MyCreditApplications orgId={ORG} />
      </QueryClientProvider>,
    );
    const [tema, medilink] = await screen.findAllByRole('listitem');
    expect(tema).toHaveTextContent('Tema Pharma Distributors');
    expect(within(tema!).getByText('Rejected')).toBeInTheDocument();
    expect(tema).toHaveTextContent('Reason: Settle the two overdue invoices with us first');
    expect(within(medilink!).getByText('Rejected')).toBeInTheDocument();
    expect(medilink).not.toHaveTextContent('Reason');
  });
});
