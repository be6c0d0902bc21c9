import { RFQ_MAX_LINES, rfqCreateSchema, type RfqCreate, type RfqCreateInput } from '@aduro/shared/rfqs';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api-client';
import { useCreateRfq } from '../api/create-rfq';
import { useRfqSupplierOptions } from '../api/get-rfq-suppliers';

/** A product the form starts with: the product dialog's, or the cart's lines. */
export interface RfqStartLine {
  productId: string;
  productName: string;
  quantity?: number;
}

/** What the product slot receives when the route lends the catalogue's picker to add lines. */
export interface RfqProductPickerSlotProps {
  id: string;
  value: null;
  onChange: (value: { id: string; name: string | null } | null) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface RfqFormValues {
  lines: { productId: string; productName: string; quantity: string }[];
  requiredBy: string;
  deadlineDate: string;
  deadlineTime: string;
  deliveryLocation: string;
  notes: string;
  minShelfLifeDays: string;
  inviteMode: 'all' | 'chosen';
  supplierIds: string[];
  sealed: boolean;
}

export const SEALED_HINT = "Suppliers' quotes stay hidden until the deadline or until you close early";

const DEFAULT_DEADLINE_DAYS = 3;
const DEFAULT_DEADLINE_TIME = '17:00';

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The deadline's day and time typed in the reader's zone, as an ISO instant with that zone's offset. */
export function deadlineIso(day: string, time: string): string {
  const local = `${day}T${time}`;
  const at = new Date(`${local}:00`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) || Number.isNaN(at.getTime())) return local;
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${local}:00${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

function startValues(lines: readonly RfqStartLine[], deliveryLocation: string, now: Date): RfqFormValues {
  const due = new Date(now);
  due.setDate(due.getDate() + DEFAULT_DEADLINE_DAYS);
  return {
    lines: lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      quantity: line.quantity ? String(line.quantity) : '',
    })),
    requiredBy: '',
    deadlineDate: localDay(due),
    deadlineTime: DEFAULT_DEADLINE_TIME,
    deliveryLocation,
    notes: '',
    minShelfLifeDays: '',
    inviteMode: 'all',
    supplierIds: [],
    sealed: true,
  };
}

/** A typed number as the schema should judge it: blank is missing, anything else as the browser reads it. */
const typedNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The form as the body POST /rfqs takes. */
export function toRfqInput(values: RfqFormValues): RfqCreateInput {
  const minShelfLifeDays = typedNumber(values.minShelfLifeDays);
  return {
    lines: values.lines.map((line) => ({ productId: line.productId, quantity: typedNumber(line.quantity) })),
    requiredBy: values.requiredBy,
    responseDeadline: deadlineIso(values.deadlineDate, values.deadlineTime),
    deliveryLocation: values.deliveryLocation,
    notes: values.notes,
    ...(minShelfLifeDays === undefined ? {} : { minShelfLifeDays }),
    invite: values.inviteMode === 'all' ? 'all' : values.supplierIds,
    sealed: values.sealed,
  } as RfqCreateInput;
}

const schemaResolver = zodResolver(rfqCreateSchema);

/** The shared rfqCreateSchema, the one the API route runs, on the body the form would send. */
const rfqResolver: Resolver<RfqFormValues, unknown, RfqCreate> = async (values, context, options) =>
  (await schemaResolver(toRfqInput(values), context, options as never)) as unknown as ResolverResult<
    RfqFormValues,
    RfqCreate
  >;

/** A message at a path of the body (responseDeadline, invite, lines.0.quantity), wherever it sits. */
function messageAt(errors: FieldErrors<RfqFormValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const error = node as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

/** Server keys name the body's fields; an item of the invited list is reported on the whole choice. */
function formPath(field: string): string {
  if (field.startsWith('invite')) return 'invite';
  return field;
}

export interface RfqFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orgId: string | null;
  /** The products it starts with; none opens it empty, for the picker to fill. */
  startLines?: readonly RfqStartLine[];
  /** Where goods usually go: the cart's delivery address, say. */
  defaultDeliveryLocation?: string;
  /** The catalogue's product search, lent by the route (features do not import each other). */
  renderProductPicker?: (props: RfqProductPickerSlotProps) => ReactNode;
}

/**
 * 'Request quotes' (issue 34): the products and quantities, when the goods are needed and the quotes
 * due, where they go, whom to ask and whether quotes stay sealed; validated by the schema POST /rfqs
 * uses, the server's field messages shown under their fields. On success it opens the new RFQ.
 */
