import { RFQ_MESSAGES, type RfqDetail } from '@aduro/shared/rfqs';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { QuoteForm, type QuoteDefaults } from './quote-form';

const RFQ_ID = '77777777-0000-4000-8000-000000000001';
const LINE_AMOX = '77777777-0000-4000-8000-0000000000a1';
const LINE_ORS = '77777777-0000-4000-8000-0000000000a2';

function rfqFixture(overrides: Partial<RfqDetail> = {}): RfqDetail {
  return {
    id: RFQ_ID,
    number: 'RFQ-2026-000012',
    status: 'open',
    sealed: true,
    buyer: { id: '88888888-0000-4000-8000-000000000001', name: 'AccraCare Pharmacy' },
    lines: [
      {
        id: LINE_AMOX,
        lineNo: 1,
        product: {
          id: '11111111-0000-4000-8000-000000000001',
          name: 'Amoxicillin 500 mg capsules',
          gtin: null,
        },
        quantity: 100,
      },
      {
        id: LINE_ORS,
        lineNo: 2,
        product: { id: '11111111-0000-4000-8000-000000000002', name: 'ORS sachets', gtin: null },
        quantity: 50,
      },
    ],
    requiredBy: '2026-12-10',
    responseDeadline: '2026-12-03T15:00:00.000Z',
    createdAt: '2026-11-29T08:00:00.000Z',
    closedAt: null,
    responses: null,
    myStatus: 'invited',
    myAwardedUnits: 0,
    deliveryLocation: 'AccraCare Pharmacy, Osu',
    notes: null,
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

function renderForm(
  rfq = rfqFixture(),
  defaults: QuoteDefaults = { leadTimeDays: 5, paymentTerms: 'Net 30' },
) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <QuoteForm orgId="org-tema" rfq={rfq} defaults={defaults} />
      <Toaster />
    </QueryClientProvider>,
  );
  const form = screen.getByRole('form', { name: 'Your quote' });
  const line = (name: string) => within(form).getByRole('group', { name });
  return { user, form, line };
}

/** Records each PUT body and answers with the request as quoted. */
function acceptQuotes() {
  const sent: unknown[] = [];
  mockFetch({
    [`PUT /rfqs/${RFQ_ID}/quote`]: (init) => {
      sent.push(JSON.parse(String(init?.body)));
      return json(rfqFixture({ myStatus: 'quoted' }));
    },
  });
  return sent;
}

afterEach(() => vi.restoreAllMocks());

