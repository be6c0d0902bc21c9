import { RFQ_MESSAGES } from '@aduro/shared/rfqs';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { closedRfq, RFQ_ID, rfqDetail } from '../testing/buyer-fixtures';
import { BuyerRfqDetail, SEALED_WHY } from './buyer-rfq-detail';

function renderDetail() {
  const router = createMemoryRouter(
    [{ path: '/customer/rfqs/:id', element: <BuyerRfqDetail orgId="org-1" rfqId={RFQ_ID} /> }],
    { initialEntries: [`/customer/rfqs/${RFQ_ID}`] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.restoreAllMocks());

describe("the buyer's RFQ detail", () => {
  it('while sealed and open, shows the answer counts and the invited suppliers, never a status or a price', async () => {
    mockFetch({ [`GET /rfqs/${RFQ_ID}`]: () => json(rfqDetail()) });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'RFQ-2026-000012' })).toBeInTheDocument();
    expect(screen.getByText('Open for quotes')).toBeInTheDocument();
    expect(screen.getByText('Sealed')).toBeInTheDocument();
    const invited = screen.getByRole('region', { name: 'Invited suppliers' });
    expect(within(invited).getByText('2 quoted · 0 declined · 1 waiting')).toBeInTheDocument();
    expect(within(invited).getByText(SEALED_WHY)).toBeInTheDocument();
    expect(within(invited).getByText('Kumasi Medical Supplies')).toBeInTheDocument();
    expect(within(invited).queryByText('Quoted')).not.toBeInTheDocument();
    expect(screen.queryByText(/GH₵/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Award and draft orders' })).not.toBeInTheDocument();
  });

  it("'Close now and open quotes' asks first, then closes and shows the comparison", async () => {
    const closes: string[] = [];
    let closed = false;
    mockFetch({
      [`GET /rfqs/${RFQ_ID}`]: () => json(closed ? closedRfq() : rfqDetail()),
      [`POST /rfqs/${RFQ_ID}/close`]: () => {
        closes.push(RFQ_ID);
        closed = true;
        return json(closedRfq());
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Close now and open quotes' }));
    const confirm = screen.getByRole('dialog', { name: 'Close RFQ-2026-000012 now?' });
    expect(closes).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Close and open quotes' }));
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith(RFQ_MESSAGES.closedEarly('RFQ-2026-000012')),
    );
    expect(closes).toEqual([RFQ_ID]);
    expect(await screen.findByRole('heading', { name: 'Compare the quotes' })).toBeInTheDocument();
    expect(screen.getByText('Quotes opened')).toBeInTheDocument();
  });

  it('cancels with the reason typed, and then shows the reason', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      [`GET /rfqs/${RFQ_ID}`]: () =>
        json(
          bodies.length
            ? rfqDetail({
                status: 'cancelled',
                cancelledAt: '2026-11-29T09:00:00.000Z',
                cancelReason: 'Bought elsewhere',
              })
            : rfqDetail(),
        ),
      [`POST /rfqs/${RFQ_ID}/cancel`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(rfqDetail({ status: 'cancelled', cancelReason: 'Bought elsewhere' }));
      },
    });
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel RFQ-2026-000012?' });
    await user.type(within(dialog).getByLabelText(/Reason/), '  Bought elsewhere ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(bodies).toEqual([{ reason: 'Bought elsewhere' }]));
    expect(await screen.findByText('Bought elsewhere')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });
});
