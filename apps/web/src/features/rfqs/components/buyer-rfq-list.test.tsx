import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { rfqDetail } from '../testing/buyer-fixtures';
import { BuyerRfqList, EMPTY_RFQS_MESSAGE } from './buyer-rfq-list';

const FIRST_PAGE = 'GET /rfqs?limit=20';

function renderList(onStart = vi.fn()) {
  const router = createMemoryRouter(
    [{ path: '/customer/rfqs', element: <BuyerRfqList orgId="org-1" onStart={onStart} /> }],
    { initialEntries: ['/customer/rfqs'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onStart };
}

/** A summary row as the list reads it: the detail fixture's summary fields. */
function row(overrides: Parameters<typeof rfqDetail>[0] = {}) {
  const {
    deliveryLocation: _d,
    notes: _n,
    minShelfLifeDays: _m,
    createdBy: _c,
    cancelledAt: _ca,
    cancelReason: _cr,
    awardedAt: _a,
    invitations: _i,
    quotes: _q,
    comparison: _co,
    myQuote: _mq,
    myDeclineReason: _md,
    awards: _aw,
    canRespond: _cn,
    ...summary
  } = rfqDetail(overrides);
  return summary;
}

afterEach(() => vi.restoreAllMocks());

describe("the buyer's RFQ list", () => {
  it('shows each request with its first two products, its deadline, status and answers, linking to it', async () => {
    const products = ['Zinc 20 mg tablets', 'ORS sachets', 'Paracetamol 500 mg tablets'];
    const many = row({
      id: '7f000000-0000-4000-8000-000000000002',
      number: 'RFQ-2026-000013',
      lines: products.map((name, i) => ({
        id: `7f100000-0000-4000-8000-00000000001${i}`,
        lineNo: i + 1,
        product: { id: `11111111-0000-4000-8000-00000000001${i}`, name, gtin: null },
        quantity: 50,
      })),
      status: 'closed',
    });
    mockFetch({ [FIRST_PAGE]: () => json({ items: [many, row()], nextCursor: null, total: 2 }) });
    renderList();
    const list = await screen.findByRole('list', { name: 'Requests for quotation' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAttribute('href', `/customer/rfqs/${many.id}`);
    expect(first).toHaveTextContent('Zinc 20 mg tablets, ORS sachets and 1 more');
    expect(first).toHaveTextContent('Quotes opened');
    expect(second).toHaveTextContent('RFQ-2026-000012');
    expect(second).toHaveTextContent('Amoxicillin 500 mg capsules');
    expect(second).toHaveTextContent('2 of 3 answered');
    expect(second).toHaveTextContent(/Quotes due .*2 Dec 2026/);
    expect(screen.getByText('2 requests')).toBeInTheDocument();
  });

  it('offers to start a request when there is none', async () => {
    mockFetch({ [FIRST_PAGE]: () => json({ items: [], nextCursor: null, total: 0 }) });
    const { user, onStart } = renderList();
    expect(await screen.findByText(EMPTY_RFQS_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request quotes' }));
    expect(onStart).toHaveBeenCalledOnce();
  });
});