describe('QuoteForm', () => {
  it("sends each line's price with the requested quantity, the supplier's lead time and terms, valid two weeks past the deadline", async () => {
    const sent = acceptQuotes();
    const { user, form, line } = renderForm();
    const amox = line('Amoxicillin 500 mg capsules');
    const ors = line('ORS sachets');
    expect(within(amox).getByLabelText('Quantity')).toHaveValue('100');
    expect(within(amox).getByLabelText('Lead time (days)')).toHaveValue('5');
    expect(within(form).getByLabelText('Payment terms')).toHaveValue('Net 30');
    await user.type(within(amox).getByLabelText('Unit price (GH₵)'), '12.50');
    await user.type(within(amox).getByLabelText(/^Earliest expiry/), '2027-09-30');
    await user.type(within(ors).getByLabelText('Unit price (GH₵)'), '1,250');
    await user.clear(within(ors).getByLabelText('Quantity'));
    await user.type(within(ors).getByLabelText('Quantity'), '40');
    await user.type(within(form).getByLabelText(/^Notes/), 'Full cartons only');
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      lines: [
        {
          rfqLineId: LINE_AMOX,
          unitPrice: 12.5,
          quantity: 100,
          leadTimeDays: 5,
          earliestExpiry: '2027-09-30',
        },
        { rfqLineId: LINE_ORS, unitPrice: 1250, quantity: 40, leadTimeDays: 5, earliestExpiry: null },
      ],
      validUntil: '2026-12-17',
      paymentTerms: 'Net 30',
      notes: 'Full cartons only',
    });
  });

  it('leaves out a line whose "Quote this line" is unticked, and refuses to send with none ticked', async () => {
    const sent = acceptQuotes();
    const { user, form, line } = renderForm();
    await user.click(
      within(line('Amoxicillin 500 mg capsules')).getByRole('checkbox', { name: 'Quote this line' }),
    );
    expect(
      within(line('Amoxicillin 500 mg capsules')).queryByLabelText('Unit price (GH₵)'),
    ).not.toBeInTheDocument();
    await user.click(within(line('ORS sachets')).getByRole('checkbox', { name: 'Quote this line' }));
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    expect(await within(form).findByText(RFQ_MESSAGES.quoteLinesRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.click(within(line('ORS sachets')).getByRole('checkbox', { name: 'Quote this line' }));
    await user.type(within(line('ORS sachets')).getByLabelText('Unit price (GH₵)'), '3.20');
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { lines: unknown[] }).lines).toEqual([
      { rfqLineId: LINE_ORS, unitPrice: 3.2, quantity: 50, leadTimeDays: 5, earliestExpiry: null },
    ]);
  });

  it("shows the schema's message under a bad price without asking the server", async () => {
    const sent = acceptQuotes();
    const { user, form, line } = renderForm();
    await user.click(within(line('ORS sachets')).getByRole('checkbox', { name: 'Quote this line' }));
    await user.type(within(line('Amoxicillin 500 mg capsules')).getByLabelText('Unit price (GH₵)'), '12.505');
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    expect(
      await within(line('Amoxicillin 500 mg capsules')).findByText(RFQ_MESSAGES.unitPrice),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("puts the server's field error on the row it names, counting only the lines sent", async () => {
    const over = RFQ_MESSAGES.quoteQuantityOverRequest(50);
    mockFetch({
      [`PUT /rfqs/${RFQ_ID}/quote`]: () =>
        json(
          {
            code: 'VALIDATION_FAILED',
            kind: 'validation',
            message: 'Please review the highlighted details.',
            // lines.0 is the first line sent: ORS, the amoxicillin line having been left out.
            fieldErrors: { 'lines.0.quantity': [over], validUntil: [RFQ_MESSAGES.validUntilPast] },
          },
          400,
        ),
    });
    const { user, form, line } = renderForm();
    await user.click(
      within(line('Amoxicillin 500 mg capsules')).getByRole('checkbox', { name: 'Quote this line' }),
    );
    await user.type(within(line('ORS sachets')).getByLabelText('Unit price (GH₵)'), '3.20');
    await user.click(within(form).getByRole('button', { name: 'Send quote' }));
    expect(await within(line('ORS sachets')).findByText(over)).toBeInTheDocument();
    expect(within(line('ORS sachets')).getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText(RFQ_MESSAGES.validUntilPast)).toBeInTheDocument();
  });

  it('starts from the standing quote and offers to update it', () => {
    mockFetch({});
    const { form, line } = renderForm(
      rfqFixture({
        myStatus: 'quoted',
        myQuote: {
          id: '99999999-0000-4000-8000-000000000001',
          supplier: { id: '66666666-0000-4000-8000-000000000001', name: 'Tema Pharma Distributors' },
          validUntil: '2026-12-20',
          expired: false,
          paymentTerms: 'Prepaid',
          notes: null,
          submittedAt: '2026-11-29T09:00:00.000Z',
          updatedAt: '2026-11-29T09:00:00.000Z',
          lines: [
            {
              id: '99999999-0000-4000-8000-0000000000b1',
              rfqLineId: LINE_ORS,
              unitPrice: 3.2,
              quantity: 45,
              leadTimeDays: 1,
              earliestExpiry: null,
              total: 144,
            },
          ],
        },
      }),
    );
    expect(
      within(line('Amoxicillin 500 mg capsules')).getByRole('checkbox', { name: 'Quote this line' }),
    ).not.toBeChecked();
    expect(within(line('ORS sachets')).getByLabelText('Unit price (GH₵)')).toHaveValue('3.20');
    expect(within(line('ORS sachets')).getByLabelText('Quantity')).toHaveValue('45');
    expect(within(form).getByLabelText('Valid until')).toHaveValue('2026-12-20');
    expect(within(form).getByLabelText('Payment terms')).toHaveValue('Prepaid');
    expect(within(form).getByRole('button', { name: 'Update quote' })).toBeInTheDocument();
  });
});
