import { RETURN_MESSAGES } from '@aduro/shared/returns';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { DROP_ID, ORDER_ID } from '../testing/fixtures';
import { ReturnRequestDialog, returnableBatches, type ReturnTarget } from './return-request-dialog';

const TARGET: ReturnTarget = {
  order: { id: ORDER_ID, number: 'PO-2026-000042', product: { name: 'Amoxicillin 500 mg capsules' } },
  drop: {
    id: DROP_ID,
    sequence: 1,
    addressName: 'Osu branch',
    batches: [
      { batchNumber: 'AMX2406B', expiryDate: '2027-05-31', quantity: 30 },
      { batchNumber: 'AMX2411C', expiryDate: '2027-11-30', quantity: 10 },
    ],
  },
};

function renderDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReturnRequestDialog orgId="org-1" target={TARGET} onClose={onClose} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onClose };
}

afterEach(() => vi.restoreAllMocks());

describe('asking to return packs of a delivered drop', () => {
  it('sends the batches given units, with their reasons and the notes, and says the return went', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'POST /returns': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(
          { id: '9a000000-0000-4000-8000-000000000001', number: 'RET-2026-000007', status: 'requested' },
          201,
        );
      },
    });
    const success = vi.spyOn(toast, 'success');
    const { user, onClose } = renderDialog();
    await user.type(screen.getByRole('spinbutton', { name: 'Units to return, Batch AMX2411C' }), '4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason, Batch AMX2411C' }), 'Damaged');
    await user.type(screen.getByRole('textbox', { name: /Notes/ }), 'Crushed cartons');
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        orderId: ORDER_ID,
        lines: [{ dropId: DROP_ID, batchNumber: 'AMX2411C', quantity: 4, reason: 'damaged' }],
        notes: 'Crushed cartons',
      },
    ]);
    expect(success).toHaveBeenCalledWith(RETURN_MESSAGES.requested('RET-2026-000007'));
  });

  it('asks for a reason on the batch given units without one, and for a batch when none is filled', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RETURN_MESSAGES.linesRequired);
    await user.type(screen.getByRole('spinbutton', { name: 'Units to return, Batch AMX2406B' }), '2');
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    const reason = screen.getByRole('combobox', { name: 'Reason, Batch AMX2406B' });
    await waitFor(() => expect(reason).toHaveAccessibleDescription(RETURN_MESSAGES.reason));
    expect(screen.getByRole('combobox', { name: 'Reason, Batch AMX2411C' })).not.toHaveAttribute(
      'aria-invalid',
    );
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/returns'), expect.anything());
  });

  it("puts the server's field errors on the batch they are about, not on the line's position", async () => {
    mockFetch({
      'POST /returns': () =>
        json(
          {
            error: 'Bad Request',
            code: 'VALIDATION_FAILED',
            message: 'Please review the highlighted details.',
            fieldErrors: { 'lines.0.batchNumber': [RETURN_MESSAGES.batchNotInDrop('AMX2411C')] },
          },
          400,
        ),
    });
    const { user, onClose } = renderDialog();
    // Only the second batch is sent, so the server's line 0 is that batch.
    await user.type(screen.getByRole('spinbutton', { name: 'Units to return, Batch AMX2411C' }), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reason, Batch AMX2411C' }), 'Expired');
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    const [first, second] = within(screen.getByRole('list', { name: 'Batches delivered' })).getAllByRole(
      'listitem',
    );
    expect(await within(second!).findByText(RETURN_MESSAGES.batchNotInDrop('AMX2411C'))).toBeInTheDocument();
    expect(within(first!).queryByText(/received no units/)).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the batches a drop offers to return', () => {
  it('joins the lots of one batch, adding their units and keeping the soonest expiry', () => {
    expect(
      returnableBatches([
        { batchNumber: 'B1', expiryDate: '2027-06-30', quantity: 5 },
        { batchNumber: null, expiryDate: null, quantity: 2 },
        { batchNumber: 'B1', expiryDate: '2027-03-31', quantity: 7 },
      ]),
    ).toEqual([
      { batchNumber: 'B1', expiryDate: '2027-03-31', delivered: 12 },
      { batchNumber: null, expiryDate: null, delivered: 2 },
    ]);
  });
});
