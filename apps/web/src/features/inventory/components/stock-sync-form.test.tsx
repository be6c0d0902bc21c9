import type { Product } from '@aduro/shared/catalogue';
import { GS1_MESSAGES } from '@aduro/shared/gs1';
import { INVENTORY_MESSAGES } from '@aduro/shared/inventory';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

// Expiry dates are judged against today: the clock (only the date, timers run) is pinned to one day.
const TODAY = '2026-11-28';
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T09:00:00Z`));
});
afterEach(() => {
  vi.useRealTimers();
});

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
    await user.type(field(/^Expiry date/), '2027-09-30');
    await user.click(submit());

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(INVENTORY_MESSAGES.synced));
    expect(body).toEqual({
      productId: PRODUCT_ID,
      quantity: 40,
      unitPrice: 12.5,
      expiryDate: '2027-09-30',
      batchNumber: null,
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

  it('says under the unit price that the price is the offer, so it applies to all the product’s lots', async () => {
    mockFetch({});
    renderForm();
    expect(describedText(field('Unit price (GH₵)'))).toBe(INVENTORY_MESSAGES.priceAppliesToOffer);
  });

  it('asks before syncing a lot whose expiry date has passed, and sends confirmExpired only once confirmed', async () => {
    const bodies: unknown[] = [];
    const fetchMock = mockFetch({
      'POST /inventory': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(inventoryRow({ quantity: 12, expiryDate: '2026-11-27', expiryStatus: 'expired' }));
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = renderForm();
    await user.type(field('Product'), PRODUCT_ID);
    await user.type(field('Quantity (units)'), '12');
    await user.type(field('Unit price (GH₵)'), '4');
    await user.type(field(/^Expiry date/), '2026-11-27');
    await user.click(submit());

    const question = await screen.findByRole('group', { name: 'This lot expired on 27 Nov 2026' });
    expect(question).toHaveTextContent('It stays in your inventory as expired and is never sold.');
    expect(screen.queryByRole('button', { name: 'Sync stock' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    // A count corrected while the question shows is the one sent.
    await user.clear(field('Quantity (units)'));
    await user.type(field('Quantity (units)'), '14');
    await user.click(screen.getByRole('button', { name: 'Record as expired' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(INVENTORY_MESSAGES.synced));
    expect(bodies).toEqual([
      {
        productId: PRODUCT_ID,
        quantity: 14,
        unitPrice: 4,
        expiryDate: '2026-11-27',
        batchNumber: null,
        moq: null,
        confirmExpired: true,
      },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sync stock' })).toBeInTheDocument());
    expect(screen.queryByRole('group', { name: /^This lot expired/ })).toBeNull();
  });

  it('lets the supplier change a past date instead, and a lot expiring today needs no confirmation', async () => {
    const bodies: Array<{ expiryDate: string; confirmExpired?: boolean }> = [];
    mockFetch({
      'POST /inventory': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(inventoryRow({ quantity: 12 }));
      },
    });
    const { user } = renderForm();
    await user.type(field('Product'), PRODUCT_ID);
    await user.type(field('Quantity (units)'), '12');
    await user.type(field('Unit price (GH₵)'), '4');
    await user.type(field(/^Expiry date/), '2025-11-28');
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Change the date' }));

    expect(field(/^Expiry date/)).toHaveFocus();
    expect(screen.queryByRole('group', { name: /^This lot expired/ })).toBeNull();
    await user.clear(field(/^Expiry date/));
    await user.type(field(/^Expiry date/), TODAY);
    await user.click(submit());
    await waitFor(() => expect(bodies).toEqual([expect.objectContaining({ expiryDate: TODAY })]));
    expect(bodies[0]).not.toHaveProperty('confirmExpired');
  });

  it('asks too when the server answers that the date has passed (its day turned first)', async () => {
    const bodies: Array<{ confirmExpired?: boolean }> = [];
    mockFetch({
      'POST /inventory': (init) => {
        const body = JSON.parse(String(init?.body)) as { confirmExpired?: boolean };
        bodies.push(body);
        return body.confirmExpired
          ? json(inventoryRow({ quantity: 3 }))
          : json(
              {
                code: 'EXPIRY_PASSED',
                kind: 'validation',
                message: INVENTORY_MESSAGES.expiryPassed,
                fieldErrors: { expiryDate: [INVENTORY_MESSAGES.expiryPassed] },
              },
              400,
            );
      },
    });
    const { user } = renderForm();
    await user.type(field('Product'), PRODUCT_ID);
    await user.type(field('Quantity (units)'), '3');
    await user.type(field('Unit price (GH₵)'), '4');
    await user.type(field(/^Expiry date/), TODAY);
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Record as expired' }));
    await waitFor(() => expect(bodies.map((b) => b.confirmExpired)).toEqual([undefined, true]));
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

const GTIN = '09506000134352';
const GS = String.fromCharCode(29);
const amoxicillin: Product = {
  id: PRODUCT_ID,
  name: 'Amoxicillin 500 mg capsules',
  brandName: 'Ernest Chemists',
  category: 'Antibiotics',
  description: null,
  unitOfMeasure: 'box',
  itemsPerUnit: '100 capsules',
  isService: false,
  gtin: GTIN,
  medicineClass: null,
  controlled: null,
  fdaRegistrationNumber: null,
  fdaRegistrationExpiresOn: null,
};
const productsByGtin = (products: Product[]) => ({
  [`GET /products?q=${GTIN}&limit=5`]: () => json(products),
});

describe('StockSyncForm barcode', () => {
  it('fills product, batch and expiry from a scanned GS1 DataMatrix string with GS separators', async () => {
    mockFetch(productsByGtin([amoxicillin]));
    const { user } = renderForm();
    await user.click(field('Barcode'));
    // As a DataMatrix carries it: symbology identifier, FNC1, GTIN, the variable-length batch ended by GS, expiry.
    await user.paste(`]d2${GS}01${GTIN}10AMX2406B${GS}17270531`);
    await user.click(screen.getByRole('button', { name: 'Read code' }));

    expect(await screen.findByText('Chosen: Amoxicillin 500 mg capsules')).toBeInTheDocument();
    expect(field('Product').value).toBe(PRODUCT_ID);
    expect(field('Batch number').value).toBe('AMX2406B');
    expect(field(/^Expiry date/).value).toBe('2027-05-31');
    expect(describedText(field('Barcode'))).toBe(
      'Read: Amoxicillin 500 mg capsules · batch AMX2406B · expires 31 May 2027',
    );
    // Ready for the next scan; the count is what is left to type.
    expect(field('Barcode').value).toBe('');
    expect(field('Quantity (units)')).toHaveFocus();
  });

  it('reads the printed "(01)…(17)…(10)…" form typed by a scanner ending in Enter, without submitting, and sends the batch', async () => {
    let body: unknown;
    const fetchMock = mockFetch({
      ...productsByGtin([amoxicillin]),
      'POST /inventory': (init) => {
        body = JSON.parse(String(init?.body));
        return json(inventoryRow({ quantity: 40, batchNumber: 'AMX2406B' }));
      },
    });
    const { user } = renderForm();
    await user.type(field('Barcode'), `(01)${GTIN}(17)270531(10)amx2406b{Enter}`);

    await waitFor(() => expect(field('Batch number').value).toBe('AMX2406B'));
    expect(field('Product').value).toBe(PRODUCT_ID);
    expect(field(/^Expiry date/).value).toBe('2027-05-31');
    expect(fetchMock.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['GET']);

    await user.type(field('Quantity (units)'), '40');
    await user.type(field('Unit price (GH₵)'), '18.1');
    await user.click(submit());
    await waitFor(() =>
      expect(body).toEqual({
        productId: PRODUCT_ID,
        quantity: 40,
        unitPrice: 18.1,
        expiryDate: '2027-05-31',
        batchNumber: 'AMX2406B',
        moq: null,
      }),
    );
    // The batch belongs to the lot just synced, like its quantity and expiry.
    await waitFor(() => expect(field('Batch number').value).toBe(''));
  });

  it('does not submit the form on Enter in the Barcode field, even when it is empty', async () => {
    const fetchMock = mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderForm();
    await user.type(field('Barcode'), '{Enter}');
    await user.type(field('Barcode'), 'not a code{Enter}');
    expect(await screen.findByText(GS1_MESSAGES.unreadable)).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
    expect(field('Product')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['an unreadable code', 'hello pharmacy', GS1_MESSAGES.unreadable],
    [
      'a GTIN with a wrong check digit',
      '(01)09506000134353(17)270531(10)AMX2406B',
      GS1_MESSAGES.gtinCheckDigit,
    ],
    ['an expiry that is no date', `(01)${GTIN}(17)271331(10)AMX2406B`, GS1_MESSAGES.expiryNotADate],
  ])(
    'shows the parser’s message for %s under the Barcode field and changes nothing',
    async (_, code, message) => {
      const fetchMock = mockFetch({});
      const { user } = renderForm();
      await user.type(field('Product'), PRODUCT_ID);
      await user.type(field('Batch number'), 'OLD1');
      await user.type(field(/^Expiry date/), '2026-09-30');
      await user.type(field('Barcode'), code);
      await user.click(screen.getByRole('button', { name: 'Read code' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(field('Barcode')).toHaveAttribute('aria-invalid', 'true');
      expect(describedText(field('Barcode'))).toBe(message);
      expect(field('Product').value).toBe(PRODUCT_ID);
      expect(field('Batch number').value).toBe('OLD1');
      expect(field(/^Expiry date/).value).toBe('2026-09-30');
      expect(fetchMock).not.toHaveBeenCalled();

      // Typing again clears the message.
      await user.type(field('Barcode'), 'x');
      expect(field('Barcode')).not.toHaveAttribute('aria-invalid');
    },
  );

  it('says when no catalogue product has the GTIN, and changes nothing', async () => {
    // The search matches names too: a product with another GTIN is not the one scanned.
    mockFetch(productsByGtin([{ ...amoxicillin, id: 'other', gtin: '04006381333931' }]));
    const { user } = renderForm();
    await user.type(field('Batch number'), 'OLD1');
    await user.type(field('Barcode'), `(01)${GTIN}(17)270531(10)AMX2406B{Enter}`);

    expect(
      await screen.findByText(`No catalogue product has GTIN ${GTIN}. Add it to the catalogue first.`),
    ).toBeInTheDocument();
    expect(field('Barcode')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Product').value).toBe('');
    expect(field('Batch number').value).toBe('OLD1');
    expect(field(/^Expiry date/).value).toBe('');
  });

  it('reads a bare EAN-13 as the product alone', async () => {
    mockFetch(productsByGtin([amoxicillin]));
    const { user } = renderForm();
    await user.type(field('Barcode'), `${GTIN.slice(1)}{Enter}`);
    expect(await screen.findByText('Read: Amoxicillin 500 mg capsules')).toBeInTheDocument();
    expect(field('Product').value).toBe(PRODUCT_ID);
    expect(field('Batch number').value).toBe('');
  });

  it('shows the batch number rule beside the field and sends nothing', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderForm();
    await user.type(field('Product'), PRODUCT_ID);
    await user.type(field('Quantity (units)'), '5');
    await user.type(field('Unit price (GH₵)'), '2');
    await user.type(field('Batch number'), 'AB 12');
    await user.click(submit());
    await waitFor(() => expect(describedText(field('Batch number'))).toBe(INVENTORY_MESSAGES.batchNumber));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers no camera where the browser cannot scan', () => {
    mockFetch({});
    renderForm();
    expect(screen.queryByRole('button', { name: 'Scan with camera' })).not.toBeInTheDocument();
  });
});
