import {
  RECALL_SEVERITIES,
  RECALL_SEVERITY_LABELS,
  recallCreateSchema,
  type RecallCreate,
  type RecallCreateInput,
  type RecallDetail,
} from '@aduro/shared/recalls';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  useController,
  useForm,
  useWatch,
  type FieldError,
  type FieldPath,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Select, Textarea } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useDeclareRecall } from '../api/declare-recall';
import { parseBatchList } from '../utils/recall-format';

/** A product the supplier holds, with the batch numbers of its lots (the checkboxes to recall from). */
export interface RecallProductOption {
  id: string;
  name: string;
  batches: readonly string[];
}

/** What the product slot receives when the catalogue's picker chooses the product (platform recalls). */
export interface RecallProductPickerSlotProps {
  id: string;
  value: { id: string; name: string | null } | null;
  onChange: (value: { id: string; name: string | null } | null) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface DeclareRecallFormValues {
  productId: string;
  /** Shown by the picker only; the request carries the id. */
  productName: string;
  /** Batches ticked among the product's lots. */
  batchNumbers: string[];
  /** Batches typed by hand, one per line or comma. */
  otherBatches: string;
  severity: string;
  reason: string;
}

const EMPTY: DeclareRecallFormValues = {
  productId: '',
  productName: '',
  batchNumbers: [],
  otherBatches: '',
  severity: '',
  reason: '',
};

/** The form as the body POST /recalls takes: ticked and typed batches together, each once. */
function toRecallInput(values: DeclareRecallFormValues): RecallCreateInput {
  return {
    productId: values.productId,
    batchNumbers: [...new Set([...values.batchNumbers, ...parseBatchList(values.otherBatches)])],
    reason: values.reason,
    severity: (values.severity || undefined) as RecallCreateInput['severity'],
  };
}

const schemaResolver = zodResolver(recallCreateSchema);

/**
 * The shared recallCreateSchema, the one the API route uses, run on the combined batches. A bad batch
 * number is reported once, naming it, rather than at a position the user never sees.
 */
const recallResolver: Resolver<DeclareRecallFormValues, unknown, RecallCreate> = async (
  values,
  context,
  options,
) => {
  const input = toRecallInput(values);
  const result = (await schemaResolver(input, context, options as never)) as unknown as ResolverResult<
    DeclareRecallFormValues,
    RecallCreate
  >;
  const batchErrors = result.errors.batchNumbers as
    (FieldError & Record<number, FieldError | undefined>) | undefined;
  if (batchErrors && !batchErrors.message) {
    const index = Object.keys(batchErrors).map(Number).find(Number.isInteger);
    const item = index === undefined ? undefined : batchErrors[index];
    result.errors.batchNumbers = {
      type: item?.type ?? 'invalid',
      message: item && index !== undefined ? `${input.batchNumbers?.[index]}: ${item.message}` : undefined,
    } as never;
  }
  return result;
};

const SERVER_FIELDS = ['productId', 'batchNumbers', 'reason', 'severity'] as const;

export interface DeclareRecallDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orgId: string | null;
  /** A supplier's own products and their batches: chosen from a list, batches ticked. */
  products?: readonly RecallProductOption[];
  productsLoading?: boolean;
  /** A platform administrator's catalogue picker: any product, batches typed. */
  renderProductPicker?: (props: RecallProductPickerSlotProps) => ReactNode;
  /** e.g. opens the new recall's trace. */
  onDeclared?: (recall: RecallDetail) => void;
  /** What the dialog says the recall does, which differs for a supplier and for the platform. */
  description: string;
}

/**
 * 'Declare a recall': product, batches, class and reason, validated by the schema POST /recalls uses;
 * the server's field messages (an unknown batch, say) land under their fields. Opened by
 * DeclareRecallButton, which downloads it when first needed.
 */
