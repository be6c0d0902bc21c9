import {
  expiryStatusFor,
  INVENTORY_MESSAGES,
  inventorySyncSchema,
  todayUtc,
  type InventorySyncInput,
} from '@aduro/shared/inventory';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useImperativeHandle,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { FormField, Input } from '../../../components/ui/form-field';
import { formatDay } from '../../../lib/format';
import { productByGtinQueryOptions } from '../api/get-product-by-gtin';
import { useSyncInventory, type InventorySync } from '../api/sync-inventory';
import { PACK_CODE_MESSAGES, readPackCode } from '../utils/pack-code';
import { CameraScanButton } from './camera-scan';

/** The product the form holds: an id, and its name when it was picked rather than pasted. */
export interface ProductSelection {
  id: string;
  name: string | null;
}

/** What the product slot receives: the catalogue's picker renders into it (features never import each other). */
export interface ProductPickerSlotProps {
  id: string;
  value: ProductSelection | null;
  onChange: (value: ProductSelection | null) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Lets the screen put a product into the form, e.g. one just added to the catalogue. SPEC §4: 'New product
 * creation success fills the product id field of the stock sync form with the new id', so the field shows
 * that id, and its name is said beneath it.
 */
export interface StockSyncFormHandle {
  setProduct: (product: { id: string; name: string }) => void;
}

/** The inputs as typed; numbers stay text until the shared schema reads them. */
export interface SyncFormValues {
  productId: string;
  /** Shown by the picker only; the request carries the id. */
  productName: string;
  quantity: string;
  unitPrice: string;
  expiryDate: string;
  batchNumber: string;
  moq: string;
}

/** The toast already says quantity and price are required; beside each field one word is enough. */
function fieldMessage(message: string | undefined): string | undefined {
  return message === INVENTORY_MESSAGES.quantityAndPrice ? 'Required' : message;
}

const EMPTY: SyncFormValues = {
  productId: '',
  productName: '',
  quantity: '',
  unitPrice: '',
  expiryDate: '',
  batchNumber: '',
  moq: '',
};

/** Blank is 'missing' (the schema's required message), never 0. */
function toNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The form's text as the body the shared schema validates, field names unchanged. A blank number stays
 * undefined so that the schema, not this function, reports it as missing.
 */
function toSyncInput(values: SyncFormValues): InventorySyncInput {
  return {
    productId: values.productId,
    quantity: toNumber(values.quantity),
    unitPrice: toNumber(values.unitPrice),
    expiryDate: values.expiryDate,
    batchNumber: values.batchNumber,
    moq: toNumber(values.moq),
  } as InventorySyncInput;
}

const schemaResolver = zodResolver(inventorySyncSchema);

/**
 * The shared inventorySyncSchema, the same the API route uses, run on the converted values. Its error
 * paths are the form's own field names, so the cast only restates the values' type.
 */
const syncResolver: Resolver<SyncFormValues, unknown, InventorySync> = async (values, context, options) =>
  (await schemaResolver(toSyncInput(values), context, options as never)) as unknown as ResolverResult<
    SyncFormValues,
    InventorySync
  >;

interface StockSyncFormProps {
  orgId: string;
  /** Renders the product field; given the id, value and change handler of the form's product. */
  renderProductPicker: (props: ProductPickerSlotProps) => ReactNode;
  /** Shown in the card header, e.g. the 'Add catalogue product' button. */
  actions?: ReactNode;
  ref?: Ref<StockSyncFormHandle>;
}

/** What a read filled in, said under the Barcode field: 'Read: Amoxicillin · batch AMX2406B · expires 31 May 2027'. */
function readNote(read: { product: string | null; batch: string | null; expiry: string | null }): string {
  const parts = [
    read.product,
    read.batch && `batch ${read.batch}`,
    read.expiry && `expires ${formatDay(read.expiry)}`,
  ].filter(Boolean);
  return `Read: ${parts.join(' · ')}`;
}

/**
 * SPEC §2 stock sync form: sets the counted quantity of one lot (product, batch and expiry) and the
 * product's offer price. Missing product, quantity or price also toast, with the exact SPEC §5 texts.
 * A pack's GS1 code, scanned, pasted or read by the camera, fills product, batch and expiry at once.
 */
export function StockSyncForm({ orgId, renderProductPicker, actions, ref }: StockSyncFormProps) {
  const form = useForm<SyncFormValues, unknown, InventorySync>({
    defaultValues: EMPTY,
    resolver: syncResolver,
  });
  const { register, handleSubmit, control, setValue, clearErrors, setFocus, resetField, trigger, formState } =
    form;
  const { errors } = formState;
  // The product is set through the picker rather than a registered input, so it is read back by watching.
  const [productId, productName] = useWatch({ control, name: ['productId', 'productName'] });
  const sync = useSyncInventory(orgId);
  // The name of a product put in from outside (just added to the catalogue) while the field shows its id.
  const [addedName, setAddedName] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // The Barcode field is only a way in: what it reads lands in the other fields, and it is never sent.
  const [barcode, setBarcode] = useState('');
  const [barcodeError, setBarcodeError] = useState<string | null>(null);
  const [barcodeNote, setBarcodeNote] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // The past expiry date the form asked about; the lot is sent once the supplier says it is expired stock.
  const [expiredAsked, setExpiredAsked] = useState<string | null>(null);
  const expiryDate = useWatch({ control, name: 'expiryDate' });
  // Editing the date is the other answer to the question: the question goes with the date it asked about.
  const confirming = expiredAsked !== null && expiredAsked === expiryDate.trim() ? expiredAsked : null;

  const selectProduct = useCallback(
    (selection: ProductSelection | null) => {
      setValue('productId', selection?.id ?? '', { shouldDirty: true });
      setValue('productName', selection?.name ?? '');
      setAddedName(null);
      if (selection) clearErrors('productId');
    },
    [setValue, clearErrors],
  );

  useImperativeHandle(
    ref,
    () => ({
      setProduct: (product) => {
        selectProduct(product);
        setAddedName(product.name);
        // The product is settled, so the next thing to type is the count.
        setFocus('quantity');
      },
    }),
    [selectProduct, setFocus],
  );

  /**
   * Reads a pack's code into the form. A code that cannot be read, or whose GTIN no catalogue product
   * carries, only says so under the Barcode field: the fields keep what they held.
   */
  async function readCode(code: string) {
    if (reading) return;
    const result = readPackCode(code);
    if (!result.ok) {
      setBarcodeError(result.message);
      setBarcodeNote(null);
      return;
    }
    let product: { id: string; name: string } | null = null;
    if (result.gtin !== null) {
      setReading(true);
      try {
        product = await queryClient.fetchQuery(productByGtinQueryOptions(result.gtin));
      } catch {
        // The failed lookup has toasted (SPEC §8); the code stays in the field to read again.
        return;
      } finally {
        setReading(false);
      }
      if (product === null) {
        setBarcodeError(PACK_CODE_MESSAGES.unknownGtin(result.gtin));
        setBarcodeNote(null);
        return;
      }
      selectProduct({ id: product.id, name: product.name });
    }
    const batch = result.batch?.toUpperCase() ?? null;
    if (batch !== null) setValue('batchNumber', batch, { shouldDirty: true });
    if (result.expiry !== null) {
      setValue('expiryDate', result.expiry, { shouldDirty: true });
      clearErrors('expiryDate');
    }
    // A batch the pack prints but our narrower set refuses is shown at once, not on submit.
    if (batch !== null) void trigger('batchNumber');
    setBarcode('');
    setBarcodeError(null);
    setBarcodeNote(readNote({ product: product?.name ?? null, batch, expiry: result.expiry }));
    // Product, batch and expiry are settled; the count is what is left to type.
    setFocus('quantity');
  }

  function onBarcodeKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // A hand scanner types the code and presses Enter: that reads the code, it never submits the form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (barcode.trim() !== '') void readCode(barcode);
  }

