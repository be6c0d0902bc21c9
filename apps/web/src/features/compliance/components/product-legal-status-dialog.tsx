import { fdaRegistrationIncomplete, type Product } from '@aduro/shared/catalogue';
import {
  adminProductPatchSchema,
  CONTROLLED_KIND_LABELS,
  CONTROLLED_KINDS,
  MEDICINE_CLASS_LABELS,
  MEDICINE_CLASS_NAMES,
  MEDICINE_CLASSES,
  type ControlledKind,
  type MedicineClass,
} from '@aduro/shared/compliance';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateProductLegalStatus } from '../api/update-product-legal-status';

/** The form as typed: a select's empty choice is '' ("not classed", "not controlled"). */
export interface LegalStatusFormValues {
  medicineClass: MedicineClass | '';
  controlled: ControlledKind | '';
  fdaRegistrationNumber: string;
  fdaRegistrationExpiresOn: string;
}

type LegalStatusPatch = z.output<typeof adminProductPatchSchema>;

const FIELDS = [
  'medicineClass',
  'controlled',
  'fdaRegistrationNumber',
  'fdaRegistrationExpiresOn',
] as const satisfies readonly FieldPath<LegalStatusFormValues>[];

/**
 * The PATCH contract, fed the selects' '' as null (every field is sent: the dialog shows the whole
 * legal status and saves it as shown), plus the rule that a registration is a number and an expiry
 * together, which the server checks too.
 */
const formSchema = z
  .object({
    medicineClass: z.string(),
    controlled: z.string(),
    fdaRegistrationNumber: z.string(),
    fdaRegistrationExpiresOn: z.string(),
  })
  .transform((v, ctx): LegalStatusPatch => {
    const parsed = adminProductPatchSchema.safeParse({
      medicineClass: v.medicineClass || null,
      controlled: v.controlled || null,
      fdaRegistrationNumber: v.fdaRegistrationNumber,
      fdaRegistrationExpiresOn: v.fdaRegistrationExpiresOn,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map(String) });
      return z.NEVER;
    }
    const incomplete = fdaRegistrationIncomplete(parsed.data);
    if (incomplete) {
      ctx.addIssue({ code: 'custom', message: incomplete.message, path: [incomplete.field] });
      return z.NEVER;
    }
    return parsed.data;
  });

const resolver = zodResolver(formSchema) as unknown as Resolver<
  LegalStatusFormValues,
  unknown,
  LegalStatusPatch
>;

export function legalStatusValues(product: Product): LegalStatusFormValues {
  return {
    medicineClass: product.medicineClass ?? '',
    controlled: product.controlled ?? '',
    fdaRegistrationNumber: product.fdaRegistrationNumber ?? '',
    fdaRegistrationExpiresOn: product.fdaRegistrationExpiresOn ?? '',
  };
}

interface ProductLegalStatusDialogProps {
  /** The product to correct; null keeps the dialog closed. */
  product: Product | null;
  onClose: () => void;
}

/**
 * A platform administrator sets or corrects a medicine's legal status: its class, whether it is a
 * controlled drug, and its FDA registration. Saved with PATCH /admin/products/{id}; what the server
 * refuses field by field shows under the field.
 */
export function ProductLegalStatusDialog({ product, onClose }: ProductLegalStatusDialogProps) {
  const save = useUpdateProductLegalStatus();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    LegalStatusFormValues,
    unknown,
    LegalStatusPatch
  >({
    resolver,
    defaultValues: {
      medicineClass: '',
      controlled: '',
      fdaRegistrationNumber: '',
      fdaRegistrationExpiresOn: '',
    },
  });
  const { errors } = formState;

  // Each product opens on its own status as recorded.
  useEffect(() => {
    if (product) reset(legalStatusValues(product));
  }, [product, reset]);

  function close() {
    if (save.isPending) return;
    onClose();
  }

  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (message && (FIELDS as readonly string[]).includes(field))
        setError(field as FieldPath<LegalStatusFormValues>, { type: 'server', message });
    }
  }

  const onValid = (patch: LegalStatusPatch) =>
    product &&
    save.mutate({ productId: product.id, ...patch }, { onSuccess: onClose, onError: showServerFieldErrors });

  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && close()}
      title={product ? `Legal status of ${product.name}` : 'Legal status'}
      description={
        product
          ? `${product.brandName} · ${product.category}. Buyers see the class and Controlled badges; who may buy it follows from them.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="product-legal-status-form" loading={save.isPending}>
            Save legal status
          </Button>
        </>
      }
    >
      <form
        id="product-legal-status-form"
        noValidate
        onSubmit={handleSubmit(onValid)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField
          id="legal-status-class"
          label="Medicine class"
          error={errors.medicineClass?.message}
          hint="Not classed is treated as prescription-only, the strictest."
        >
          {(control) => (
            <Select {...control} {...register('medicineClass')}>
              <option value="">Not classed (treated as POM)</option>
              {MEDICINE_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {`${MEDICINE_CLASS_LABELS[c]} · ${MEDICINE_CLASS_NAMES[c]}`}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="legal-status-controlled"
          label="Controlled drug"
          error={errors.controlled?.message}
          hint="A controlled drug needs the buyer's authorisation and a Pharmacist's sign-off."
        >
          {(control) => (
            <Select {...control} {...register('controlled')}>
              <option value="">Not controlled</option>
              {CONTROLLED_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {CONTROLLED_KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="legal-status-fda-number"
          label="FDA registration number"
          optional
          error={errors.fdaRegistrationNumber?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...register('fdaRegistrationNumber')}
              maxLength={40}
              autoComplete="off"
              placeholder="e.g. FDA/SD.222-1234"
            />
          )}
        </FormField>
        <FormField
          id="legal-status-fda-expiry"
          label="Registration expires on"
          optional
          error={errors.fdaRegistrationExpiresOn?.message}
          hint="Once it has passed, buyers are not offered the product."
        >
          {(control) => <Input {...control} {...register('fdaRegistrationExpiresOn')} type="date" />}
        </FormField>
      </form>
    </Dialog>
  );
}
