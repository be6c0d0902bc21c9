import { updateCartItemSchema, type CartItem } from '@aduro/shared/cart';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { formatCedis } from '../../../lib/format';
import { isOutdatedLineError, useUpdateCartItem, type UpdateCartItem } from '../api/update-cart-item';
import {
  BLANK_LINE,
  cartLineResolver,
  estimateLineTotal,
  lineFormValues,
  type CartLineFormValues,
} from '../utils/cart-form';
import { CartLineFields } from './cart-line-fields';

const FORM_ID = 'edit-cart-line-form';
const resolver = cartLineResolver(updateCartItemSchema);
const FIELDS = Object.keys(BLANK_LINE) as readonly string[];

/** Puts a message the server gave for a field under that field's input. */
type ShowFieldError = (field: FieldPath<CartLineFormValues>, message: string) => void;

interface EditFormProps {
  item: CartItem;
  onValid: (input: UpdateCartItem, showFieldError: ShowFieldError) => void;
}

/** Mounted only while the dialog is open, so each opening starts from the line as the cart shows it. */
function EditCartLineForm({ item, onValid }: EditFormProps) {
  const { register, handleSubmit, control, formState, setError } = useForm<
    CartLineFormValues,
    unknown,
    UpdateCartItem
  >({ defaultValues: lineFormValues(item), resolver });
  const quantityText = useWatch({ control, name: 'quantity' });
  const estimate = estimateLineTotal(quantityText, item.quotedUnitPrice);

  return (
    <form
      id={FORM_ID}
      noValidate
      onSubmit={handleSubmit((input) =>
        onValid(input, (field, message) => setError(field, { type: 'server', message })),
      )}
      className="space-y-4"
    >
      <p className="flex flex-wrap items-baseline gap-x-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset">
        Supplier's current offer
        <span className="font-semibold text-slate-900 tabular-nums">
          {item.quotedUnitPrice !== null ? formatCedis(item.quotedUnitPrice) : 'Not currently offered'}
        </span>
      </p>

      <CartLineFields idPrefix="edit-line" register={register} errors={formState.errors} />

      <p
        className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-3 text-sm"
        aria-live="polite"
      >
        <span className="text-slate-600">Estimated line total</span>
        <span className="font-semibold text-slate-900 tabular-nums">
          {estimate !== null ? formatCedis(estimate) : '–'}
        </span>
      </p>
    </form>
  );
}

export interface EditCartLineDialogProps {
  /** The line being edited; null closes the dialog. */
  item: CartItem | null;
  onClose: () => void;
  /** The buyer's organisation, whose cart the line is in. */
  orgId: string | null;
}

/**
 * Edits a cart line with the add-to-cart fields (PATCH /cart/items/{id}). The shared schema checks the
 * form before anything is sent; the server's field errors go under their inputs and keep the dialog
 * open. A refusal that says the line is gone or can no longer be ordered toasts, closes the dialog and
 * reads the cart again, where the line then shows as it stands.
 */
export function EditCartLineDialog({ item, onClose, orgId }: EditCartLineDialogProps) {
  const update = useUpdateCartItem(orgId);

  function changeOpen(open: boolean) {
    // Closing mid-request would hide the outcome; the request is short, so the dialog waits for it.
    if (!open && !update.isPending) {
      update.reset();
      onClose();
    }
  }

  function onValid(input: UpdateCartItem, showFieldError: ShowFieldError) {
    if (!item) return;
    update.mutate(
      { id: item.id, input },
      {
        onSuccess: () => onClose(),
        onError: (error) => {
          if (isOutdatedLineError(error)) {
            onClose();
            return;
          }
          if (!(error instanceof ApiError) || !error.fieldErrors) return;
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            const message = messages[0];
            if (message && FIELDS.includes(field))
              showFieldError(field as FieldPath<CartLineFormValues>, message);
          }
        },
      },
    );
  }

  return (
    <Dialog
      open={item !== null}
      onOpenChange={changeOpen}
      title="Edit cart line"
      description={item ? `${item.product.name} from ${item.supplier.name}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={update.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      {item && <EditCartLineForm key={item.id} item={item} onValid={onValid} />}
    </Dialog>
  );
}
