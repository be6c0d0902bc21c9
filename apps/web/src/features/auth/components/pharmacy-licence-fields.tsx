import { LICENCE_KIND_LABELS, LICENCE_KINDS } from '@aduro/shared/compliance';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import type { AuthForm } from '../hooks/use-auth-form';
import { LicenceField } from './licence-field';

/**
 * A buyer's Pharmacy Council licence, optional at registration (issue 32): given, the four fields go
 * together and an administrator checks them; without it the buyer prepares orders but cannot release
 * them until a licence is verified (it can be added later under Licence).
 */
export function PharmacyLicenceFields({ auth }: { auth: AuthForm }) {
  const { register, formState } = auth.form;
  const { errors } = formState;
  return (
    // The rule sits on a wrapper: on the fieldset itself the legend would be drawn into it.
    <div className="border-t border-slate-100 pt-5">
      <fieldset className="space-y-5">
        <legend className="text-sm font-semibold text-slate-900">
          Pharmacy licence <span className="font-normal text-slate-600">(optional)</span>
        </legend>
        <div>
          <p className="mt-1 text-xs text-slate-600">
            Your Pharmacy Council licence lets you release orders once an administrator has verified it.
            Without it you can still browse, fill your cart and prepare orders, but not release them until a
            licence is verified; you can add it later under Licence. Give all four details, or none.
          </p>
        </div>
        <div className="grid gap-5 lg:grid-cols-2 lg:gap-x-8">
          <FormField id="licenceKind" label="Licence kind" error={errors.licenceKind?.message}>
            {(aria) => (
              <Select {...aria} {...register('licenceKind')}>
                <option value="">Select the kind of licence</option>
                {LICENCE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {LICENCE_KIND_LABELS[kind]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="licenceNumber" label="Licence number" error={errors.licenceNumber?.message}>
            {(aria) => <Input {...aria} autoComplete="off" {...register('licenceNumber')} />}
          </FormField>
          <FormField
            id="licenceExpiresOn"
            label="Licence expiry date"
            error={errors.licenceExpiresOn?.message}
          >
            {(aria) => <Input {...aria} type="date" {...register('licenceExpiresOn')} />}
          </FormField>
          <LicenceField
            id="licenceDocument"
            label="Licence document"
            licence={auth.pharmacyLicence}
            error={errors.licenceDocument?.message}
          />
        </div>
      </fieldset>
    </div>
  );
}
