import type { RfqSummary } from '@aduro/shared/rfqs';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { SupplierQuotesTab } from './supplier-quotes-tab';

const BUYER = { id: '88888888-0000-4000-8000-000000000001', name: 'AccraCare Pharmacy' };

function summary(n: number, overrides: Partial<RfqSummary> = {}): RfqSummary {
  return {
    id: `77777777-0000-4000-8000-00000000000${n}`,
    number: `RFQ-2026-00000${n}`,
    status: 'open',
    sealed: true,
    buyer: BUYER,
    lines: [
      {
        id: `77777777-0000-4000-8000-0000000000a${n}`,
        lineNo: 1,
        product: {
          id: '11111111-0000-4000-8000-000000000001',
          name: 'Amoxicillin 500 mg capsules',
          gtin: null,
        },
        quantity: 100 * n,
      },
    ],
    requiredBy: '2026-12-20',
    responseDeadline: '2026-12-05T12:00:00.000Z',
    createdAt: '2026-11-28T08:00:00.000Z',
    closedAt: null,
    responses: null,
    myStatus: 'invited',
    myAwardedUnits: 0,
    ...overrides,
  };
}

const page = (items: RfqSummary[]) => json({ items, nextCursor: null, total: items.length });

function renderTab(onSelect = vi.fn()) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SupplierQuotesTab orgId="org-tema" selectedId={null} onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return { user, onSelect };
}

afterEach(() => vi.restoreAllMocks());

describe('SupplierQuotesTab', () => {
  it('lists open requests first, the soonest deadline on top, then the closed and past with their outcome', async () => {
    const later = summary(1, { responseDeadline: '2026-12-09T12:00:00.000Z' });
    const sooner = summary(2, { responseDeadline: '2026-12-02T09:00:00.000Z', myStatus: 'quoted' });
    const lost = summary(3, { status: 'awarded', myStatus: 'quoted', closedAt: '2026-11-20T12:00:00.000Z' });
    const won = summary(5, {
      status: 'awarded',
      myStatus: 'quoted',
      myAwardedUnits: 120,
      closedAt: '2026-11-19T12:00:00.000Z',
    });
    const cancelled = summary(4, { status: 'cancelled', myStatus: 'declined' });
    mockFetch({
      'GET /rfqs?limit=20&status=open': () => page([later, sooner]),
      // The rows tell won from lost by myAwardedUnits alone: no request's detail is read.
      'GET /rfqs?limit=20&status=closed%2Cawarded%2Ccancelled': () => page([lost, won, cancelled]),
    });
    const { user, onSelect } = renderTab();

    const open = await screen.findByRole('list', { name: 'Open requests' });
    const past = await screen.findByRole('list', { name: 'Closed and past' });
    // The open section comes first in reading order.
    expect(open.compareDocumentPosition(past) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const openRows = within(open).getAllByRole('button');
    expect(openRows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'RFQ-2026-000002 from AccraCare Pharmacy',
      'RFQ-2026-000001 from AccraCare Pharmacy',
    ]);
    expect(openRows[0]).toHaveTextContent('Quoted');
    expect(openRows[0]).toHaveTextContent('Amoxicillin 500 mg capsules × 200');
    expect(openRows[1]).toHaveTextContent('Awaiting a quote');

    const lostRow = within(past).getByRole('button', { name: 'RFQ-2026-000003 from AccraCare Pharmacy' });
    expect(await within(lostRow).findByText('Not won')).toBeInTheDocument();
    const wonRow = within(past).getByRole('button', { name: 'RFQ-2026-000005 from AccraCare Pharmacy' });
    expect(wonRow).toHaveTextContent('Awarded to you');
    const cancelledRow = within(past).getByRole('button', {
      name: 'RFQ-2026-000004 from AccraCare Pharmacy',
    });
    expect(cancelledRow).toHaveTextContent('Cancelled');
    expect(cancelledRow).toHaveTextContent('Declined');

    await user.click(openRows[1]!);
    expect(onSelect).toHaveBeenCalledWith(later.id);
  });

  it('says so when no request is open', async () => {
    mockFetch({
      'GET /rfqs?limit=20&status=open': () => page([]),
      'GET /rfqs?limit=20&status=closed%2Cawarded%2Ccancelled': () => page([]),
    });
    renderTab();
    expect(
      await screen.findByText(
        'No open requests for quotation. When a pharmacy asks you for a price, it appears here.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('No closed requests yet.')).toBeInTheDocument();
  });
});
