import { RETURN_STATUS_LABELS } from '@aduro/shared/returns';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { completedReturn, RETURN_ID, returnDetail, returnSummary } from '../testing/fixtures';
import { BuyerReturns, NO_RETURNS_MESSAGE } from './buyer-returns';

const FIRST_PAGE = 'GET /returns?limit=20';

function Harness({ initialOpen }: { initialOpen: string | null }) {
  const [open, setOpen] = useState(initialOpen);
  return <BuyerReturns orgId="org-1" openId={open} onOpen={setOpen} />;
}

function renderReturns(initialOpen: string | null = null) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness initialOpen={initialOpen} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
afterEach(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
  vi.restoreAllMocks();
});

describe("the buyer's returns", () => {
  it('lists each return with its order, supplier, units, reasons, status and credit, and counts them all', async () => {
    const credited = returnSummary({
      id: '9a000000-0000-4000-8000-000000000002',
      number: 'RET-2026-000008',
      status: 'completed',
      quantity: 12,
      reasons: ['expired', 'wrong_item'],
      creditAmount: 217.2,
    });
    mockFetch({
      [FIRST_PAGE]: () => json({ items: [credited, returnSummary()], nextCursor: 'c1', total: 3 }),
    });
    renderReturns();
    const list = await screen.findByRole('list', { name: 'Returns' });
    const [first, second] = within(list).getAllByRole('button');
    expect(first).toHaveAccessibleName('RET-2026-000008, Amoxicillin 500 mg capsules');
    expect(first).toHaveTextContent('12 units');
    expect(first).toHaveTextContent('Expired, Wrong item');
    expect(first).toHaveTextContent(RETURN_STATUS_LABELS.completed);
    expect(first).toHaveTextContent('Credited GH₵217.20');
    expect(second).toHaveTextContent('PO-2026-000042 · Tema Pharma Distributors');
    expect(second).toHaveTextContent(RETURN_STATUS_LABELS.requested);
    expect(second).not.toHaveTextContent('Credited');
    expect(screen.getByText('3 returns')).toBeInTheDocument();
  });

  it('narrows the list by status, asking the server for those statuses only', async () => {
    const rejected = returnSummary({ number: 'RET-2026-000009', status: 'rejected' });
    const fetchMock = mockFetch({
      [FIRST_PAGE]: () => json({ items: [returnSummary()], nextCursor: null, total: 1 }),
      'GET /returns?status=rejected&limit=20': () => json({ items: [rejected], nextCursor: null, total: 1 }),
      'GET /returns?status=requested%2Capproved%2Creceived&limit=20': () =>
        json({ items: [], nextCursor: null, total: 0 }),
    });
    const user = renderReturns();
    await screen.findByText('RET-2026-000007');
    await user.click(screen.getByRole('radio', { name: 'Rejected' }));
    expect(await screen.findByText('RET-2026-000009')).toBeInTheDocument();
    expect(screen.queryByText('RET-2026-000007')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Open' }));
    expect(await screen.findByText('No returns with this status.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining('/returns?status=requested%2Capproved%2Creceived&limit=20'),
      expect.anything(),
    );
  });

  it('reads the next page from the cursor the last one gave', async () => {
    mockFetch({
      [FIRST_PAGE]: () => json({ items: [returnSummary()], nextCursor: 'c1', total: 2 }),
      'GET /returns?limit=20&cursor=c1': () =>
        json({
          items: [returnSummary({ id: RETURN_ID.replace('1', '3'), number: 'RET-2026-000001' })],
          nextCursor: null,
          total: 2,
        }),
    });
    const user = renderReturns();
    await screen.findByText('RET-2026-000007');
    await user.click(screen.getByRole('button', { name: /load more/i }));
    expect(await screen.findByText('RET-2026-000001')).toBeInTheDocument();
  });

  it('says what to do when the pharmacy has no return yet', async () => {
    mockFetch({ [FIRST_PAGE]: () => json({ items: [], nextCursor: null, total: 0 }) });
    renderReturns();
    expect(await screen.findByText(NO_RETURNS_MESSAGE)).toBeInTheDocument();
  });

  it("opens a row's return: its batches, reasons and notes, and the supplier's reason for rejecting it", async () => {
    const rejected = returnDetail({
      status: 'rejected',
      decidedBy: 'Kwame Mensah',
      decidedAt: '2026-11-25T12:00:00.000Z',
      rejectReason: 'Cartons were crushed in your store, not in transit',
    });
    mockFetch({
      [FIRST_PAGE]: () =>
        json({ items: [returnSummary({ status: 'rejected' })], nextCursor: null, total: 1 }),
      [`GET /returns/${RETURN_ID}`]: () => json(rejected),
    });
    const user = renderReturns();
    await user.click(await screen.findByRole('button', { name: /RET-2026-000007/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Return RET-2026-000007' });
    expect(
      await within(sheet).findByText('Cartons were crushed in your store, not in transit'),
    ).toBeInTheDocument();
    expect(within(sheet).getByText('Crushed cartons in the second box')).toBeInTheDocument();
    const batches = within(sheet).getByRole('list');
    expect(batches).toHaveTextContent('Batch AMX2406B · drop 1 · exp 31 May 2027');
    expect(batches).toHaveTextContent('Damaged');
    expect(batches).toHaveTextContent('6 units returned');
    expect(within(sheet).getByText('by Kwame Mensah')).toBeInTheDocument();
  });

  it("shows an inspected return's fates, destruction record and where its credit note went, with the PDF", async () => {
    const fetchMock = mockFetch({
      [FIRST_PAGE]: () => json({ items: [], nextCursor: null, total: 0 }),
      [`GET /returns/${RETURN_ID}`]: () => json(completedReturn()),
      'GET /credit-notes/9c000000-0000-4000-8000-000000000001/pdf': () =>
        new Response(new Blob(['%PDF-1.4']), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:credit-note');
    URL.revokeObjectURL = vi.fn();
    const user = renderReturns(RETURN_ID);
    const sheet = await screen.findByRole('dialog', { name: 'Return RET-2026-000007' });
    const note = await within(sheet).findByRole('region', { name: 'Credit note' });
    expect(note).toHaveTextContent('Credit note CN-2026-000003');
    expect(note).toHaveTextContent('GH₵108.60');
    expect(note).toHaveTextContent('Taken off invoice INV-2026-000042GH₵60.00');
    expect(note).toHaveTextContent('Held as credit with the supplierGH₵48.60');
    // Nothing went to the credit line: no row says GH₵0.00 went there.
    expect(note).not.toHaveTextContent('credit line');
    expect(within(sheet).getByText('Back into stock 4 · Destroy 2')).toBeInTheDocument();
    expect(within(sheet).getByRole('region', { name: 'Destruction record' })).toHaveTextContent(
      '26 Nov 2026 · Incineration · witnessed by Ama Boateng',
    );
    await user.click(within(note).getByRole('button', { name: 'Credit note PDF, CN-2026-000003' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining('/credit-notes/9c000000-0000-4000-8000-000000000001/pdf'),
        expect.anything(),
      ),
    );
  });
});
