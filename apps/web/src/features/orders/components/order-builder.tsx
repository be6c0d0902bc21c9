import {
  builderAvailableCredit,
  builderCanSubmit,
  builderCreditShortfall,
  builderCreditTermDays,
  builderDefaultPaymentMethod,
  builderOrderTotal,
  builderPaymentMethods,
  builderTotalUnits,
  draftOrderSchema,
  MAX_MIN_SHELF_LIFE_DAYS,
  minShelfLifeHint,
  NEW_DROP_ADDRESS_PLACEHOLDER,
  NEW_DROP_NAME,
  NEW_DROP_QUANTITY,
  ORDER_MESSAGES,
  SAMPLE_DROP_QUANTITIES,
  type BuilderSupplier,
  type DraftOrderInput,
} from '@aduro/shared/orders';
import type { ControlledKind, Eligibility, MedicineClass } from '@aduro/shared/compliance';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@aduro/shared/payments';
import { useEffect, useState, type FormEvent } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { EligibilityNote } from '../../../components/ui/eligibility-note';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { Sheet } from '../../../components/ui/sheet';
import { formatCedis } from '../../../lib/format';
import { useCreateOrder } from '../api/create-order';
import { useOrderDefaults } from '../api/get-order-defaults';

export interface BuilderMatch extends BuilderSupplier {
  id: string;
  name: string;
  unitPrice: number;
  moq: number;
  creditLimit: number | null;
  /** Whether the buyer may release an order of this offer now (issue 32); absent when unknown. */
  eligibility?: Eligibility | null;
}

/** The product the builder drafts; its class and Controlled badges show when the screen knows them. */
export interface BuilderProduct {
  id: string;
  name: string;
  medicineClass?: MedicineClass | null;
  controlled?: ControlledKind | null;
}

export interface OrderBuilderProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orgId: string | null;
  organizationName: string | null;
  product: BuilderProduct | null;
  supplier: BuilderMatch | null;
  /** Called once the order is drafted (the hub offers the orders page). */
  onDrafted?: () => void;
}

interface DropValues {
  addressName: string;
  address: string;
  contactName: string;
  contactPhone: string;
  quantity: string;
  estimatedDeliveryDate: string;
}

interface BuilderValues {
  paymentMethod: PaymentMethod;
  creditTermDays: string;
  /** Blank: the buyer organisation's default applies on the server. */
  minShelfLifeDays: string;
  entityName: string;
  entityLocation: string;
  requesterRole: string;
  deliveryContactName: string;
  deliveryContactPhone: string;
  deliveryAddress: string;
  drops: DropValues[];
}

const FORM_ID = 'order-builder-form';
const quantityOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The buyer's line with this supplier, as the match reports it (limit and what is left of it). */
function creditLineOf(supplier: BuilderMatch) {
  if (supplier.creditLimit === null || supplier.creditAvailable === null) return null;
  return { limit: supplier.creditLimit, balance: supplier.creditLimit - supplier.creditAvailable };
}

function startingValues(
  supplier: BuilderMatch,
  organizationName: string | null,
  defaultMinShelfLifeDays: number | undefined,
): BuilderValues {
  // SPEC §3: two sample drops of 50 and 40 units are pre-filled.
  const [first, second] = SAMPLE_DROP_QUANTITIES;
  return {
    paymentMethod: builderDefaultPaymentMethod(supplier, creditLineOf(supplier)),
    creditTermDays: '',
    minShelfLifeDays: defaultMinShelfLifeDays === undefined ? '' : String(defaultMinShelfLifeDays),
    entityName: organizationName ?? '',
    entityLocation: '',
    requesterRole: '',
    deliveryContactName: '',
    deliveryContactPhone: '',
    deliveryAddress: '',
    drops: [
      {
        addressName: 'Main branch',
        address: '',
        contactName: '',
        contactPhone: '',
        quantity: String(first),
        estimatedDeliveryDate: '',
      },
      {
        addressName: 'Second branch',
        address: '',
        contactName: '',
        contactPhone: '',
        quantity: String(second),
        estimatedDeliveryDate: '',
      },
    ],
  };
}