  function onInvalid(invalid: FieldErrors<SyncFormValues>) {
    if (invalid.productId?.message === INVENTORY_MESSAGES.productRequired) {
      toast.error(INVENTORY_MESSAGES.productRequired);
    }
    const missingNumbers = [invalid.quantity, invalid.unitPrice].some(
      (error) => error?.message === INVENTORY_MESSAGES.quantityAndPrice,
    );
    if (missingNumbers) toast.error(INVENTORY_MESSAGES.quantityAndPrice);
  }

  const send = (input: InventorySync) =>
    sync.mutate(input, {
      onSuccess: () => {
        // Price and MOQ belong to the product's offer and the product often has more lots to count, so
        // they stay; quantity and expiry belong to the lot just synced and are cleared.
        setExpiredAsked(null);
        resetField('quantity');
        resetField('expiryDate');
        resetField('batchNumber');
        setBarcodeNote(null);
        setFocus('quantity');
      },
      onError: (error) => {
        // The server's day had turned while this device's had not: ask here too.
        if (error instanceof ApiError && error.code === 'EXPIRY_PASSED') setExpiredAsked(input.expiryDate);
      },
    });

  const onValid = (input: InventorySync) => {
    // A date already past is most often a mistyped year, so the form asks before it records expired stock.
    if (input.expiryDate && expiryStatusFor(input.expiryDate, todayUtc()) === 'expired') {
      setExpiredAsked(input.expiryDate);
      return;
    }
    send(input);
  };

  // The fields are read again, so a count changed while the question showed is the one sent.
  const confirmExpired = handleSubmit((input) => {
    if (input.expiryDate !== expiredAsked) return onValid(input);
    send({ ...input, confirmExpired: true });
  }, onInvalid);

  function changeExpiry() {
    setExpiredAsked(null);
    setFocus('expiryDate');
  }

