import { RFQ_MESSAGES, type RfqAwarded } from '@aduro/shared/rfqs';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import {
  closedRfq,
  comparisonLine,
  KUMASI_LINE,
  proposedQuantitiesFixture,
  RFQ_ID,
  TEMA_LINE,
} from '../testing/buyer-fixtures';
import { BuyerRfqDetail } from './buyer-rfq-detail';
import { proposedQuantities } from './rfq-comparison';

const TEMA_ORDER = '44444444-0000-4000-8000-000000000001';
const KUMASI_ORDER = '44444444-0000-4000-8000-000000000002';

function awarded(): RfqAwarded {
  return {
    rfqId: RFQ_ID,
    status: 'awarded',
    orders: [
      {
        id: TEMA_ORDER,
        number: 'PO-2026-000101',
        supplierName: 'Tema Pharma Distributors',
        productName: 'Amoxicillin 500 mg capsules',
        quantity: 150,
        unitPrice: 10,
        totalCost: 1500,
      },
      {
        id: KUMASI_ORDER,
        number: 'PO-2026-000102',
        supplierName: 'Kumasi Medical Supplies',
        productName: 'Amoxicillin 500 mg capsules',
        quantity: 50,
        unitPrice: 11.5,
        totalCost: 575,
      },
    ],
  };
}

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

const quoteRow = (supplier: string) =>
  screen.getByRole('listitem', { name: `${supplier}'s quote for Amoxicillin 500 mg capsules` });

afterEach(() => vi.restoreAllMocks());

describe('the comparison and the award', () => {
  it('proposes the requested units to the best awardable quote, capped at what it quoted', () => {
    expect(proposedQuantities([comparisonLine()])).toEqual(proposedQuantitiesFixture);
  });

  it('marks the best quote, the shelf life, the credit and the expired quote, which cannot be awarded', async () => {
    mockFetch({ [`GET /rfqs/${RFQ_ID}`]: () => json(closedRfq()) });
    renderDetail();
    await screen.findByRole('heading', { name: 'Compare the quotes' });
    const tema = quoteRow('Tema Pharma Distributors');
    expect(within(tema).getByText('Best')).toBeInTheDocument();
    expect(within(tema).getByText('Meets shelf life')).toBeInTheDocument();
    expect(within(tema).getByText('GH₵40,000.00')).toBeInTheDocument();
    const kumasi = quoteRow('Kumasi Medical Supplies');
    expect(within(kumasi).queryByText('Best')).not.toBeInTheDocument();
    expect(within(kumasi).getByText('Expiry not stated')).toBeInTheDocument();
    expect(within(kumasi).getByText('No credit line')).toBeInTheDocument();
    const cape = quoteRow('Cape Coast Medical Stores');
    expect(within(cape).getByText('Short shelf life')).toBeInTheDocument();
    expect(within(cape).getByText('Expired')).toBeInTheDocument();
    expect(within(cape).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.getByText('150 of 200 units awarded')).toBeInTheDocument();
  });

  it('posts the split awards, toasts, and links the drafted orders to their approval', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      [`GET /rfqs/${RFQ_ID}`]: () => json(closedRfq()),
      [`POST /rfqs/${RFQ_ID}/award`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(awarded(), 201);
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const user = renderDetail();
    await screen.findByRole('heading', { name: 'Compare the quotes' });
    expect(screen.getByLabelText('Units to award to Tema Pharma Distributors')).toHaveValue(150);

    await user.type(screen.getByLabelText('Units to award to Kumasi Medical Supplies'), '80');
    expect(screen.getByText('230 of 200 units awarded')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      RFQ_MESSAGES.exceedsRequest('Amoxicillin 500 mg capsules', 200, 230),
    );
    expect(screen.getByRole('button', { name: 'Award and draft orders' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Units to award to Kumasi Medical Supplies'));
    await user.type(screen.getByLabelText('Units to award to Kumasi Medical Supplies'), '50');
    expect(screen.getByText('200 of 200 units awarded')).toBeInTheDocument();
    const summary = screen.getByRole('list', { name: 'Award by supplier' });
    expect(within(summary).getByText(/150 units · 1 order · GH₵1,500\.00/)).toBeInTheDocument();
    expect(within(summary).getByText(/50 units · 1 order · GH₵575\.00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Award and draft orders' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      awards: [
        { quoteLineId: TEMA_LINE, quantity: 150 },
        { quoteLineId: KUMASI_LINE, quantity: 50 },
      ],
    });
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith(RFQ_MESSAGES.awarded('RFQ-2026-000012', 2)),
    );
    const drafted = await screen.findByRole('region', { name: '2 orders drafted for your approval' });
    expect(within(drafted).getByRole('link', { name: 'PO-2026-000101' })).toHaveAttribute(
      'href',
      `/customer/orders?order=${TEMA_ORDER}`,
    );
    expect(within(drafted).getByRole('link', { name: 'PO-2026-000102' })).toHaveAttribute(
      'href',
      `/customer/orders?order=${KUMASI_ORDER}`,
    );
  });

  it('shows an award field error from the server under the quote it names', async () => {
    mockFetch({
      [`GET /rfqs/${RFQ_ID}`]: () => json(closedRfq()),
      [`POST /rfqs/${RFQ_ID}/award`]: () =>
        json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            error: 'Bad Request',
            message: 'Please review the highlighted details.',
            fieldErrors: { 'awards.0.quoteLineId': [RFQ_MESSAGES.awardUnknownLine] },
          },
          400,
        ),
    });
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Award and draft orders' }));
    expect(
      await within(quoteRow('Tema Pharma Distributors')).findByText(RFQ_MESSAGES.awardUnknownLine),
    ).toBeInTheDocument();
  });
});
