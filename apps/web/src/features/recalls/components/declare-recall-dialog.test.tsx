import { RECALL_MESSAGES } from '@aduro/shared/recalls';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { PRODUCT_ID, recallDetail } from '../testing/fixtures';
import { DeclareRecallButton } from './declare-recall-button';
import type { RecallProductOption } from './declare-recall-dialog';

const PRODUCTS: RecallProductOption[] = [
  { id: PRODUCT_ID, name: 'Amoxicillin 500 mg capsules', batches: ['AMX2405A', 'AMX2405B'] },
  { id: '11111111-0000-4000-8000-000000000002', name: 'Zinc 20 mg tablets', batches: [] },
];

function renderDialog(props: { onDeclared?: () => void } = {}) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeclareRecallButton
        orgId="org-tema"
        products={PRODUCTS}
        description="Quarantines the lots."
        {...props}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Declare a recall' }));
  return screen.findByRole('dialog', { name: 'Declare a recall' });
}

afterEach(() => vi.restoreAllMocks());

describe('Declare a recall', () => {
  it("shows the shared schema's messages under the fields without asking the server", async () => {
    const fetchMock = mockFetch({});
    const user = renderDialog();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Declare recall' }));
    expect(await within(dialog).findByText(RECALL_MESSAGES.productRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(RECALL_MESSAGES.batchesRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(RECALL_MESSAGES.severityRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(RECALL_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names a badly written batch number', async () => {
    mockFetch({});
    const user = renderDialog();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Batch numbers'), 'AMX 24!');
    await user.click(within(dialog).getByRole('button', { name: 'Declare recall' }));
    expect(await within(dialog).findByText(/^AMX 24!: A batch number is 1 to 20/)).toBeInTheDocument();
  });

  it("offers the chosen product's batches, sends ticked and typed ones, toasts and reports the recall", async () => {
    const sent: unknown[] = [];
    mockFetch({
      'POST /recalls': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(recallDetail(), 201);
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const onDeclared = vi.fn();
    const user = renderDialog({ onDeclared });
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Product'), PRODUCT_ID);
    const batches = within(dialog).getByRole('group', { name: 'Batches in your stock' });
    expect(
      within(batches)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['AMX2405A', 'AMX2405B']);
    await user.click(within(batches).getByRole('checkbox', { name: 'AMX2405A' }));
    await user.type(within(dialog).getByLabelText(/Other batch numbers/), 'amx2311c, AMX2405A');
    await user.selectOptions(within(dialog).getByLabelText('Recall class'), 'class_1');
    await user.type(within(dialog).getByLabelText('Reason'), 'FDA Ghana alert: dissolution failure.');
    await user.click(within(dialog).getByRole('button', { name: 'Declare recall' }));

    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith(RECALL_MESSAGES.declared('RC-2026-000007')),
    );
    expect(sent).toEqual([
      {
        productId: PRODUCT_ID,
        batchNumbers: ['AMX2405A', 'AMX2311C'],
        reason: 'FDA Ghana alert: dissolution failure.',
        severity: 'class_1',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDeclared).toHaveBeenCalledWith(expect.objectContaining({ number: 'RC-2026-000007' }));
  });

  it("puts a 400 answer's field messages under their fields and keeps the dialog open", async () => {
    const unknown = RECALL_MESSAGES.unknownBatches(['AMX9999Z'], 'Amoxicillin 500 mg capsules');
    mockFetch({
      'POST /recalls': () =>
        json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            error: 'Bad Request',
            message: 'Please review the highlighted details.',
            fieldErrors: { batchNumbers: [unknown] },
          },
          400,
        ),
    });
    const user = renderDialog();
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Product'), PRODUCTS[1]!.id);
    expect(within(dialog).getByText(/No batch numbers are recorded for this product/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Batch numbers'), 'AMX9999Z');
    await user.selectOptions(within(dialog).getByLabelText('Recall class'), 'class_2');
    await user.type(within(dialog).getByLabelText('Reason'), 'Manufacturer withdrawal notice.');
    await user.click(within(dialog).getByRole('button', { name: 'Declare recall' }));
    expect(await within(dialog).findByText(unknown)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Batch numbers')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Declare a recall' })).toBeInTheDocument();
  });
});
