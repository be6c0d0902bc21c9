import { RETURN_MESSAGES, type ReturnDetail, type ReturnLine } from '@aduro/shared/returns';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { defaultFate, SupplierReturnPanel } from './supplier-return-panel';

const RETURN_ID = '55555555-0000-4000-8000-000000000001';
const LINE_A = '55555555-0000-4000-8000-0000000000a1';
const LINE_B = '55555555-0000-4000-8000-0000000000a2';
const NUMBER = 'RET-2026-000007';

function line(overrides: Partial<ReturnLine> = {}): ReturnLine {
  return {
    id: LINE_A,
    lineNo: 1,
    dropId: '44444444-0000-4000-8000-000000000001',
    dropSequence: 1,
    batchNumber: 'MGN26601',
    expiryDate: '2028-06-29',
    quantity: 6,
    reason: 'damaged',
    receivedQuantity: null,
    restockedQuantity: null,
    destroyedQuantity: null,
    manufacturerQuantity: null,
    unitPrice: 88,
    ...overrides,
  };
}

function returnFixture(overrides: Partial<ReturnDetail> = {}): ReturnDetail {
  return {
    id: RETURN_ID,
    number: NUMBER,
    status: 'requested',
    order: { id: '33333333-0000-4000-8000-000000000001', number: 'PO-2026-000195' },
    product: { id: '11111111-0000-4000-8000-000000000001', name: 'Magnesium sulfate 50% injection' },
    buyer: { id: '88888888-0000-4000-8000-000000000001', name: 'AccraCare Pharmacy' },
    supplier: { id: '66666666-0000-4000-8000-000000000001', name: 'Tema Pharma Distributors' },
    quantity: 6,
    reasons: ['damaged'],
    createdAt: '2026-11-29T08:00:00.000Z',
    creditAmount: null,
    notes: 'Boxes split in transit',
    recall: null,
    requestedBy: 'Ama Mensah',
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
    receivedAt: null,
    inspectedAt: null,
    lines: [line()],
    creditNote: null,
    destruction: null,
    ...overrides,
  };
}

function renderPanel({ canInspect = true } = {}) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SupplierReturnPanel
        orgId="org-tema"
        returnId={RETURN_ID}
        onClose={() => undefined}
        canInspect={canInspect}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

/** The bodies POSTed to one path, in order. */
function recorder() {
  const sent: unknown[] = [];
  const record = (answer: () => Response) => (init?: RequestInit) => {
    sent.push(init?.body ? JSON.parse(String(init.body)) : null);
    return answer();
  };
  return { sent, record };
}

afterEach(() => vi.restoreAllMocks());

describe('defaultFate', () => {
  it('restocks sound units, and destroys recalled, expired and short-dated ones by default', () => {
    const today = '2026-11-29';
    expect(defaultFate(line(), today)).toBe('restock');
    expect(defaultFate(line({ reason: 'recalled' }), today)).toBe('destroy');
    expect(defaultFate(line({ reason: 'expired' }), today)).toBe('destroy');
    // 89 days left is under the restock minimum of 90; 90 days is enough.
    expect(defaultFate(line({ expiryDate: '2027-02-26' }), today)).toBe('destroy');
    expect(defaultFate(line({ expiryDate: '2027-02-27' }), today)).toBe('restock');
  });
});

