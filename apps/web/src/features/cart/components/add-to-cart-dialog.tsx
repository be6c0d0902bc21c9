import { addToCartSchema, CART_MESSAGES, type AddToCartInput } from '@aduro/shared/cart';
import { toCedis, toPesewas } from '@aduro/shared/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { formatCedis, formatUnits } from '../../../lib/format';
import { useAddToCart, type AddToCart } from '../api/add-to-cart';

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

/** The inputs as typed; numbers stay text until the shared schema reads them. */
interface CartFormValues {
  productId: string;
  supplierId: string;
  quantity: string;
  unitPrice: string;
  deliveryLocation: string;
  preferredDropDate: string;
  contactName: string;
  contactPhone: string;
  notes: string;
}

const FORM_ID = 'add-to-cart-form';

/** Blank stays undefined so the schema, not this function, reports it (with the SPEC quantity text). */
function toNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The form's text as the body addToCartSchema reads, field names unchanged: the same schema the API
 * route validates, which turns a blank, 0 or negative price into null and trims text to null.
 */
function toCartInput(values: CartFormValues): AddToCartInput {
  return {
    ...values,
    quantity: toNumber(values.quantity),
    unitPrice: values.unitPrice.trim() === '' ? null : toNumber(values.unitPrice),
  } as AddToCartInput;
}

const schemaResolver = zodResolver(addToCartSchema);

/** Error paths are the form's own field names, so the cast only restates the values' type. */
const cartResolver: Resolver<CartFormValues, unknown, AddToCart> = async (values, context, options) =>
  (await schemaResolver(toCartInput(values), context, options as never)) as unknown as ResolverResult<
    CartFormValues,
    AddToCart
  >;

function startingValues(product: AddToCartProduct, supplier: AddToCartSupplier): CartFormValues {
  return {
    productId: product.id,
    supplierId: supplier.id,
    // SPEC §2: start at the supplier's minimum order (the input's own minimum is 1) and its price.
    quantity: String(supplier.moq && supplier.moq > 1 ? supplier.moq : 1),
    unitPrice: supplier.unitPrice !== null && supplier.unitPrice > 0 ? supplier.unitPrice.toFixed(2) : '',
    deliveryLocation: '',
    preferredDropDate: '',
    contactName: '',
    contactPhone: '',
    notes: '',
  };
}

/** Today in the buyer's calendar, as a date input's min: a drop cannot be preferred in the past. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
  const { register, handleSubmit, control, formState } = useForm<CartFormValues, unknown, AddToCart>({
    defaultValues: startingValues(product, supplier),
    resolver: cartResolver,
  });
  const { errors } = formState;
  const [quantityText, priceText] = useWatch({ control, name: ['quantity', 'unitPrice'] });
  const quantity = toNumber(quantityText);
  const typedPrice = toNumber(priceText);
  // What the line will be worth in the cart: the buyer's price, else the supplier's quote (SPEC §5).
  const price = typedPrice !== undefined && typedPrice > 0 ? typedPrice : supplier.unitPrice;
  const estimate =
    quantity !== undefined && quantity > 0 && Number.isInteger(quantity) && price !== null
      ? toCedis(quantity * toPesewas(price))
      : null;

  function onInvalid(invalid: FieldErrors<CartFormValues>) {
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

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="cart-quantity" label="Quantity (units)" error={errors.quantity?.message}>
          {(c) => (
            <Input {...c} {...register('quantity')} type="number" inputMode="numeric" min={1} step={1} />
          )}
        </FormField>
        <FormField
          id="cart-unit-price"
          label="Unit price (GH₵)"
          optional
          error={errors.unitPrice?.message}
          hint="Leave blank to use the supplier's quote."
        >
          {(c) => (
            <Input
              {...c}
              {...register('unitPrice')}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="Supplier quote"
            />
          )}
        </FormField>
        <FormField
          id="cart-delivery-location"
          label="Delivery location"
          optional
          error={errors.deliveryLocation?.message}
        >
          {(c) => (
            <Input
              {...c}
              {...register('deliveryLocation')}
              autoComplete="street-address"
              placeholder="Branch and address"
            />
          )}
        </FormField>
        <FormField
          id="cart-drop-date"
          label="Preferred drop date"
          optional
          error={errors.preferredDropDate?.message}
        >
          {(c) => <Input {...c} {...register('preferredDropDate')} type="date" min={today()} />}
        </FormField>
        <FormField id="cart-contact-name" label="Contact name" optional error={errors.contactName?.message}>
          {(c) => <Input {...c} {...register('contactName')} autoComplete="name" />}
        </FormField>
        <FormField
          id="cart-contact-phone"
          label="Contact phone"
          optional
          error={errors.contactPhone?.message}
        >
          {(c) => (
            <Input
              {...c}
              {...register('contactPhone')}
              type="tel"
              autoComplete="tel"
              placeholder="+233 ..."
            />
          )}
        </FormField>
        <FormField
          id="cart-notes"
          label="Notes"
          optional
          error={errors.notes?.message}
          className="sm:col-span-2"
        >
          {(c) => <Textarea {...c} {...register('notes')} placeholder="Anything the supplier should know" />}
        </FormField>
      </div>

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
