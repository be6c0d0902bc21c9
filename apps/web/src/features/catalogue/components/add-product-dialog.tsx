import {
  CATALOGUE_MESSAGES,
  createProductSchema,
  type CreateProductInput,
  type Product,
} from '@aduro/shared/catalogue';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { useCreateProduct, type CreateProduct } from '../api/create-product';

/** The form holds the schema's input as typed; the resolver hands onValid the trimmed output. */
type ProductFormValues = CreateProductInput;

const EMPTY: ProductFormValues = {
  name: '',
  brandName: '',
  category: '',
  unitOfMeasure: '',
  itemsPerUnit: '',
  description: '',
  gtin: '',
};

/** The toast carries the SPEC sentence; repeating it under each empty field would only add noise. */
function fieldMessage(message: string | undefined): string | undefined {
  return message === CATALOGUE_MESSAGES.requiredFields ? 'Required' : message;
}

const TEXT_FIELDS: ReadonlyArray<{
  name: Exclude<keyof ProductFormValues, 'description' | 'gtin'>;
  label: string;
  placeholder: string;
}> = [
  { name: 'name', label: 'Product name', placeholder: 'e.g. Amoxicillin 500 mg capsules' },
  { name: 'brandName', label: 'Brand', placeholder: 'e.g. Ernest Chemists' },
  { name: 'category', label: 'Category', placeholder: 'e.g. Antibiotics' },
  { name: 'unitOfMeasure', label: 'Unit of measure', placeholder: 'e.g. box' },
  { name: 'itemsPerUnit', label: 'Items per unit', placeholder: 'e.g. 100 capsules' },
];

const resolver = zodResolver(createProductSchema);

interface AddProductDialogProps {
  /** Called with the product the server created, e.g. to put it into the stock sync form. */
  onCreated: (product: Product) => void;
}

/** SPEC §2 'Add catalogue product': a button and the dialog it opens (Escape closes it, SPEC §2). */
export function AddProductDialog({ onCreated }: AddProductDialogProps) {
  const [open, setOpen] = useState(false);
  const form = useForm<ProductFormValues, unknown, CreateProduct>({ defaultValues: EMPTY, resolver });
  const { register, handleSubmit, reset, formState } = form;
  const { errors } = formState;
  const createProduct = useCreateProduct();

  function onOpenChange(next: boolean) {
    setOpen(next);
    // A closed dialog starts clean next time, whether it was saved or abandoned.
    if (!next) reset(EMPTY);
  }

  function onInvalid(invalid: FieldErrors<ProductFormValues>) {
    const missing = Object.values(invalid).some(
      (error) => error?.message === CATALOGUE_MESSAGES.requiredFields,
    );
    if (missing) toast.error(CATALOGUE_MESSAGES.requiredFields);
  }

  const onValid = (input: CreateProduct) =>
    createProduct.mutate(input, {
      onSuccess: (product) => {
        onCreated(product);
        onOpenChange(false);
      },
    });

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        Add catalogue product
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Add catalogue product"
        description="Products are shared by every supplier. Add one only when the search cannot find it."
        footer={
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" form="add-product-form" loading={createProduct.isPending}>
              Add product
            </Button>
          </>
        }
      >
        <form
          id="add-product-form"
          noValidate
          onSubmit={handleSubmit(onValid, onInvalid)}
          className="grid gap-4 sm:grid-cols-2"
        >
          {TEXT_FIELDS.map((field) => (
            <FormField
              key={field.name}
              id={`product-${field.name}`}
              label={field.label}
              error={fieldMessage(errors[field.name]?.message)}
              className={field.name === 'name' ? 'sm:col-span-2' : undefined}
            >
              {(control) => <Input {...control} {...register(field.name)} placeholder={field.placeholder} />}
            </FormField>
          ))}
          <FormField
            id="product-gtin"
            label="GTIN (barcode number)"
            optional
            error={errors.gtin?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                {...register('gtin')}
                inputMode="numeric"
                autoComplete="off"
                placeholder="8, 12, 13 or 14 digits, e.g. 4006381333931"
              />
            )}
          </FormField>
          <FormField
            id="product-description"
            label="Description"
            optional
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <Textarea
                {...control}
                {...register('description')}
                placeholder="What it treats and how it is packed"
              />
            )}
          </FormField>
        </form>
      </Dialog>
    </>
  );
}