describe('SupplierReturnPanel', () => {
  it("shows the lines with the buyer's reason and notes, and approves", async () => {
    const { sent, record } = recorder();
    let approved = false;
    mockFetch({
      [`GET /returns/${RETURN_ID}`]: () => json(returnFixture(approved ? { status: 'approved' } : {})),
      [`POST /returns/${RETURN_ID}/approve`]: record(() => {
        approved = true;
        return json(returnFixture({ status: 'approved', decidedAt: '2026-11-29T09:00:00.000Z' }));
      }),
    });
    const user = renderPanel();
    const panel = await screen.findByRole('dialog', { name: NUMBER });
    expect(within(panel).getByRole('list', { name: 'Packs returned' })).toHaveTextContent(
      'Drop 1 · Damaged6 units',
    );
    expect(panel).toHaveTextContent('Batch MGN26601');
    expect(panel).toHaveTextContent('Boxes split in transit');
    await user.click(within(panel).getByRole('button', { name: 'Approve return' }));
    expect(await screen.findByText(RETURN_MESSAGES.approved(NUMBER))).toBeInTheDocument();
    expect(sent).toEqual([null]);
    // The next step is there at once: the receipt form.
    expect(await within(panel).findByRole('form', { name: 'Receive the packs' })).toBeInTheDocument();
  });

  it('rejects only with a reason, which it sends', async () => {
    const { sent, record } = recorder();
    mockFetch({
      [`GET /returns/${RETURN_ID}`]: () => json(returnFixture()),
      [`POST /returns/${RETURN_ID}/reject`]: record(() =>
        json(returnFixture({ status: 'rejected', rejectReason: 'Sold over 30 days ago' })),
      ),
    });
    const user = renderPanel();
    const panel = await screen.findByRole('dialog', { name: NUMBER });
    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    const form = within(panel).getByRole('form', { name: 'Reject this return' });
    await user.click(within(form).getByRole('button', { name: 'Reject return' }));
    expect(await within(form).findByText(RETURN_MESSAGES.rejectReason)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(form).getByLabelText('Reason'), 'Sold over 30 days ago');
    await user.click(within(form).getByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Sold over 30 days ago' }]));
    expect(await within(panel).findByText('Sold over 30 days ago')).toBeInTheDocument();
  });

  it('receives what arrived, starting from the units asked, and refuses more than were sent back', async () => {
    const { sent, record } = recorder();
    mockFetch({
      [`GET /returns/${RETURN_ID}`]: () =>
        json(
          returnFixture({
            status: 'approved',
            lines: [line(), line({ id: LINE_B, lineNo: 2, quantity: 3 })],
          }),
        ),
      [`POST /returns/${RETURN_ID}/receive`]: record(() => json(returnFixture({ status: 'received' }))),
    });
    const user = renderPanel();
    const panel = await screen.findByRole('dialog', { name: NUMBER });
    const form = within(panel).getByRole('form', { name: 'Receive the packs' });
    const [first, second] = within(form).getAllByLabelText('Units received');
    expect(first).toHaveValue(6);
    expect(second).toHaveValue(3);
    await user.clear(second!);
    await user.type(second!, '4');
    await user.click(within(form).getByRole('button', { name: 'Record receipt' }));
    expect(await within(form).findByText(RETURN_MESSAGES.receivedQuantity)).toBeInTheDocument();
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await user.clear(second!);
    await user.type(second!, '2');
    await user.click(within(form).getByRole('button', { name: 'Record receipt' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          lines: [
            { lineId: LINE_A, receivedQuantity: 6 },
            { lineId: LINE_B, receivedQuantity: 2 },
          ],
        },
      ]),
    );
    expect(await screen.findByText(RETURN_MESSAGES.received(NUMBER))).toBeInTheDocument();
  });

  it('inspects: fates must add up, destroying needs the record, and both are sent', async () => {
    const { sent, record } = recorder();
    mockFetch({
      [`GET /returns/${RETURN_ID}`]: () =>
        json(
          sent.length
            ? inspected()
            : returnFixture({ status: 'received', lines: [line({ receivedQuantity: 6 })] }),
        ),
      [`POST /returns/${RETURN_ID}/inspect`]: record(() => json(inspected())),
    });
    const inspected = () =>
      returnFixture({
        status: 'completed',
        lines: [
          line({
            receivedQuantity: 6,
            restockedQuantity: 4,
            destroyedQuantity: 2,
            manufacturerQuantity: 0,
          }),
        ],
        creditNote: {
          id: '22222222-0000-4000-8000-000000000001',
          number: 'CN-2026-000003',
          invoice: { id: '22222222-0000-4000-8000-0000000000f1', number: 'INV-2026-000195' },
          amount: 528,
          appliedToInvoice: 528,
          appliedToCreditLine: 0,
          heldAsCredit: 0,
          issuedAt: '2026-11-29T10:00:00.000Z',
        },
      });
    const user = renderPanel();
    const panel = await screen.findByRole('dialog', { name: NUMBER });
    const form = within(panel).getByRole('form', { name: 'Inspect the packs' });
    expect(within(form).getByLabelText('Back into stock')).toHaveValue(6);
    expect(within(form).queryByRole('group', { name: 'Destruction record' })).not.toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Destroy'));
    await user.type(within(form).getByLabelText('Destroy'), '2');
    await user.click(within(form).getByRole('button', { name: 'Record inspection' }));
    expect(await within(form).findByText(RETURN_MESSAGES.fatesAddUp(6))).toBeInTheDocument();
    const destruction = within(form).getByRole('group', { name: 'Destruction record' });
    expect(within(destruction).getByText(RETURN_MESSAGES.method)).toBeInTheDocument();
    expect(within(destruction).getByText(RETURN_MESSAGES.witness)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(form).getByLabelText('Back into stock'));
    await user.type(within(form).getByLabelText('Back into stock'), '4');
    await user.type(within(destruction).getByLabelText('Method'), 'Incineration');
    await user.type(within(destruction).getByLabelText('Witness'), 'Kofi Boateng');
    await user.type(within(destruction).getByLabelText('FDA certificate or reference'), 'FDA/DES/0417');
    await user.click(within(form).getByRole('button', { name: 'Record inspection' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      lines: [{ lineId: LINE_A, restock: 4, destroy: 2, returnToManufacturer: 0 }],
      destruction: {
        destroyedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        method: 'Incineration',
        witness: 'Kofi Boateng',
        fdaReference: 'FDA/DES/0417',
      },
    });
    expect(await screen.findByText(RETURN_MESSAGES.inspected(NUMBER, 'CN-2026-000003'))).toBeInTheDocument();
    const note = await within(panel).findByRole('region', { name: 'Credit note CN-2026-000003' });
    expect(note).toHaveTextContent('GH₵528.00');
    expect(note).toHaveTextContent('INV-2026-000195');
    expect(within(note).getByRole('button', { name: 'PDF' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Back into stock: 4 · Destroy: 2');
  });

  it("toasts a refused restock and marks the line's restock field", async () => {
    const message = RETURN_MESSAGES.restockShortDated('MGN26601', '2027-01-10');
    mockFetch({
      [`GET /returns/${RETURN_ID}`]: () =>
        json(returnFixture({ status: 'received', lines: [line({ receivedQuantity: 6 })] })),
      [`POST /returns/${RETURN_ID}/inspect`]: () =>
        json({ code: 'RESTOCK_NOT_ALLOWED', kind: 'conflict', message }, 409),
    });
    const user = renderPanel();
    const panel = await screen.findByRole('dialog', { name: NUMBER });
    const form = within(panel).getByRole('form', { name: 'Inspect the packs' });
    await user.click(within(form).getByRole('button', { name: 'Record inspection' }));
    // Once in the toast, once under the field.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(within(form).getByLabelText('Back into stock')).toHaveAttribute('aria-invalid', 'true');
  });

  it('places the server field errors of an inspection on their fields', async () => {
    mockFetch({
      [`GET /returns/${RETURN_ID}`]: () =>
        json(
          returnFixture({
            status: 'received',
            lines: [
              line({ receivedQuantity: 0 }),
              line({ id: LINE_B, lineNo: 2, reason: 'recalled', receivedQuantity: 3 }),
            ],
          }),
        ),
      [`POST /returns/${RETURN_ID}/inspect`]: () =>
        json(
          {
            code: 'VALIDATION_FAILED',
            kind: 'invalid',
            message: 'Check the highlighted fields',
            fieldErrors: { 'destruction.destroyedOn': [RETURN_MESSAGES.destroyedOn] },
          },
          400,
        ),
    });
    const user = renderPanel();
    const panel = await screen.findByRole('dialog', { name: NUMBER });
    const form = within(panel).getByRole('form', { name: 'Inspect the packs' });
    // The line that arrived empty has nothing to inspect; the recalled one starts destroyed.
    expect(within(form).getAllByLabelText('Destroy')).toHaveLength(1);
    expect(within(form).getByLabelText('Destroy')).toHaveValue(3);
    const destruction = within(form).getByRole('group', { name: 'Destruction record' });
    await user.type(within(destruction).getByLabelText('Method'), 'Incineration');
    await user.type(within(destruction).getByLabelText('Witness'), 'Kofi Boateng');
    await user.type(within(destruction).getByLabelText('FDA certificate or reference'), 'FDA/DES/0417');
    await user.click(within(form).getByRole('button', { name: 'Record inspection' }));
    await waitFor(() =>
      expect(within(destruction).getByLabelText('Destroyed on')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(destruction).getByText(RETURN_MESSAGES.destroyedOn)).toBeInTheDocument();
  });

  it('completes a return whose packs never arrived by naming every line with no units', async () => {
    const { sent, record } = recorder();
    mockFetch({
      [`GET /returns/${RETURN_ID}`]: () =>
        json(returnFixture({ status: 'received', lines: [line({ receivedQuantity: 0 })] })),
      [`POST /returns/${RETURN_ID}/inspect`]: record(() => json(returnFixture({ status: 'completed' }))),
    });
    const user = renderPanel();
    const panel = await screen.findByRole('dialog', { name: NUMBER });
    const form = within(panel).getByRole('form', { name: 'Inspect the packs' });
    expect(form).toHaveTextContent('No units arrived: the return completes with nothing to credit.');
    await user.click(within(form).getByRole('button', { name: 'Complete return' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { lines: [{ lineId: LINE_A, restock: 0, destroy: 0, returnToManufacturer: 0 }], destruction: null },
      ]),
    );
    expect(await screen.findByText(`Return ${NUMBER} inspected`)).toBeInTheDocument();
  });

  it('leaves inspection to those who manage inventory', async () => {
    mockFetch({
      [`GET /returns/${RETURN_ID}`]: () =>
        json(returnFixture({ status: 'received', lines: [line({ receivedQuantity: 6 })] })),
    });
    renderPanel({ canInspect: false });
    const panel = await screen.findByRole('dialog', { name: NUMBER });
    expect(panel).toHaveTextContent(
      'held apart from your stock until someone who manages inventory inspects',
    );
    expect(within(panel).queryByRole('form', { name: 'Inspect the packs' })).not.toBeInTheDocument();
  });
});