/** The typed values as the draft order payload; the shared schema then trims and omits empty strings. */
export function toDraftOrder(
  values: BuilderValues,
  ids: { sellerId: string; productId: string; buyerId: string },
  paymentTerms: string | null,
): DraftOrderInput {
  const days = builderCreditTermDays(
    values.paymentMethod,
    values.creditTermDays.trim() === '' ? null : Number(values.creditTermDays),
    paymentTerms,
  );
  return {
    ...ids,
    paymentTermMethod: values.paymentMethod,
    useCredit: values.paymentMethod === 'credit_facility',
    ...(values.paymentMethod === 'credit_facility' && days !== null ? { creditTermDays: days } : {}),
    ...(values.minShelfLifeDays.trim() === '' ? {} : { minShelfLifeDays: Number(values.minShelfLifeDays) }),
    entityName: values.entityName,
    entityLocation: values.entityLocation,
    requesterRole: values.requesterRole,
    deliveryContactName: values.deliveryContactName,
    deliveryContactPhone: values.deliveryContactPhone,
    deliveryAddress: values.deliveryAddress,
    drops: values.drops.map((d) => ({
      addressName: d.addressName,
      address: d.address,
      contactName: d.contactName,
      contactPhone: d.contactPhone,
      quantity: quantityOf(d.quantity),
      ...(d.estimatedDeliveryDate ? { estimatedDeliveryDate: d.estimatedDeliveryDate } : {}),
    })),
  };
}

/** SPEC §2/§4/§5: the multi-drop order builder for one supplier's offer of the compared product. */
export function OrderBuilder(props: OrderBuilderProps) {
  const { open, onOpenChange, product, supplier } = props;
  return (
    <Sheet
      open={open && product !== null && supplier !== null}
      onOpenChange={onOpenChange}
      title="Build multi-drop order"
      description={product && supplier ? `${product.name} from ${supplier.name}` : undefined}
    >
      {product && supplier && <BuilderForm {...props} product={product} supplier={supplier} />}
    </Sheet>
  );
}

