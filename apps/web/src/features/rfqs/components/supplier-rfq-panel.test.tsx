import { RFQ_MESSAGES, type RfqDetail } from '@aduro/shared/rfqs';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { SupplierRfqPanel } from './supplier-rfq-panel';

const RFQ_ID = '77777777-0000-4000-8000-000000000001';
const LINE_ID = '77777777-0000-4000-8000-0000000000a1';
const TEMA = { id: '66666666-0000-4000-8000-000000000001', name: 'Tema Pharma Distributors' };

function rfqFixture(overrides: Partial<RfqDetail> = {}): RfqDetail {
  return {
    id: RFQ_ID,
    number: 'RFQ-2026-000012',
    status: 'open',
    sealed: true,
    buyer: { id: '88888888-0000-4000-8000-000000000001', name: 'AccraCare Pharmacy' },
    lines: [
      {
        id: LINE_ID,
        lineNo: 1,
        product: {
          id: '11111111-0000-4000-8000-000000000001',
          name: 'Amoxicillin 500 mg capsules',
          gtin: null,
        },
        quantity: 100,
      },
    ],
    requiredBy: '2026-12-10',
    responseDeadline: '2026-12-03T15:00:00.000Z',
    createdAt: '2026-11-29T08:00:00.000Z',
    closedAt: null,
    responses: null,
    myStatus: 'invited',
    myAwardedUnits: 0,
    deliveryLocation: 'AccraCare Pharmacy, 12 Oxford Street, Osu',
    notes: 'Blister packs only',
    minShelfLifeDays: 180,
    createdBy: null,
    cancelledAt: null,
    cancelReason: null,
    awardedAt: null,
    invitations: null,
    quotes: null,
    comparison: null,
    myQuote: null,
    myDeclineReason: null,
    awards: [],
    canRespond: true,
    ...overrides,
  };
}

function renderPanel() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SupplierRfqPanel orgId="org-tema" rfqId={RFQ_ID} onClose={() => undefined} />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.restoreAllMocks());

describe('SupplierRfqPanel', () => {
  it('shows the request plainly: lines, delivery, shelf life, notes and that it is sealed', async () => {
    mockFetch({ [`GET /rfqs/${RFQ_ID}`]: () => json(rfqFixture()) });
    renderPanel();
    const panel = await screen.findByRole('dialog', { name: 'RFQ-2026-000012' });
    expect(within(panel).getByRole('list', { name: 'Products asked for' })).toHaveTextContent(
      'Amoxicillin 500 mg capsules100 units',
    );
    expect(panel).toHaveTextContent('AccraCare Pharmacy, 12 Oxford Street, Osu');
    expect(panel).toHaveTextContent('180 days on delivery');
    expect(panel).toHaveTextContent('Blister packs only');
    expect(panel).toHaveTextContent('Sealed: the buyer sees no quote until the deadline.');
    expect(within(panel).getByRole('button', { name: 'Send quote' })).toBeInTheDocument();
  });

  it('toasts a 409 RFQ_CLOSED and turns read-only once the request is read again', async () => {
    let closed = false;
    mockFetch({
      [`GET /rfqs/${RFQ_ID}`]: () =>
        json(
          rfqFixture(
            closed ? { status: 'closed', canRespond: false, closedAt: '2026-11-29T10:00:00.000Z' } : {},
          ),
        ),
      [`PUT /rfqs/${RFQ_ID}/quote`]: () => {
        closed = true;
        return json(
          { code: 'RFQ_CLOSED', kind: 'conflict', message: RFQ_MESSAGES.closed('RFQ-2026-000012') },
          409,
        );
      },
    });
    const user = renderPanel();
    const panel = await screen.findByRole('dialog', { name: 'RFQ-2026-000012' });
    await user.type(within(panel).getByLabelText('Unit price (GH₵)'), '12.50');
    await user.type(within(panel).getByLabelText('Payment terms'), 'Prepaid');
    await user.click(within(panel).getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText(RFQ_MESSAGES.closed('RFQ-2026-000012'))).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Send quote' })).not.toBeInTheDocument(),
    );
    expect(panel).toHaveTextContent('You did not quote on this request.');
    expect(panel).toHaveTextContent('Quoting has ended.');
  });

  it('declines with the reason typed, after asking', async () => {
    const sent: unknown[] = [];
    mockFetch({
      [`GET /rfqs/${RFQ_ID}`]: () => json(rfqFixture(sent.length ? { myStatus: 'declined' } : {})),
      [`POST /rfqs/${RFQ_ID}/decline`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ status: 'declined', respondedAt: '2026-11-29T10:00:00.000Z' });
      },
    });
    const user = renderPanel();
    const panel = await screen.findByRole('dialog', { name: 'RFQ-2026-000012' });
    await user.click(within(panel).getByRole('button', { name: 'Decline' }));
    const ask = within(panel).getByRole('group', { name: 'Decline this request' });
    await user.type(within(ask).getByLabelText(/^Reason/), 'Out of stock until March');
    await user.click(within(ask).getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Out of stock until March' }]));
    expect(await screen.findByText(RFQ_MESSAGES.declined('RFQ-2026-000012'))).toBeInTheDocument();
    expect(await within(panel).findByText(/You declined this request/)).toBeInTheDocument();
  });

  it('shows the outcome once awarded: the units won and their order, and nothing of other suppliers', async () => {
    const quote = {
      id: '99999999-0000-4000-8000-000000000001',
      supplier: TEMA,
      validUntil: '2026-12-20',
      expired: false,
      paymentTerms: 'Prepaid',
      notes: null,
      submittedAt: '2026-11-29T09:00:00.000Z',
      updatedAt: '2026-11-29T09:00:00.000Z',
      lines: [
        {
          id: '99999999-0000-4000-8000-0000000000b1',
          rfqLineId: LINE_ID,
          unitPrice: 12.5,
          quantity: 60,
          leadTimeDays: 2,
          earliestExpiry: null,
          total: 750,
        },
      ],
    };
    mockFetch({
      [`GET /rfqs/${RFQ_ID}`]: () =>
        json(
          rfqFixture({
            status: 'awarded',
            canRespond: false,
            myStatus: 'quoted',
            myQuote: quote,
            awards: [
              {
                quoteLineId: quote.lines[0]!.id,
                rfqLineId: LINE_ID,
                supplier: TEMA,
                product: { id: '11111111-0000-4000-8000-000000000001', name: 'Amoxicillin 500 mg capsules' },
                quantity: 40,
                unitPrice: 12.5,
                total: 500,
                order: { id: '33333333-0000-4000-8000-000000000009', number: 'PO-2026-000321' },
              },
            ],
          }),
        ),
    });
    renderPanel();
    const panel = await screen.findByRole('dialog', { name: 'RFQ-2026-000012' });
    const won = await within(panel).findByRole('region', { name: 'Awarded to you' });
    expect(won).toHaveTextContent(
      '40 units of Amoxicillin 500 mg capsules at GH₵12.50: order PO-2026-000321',
    );
    expect(within(panel).getByRole('list', { name: 'Your quote' })).toHaveTextContent('GH₵750.00');
    expect(within(panel).queryByRole('button', { name: /quote/i })).not.toBeInTheDocument();
  });
});
