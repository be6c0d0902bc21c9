import type { ImportRow, InventoryImport } from '@aduro/shared/inventory-import';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { FakeXhr } from '../../../test/fake-xhr';
import { json, mockFetch, pending } from '../../../test/test-utils';
import { ImportDialog } from './import-dialog';

const ID = '22222222-2222-4222-8222-222222222222';
const values = { product: '', batchNumber: '', expiryDate: '', quantity: '', unitPrice: '', gs1: '' };

function row(line: number, over: Partial<ImportRow>): ImportRow {
  return {
    line,
    status: 'new_lot',
    productId: '11111111-1111-4111-8111-111111111111',
    productName: 'Amoxicillin 500 mg capsules',
    batchNumber: `B${line}`,
    expiryDate: '2028-01-31',
    quantity: 10,
    unitPrice: 12.5,
    expired: false,
    fieldErrors: {},
    values,
    ...over,
  };
}

const previewAnswer: InventoryImport = {
  id: ID,
  fileName: 'stock.csv',
  createdAt: '2026-11-29T04:00:00.000Z',
  status: 'previewed',
  rows: [
    row(2, {}),
    row(3, { status: 'update', productName: 'Paracetamol 500 mg' }),
    row(4, {
      status: 'error',
      productId: null,
      productName: null,
      quantity: null,
      values: { ...values, product: 'Amoxyl', quantity: 'ten' },
      fieldErrors: {
        product: ['No product in the catalogue has the id, GTIN or name “Amoxyl”.'],
        quantity: ['Quantity must be a whole number of units, 0 or more.'],
      },
    }),
  ],
  totals: { rows: 3, newLots: 1, updates: 1, unchanged: 0, errors: 1 },
  result: null,
};

function renderDialog() {
  FakeXhr.install();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ImportDialog orgId="org-1" />
    </QueryClientProvider>,
  );
  return user;
}

async function uploadFile(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Import' }));
  const file = new File(['product,quantity,unitPrice\n'], 'stock.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('Stock file'), file);
  expect(FakeXhr.last?.url).toMatch(/\/inventory\/imports$/);
  expect((FakeXhr.last?.body?.get('file') as File).name).toBe('stock.csv');
}

describe('ImportDialog', () => {
  it('shows the preview with the errors first, in words, and every row under All', async () => {
    const user = renderDialog();
    await uploadFile(user);
    act(() => FakeXhr.last!.respond(201, previewAnswer));

    const dialog = screen.getByRole('dialog');
    // A file with errors opens on them.
    expect(await within(dialog).findByRole('radio', { name: 'Errors' })).toBeChecked();
    expect(within(dialog).getByText('Errors', { selector: 'dt' }).nextSibling).toHaveTextContent('1');
    expect(
      within(dialog).getAllByText(/No product in the catalogue has the id, GTIN or name “Amoxyl”/).length,
    ).toBeGreaterThan(0);
    expect(within(dialog).queryByText('Paracetamol 500 mg')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'All' }));
    expect(within(dialog).getAllByText('Paracetamol 500 mg').length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Apply 2 rows' })).toBeEnabled();
  });

  it('applies in one request, shows it pending, then the summary', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch({
      [`POST /inventory/imports/${ID}/apply`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'GET /inventory': () => pending(),
    });
    const user = renderDialog();
    await uploadFile(user);
    act(() => FakeXhr.last!.respond(201, previewAnswer));
    await user.click(await screen.findByRole('button', { name: 'Apply 2 rows' }));
    expect(await screen.findByRole('button', { name: /Applying/ })).toBeDisabled();

    act(() =>
      answer(
        json({
          ...previewAnswer,
          status: 'applied',
          result: { created: 1, updated: 1, unchanged: 0, skipped: 1, appliedAt: '2026-11-29T04:01:00.000Z' },
        }),
      ),
    );
    expect(await screen.findByText('Your stock is updated.')).toBeInTheDocument();
    expect(screen.getByText('Lots created').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Rows skipped (errors)').nextSibling).toHaveTextContent('1');
  });

  it('says why a file was refused, beside the file picker', async () => {
    const user = renderDialog();
    await uploadFile(user);
    act(() =>
      FakeXhr.last!.respond(400, {
        message: 'This file is not a CSV or XLSX spreadsheet.',
        code: 'IMPORT_FILE_INVALID',
        kind: 'validation',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a CSV or XLSX spreadsheet.');
  });
});
