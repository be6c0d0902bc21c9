import { addToCartSchema, CART_MESSAGES } from '@aduro/shared/cart';
import type { Eligibility } from '@aduro/shared/compliance';
import { useEffect, useEffectEvent, useMemo, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EligibilityNote } from '../../../components/ui/eligibility-note';
import { formatCedis, formatUnits } from '../../../lib/format';
import { useAddToCart, type AddToCart } from '../api/add-to-cart';
import { BLANK_LINE, cartLineResolver, estimateLineTotal, type CartLineFormValues } from '../utils/cart-form';
import { CartLineFields } from './cart-line-fields';

export interface AddToCartProduct {
  id: string;
  name: string;
}

export interface AddToCartSupplier {
  id: string;
  name: string;
  /** The supplier's offer price, the dialog's starting unit price. */
  unitPrice: number | null;
  /** The supplier's minimum order, the dialog's starting quantity. */
  moq: number | null;
  /** Whether the buyer may release an order of this offer now (issue 32): carting stays open either way. */
  eligibility?: Eligibility | null;
}

export interface AddToCartDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The buyer's organisation; null when the profile has none linked. */
  orgId: string | null;
  /** Whether the signed-in user has a customer profile at all. */
  isCustomer: boolean;
  product: AddToCartProduct | null;
  supplier: AddToCartSupplier | null;
  /** Called after the line is in the cart and the dialog has closed (the hub opens the drawer). */
  onAdded: () => void;
}

const FORM_ID = 'add-to-cart-form';

function startingValues(supplier: AddToCartSupplier): CartLineFormValues {
  return {
    ...BLANK_LINE,
    // SPEC §2: start at the supplier's minimum order (the input's own minimum is 1) and its price.
    quantity: String(supplier.moq && supplier.moq > 1 ? supplier.moq : 1),
    unitPrice: supplier.unitPrice !== null && supplier.unitPrice > 0 ? supplier.unitPrice.toFixed(2) : '',
  };
}

interface CartFormProps {
  orgId: string | null;
  product: AddToCartProduct;
  supplier: AddToCartSupplier;
  onValid: (input: AddToCart) => void;
}

/**
 * Mounted only while the dialog is open (Radix unmounts closed content), so every opening starts from
 * the chosen supplier's MOQ and price, and a product change in the hub clears what was typed.
 */
function AddToCartForm({ orgId, product, supplier, onValid }: CartFormProps) {
  // The product and supplier are the dialog's, not typed: the shared schema checks them with the rest.
  const resolver = useMemo(
    () => cartLineResolver(addToCartSchema, { productId: product.id, supplierId: supplier.id }),
    [product.id, supplier.id],
  );
  const { register, handleSubmit, control, formState } = useForm<CartLineFormValues, unknown, AddToCart>({
    defaultValues: startingValues(supplier),
    resolver,
  });
  const { errors } = formState;
  const quantityText = useWatch({ control, name: 'quantity' });
  // What the line will cost in the cart and in the order: the supplier's offer, not the target typed.
  const estimate = estimateLineTotal(quantityText, supplier.unitPrice);

  function onInvalid(invalid: FieldErrors<CartLineFormValues>) {
    if (invalid.quantity?.message === CART_MESSAGES.quantity) toast.error(CART_MESSAGES.quantity);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // SPEC §5: the cart belongs to an organisation; without one nothing is validated or sent.
    if (!orgId) {
      event.preventDefault();
      toast.error(CART_MESSAGES.noOrganisation);
      return;
    }
    void handleSubmit(onValid, onInvalid)(event);
  }

  return (
    <form id={FORM_ID} noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-3 py-2.5 text-sm ring-1 ring-slate-200 ring-inset">
        <span className="text-slate-600">
          Supplier price{' '}
          <span className="font-semibold text-slate-900 tabular-nums">
            {supplier.unitPrice !== null ? formatCedis(supplier.unitPrice) : 'On quote'}
          </span>
        </span>
        {supplier.moq !== null && supplier.moq > 1 && (
          <span className="text-slate-600">
            Minimum order{' '}
            <span className="font-semibold text-slate-900 tabular-nums">
              {formatUnits(supplier.moq)} units
            </span>
          </span>
        )}
      </div>

      <EligibilityNote eligibility={supplier.eligibility} className="text-sm" />

      <CartLineFields idPrefix="cart" register={register} errors={errors} />

      <p
        className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-3 text-sm"
        aria-live="polite"
      >
        <span className="text-slate-600">Estimated line total</span>
        <span className="font-semibold text-slate-900 tabular-nums">
          {estimate !== null ? formatCedis(estimate) : 'Supplier quote'}
        </span>
      </p>
    </form>
  );
}

/**
 * SPEC §2 add-to-cart dialog for one product from one supplier. Opening it without a customer profile
 * refuses with the SPEC §5 toast instead of showing the form; adding toasts, closes the dialog and
 * calls onAdded. Server refusals (inactive supplier, product no longer offered) toast globally and
 * leave the form as typed.
 */
export function AddToCartDialog({
  open,
  onOpenChange,
  orgId,
  isCustomer,
  product,
  supplier,
  onAdded,
}: AddToCartDialogProps) {
  const add = useAddToCart(orgId);
  const refused = open && !isCustomer;

  const refuse = useEffectEvent(() => {
    // An id, so a double effect run (StrictMode) or a quick second click shows one toast.
    toast.error(CART_MESSAGES.needCustomer, { id: 'cart-needs-customer' });
    onOpenChange(false);
  });
  useEffect(() => {
    if (refused) refuse();
  }, [refused]);

  function changeOpen(next: boolean) {
    // Closing mid-request would hide the outcome; the request is short, so the dialog waits for it.
    if (!next && add.isPending) return;
    onOpenChange(next);
  }

  function onValid(input: AddToCart) {
    add.mutate(input, {
      onSuccess: () => {
        onOpenChange(false);
        onAdded();
      },
    });
  }

  const ready = product !== null && supplier !== null;
  return (
    <Dialog
      open={open && isCustomer && ready}
      onOpenChange={changeOpen}
      title="Add to cart"
      description={ready ? `${product.name} from ${supplier.name}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={add.isPending}>
            Add to cart
          </Button>
        </>
      }
    >
      {ready && (
        <AddToCartForm
          key={`${product.id}:${supplier.id}`}
          orgId={orgId}
          product={product}
          supplier={supplier}
          onValid={onValid}
        />
      )}
    </Dialog>
  );
}