export function RfqFormDialog({ open, onOpenChange, ...formProps }: RfqFormDialogProps) {
  const create = useCreateRfq(formProps.orgId);

  function close() {
    onOpenChange(false);
    create.reset();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Request quotes"
      description="Ask several suppliers at once for a price; you award the best quotes once they are in."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="rfq-form" loading={create.isPending}>
            Send request
          </Button>
        </>
      }
    >
      {/* Mounted per opening (the dialog's body unmounts when closed), so each opening starts afresh. */}
      <RfqForm {...formProps} create={create} onDone={close} />
    </Dialog>
  );
}

interface RfqFormProps extends Omit<RfqFormDialogProps, 'open' | 'onOpenChange'> {
  create: ReturnType<typeof useCreateRfq>;
  onDone: () => void;
}

function RfqForm({
  orgId,
  startLines = [],
  defaultDeliveryLocation = '',
  renderProductPicker,
  create,
  onDone,
}: RfqFormProps) {
  const navigate = useNavigate();
  const [defaults] = useState(() => startValues(startLines, defaultDeliveryLocation, new Date()));
  const form = useForm<RfqFormValues, unknown, RfqCreate>({ defaultValues: defaults, resolver: rfqResolver });
  const { register, handleSubmit, setError, setValue, control, formState } = form;
  const { errors } = formState;
  const lines = useFieldArray({ control, name: 'lines' });
  const inviteMode = useWatch({ control, name: 'inviteMode' });
  const supplierIds = useWatch({ control, name: 'supplierIds' });
  const sealed = useWatch({ control, name: 'sealed' });
  const watchedLines = useWatch({ control, name: 'lines' });
  const productIds = watchedLines.map((line) => line.productId);
  const suppliers = useRfqSupplierOptions(orgId, productIds, inviteMode === 'chosen');
  const productNames = new Map(watchedLines.map((line) => [line.productId, line.productName]));

  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (message) setError(formPath(field) as FieldPath<RfqFormValues>, { type: 'server', message });
    }
  }

  function onValid(body: RfqCreate) {
    create.mutate(body, {
      onSuccess: (created) => {
        onDone();
        void navigate(`/customer/rfqs/${created.id}`);
      },
      onError: showServerFieldErrors,
    });
  }

  function addProduct(product: { id: string; name: string | null } | null) {
    if (!product) return;
    if (productIds.some((id) => id.toLowerCase() === product.id.toLowerCase())) return;
    lines.append({ productId: product.id, productName: product.name ?? product.id, quantity: '' });
  }

  function toggleSupplier(id: string, on: boolean) {
    setValue('supplierIds', on ? [...supplierIds, id] : supplierIds.filter((s) => s !== id), {
      shouldValidate: formState.isSubmitted,
    });
  }

  const linesError = messageAt(errors, 'lines');
  const inviteError = messageAt(errors, 'invite');
  const deadlineError = messageAt(errors, 'responseDeadline');

  return (
    <form
      id="rfq-form"
      noValidate
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="space-y-5"
    >
      <fieldset aria-describedby={linesError ? 'rfq-lines-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Products</legend>
        {lines.fields.length > 0 ? (
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {lines.fields.map((field, i) => {
              const quantityError = messageAt(errors, `lines.${i}.quantity`);
              const productError = messageAt(errors, `lines.${i}.productId`);
              return (
                <li key={field.id} className="flex flex-wrap items-start gap-x-3 gap-y-2 px-3 py-2.5">
                  <div className="min-w-0 flex-1 basis-48 pt-2">
                    <p className="text-sm font-medium text-slate-900">{field.productName}</p>
                    {productError && <p className="mt-1 text-xs font-medium text-rose-700">{productError}</p>}
                  </div>
                  <FormField
                    id={`rfq-line-${i}-quantity`}
                    label={`Quantity of ${field.productName}`}
                    error={quantityError}
                    className="w-32 [&>label]:sr-only"
                  >
                    {(aria) => (
                      <Input
                        {...aria}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        step={1}
                        placeholder="Units"
                        {...register(`lines.${i}.quantity`)}
                      />
                    )}
                  </FormField>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${field.productName}`}
                    onClick={() => lines.remove(i)}
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            {renderProductPicker
              ? 'Search the catalogue below to add the products you need.'
              : 'No products.'}
          </p>
        )}
        <div aria-live="polite">
          {linesError && (
            <p id="rfq-lines-error" className="mt-1.5 text-xs font-medium text-rose-700">
              {linesError}
            </p>
          )}
        </div>
        {renderProductPicker && lines.fields.length < RFQ_MAX_LINES && (
          <FormField id="rfq-add-product" label="Add a product" className="mt-3">
            {(aria) => renderProductPicker({ ...aria, value: null, onChange: addProduct })}
          </FormField>
        )}
      </fieldset>

      <div className="grid gap-4">
        <FormField
          id="rfq-required-by"
          label="Needed by"
          error={messageAt(errors, 'requiredBy')}
          hint="The day the goods must arrive."
        >
          {(aria) => <Input {...aria} type="date" {...register('requiredBy')} />}
        </FormField>
        <FormField
          id="rfq-deadline-date"
          label="Quotes due"
          error={deadlineError}
          hint="Your local time. Suppliers quote until then."
        >
          {(aria) => (
            <div className="grid grid-cols-[minmax(0,1fr)_8rem] gap-2">
              <Input {...aria} type="date" {...register('deadlineDate')} />
              <Input
                type="time"
                aria-label="Quotes due at"
                aria-invalid={aria['aria-invalid']}
                {...register('deadlineTime')}
              />
            </div>
          )}
        </FormField>
      </div>

      <FormField
        id="rfq-delivery-location"
        label="Delivery location"
        error={messageAt(errors, 'deliveryLocation')}
        hint="Quotes are for delivery here, so their prices are landed costs."
      >
        {(aria) => (
          <Textarea
            {...aria}
            rows={2}
            placeholder="e.g. AccraCare Pharmacy, 12 Oxford Street, Osu, Accra"
            {...register('deliveryLocation')}
          />
        )}
      </FormField>

      <FormField
        id="rfq-min-shelf-life"
        label="Minimum shelf life (days)"
        optional
        error={messageAt(errors, 'minShelfLifeDays')}
        hint="Days of shelf life left at delivery. Blank uses your organisation's default."
      >
        {(aria) => (
          <Input
            {...aria}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            className="w-32"
            {...register('minShelfLifeDays')}
          />
        )}
      </FormField>

      <fieldset className="space-y-3" aria-describedby={inviteError ? 'rfq-invite-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Invite</legend>
        <SegmentedControl
          label="Suppliers to invite"
          value={inviteMode}
          onChange={(mode) => setValue('inviteMode', mode, { shouldValidate: formState.isSubmitted })}
          options={[
            { value: 'all', label: 'All suppliers offering these products' },
            { value: 'chosen', label: 'Choose suppliers' },
          ]}
        />
        {inviteMode === 'chosen' && (
          <div>
            {productIds.length === 0 ? (
              <p className="text-sm text-slate-600">Add a product to see the suppliers offering it.</p>
            ) : suppliers.pending ? (
              <p role="status" className="text-sm text-slate-600">
                Finding the suppliers offering these products…
              </p>
            ) : suppliers.options.length === 0 ? (
              <p className="text-sm text-slate-600">
                {suppliers.failed
                  ? 'The suppliers could not be loaded. Close the form and try again.'
                  : 'No supplier offers these products right now.'}
              </p>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2" role="group" aria-label="Suppliers">
                {suppliers.options.map((option) => (
                  <Checkbox
                    key={option.id}
                    variant="tile"
                    label={option.name}
                    description={
                      option.productIds.length === productIds.length
                        ? productIds.length === 1
                          ? 'Offers this product'
                          : 'Offers all these products'
                        : `Offers ${option.productIds.map((id) => productNames.get(id) ?? id).join(', ')}`
                    }
                    checked={supplierIds.includes(option.id)}
                    onCheckedChange={(on) => toggleSupplier(option.id, on)}
                  />
                ))}
              </div>
            )}
          </div>
        )}
        <div aria-live="polite">
          {inviteError && (
            <p id="rfq-invite-error" className="text-xs font-medium text-rose-700">
              {inviteError}
            </p>
          )}
        </div>
      </fieldset>

      <Switch
        id="rfq-sealed"
        label="Sealed quotes"
        description={SEALED_HINT}
        checked={sealed}
        onCheckedChange={(on) => setValue('sealed', on)}
      />

      <FormField id="rfq-notes" label="Notes for suppliers" optional error={messageAt(errors, 'notes')}>
        {(aria) => (
          <Textarea
            {...aria}
            rows={3}
            placeholder="e.g. Blister packs only; deliver between 8 am and 4 pm."
            {...register('notes')}
          />
        )}
      </FormField>
    </form>
  );
}
