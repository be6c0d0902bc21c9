import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { today, type CartLineFormValues } from '../utils/cart-form';

interface CartLineFieldsProps {
  /** Makes the inputs' ids unique to their dialog, so labels and errors stay tied to the right input. */
  idPrefix: string;
  register: UseFormRegister<CartLineFormValues>;
  errors: FieldErrors<CartLineFormValues>;
}

/**
 * The SPEC §2 add-to-cart fields (quantity, unit price, delivery location, preferred drop date, contact
 * name, contact phone, notes): one set for adding a line and for editing one, so both follow the same
 * rules and read alike.
 */
export function CartLineFields({ idPrefix, register, errors }: CartLineFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={id('quantity')} label="Quantity (units)" error={errors.quantity?.message}>
        {(c) => <Input {...c} {...register('quantity')} type="number" inputMode="numeric" min={1} step={1} />}
      </FormField>
      <FormField
        id={id('unit-price')}
        label="Unit price (GH₵)"
        optional
        error={errors.unitPrice?.message}
        hint="Your target price, kept on the line. Orders are charged the supplier's current offer."
      >
        {(c) => (
          <Input
            {...c}
            {...register('unitPrice')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="No target"
          />
        )}
      </FormField>
      <FormField
        id={id('delivery-location')}
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
        id={id('drop-date')}
        label="Preferred drop date"
        optional
        error={errors.preferredDropDate?.message}
      >
        {(c) => <Input {...c} {...register('preferredDropDate')} type="date" min={today()} />}
      </FormField>
      <FormField id={id('contact-name')} label="Contact name" optional error={errors.contactName?.message}>
        {(c) => <Input {...c} {...register('contactName')} autoComplete="name" />}
      </FormField>
      <FormField id={id('contact-phone')} label="Contact phone" optional error={errors.contactPhone?.message}>
        {(c) => (
          <Input {...c} {...register('contactPhone')} type="tel" autoComplete="tel" placeholder="+233 ..." />
        )}
      </FormField>
      <FormField
        id={id('notes')}
        label="Notes"
        optional
        error={errors.notes?.message}
        className="sm:col-span-2"
      >
        {(c) => <Textarea {...c} {...register('notes')} placeholder="Anything the supplier should know" />}
      </FormField>
    </div>
  );
}
