import { USER_TYPES } from '@aduro/shared/permissions';
import { FormField, Input } from '../../../components/ui/form-field';
import type { AuthForm } from '../hooks/use-auth-form';
import { AccountTypeField, AuthFormHeading, CredentialFields } from './auth-form-parts';
import { PharmacyLicenceFields } from './pharmacy-licence-fields';
import { SupplierVerificationFields } from './supplier-verification-fields';

// Platform accounts are created by other administrators, never through this form.
const REGISTRABLE_TYPES = USER_TYPES.filter((type) => type !== 'platform');

/**
 * The registration tab of #auth-form: the person, the organisation and its licence (a supplier's
 * licensure document, or optionally a buyer's pharmacy licence).
 */
export function RegistrationFields({ auth }: { auth: AuthForm }) {
  const { register, formState } = auth.form;
  const { errors } = formState;
  // The shared schema requires the organisation's details of suppliers only.
  const isSupplier = auth.userType === 'supplier';

  return (
    <>
      <AuthFormHeading
        title="Create your Aduro account"
        description="Open a buyer or supplier account for your organisation."
      />
      <AccountTypeField auth={auth} types={REGISTRABLE_TYPES} />

      {/* Two columns on a laptop, where the page gives registration the wide column. */}
      <div className="grid gap-5 lg:grid-cols-2 lg:gap-x-8">
        <div className="space-y-5">
          <FormField id="name" label="Full name" error={errors.name?.message}>
            {(aria) => <Input {...aria} autoComplete="name" {...register('name')} />}
          </FormField>
          <CredentialFields form={auth.form} newPassword />
        </div>

        <div className="space-y-5 border-t border-slate-100 pt-5 lg:border-0 lg:pt-0">
          <h3 className="text-sm font-semibold text-slate-900">Organisation</h3>
          <FormField
            id="businessName"
            label="Business name"
            optional={!isSupplier}
            error={errors.businessName?.message}
          >
            {(aria) => <Input {...aria} autoComplete="organization" {...register('businessName')} />}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
            <FormField
              id="organizationPhone"
              label="Organisation phone"
              optional={!isSupplier}
              error={errors.organizationPhone?.message}
            >
              {(aria) => <Input {...aria} type="tel" autoComplete="tel" {...register('organizationPhone')} />}
            </FormField>
            <FormField
              id="organizationLocation"
              label="Organisation location"
              optional={!isSupplier}
              error={errors.organizationLocation?.message}
            >
              {(aria) => (
                <Input {...aria} placeholder="Town or area, region" {...register('organizationLocation')} />
              )}
            </FormField>
          </div>
        </div>
      </div>

      {isSupplier ? <SupplierVerificationFields auth={auth} /> : <PharmacyLicenceFields auth={auth} />}
    </>
  );
}
