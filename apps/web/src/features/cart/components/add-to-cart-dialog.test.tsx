import { CART_MESSAGES } from '@aduro/shared/cart';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { cartQueryKey } from '../api/get-cart';
import { cartItem, cartOf } from '../testing/fixtures';
import { AddToCartDialog, type AddToCartDialogProps } from './add-to-cart-dialog';

const PRODUCT = { id: '11111111-1111-4111-8111-111111111111', name: 'Amoxicillin 500 mg capsules' };
const SUPPLIER = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Tema Pharma Distributors',
  unitPrice: 104.5,
  moq: 20,
};

type Overrides = Partial<Omit<AddToCartDialogProps, 'onOpenChange' | 'onAdded'>>;

function renderDialog(overrides: Overrides = {}, queryClient: QueryClient = createQueryClient()) {
  const onOpenChange = vi.fn();
  const onAdded = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(overrides.open ?? true);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Reopen
        </button>
        <AddToCartDialog
          orgId="org-1"
          isCustomer
          product={PRODUCT}
          supplier={SUPPLIER}
          {...overrides}
          open={open}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
          onAdded={onAdded}
        />
      </>
    );
  }
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return { user, onOpenChange, onAdded, queryClient };
}

/** Records the body of each POST /cart/items and answers 201 with a cart holding one line. */
function acceptAdds() {
  const bodies: unknown[] = [];
  const cart = cartOf([cartItem()]);
  mockFetch({
    'POST /cart/items': (init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return json(cart, 201);
    },
  });
  return { bodies, cart };
}

const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;

async function replace(user: ReturnType<typeof userEvent.setup>, label: RegExp | string, text: string) {
  await user.clear(field(label));
  if (text) await user.type(field(label), text);
}

describe('AddToCartDialog', () => {
  it('starts at the supplier’s MOQ and price', async () => {
    mockFetch({});
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Add to cart' })).toHaveAccessibleDescription(
      'Amoxicillin 500 mg capsules from Tema Pharma Distributors',
    );
    expect(field('Quantity (units)')).toHaveValue(20);
    expect(field('Quantity (units)')).toHaveAttribute('min', '1');
    expect(field(/^Unit price/)).toHaveValue(104.5);
    expect(screen.getByText('GH₵2,090.00')).toBeInTheDocument();
  });

  it("estimates the line at the supplier's price, whatever target price is typed", async () => {
    mockFetch({});
    const { user } = renderDialog();
    await screen.findByRole('dialog');
    await replace(user, 'Quantity (units)', '40');
    await replace(user, /^Unit price/, '99.90');
    expect(screen.getByText('Estimated line total').nextElementSibling).toHaveTextContent('GH₵4,180.00');
    expect(field(/^Unit price/)).toHaveAccessibleDescription(
      "Your target price, kept on the line. Orders are charged the supplier's current offer.",
    );
  });

  it('starts at 1 unit and a blank price when the supplier gives neither', async () => {
    mockFetch({});
    renderDialog({ supplier: { ...SUPPLIER, unitPrice: null, moq: null } });
    expect(await screen.findByLabelText('Quantity (units)')).toHaveValue(1);
    expect(field(/^Unit price/)).toHaveValue(null);
  });

  it('refuses to open without a customer profile', async () => {
    const fetchMock = mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const { onOpenChange } = renderDialog({ isCustomer: false });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toastError).toHaveBeenCalledWith(CART_MESSAGES.needCustomer, expect.anything());
    expect(toastError).toHaveBeenCalledWith('You need a customer profile to add items to your cart.', {
      id: 'cart-needs-customer',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses to submit without a linked customer organisation', async () => {
    const fetchMock = mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderDialog({ orgId: null });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(toastError).toHaveBeenCalledWith('No customer organisation linked to your profile.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it.each([
    ['0', '0'],
    ['blank', ''],
    ['negative', '-5'],
  ])('asks for a quantity above 0 when it is %s, and sends nothing', async (_case, text) => {
    const fetchMock = mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderDialog();
    await screen.findByRole('dialog');
    await replace(user, 'Quantity (units)', text);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Enter a quantity to add this item to your cart.'),
    );
    expect(field('Quantity (units)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['blank', ''],
    ['0', '0'],
    ['negative', '-3'],
  ])('sends a %s unit price as null, so the supplier’s quote applies', async (_case, text) => {
    const { bodies } = acceptAdds();
    const { user, onAdded } = renderDialog();
    await screen.findByRole('dialog');
    await replace(user, /^Unit price/, text);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(bodies).toEqual([expect.objectContaining({ unitPrice: null })]);
  });

  it('sends the typed details trimmed, blanks as null, and hands the cart to the cache', async () => {
    const { bodies, cart } = acceptAdds();
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user, onAdded, onOpenChange, queryClient } = renderDialog();
    await screen.findByRole('dialog');
    await replace(user, 'Quantity (units)', '40');
    await replace(user, /^Unit price/, '99.90');
    await user.type(field(/^Delivery location/), '  AccraCare Osu, Oxford Street  ');
    await user.type(field(/^Preferred drop date/), '2099-01-15');
    await user.type(field(/^Contact name/), '   ');
    await user.type(field(/^Contact phone/), ' +233 24 381 7720 ');
    await user.type(field(/^Notes/), '  Deliver before noon ');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([
      {
        productId: PRODUCT.id,
        supplierId: SUPPLIER.id,
        quantity: 40,
        unitPrice: 99.9,
        deliveryLocation: 'AccraCare Osu, Oxford Street',
        preferredDropDate: '2099-01-15',
        contactName: null,
        contactPhone: '+233 24 381 7720',
        notes: 'Deliver before noon',
      },
    ]);
    expect(toastSuccess).toHaveBeenCalledWith('Added to procurement cart');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(queryClient.getQueryData(cartQueryKey('org-1'))).toEqual(cart);
  });

  it('keeps the form as typed when the server refuses, with its message', async () => {
    const message = CART_MESSAGES.inactiveSupplier('Tema Pharma Distributors');
    mockFetch({ 'POST /cart/items': () => json({ message }, 409) });
    const toastError = vi.spyOn(toast, 'error');
    const { user, onAdded } = renderDialog();
    await screen.findByRole('dialog');
    await replace(user, 'Quantity (units)', '25');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    await waitFor(() => expect(toastError).toHaveBeenCalledWith(message, expect.anything()));
    expect(onAdded).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add to cart' })).toBeInTheDocument();
    expect(field('Quantity (units)')).toHaveValue(25);
  });

  it('closes on Escape and starts again from the supplier’s values', async () => {
    mockFetch({});
    const { user, onOpenChange } = renderDialog();
    await screen.findByRole('dialog');
    await replace(user, 'Quantity (units)', '75');
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByLabelText('Quantity (units)')).toHaveValue(20);
  });
});