  return (
    <Card aria-labelledby="stock-sync-title">
      <CardHeader
        id="stock-sync-title"
        title="Sync stock"
        description="Count one lot: its units, your price, its batch and expiry."
        actions={actions}
      />
      {/* Sized by its column rather than the screen: the form sits in a narrow side column on laptops. */}
      <div className="@container">
        <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid grid-cols-2 gap-4 p-5">
          <FormField
            id="sync-barcode"
            label="Barcode"
            error={barcodeError ?? undefined}
            hint={barcodeNote ?? 'Scan the pack, or paste its code, to fill product, batch and expiry.'}
            className="col-span-2"
          >
            {(controlProps) => (
              <div className="flex flex-wrap gap-2">
                <Input
                  {...controlProps}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="Scan or paste a code"
                  value={barcode}
                  onChange={(event) => {
                    setBarcode(event.target.value);
                    setBarcodeError(null);
                  }}
                  onKeyDown={onBarcodeKeyDown}
                  className="min-w-0 flex-1 basis-48 font-mono placeholder:font-sans"
                />
                <Button
                  variant="secondary"
                  loading={reading}
                  disabled={barcode.trim() === ''}
                  onClick={() => void readCode(barcode)}
                >
                  Read code
                </Button>
                <CameraScanButton
                  onCode={(code) => {
                    setBarcode(code);
                    void readCode(code);
                  }}
                />
              </div>
            )}
          </FormField>
          <FormField
            id="sync-product"
            label="Product"
            error={errors.productId?.message}
            hint={
              addedName === null
                ? 'Search by name or brand, or paste a product ID.'
                : `New catalogue product: ${addedName}`
            }
            className="col-span-2"
          >
            {(controlProps) =>
              renderProductPicker({
                ...controlProps,
                // The picker shows a selection's name as its text: for a product just added, that is its id.
                value: productId
                  ? { id: productId, name: addedName === null ? productName || null : productId }
                  : null,
                onChange: selectProduct,
              })
            }
          </FormField>
          <FormField
            id="sync-quantity"
            label="Quantity (units)"
            error={fieldMessage(errors.quantity?.message)}
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                {...register('quantity')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="0"
              />
            )}
          </FormField>
          <FormField
            id="sync-unit-price"
            label="Unit price (GH₵)"
            error={fieldMessage(errors.unitPrice?.message)}
            hint={INVENTORY_MESSAGES.priceAppliesToOffer}
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                {...register('unitPrice')}
                type="number"
                inputMode="decimal"
                min={0.01}
                step={0.01}
                placeholder="0.00"
              />
            )}
          </FormField>
          <FormField
            id="sync-batch"
            label="Batch number"
            error={errors.batchNumber?.message}
            hint="Optional; as printed on the pack"
            className="col-span-2 @sm:col-span-1"
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                {...register('batchNumber')}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="e.g. AMX2406B"
                className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
              />
            )}
          </FormField>
          <FormField
            id="sync-expiry"
            label="Expiry date"
            optional
            error={errors.expiryDate?.message}
            className="col-span-2 @sm:col-span-1"
          >
            {(controlProps) => <Input {...controlProps} {...register('expiryDate')} type="date" />}
          </FormField>
          <FormField
            id="sync-moq"
            label="MOQ"
            optional
            error={errors.moq?.message}
            hint="Minimum order quantity"
            className="col-span-2 @sm:col-span-1"
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                {...register('moq')}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="1"
              />
            )}
          </FormField>
          {confirming !== null ? (
            <ExpiredLotConfirmation
              expiryDate={confirming}
              pending={sync.isPending}
              onConfirm={() => void confirmExpired()}
              onChangeDate={changeExpiry}
            />
          ) : (
            <Button type="submit" loading={sync.isPending} className="col-span-2">
              Sync stock
            </Button>
          )}
        </form>
      </div>
    </Card>
  );
}

interface ExpiredLotConfirmationProps {
  expiryDate: string;
  pending: boolean;
  onConfirm: () => void;
  onChangeDate: () => void;
}

/**
 * The confirm step of a lot whose expiry date has passed: it takes the submit button's place, so the
 * lot is only sent once the supplier says it is expired stock (the API refuses it otherwise).
 */
function ExpiredLotConfirmation({
  expiryDate,
  pending,
  onConfirm,
  onChangeDate,
}: ExpiredLotConfirmationProps) {
  return (
    <div
      role="group"
      aria-labelledby="sync-expired-title"
      aria-describedby="sync-expired-body"
      className="col-span-2 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <p id="sync-expired-title" className="text-sm font-semibold text-amber-900" role="alert">
        This lot expired on {formatDay(expiryDate)}
      </p>
      <p id="sync-expired-body" className="mt-1 text-sm text-amber-900">
        Record it as expired stock? It stays in your inventory as expired and is never sold. If the date is a
        typo, change it.
      </p>
      <div className="mt-3 flex flex-col gap-2 @sm:flex-row">
        <Button variant="danger" loading={pending} onClick={onConfirm} className="@sm:flex-1">
          Record as expired
        </Button>
        <Button variant="secondary" disabled={pending} onClick={onChangeDate} className="@sm:flex-1">
          Change the date
        </Button>
      </div>
    </div>
  );
}
