import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { MarketSummaryCard } from './market-summary-card';

const facts = {
  windowDays: 30,
  gmv: 1000,
  previousGmv: 800,
  orders: 12,
  previousOrders: 10,
  topProducts: [],
  expiringStock: [],
  creditLimit: 0,
  creditBalance: 0,
  overdueInvoices: 0,
  overdueAmount: 0,
  inactiveSuppliers: 0,
  suppliersAwaitingReview: 0,
  inactiveCustomers: 0,
};

function renderCard() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <MarketSummaryCard />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('AI market summary', () => {
  it('shows the summary, sample size, the fallback badge, trends and actions', async () => {
    mockFetch({
      'GET /admin/market/summary': () =>
        json({
          summary: 'GH₵1,000.00 of orders were released.',
          keyTrends: ['GMV up 25%.'],
          recommendedActions: ['Chase overdue invoices.'],
          generatedAt: '2026-11-22T10:00:00.000Z',
          context: { sampleSize: 12, fallback: true },
          facts,
        }),
    });
    renderCard();
    const card = await screen.findByRole('region', { name: 'AI market summary' });
    expect(await within(card).findByText('GH₵1,000.00 of orders were released.')).toBeInTheDocument();
    expect(within(card).getByText('Sample size 12')).toBeInTheDocument();
    expect(within(card).getByText('Fallback heuristics')).toBeInTheDocument();
    expect(within(card).getByText('GMV up 25%.')).toBeInTheDocument();
    expect(within(card).getByText('Chase overdue invoices.')).toBeInTheDocument();
  });

  it('says it could not be retrieved, with the server message, inline and without a toast', async () => {
    mockFetch({ 'GET /admin/market/summary': () => json({ message: 'The database is busy' }, 503) });
    const toastError = vi.spyOn(toast, 'error');
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to retrieve the latest market summary.');
    expect(alert).toHaveTextContent('The database is busy');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says "No market intelligence available right now." for a marketplace with nothing yet to read', async () => {
    mockFetch({
      'GET /admin/market/summary': () =>
        json({
          summary: 'No orders were released in the last 30 days.',
          keyTrends: ['GMV GH₵0.00, flat.'],
          recommendedActions: ['No action needed.'],
          generatedAt: '2026-11-22T10:00:00.000Z',
          context: { sampleSize: 0, fallback: true },
          facts: { ...facts, gmv: 0, previousGmv: 0, orders: 0, previousOrders: 0 },
        }),
    });
    renderCard();
    expect(await screen.findByText('No market intelligence available right now.')).toBeInTheDocument();
  });
});
