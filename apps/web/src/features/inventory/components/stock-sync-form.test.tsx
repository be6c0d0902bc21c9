import { INVENTORY_MESSAGES } from '@aduro/shared/inventory';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { inventoryRow } from '../testing/fixtures';
import { StockSyncForm, type ProductPickerSlotProps, type StockSyncFormHandle } from './stock-sync-form';

const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';

/** Stands in for the catalogue's picker (a feature this one may not import): a plain id box. */
function IdPicker(props: ProductPickerSlotProps) {
  return (
    <div>
      <input
        id={props.id}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        value={props.value?.id ?? ''}
        onChange={(event) =>
          props.onChange(event.target.value ? { id: event.target.value, name: null } : null)
        }
      />
      {props.value?.name && <p>Chosen: {props.value.name}</p>}
    </div>
  );
}

function renderForm() {
  const queryClient = createQueryClient();
  const ref = createRef<StockSyncFormHandle>();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <StockSyncForm ref={ref} orgId="org-1" renderProductPicker={(props) => <IdPicker {...props} />} />
    </QueryClientProvider>,
  );
  return { queryClient, ref, user };
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Sync stock' });

/** The texts a field's aria-describedby points at: its error, else its hint. */
function describedText(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' ');
}

function errorToasts(spy: { mock: { calls: unknown[][] } }): unknown[] {
  return spy.mock.calls.map((call) => call[0]);
}