export function DeclareRecallDialog({
  open,
  onOpenChange,
  orgId,
  products,
  productsLoading,
  renderProductPicker,
  onDeclared,
  description,
}: DeclareRecallDialogProps) {
  const declare = useDeclareRecall(orgId);
  const form = useForm<DeclareRecallFormValues, unknown, RecallCreate>({
    defaultValues: EMPTY,
    resolver: recallResolver,
  });
  const { register, handleSubmit, reset, setError, setValue, control, formState } = form;
  const { errors } = formState;
  const productId = useWatch({ control, name: 'productId' });
  const productName = useWatch({ control, name: 'productName' });
  const checked = useController({ control, name: 'batchNumbers' });
  const product = products?.find((option) => option.id === productId);

  function close() {
    onOpenChange(false);
    reset(EMPTY);
    declare.reset();
  }

  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (message && (SERVER_FIELDS as readonly string[]).includes(field)) {
        setError(field as FieldPath<DeclareRecallFormValues>, { type: 'server', message });
      }
    }
  }

  function onValid(body: RecallCreate) {
    declare.mutate(body, {
      onSuccess: (recall) => {
        close();
        onDeclared?.(recall);
      },
      onError: showServerFieldErrors,
    });
  }

  function toggleBatch(batch: string, on: boolean) {
    const current = checked.field.value;
    checked.field.onChange(on ? [...current, batch] : current.filter((b) => b !== batch));
  }

  const batchError = errors.batchNumbers?.message ?? errors.batchNumbers?.root?.message;
  const picking = Boolean(renderProductPicker);
  /** Batches to tick are shown above: the text is then for any others. */
  const listed = !picking && Boolean(product?.batches.length);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Declare a recall"
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="declare-recall-form" variant="danger" loading={declare.isPending}>
            Declare recall
          </Button>
        </>
      }
    >
      <form
        id="declare-recall-form"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        className="space-y-4"
      >
        <FormField id="recall-product" label="Product" error={errors.productId?.message}>
          {(aria) =>
            renderProductPicker ? (
              renderProductPicker({
                ...aria,
                value: productId ? { id: productId, name: productName || null } : null,
                onChange: (value) => {
                  setValue('productId', value?.id ?? '', {
                    shouldDirty: true,
                    shouldValidate: formState.isSubmitted,
                  });
                  setValue('productName', value?.name ?? '');
                },
              })
            ) : (
              <Select
                {...aria}
                disabled={productsLoading}
                {...register('productId', { onChange: () => setValue('batchNumbers', []) })}
              >
                <option value="">{productsLoading ? 'Loading your products…' : 'Choose a product'}</option>
                {products?.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </Select>
            )
          }
        </FormField>

        {!picking && product && (
          <fieldset aria-invalid={batchError ? true : undefined}>
            <legend className="text-sm font-medium text-slate-800">Batches in your stock</legend>
            {product.batches.length ? (
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {product.batches.map((batch) => (
                  <Checkbox
                    key={batch}
                    variant="tile"
                    label={batch}
                    checked={checked.field.value.includes(batch)}
                    onCheckedChange={(isChecked) => toggleBatch(batch, isChecked)}
                  />
                ))}
              </div>
            ) : (
              <p className="mt-1 text-sm text-slate-500">
                No batch numbers are recorded for this product&apos;s lots. Type the batches below.
              </p>
            )}
          </fieldset>
        )}

        <FormField
          id="recall-other-batches"
          label={listed ? 'Other batch numbers' : 'Batch numbers'}
          optional={listed}
          error={batchError}
          hint={
            picking
              ? 'As printed on the packs, separated by commas or new lines. Every supplier’s stock of these batches is quarantined.'
              : listed
                ? 'Batches already sold out, separated by commas or new lines.'
                : 'As printed on the packs, separated by commas or new lines.'
          }
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={2}
              autoComplete="off"
              spellCheck={false}
              className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
              placeholder="e.g. AMX2405A, AMX2405B"
              {...register('otherBatches')}
            />
          )}
        </FormField>

        <FormField id="recall-severity" label="Recall class" error={errors.severity?.message}>
          {(aria) => (
            <Select {...aria} {...register('severity')}>
              <option value="">Select a class</option>
              {RECALL_SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {RECALL_SEVERITY_LABELS[severity]}
                </option>
              ))}
            </Select>
          )}
        </FormField>

        <FormField
          id="recall-reason"
          label="Reason"
          error={errors.reason?.message}
          hint="Pharmacies read this with the notice: what was found and what they should do."
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={4}
              placeholder="e.g. FDA Ghana alert: dissolution failure found in batch AMX2405A. Stop dispensing and quarantine all packs."
              {...register('reason')}
            />
          )}
        </FormField>
      </form>
    </Dialog>
  );
}
