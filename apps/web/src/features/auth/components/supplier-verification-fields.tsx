import { SUPPLIER_CATEGORIES, type SupplierCategory } from '@aduro/shared/auth';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import type { AuthForm } from '../hooks/use-auth-form';
import { LicenceField } from './licence-field';

const CATEGORY_LABELS: Record<SupplierCategory, string> = {
  importer: 'Importer',
  distributor: 'Distributor',
  manufacturer: 'Manufacturer',
};

/** What a supplier adds to its registration so an administrator can verify it before it trades. */
export function SupplierVerificationFields({ auth }: { auth: AuthForm }) {
  const { register, formState } = auth.form;
  const { errors } = formState;
  return (
    <div className="space-y-5 border-t border-slate-100 pt-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Supplier verification</h3>
        <p className="mt-1 text-xs text-slate-600">
          A platform administrator reviews your licence before your organisation can trade.
        </p>
      </div>
      <div className="grid gap-5 lg:grid-cols-2 lg:gap-x-8">
        <FormField id="supplierCategory" label="Supplier category" error={errors.supplierCategory?.message}>
          {(aria) => (
            <Select {...aria} {...register('supplierCategory')}>
              <option value="">Select a category</option>
              {SUPPLIER_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          )}
        </FormField>

        <LicenceField licence={auth.licence} error={errors.licensureDocument?.message} />
      </div>

      <FormField id="deliveryAddress" label="Delivery address" error={errors.deliveryAddress?.message}>
        {(aria) => (
          <Input
            {...aria}
            autoComplete="street-address"
            placeholder="e.g. Plot 14, Kpone Industrial Area, Tema"
            {...register('deliveryAddress')}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2 lg:gap-x-8">
        <FormField
          id="deliveryContactName"
          label="Delivery contact name"
          error={errors.deliveryContactName?.message}
        >
          {(aria) => (
            <Input {...aria} placeholder="e.g. Kwame Boateng" {...register('deliveryContactName')} />
          )}
        </FormField>
        <FormField
          id="deliveryContactPhone"
          label="Delivery contact phone"
          error={errors.deliveryContactPhone?.message}
        >
          {(aria) => (
            <Input
              {...aria}
              type="tel"
              placeholder="e.g. +233 24 455 0192"
              {...register('deliveryContactPhone')}
            />
          )}
        </FormField>
      </div>
      <FormField
        id="approvers"
        label="Approver emails"
        error={errors.approvers?.message}
        hint="Separate several addresses with commas."
      >
        {(aria) => (
          <Input
            {...aria}
            inputMode="email"
            placeholder="finance@yourco.com, ops@yourco.com"
            {...register('approvers')}
          />
        )}
      </FormField>
    </div>
  );
}