describe('StockSyncForm', () => {
  it('toasts both SPEC messages when product, quantity and price are all missing, and sends nothing', async () => {
    const fetchMock = mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderForm();
    await user.click(submit());

    await waitFor(() =>
      expect(errorToasts(toastError)).toEqual([
        INVENTORY_MESSAGES.productRequired,
        INVENTORY_MESSAGES.quantityAndPrice,
      ]),
    );
    expect(field('Product')).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(field('Product'))).toContain(INVENTORY_MESSAGES.productRequired);
    // The toast carries the sentence; each field says it is required.
    expect(describedText(field('Quantity (units)'))).toBe('Required');
    expect(describedText(field('Unit price (GH₵)'))).toBe('Required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toasts only the quantity and price message when a product is given', async () => {
    mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderForm();
    await user.type(field('Product'), PRODUCT_ID);
    await user.type(field('Quantity (units)'), '12');
    await user.click(submit());

    await waitFor(() => expect(errorToasts(toastError)).toEqual([INVENTORY_MESSAGES.quantityAndPrice]));
    expect(describedText(field('Unit price (GH₵)'))).toBe('Required');
    expect(field('Quantity (units)')).not.toHaveAttribute('aria-invalid');
  });

  it('shows the other rules as field messages only, without a toast', async () => {
    const fetchMock = mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderForm();
    await user.type(field('Product'), 'not-an-id');
    await user.type(field('Quantity (units)'), '2.5');
    await user.type(field('Unit price (GH₵)'), '1.234');
    await user.type(field(/^MOQ/), '0');
    await user.click(submit());

    await waitFor(() => expect(field('Product')).toHaveAttribute('aria-invalid', 'true'));
    expect(describedText(field('Product'))).toContain(INVENTORY_MESSAGES.unknownProduct);
    expect(describedText(field('Quantity (units)'))).toBe(INVENTORY_MESSAGES.quantityWhole);
    expect(describedText(field('Unit price (GH₵)'))).toBe(INVENTORY_MESSAGES.priceCents);
    expect(describedText(field(/^MOQ/))).toBe(INVENTORY_MESSAGES.moq);
    expect(toastError).not.toHaveBeenCalled();

    await user.clear(field('Unit price (GH₵)'));
    await user.type(field('Unit price (GH₵)'), '0');
    await user.click(submit());
    await waitFor(() =>
      expect(describedText(field('Unit price (GH₵)'))).toBe(INVENTORY_MESSAGES.pricePositive),
    );
    expect(toastError).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('syncs the lot, toasts, refreshes the inventory and keeps product and price for the next lot', async () => {
    let body: unknown;
    mockFetch({
      'POST /inventory': (init) => {
        body = JSON.parse(String(init?.body));
        return json(inventoryRow({ quantity: 40 }));
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user, queryClient } = renderForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await user.type(field('Product'), `  ${PRODUCT_ID} `);
    await user.type(field('Quantity (units)'), '40');
    await user.type(field('Unit price (GH₵)'), '12.5');
    await user.type(field(/^Expiry date/), '2026-09-30');
    await user.click(submit());

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(INVENTORY_MESSAGES.synced));
    expect(body).toEqual({
      productId: PRODUCT_ID,
      quantity: 40,
      unitPrice: 12.5,
      expiryDate: '2026-09-30',
      moq: null,
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['inventory', 'org-1'] });
    await waitFor(() => expect(field('Quantity (units)').value).toBe(''));
    expect(field(/^Expiry date/).value).toBe('');
    expect(field('Unit price (GH₵)').value).toBe('12.5');
    // The stub shows the id as typed; the body above is what the shared schema trimmed it to.
    expect(field('Product').value).toBe(`  ${PRODUCT_ID} `);
    expect(field('Quantity (units)')).toHaveFocus();
  });

  it('takes a product from outside, such as one just added to the catalogue, and moves on to quantity', async () => {
    mockFetch({});
    const { ref, user } = renderForm();
    await user.click(submit());
    await waitFor(() => expect(field('Product')).toHaveAttribute('aria-invalid', 'true'));

    act(() => ref.current?.setProduct({ id: PRODUCT_ID, name: 'Zinc 20 mg dispersible tablets' }));

    expect(field('Product').value).toBe(PRODUCT_ID);
    expect(field('Product')).not.toHaveAttribute('aria-invalid');
    expect(field('Quantity (units)')).toHaveFocus();
  });

  it('shows the new id in the product field after Add catalogue product, with the name beneath (SPEC §4)', async () => {
    let body: unknown;
    mockFetch({
      'POST /inventory': (init) => {
        body = JSON.parse(String(init?.body));
        return json(inventoryRow({ quantity: 30 }));
      },
    });
    const queryClient = createQueryClient();
    const ref = createRef<StockSyncFormHandle>();
    const user = userEvent.setup();
    // A picker that, like the catalogue's, shows a selection's name as its text and a pasted id as typed.
    function NamePicker(props: ProductPickerSlotProps) {
      return (
        <input
          id={props.id}
          aria-describedby={props['aria-describedby']}
          value={props.value?.name ?? props.value?.id ?? ''}
          onChange={(event) => props.onChange({ id: event.target.value, name: null })}
        />
      );
    }
    render(
      <QueryClientProvider client={queryClient}>
        <StockSyncForm ref={ref} orgId="org-1" renderProductPicker={(props) => <NamePicker {...props} />} />
      </QueryClientProvider>,
    );

    act(() => ref.current?.setProduct({ id: PRODUCT_ID, name: 'Zinc 20 mg dispersible tablets' }));

    expect(field('Product').value).toBe(PRODUCT_ID);
    expect(describedText(field('Product'))).toBe('New catalogue product: Zinc 20 mg dispersible tablets');
    await user.type(field('Quantity (units)'), '30');
    await user.type(field('Unit price (GH₵)'), '4.5');
    await user.click(submit());
    await waitFor(() => expect(body).toMatchObject({ productId: PRODUCT_ID, quantity: 30, unitPrice: 4.5 }));
    // Still the same product, for its next lot.
    expect(field('Product').value).toBe(PRODUCT_ID);

    // Choosing another product puts the usual hint back.
    await user.clear(field('Product'));
    expect(describedText(field('Product'))).toBe('Search by name or brand, or paste a product ID.');
  });
});