function BuilderForm({
  orgId,
  organizationName,
  product,
  supplier,
  onOpenChange,
  onDrafted,
}: OrderBuilderProps & { product: BuilderProduct; supplier: BuilderMatch }) {
  const defaults = useOrderDefaults(orgId);
  const defaultDays = defaults.data?.defaultMinShelfLifeDays;
  const { register, control, handleSubmit, getValues, setValue, getFieldState } = useForm<BuilderValues>({
    defaultValues: startingValues(supplier, organizationName, defaultDays),
  });
  // The buyer's default arrives after the sheet opened: fill it in unless the buyer already typed one.
  useEffect(() => {
    if (defaultDays !== undefined && !getFieldState('minShelfLifeDays').isDirty)
      setValue('minShelfLifeDays', String(defaultDays));
  }, [defaultDays, getFieldState, setValue]);
  const { fields, append, remove } = useFieldArray({ control, name: 'drops' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const create = useCreateOrder(orgId);

  const [method, drops, shelfLife] = useWatch({
    control,
    name: ['paymentMethod', 'drops', 'minShelfLifeDays'],
  });
  const methods = builderPaymentMethods(supplier, creditLineOf(supplier));
  const quantities = drops.map((d) => ({ quantity: quantityOf(d.quantity) }));
  const units = builderTotalUnits(quantities);
  const total = builderOrderTotal(quantities, supplier.unitPrice);
  const available = builderAvailableCredit(supplier, creditLineOf(supplier));
  const shortfall = builderCreditShortfall(method, total, available);
  const canSubmit = builderCanSubmit(units, shortfall) && !create.isPending;

  function addDrop() {
    const { deliveryContactName, deliveryContactPhone } = getValues();
    // SPEC §5: a new drop: 10 units, 'New Drop', placeholder address, the delivery contact copied.
    append({
      addressName: NEW_DROP_NAME,
      address: '',
      contactName: deliveryContactName,
      contactPhone: deliveryContactPhone,
      quantity: String(NEW_DROP_QUANTITY),
      estimatedDeliveryDate: '',
    });
  }

  function submit(values: BuilderValues) {
    const parsed = draftOrderSchema.safeParse(
      toDraftOrder(
        values,
        { sellerId: supplier.id, productId: product.id, buyerId: orgId! },
        supplier.paymentTerms,
      ),
    );
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      setFieldErrors(errors);
      toast.error(
        Object.keys(errors).length > 1 ? 'Please review the highlighted details.' : Object.values(errors)[0]!,
      );
      return;
    }
    setFieldErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        onOpenChange(false);
        onDrafted?.();
      },
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!orgId) {
      event.preventDefault();
      toast.error(ORDER_MESSAGES.needCustomer);
      return;
    }
    void handleSubmit(submit)(event);
  }

  return (
    <form id={FORM_ID} noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm ring-1 ring-slate-200 ring-inset">
        <p className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <span className="font-medium text-slate-900">{supplier.name}</span>
          {product.medicineClass !== undefined && (
            <MedicineBadges
              product={{ medicineClass: product.medicineClass, controlled: product.controlled ?? null }}
            />
          )}
        </p>
        <p className="text-slate-600">
          {formatCedis(supplier.unitPrice)} per unit · minimum {supplier.moq} units ·{' '}
          {supplier.paymentTerms || 'Prepaid'}
        </p>
      </div>
      {supplier.eligibility && !supplier.eligibility.allowed && (
        // Drafting stays open (a new pharmacy prepares its first order while its licence is checked);
        // approval is where the rule bites, so the buyer learns it here rather than there.
        <div className="space-y-1">
          <EligibilityNote eligibility={supplier.eligibility} className="text-sm" />
          <p className="text-xs text-slate-600">
            You can still draft this order; it cannot be approved until this is resolved.
          </p>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="builder-method" label="Payment method">
          {(c) => (
            <Select {...c} {...register('paymentMethod')}>
              {methods.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {method === 'credit_facility' && (
          <FormField
            id="builder-credit-days"
            label="Credit term days"
            optional
            error={fieldErrors.creditTermDays}
            hint="Blank takes the days from the supplier's net terms."
          >
            {(c) => (
              <Input
                {...c}
                {...register('creditTermDays')}
                type="number"
                inputMode="numeric"
                min={0}
                max={180}
                step={1}
              />
            )}
          </FormField>
        )}
        <FormField
          id="builder-shelf-life"
          label="Minimum shelf life at delivery (days)"
          error={fieldErrors.minShelfLifeDays}
          hint={
            shelfLife.trim() === ''
              ? "Blank applies your organisation's default"
              : minShelfLifeHint(Number(shelfLife))
          }
        >
          {(c) => (
            <Input
              {...c}
              {...register('minShelfLifeDays')}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_MIN_SHELF_LIFE_DAYS}
              step={1}
            />
          )}
        </FormField>
        <FormField id="builder-entity" label="Ordering entity" optional>
          {(c) => <Input {...c} {...register('entityName')} />}
        </FormField>
        <FormField id="builder-entity-location" label="Entity location" optional>
          {(c) => <Input {...c} {...register('entityLocation')} />}
        </FormField>
        <FormField id="builder-role" label="Your role" optional>
          {(c) => <Input {...c} {...register('requesterRole')} placeholder="e.g. Procurement lead" />}
        </FormField>
        <FormField id="builder-contact-name" label="Delivery contact" optional>
          {(c) => <Input {...c} {...register('deliveryContactName')} autoComplete="name" />}
        </FormField>
        <FormField id="builder-contact-phone" label="Delivery contact phone" optional>
          {(c) => <Input {...c} {...register('deliveryContactPhone')} type="tel" autoComplete="tel" />}
        </FormField>
        <FormField id="builder-address" label="Delivery address" optional>
          {(c) => <Input {...c} {...register('deliveryAddress')} />}
        </FormField>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Drops</legend>
        {fields.map((field, index) => (
          <div
            key={field.id}
            className="space-y-3 rounded-lg border border-slate-200 p-3"
            aria-label={`Drop ${index + 1}`}
            role="group"
          >
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-slate-800">Drop {index + 1}</p>
              {fields.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(index)}
                  aria-label={`Remove drop ${index + 1}`}
                >
                  Remove
                </Button>
              )}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField
                id={`drop-${index}-name`}
                label="Branch name"
                error={fieldErrors[`drops.${index}.addressName`]}
              >
                {(c) => <Input {...c} {...register(`drops.${index}.addressName`)} />}
              </FormField>
              <FormField
                id={`drop-${index}-quantity`}
                label="Quantity (units)"
                error={fieldErrors[`drops.${index}.quantity`]}
              >
                {(c) => (
                  <Input
                    {...c}
                    {...register(`drops.${index}.quantity`)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                  />
                )}
              </FormField>
              <FormField
                id={`drop-${index}-address`}
                label="Address"
                className="sm:col-span-2"
                error={fieldErrors[`drops.${index}.address`]}
              >
                {(c) => (
                  <Input
                    {...c}
                    {...register(`drops.${index}.address`)}
                    placeholder={NEW_DROP_ADDRESS_PLACEHOLDER}
                  />
                )}
              </FormField>
              <FormField id={`drop-${index}-contact`} label="Contact name" optional>
                {(c) => <Input {...c} {...register(`drops.${index}.contactName`)} />}
              </FormField>
              <FormField id={`drop-${index}-phone`} label="Contact phone" optional>
                {(c) => <Input {...c} {...register(`drops.${index}.contactPhone`)} type="tel" />}
              </FormField>
              <FormField
                id={`drop-${index}-eta`}
                label="Requested delivery date"
                optional
                error={fieldErrors[`drops.${index}.estimatedDeliveryDate`]}
              >
                {(c) => <Input {...c} {...register(`drops.${index}.estimatedDeliveryDate`)} type="date" />}
              </FormField>
            </div>
          </div>
        ))}
        <Button type="button" variant="secondary" size="sm" onClick={addDrop}>
          Add drop
        </Button>
      </fieldset>

      {/* Totals and the buttons stay in view while the drops scroll, so a buyer on a phone sees what a
          change of quantity costs without scrolling to the end of the sheet. */}
      <div className="sticky -bottom-4 -mx-4 -mb-4 space-y-3 border-t border-slate-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:-mx-5 sm:px-5 sm:pb-3 shadow-[0_-6px_12px_-10px_rgba(15,23,42,0.35)]">
        <dl className="grid grid-cols-3 gap-3 rounded-lg bg-slate-50 px-3 py-3 text-sm ring-1 ring-slate-200 ring-inset">
          <div>
            <dt className="text-xs text-slate-500">Total units</dt>
            <dd className="font-semibold text-slate-900 tabular-nums" data-testid="builder-units">
              {units}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Order total</dt>
            <dd className="font-semibold text-slate-900 tabular-nums" data-testid="builder-total">
              {formatCedis(total)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Available credit</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {available === null ? 'No credit profile' : formatCedis(available)}
            </dd>
          </div>
        </dl>
        {shortfall && (
          <p
            role="alert"
            className="rounded-lg bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 ring-1 ring-rose-200 ring-inset"
          >
            {ORDER_MESSAGES.creditShortfall}
          </p>
        )}
        <div className="flex justify-end gap-2 *:flex-1 sm:*:flex-none">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit}>
            {create.isPending ? 'Drafting…' : 'Draft order'}
          </Button>
        </div>
      </div>
    </form>
  );
}
