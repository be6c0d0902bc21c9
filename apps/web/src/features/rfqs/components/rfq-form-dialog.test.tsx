import { RFQ_MESSAGES } from '@aduro/shared/rfqs';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { AMOXICILLIN, KUMASI, productSupplier, RFQ_ID, TEMA, ZINC } from '../testing/buyer-fixtures';
import { deadlineIso, RfqFormDialog, SEALED_HINT, type RfqStartLine } from './rfq-form-dialog';

const START: RfqStartLine[] = [
  { productId: AMOXICILLIN, productName: 'Amoxicillin 500 mg capsules', quantity: 120 },
  { productId: ZINC, productName: 'Zinc 20 mg tablets' },
];

function Form({ startLines }: { startLines: RfqStartLine[] }) {
  const [open, setOpen] = useState(true);
  return (
    <RfqFormDialog
      open={open}
      onOpenChange={setOpen}
      orgId="org-1"
      startLines={startLines}
      defaultDeliveryLocation="12 Oxford Street, Osu, Accra"
    />
  );
}

function Opened() {
  return <p>Opened {useParams().id}</p>;
}

function renderForm(startLines: RfqStartLine[] = START) {
  const router = createMemoryRouter(
    [
      { path: '/customer/rfqs', element: <Form startLines={startLines} /> },
      { path: '/customer/rfqs/:id', element: <Opened /> },
    ],
    { initialEntries: ['/customer/rfqs'] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, router, dialog: screen.getByRole('dialog', { name: 'Request quotes' }) };
}

/** The deadline the form proposes: three days from today at 17:00, the reader's time. */
function proposedDeadline() {
  const due = new Date();
  due.setDate(due.getDate() + 3);
  const day = `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`;
  return deadlineIso(day, '17:00');
}

const created = () => json({ id: RFQ_ID, number: 'RFQ-2026-000012', status: 'open', invitedCount: 3 }, 201);

afterEach(() => vi.restoreAllMocks());

describe('deadlineIso', () => {
  it("writes the typed day and time with the reader's offset, so the server reads the same instant", () => {
    const iso = deadlineIso('2026-12-02', '17:00');
    expect(iso).toMatch(/^2026-12-02T17:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date(2026, 11, 2, 17, 0).getTime());
  });

  it('leaves a half-typed deadline as it is, for the schema to refuse', () => {
    expect(deadlineIso('', '17:00')).toBe('T17:00');
  });
});

describe('the RFQ form', () => {
  it("shows the shared schema's messages under the fields without asking the server", async () => {
    const fetchMock = mockFetch({});
    const { user, dialog } = renderForm();
    await user.clear(within(dialog).getByLabelText('Delivery location'));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(RFQ_MESSAGES.quantity)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Quantity of Zinc 20 mg tablets')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).getByText(RFQ_MESSAGES.requiredBy)).toBeInTheDocument();
    expect(within(dialog).getByText(RFQ_MESSAGES.deliveryLocation)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the products, dates, location, invite-all and sealed, then toasts and opens the new RFQ', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'POST /rfqs': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return created();
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user, dialog, router } = renderForm();
    expect(within(dialog).getByText(SEALED_HINT)).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Sealed quotes' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Quantity of Zinc 20 mg tablets'), '300');
    await user.type(within(dialog).getByLabelText('Needed by'), '2026-12-20');
    await user.type(within(dialog).getByLabelText(/Minimum shelf life/), '180');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith(RFQ_MESSAGES.created('RFQ-2026-000012', 3)),
    );
    expect(sent).toEqual([
      {
        lines: [
          { productId: AMOXICILLIN, quantity: 120 },
          { productId: ZINC, quantity: 300 },
        ],
        requiredBy: '2026-12-20',
        responseDeadline: proposedDeadline(),
        deliveryLocation: '12 Oxford Street, Osu, Accra',
        notes: null,
        minShelfLifeDays: 180,
        invite: 'all',
        sealed: true,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customer/rfqs/${RFQ_ID}`));
    expect(await screen.findByText(`Opened ${RFQ_ID}`)).toBeInTheDocument();
  });

  it('lists the suppliers offering the products and invites only the ones ticked, unsealed', async () => {
    const sent: { invite: unknown; sealed: unknown }[] = [];
    mockFetch({
      [`GET /products/${AMOXICILLIN}/suppliers?buyerId=org-1`]: () =>
        json([
          productSupplier(TEMA, 'Tema Pharma Distributors'),
          productSupplier(KUMASI, 'Kumasi Medical Supplies'),
        ]),
      'POST /rfqs': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return created();
      },
    });
    const { user, dialog } = renderForm([START[0]!]);
    await user.type(within(dialog).getByLabelText('Needed by'), '2026-12-20');
    await user.click(within(dialog).getByRole('radio', { name: 'Choose suppliers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(RFQ_MESSAGES.invite)).toBeInTheDocument();

    const suppliers = await within(dialog).findByRole('group', { name: 'Suppliers' });
    expect(
      within(suppliers)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-checked')),
    ).toEqual(['false', 'false']);
    await user.click(within(suppliers).getByRole('checkbox', { name: 'Kumasi Medical Supplies' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Sealed quotes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ invite: [KUMASI], sealed: false });
  });

  it("puts a 400 answer's field messages under their fields and keeps the form open", async () => {
    mockFetch({
      'POST /rfqs': () =>
        json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            error: 'Bad Request',
            message: 'Please review the highlighted details.',
            fieldErrors: {
              responseDeadline: [RFQ_MESSAGES.deadlineTooSoon],
              'lines.0.quantity': [RFQ_MESSAGES.quantityTooLarge],
            },
          },
          400,
        ),
    });
    const { user, dialog } = renderForm([START[0]!]);
    await user.type(within(dialog).getByLabelText('Needed by'), '2026-12-20');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(RFQ_MESSAGES.deadlineTooSoon)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Quotes due')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(RFQ_MESSAGES.quantityTooLarge)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Quantity of Amoxicillin 500 mg capsules')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('dialog', { name: 'Request quotes' })).toBeInTheDocument();
  });
});
