import { CATALOGUE_MESSAGES, type Product } from '@aduro/shared/catalogue';
import { GTIN_MESSAGE } from '@aduro/shared/gtin';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { AddProductDialog } from './add-product-dialog';

const ZINC: Product = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Zinc 20 mg dispersible tablets',
  brandName: 'Kinapharma',
  category: 'Paediatrics',
  description: null,
  unitOfMeasure: 'pack',
  itemsPerUnit: '10 tablets',
  isService: false,
  gtin: null,
  medicineClass: 'C',
  controlled: null,
  fdaRegistrationNumber: null,
  fdaRegistrationExpiresOn: null,
};

async function openDialog() {
  const onCreated = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AddProductDialog onCreated={onCreated} />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Add catalogue product' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add catalogue product' });
  return { onCreated, user, dialog };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Product name'), `  ${ZINC.name} `);
  await user.type(screen.getByLabelText('Brand'), ZINC.brandName);
  await user.type(screen.getByLabelText('Category'), ZINC.category);
  await user.type(screen.getByLabelText('Unit of measure'), ZINC.unitOfMeasure);
  await user.type(screen.getByLabelText('Items per unit'), ZINC.itemsPerUnit);
}

describe('AddProductDialog', () => {
  it('toasts the SPEC message when a required field is missing or only spaces, and sends nothing', async () => {
    const fetchMock = mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const { user } = await openDialog();
    await fillRequired(user);
    await user.clear(screen.getByLabelText('Category'));
    await user.type(screen.getByLabelText('Category'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(toastError).toHaveBeenCalledWith(CATALOGUE_MESSAGES.requiredFields));
    expect(screen.getByLabelText('Category')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds the trimmed product, toasts, hands it to the caller and closes', async () => {
    let body: unknown;
    mockFetch({
      'POST /products': (init) => {
        body = JSON.parse(String(init?.body));
        return json(ZINC, 201);
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user, onCreated } = await openDialog();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(ZINC));
    expect(body).toEqual({
      name: ZINC.name,
      brandName: ZINC.brandName,
      category: ZINC.category,
      unitOfMeasure: ZINC.unitOfMeasure,
      itemsPerUnit: ZINC.itemsPerUnit,
      description: null,
      gtin: null,
      // The legal status is optional (issue 32): a blank registration is sent as none.
      fdaRegistrationNumber: null,
      fdaRegistrationExpiresOn: null,
    });
    expect(toastSuccess).toHaveBeenCalledWith('Product added. Use the new ID to sync inventory.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s duplicate message and stays open', async () => {
    const message = CATALOGUE_MESSAGES.duplicate(ZINC.name, ZINC.id);
    mockFetch({ 'POST /products': () => json({ message }, 409) });
    const toastError = vi.spyOn(toast, 'error');
    const { user, onCreated } = await openDialog();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(toastError).toHaveBeenCalledWith(message, expect.anything()));
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add catalogue product' })).toBeInTheDocument();
    expect((screen.getByLabelText('Product name') as HTMLInputElement).value).toBe(`  ${ZINC.name} `);
  });

  it('sends a GTIN typed with spaces in its 14-digit form', async () => {
    let body: Record<string, unknown> = {};
    mockFetch({
      'POST /products': (init) => {
        body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return json({ ...ZINC, gtin: '04006381333931' }, 201);
      },
    });
    const { user, onCreated } = await openDialog();
    await fillRequired(user);
    await user.type(screen.getByLabelText(/GTIN \(barcode number\)/), '4006381 333931');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(body.gtin).toBe('04006381333931');
  });

  it('shows the GTIN rule under the field for a wrong check digit, and sends nothing', async () => {
    const fetchMock = mockFetch({});
    const { user } = await openDialog();
    await fillRequired(user);
    const gtin = screen.getByLabelText(/GTIN \(barcode number\)/);
    await user.type(gtin, '4006381333932');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText(GTIN_MESSAGE)).toBeInTheDocument();
    expect(gtin).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s message when another product has the GTIN, and stays open', async () => {
    const message = CATALOGUE_MESSAGES.gtinTaken('04006381333931', ZINC.name, ZINC.brandName);
    mockFetch({
      'POST /products': () => json({ message, code: 'PRODUCT_GTIN_TAKEN', kind: 'conflict' }, 409),
    });
    const toastError = vi.spyOn(toast, 'error');
    const { user, onCreated } = await openDialog();
    await fillRequired(user);
    await user.type(screen.getByLabelText(/GTIN \(barcode number\)/), '4006381333931');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(toastError).toHaveBeenCalledWith(message, expect.anything()));
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add catalogue product' })).toBeInTheDocument();
  });

  it('closes on Escape and opens empty again', async () => {
    mockFetch({});
    const { user } = await openDialog();
    await user.type(screen.getByLabelText('Brand'), 'Kinapharma');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add catalogue product' }));
    expect((await screen.findByLabelText('Brand')) as HTMLInputElement).toHaveValue('');
  });
});
