import { USER_TYPE_LABELS } from '@aduro/shared/auth';
import type { UserType } from '@aduro/shared/permissions';
import type { ChangeEvent } from 'react';
import { cn } from '../../../components/ui/cn';
import { FormField, Input } from '../../../components/ui/form-field';
import type { AuthForm } from '../hooks/use-auth-form';

// The pieces the sign-in and registration tabs both show, each tab deciding how it uses them.

// The labels are shared: the server's "Choose Supplier to sign in." names a type by them.
const USER_TYPE_COPY: Record<UserType, { label: string; description: string }> = {
  customer: { label: USER_TYPE_LABELS.customer, description: 'Pharmacies and buyer organisations' },
  supplier: { label: USER_TYPE_LABELS.supplier, description: 'Importers, distributors and manufacturers' },
  platform: { label: USER_TYPE_LABELS.platform, description: 'Aduro administrators' },
};

export function AuthFormHeading({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-500">{description}</p>
    </div>
  );
}

interface AccountTypeFieldProps {
  auth: AuthForm;
  /** The account types this tab offers, in display order. */
  types: readonly UserType[];
}

/** Radio cards; choosing one goes through applyUserType, which also clears what the old type needed. */
export function AccountTypeField({ auth, types }: AccountTypeFieldProps) {
  const { form, userType, applyUserType } = auth;
  const error = form.formState.errors.userType?.message;
  const field = form.register('userType', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => applyUserType(event.target.value as UserType),
  });

  return (
    <fieldset aria-describedby={error ? 'userType-error' : undefined}>
      <legend className="text-sm font-medium text-slate-800">Account type</legend>
      <div className={cn('mt-2 grid gap-2', types.length === 2 ? 'grid-cols-2' : 'grid-cols-3')}>
        {types.map((type) => (
          <label
            key={type}
            className={cn(
              'relative flex cursor-pointer flex-col rounded-lg border px-3 py-2.5 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600',
              userType === type
                ? 'border-emerald-600 bg-emerald-50/60 ring-1 ring-emerald-600'
                : 'border-slate-200 bg-white hover:border-slate-300',
            )}
          >
            <input
              {...field}
              type="radio"
              value={type}
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
            <span className="text-sm font-medium text-slate-900">{USER_TYPE_COPY[type].label}</span>
            <span className="hidden text-xs text-slate-500 sm:block">{USER_TYPE_COPY[type].description}</span>
          </label>
        ))}
      </div>
      <div aria-live="polite">
        {error && (
          <p id="userType-error" className="mt-1.5 text-xs font-medium text-rose-700">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}

interface CredentialFieldsProps {
  form: AuthForm['form'];
  /** Registration sets a password rather than recalling one: browsers should offer to generate it. */
  newPassword?: boolean;
}

export function CredentialFields({ form, newPassword = false }: CredentialFieldsProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <>
      <FormField id="email" label="Email" error={errors.email?.message}>
        {(aria) => (
          <Input {...aria} type="email" autoComplete="email" inputMode="email" {...register('email')} />
        )}
      </FormField>

      <FormField
        id="password"
        label="Password"
        error={errors.password?.message}
        hint={newPassword ? 'At least 6 characters.' : undefined}
      >
        {(aria) => (
          <Input
            {...aria}
            type="password"
            autoComplete={newPassword ? 'new-password' : 'current-password'}
            {...register('password')}
          />
        )}
      </FormField>
    </>
  );
}
