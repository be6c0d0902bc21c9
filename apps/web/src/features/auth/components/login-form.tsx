import {
  AUTH_MESSAGES,
  LICENCE_EXTENSIONS,
  LICENCE_MAX_BYTES,
  SUPPLIER_CATEGORIES,
  licenceHasAllowedExtension,
  loginSchema,
  registerSchema,
  type LicenceFileInfo,
  type SupplierCategory,
} from '@aduro/shared/auth';
import type { UserType } from '@aduro/shared/permissions';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { DEMO_PASSWORD, DemoAccounts, demoEmailFor, isDemoEmail } from './demo-accounts';

export type AuthMode = 'sign-in' | 'register';

/** Every field of both modes as the inputs hold them; the shared schemas turn them into requests. */
export interface AuthFormValues {
  /** Kept in the form so the resolver, a pure function of the values, knows which schema applies. */
  mode: AuthMode;
  email: string;
  password: string;
  userType: UserType;
  name: string;
  businessName: string;
  organizationPhone: string;
  organizationLocation: string;
  supplierCategory: SupplierCategory | '';
  deliveryAddress: string;
  deliveryContactName: string;
  deliveryContactPhone: string;
  approvers: string;
  licensureDocument: LicenceFileInfo | undefined;
}

const SUPPLIER_ONLY_FIELDS = [
  'supplierCategory',
  'deliveryAddress',
  'deliveryContactName',
  'deliveryContactPhone',
  'approvers',
  'licensureDocument',
] as const satisfies ReadonlyArray<FieldPath<AuthFormValues>>;

// A fresh address per page load, so trying registration twice does not hit 'email already exists'.
const SAMPLE_SUFFIX = Math.random().toString(36).slice(2, 6);

/** Sample registration of a fictional Accra pharmacy (SPEC §2: the form starts with demo data). */
export const REGISTRATION_SAMPLE = {
  name: 'Akosua Mensah',
  email: `akosua.mensah.${SAMPLE_SUFFIX}@osu-family-pharmacy.demo`,
  businessName: 'Osu Family Pharmacy',
  organizationPhone: '+233 30 255 0148',
  organizationLocation: 'Oxford Street, Osu, Accra',
} as const;

export const SIGN_IN_DEFAULTS: AuthFormValues = {
  mode: 'sign-in',
  email: 'buyer@accracare.demo',
  password: DEMO_PASSWORD,
  userType: 'customer',
  name: '',
  businessName: '',
  organizationPhone: '',
  organizationLocation: '',
  supplierCategory: '',
  deliveryAddress: '',
  deliveryContactName: '',
  deliveryContactPhone: '',
  approvers: '',
  licensureDocument: undefined,
};

const USER_TYPE_OPTIONS: ReadonlyArray<{ value: UserType; label: string; description: string }> = [
  { value: 'customer', label: 'Customer', description: 'Pharmacies and buyer organisations' },
  { value: 'supplier', label: 'Supplier', description: 'Importers, distributors and manufacturers' },
  { value: 'platform', label: 'Platform', description: 'Aduro administrators' },
];

const CATEGORY_LABELS: Record<SupplierCategory, string> = {
  importer: 'Importer',
  distributor: 'Distributor',
  manufacturer: 'Manufacturer',
};

const MODES: ReadonlyArray<{ value: AuthMode; label: string }> = [
  { value: 'sign-in', label: 'Sign in' },
  { value: 'register', label: 'Create account' },
];

// Raw mode: on success the form keeps its own values; onValid parses them again for the request body.
// The casts only widen the schema's input type to the form's, which holds every field of both modes.
const signInResolver = zodResolver(loginSchema, undefined, {
  raw: true,
}) as unknown as Resolver<AuthFormValues>;
const registerResolver = zodResolver(registerSchema, undefined, {
  raw: true,
}) as unknown as Resolver<AuthFormValues>;
const modeResolver: Resolver<AuthFormValues> = (values, context, options) =>
  (values.mode === 'register' ? registerResolver : signInResolver)(values, context, options);

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** SPEC §2 sign-in and account creation: one form, two modes, validated by the shared contract. */
export function LoginForm() {
  const [searchParams] = useSearchParams();
  // /login?as=admin is where the 'Admin sign-in' link points, so the link also works opened in a new tab.
  const [initialValues] = useState<AuthFormValues>(() =>
    searchParams.get('as') === 'admin'
      ? { ...SIGN_IN_DEFAULTS, userType: 'platform', email: demoEmailFor('platform') }
      : SIGN_IN_DEFAULTS,
  );
  const [licence, setLicence] = useState<File | null>(null);
  // A file input cannot be emptied through React; a new key gives a fresh, empty one.
  const [fileInputKey, setFileInputKey] = useState(0);

  const form = useForm<AuthFormValues>({ defaultValues: initialValues, resolver: modeResolver });
  const { register, handleSubmit, setValue, getValues, setError, clearErrors, control, formState } = form;
  const { errors } = formState;
  const mode = useWatch({ control, name: 'mode' });
  const userType = useWatch({ control, name: 'userType' });

  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const submitting = loginMutation.isPending || registerMutation.isPending;
  const isRegister = mode === 'register';
  const isSupplierRegistration = isRegister && userType === 'supplier';

  function clearSupplierFields() {
    for (const field of SUPPLIER_ONLY_FIELDS) setValue(field, field === 'licensureDocument' ? undefined : '');
    clearErrors(SUPPLIER_ONLY_FIELDS);
    setLicence(null);
    setFileInputKey((key) => key + 1);
  }

  function applyUserType(next: UserType) {
    if (getValues('userType') !== next) setValue('userType', next);
    if (next !== 'supplier') clearSupplierFields();
    // Trying another demo role should not require retyping its address.
    if (getValues('mode') === 'sign-in' && isDemoEmail(getValues('email')))
      setValue('email', demoEmailFor(next));
  }

  function switchMode(next: AuthMode) {
    if (next === getValues('mode')) return;
    setValue('mode', next);
    clearErrors();
    if (next === 'register') {
      // Platform accounts are created by other administrators, never through this form.
      if (getValues('userType') === 'platform') applyUserType('customer');
      if (isDemoEmail(getValues('email'))) setValue('email', REGISTRATION_SAMPLE.email);
      for (const key of ['name', 'businessName', 'organizationPhone', 'organizationLocation'] as const) {
        if (!getValues(key)) setValue(key, REGISTRATION_SAMPLE[key]);
      }
    } else if (getValues('email') === REGISTRATION_SAMPLE.email) {
      setValue('email', demoEmailFor(getValues('userType')));
    }
  }

  function pickDemoAccount(type: UserType, email: string) {
    switchMode('sign-in');
    applyUserType(type);
    setValue('email', email);
    setValue('password', DEMO_PASSWORD);
    clearErrors();
  }

  function signInAsAdmin() {
    switchMode('sign-in');
    applyUserType('platform');
  }

  function onLicenceChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setLicence(file);
    if (!file) {
      setValue('licensureDocument', undefined);
      return;
    }
    setValue('licensureDocument', { name: file.name, size: file.size });
    // Checked on selection so nobody waits for a 20 MB upload only to have it refused.
    if (file.size > LICENCE_MAX_BYTES) {
      setError('licensureDocument', { type: 'maxSize', message: AUTH_MESSAGES.licenceTooLarge });
      toast.error(AUTH_MESSAGES.licenceTooLargeToast, { id: 'licence-too-large' });
    } else if (!licenceHasAllowedExtension(file.name)) {
      setError('licensureDocument', { type: 'fileType', message: AUTH_MESSAGES.licenceType });
    } else {
      clearErrors('licensureDocument');
    }
  }

  /** The server's per-field messages land under the fields; its main message is already a toast. */
  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    const known = new Set<string>(Object.keys(SIGN_IN_DEFAULTS).filter((key) => key !== 'mode'));
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (known.has(field) && message) {
        setError(field as FieldPath<AuthFormValues>, { type: 'server', message });
      }
    }
  }

  const onValid = (values: AuthFormValues) => {
    if (values.mode === 'sign-in') {
      loginMutation.mutate(loginSchema.parse(values), { onError: showServerFieldErrors });
    } else {
      registerMutation.mutate(
        { data: registerSchema.parse(values), licence },
        { onError: showServerFieldErrors },
      );
    }
  };

  const onInvalid = () => {
    toast.error(AUTH_MESSAGES.reviewForm, { id: 'review-form' });
  };

  function onModeKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = mode === 'sign-in' ? 'register' : 'sign-in';
    switchMode(next);
    document.getElementById(`auth-mode-${next}`)?.focus();
  }

  const typeOptions = isRegister
    ? USER_TYPE_OPTIONS.filter((o) => o.value !== 'platform')
    : USER_TYPE_OPTIONS;
  const userTypeField = register('userType', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => applyUserType(event.target.value as UserType),
  });
  const licenceError = errors.licensureDocument?.message;

  return (
    <div className="space-y-6">
      <div
        role="tablist"
        aria-label="Sign in or create an account"
        className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
      >
        {MODES.map((option) => {
          const selected = option.value === mode;
          return (
            <button
              key={option.value}
              id={`auth-mode-${option.value}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls="auth-form"
              tabIndex={selected ? 0 : -1}
              onClick={() => switchMode(option.value)}
              onKeyDown={onModeKeyDown}
              className={cn(
                'h-9 rounded-md text-sm font-medium transition-colors',
                selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>

      <form
        id="auth-form"
        role="tabpanel"
        aria-labelledby={`auth-mode-${mode}`}
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="space-y-5"
      >
        <div>
          <h2 className="text-xl font-semibold text-slate-900">
            {isRegister ? 'Create your Aduro account' : 'Sign in to Aduro'}
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            {isRegister
              ? 'Open a buyer or supplier account for your organisation.'
              : 'Choose your account type and enter your details.'}
          </p>
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Account type</legend>
          <div className={cn('mt-2 grid gap-2', isRegister ? 'grid-cols-2' : 'grid-cols-3')}>
            {typeOptions.map((option) => (
              <label
                key={option.value}
                className={cn(
                  'relative flex cursor-pointer flex-col rounded-lg border px-3 py-2.5 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600',
                  userType === option.value
                    ? 'border-emerald-600 bg-emerald-50/60 ring-1 ring-emerald-600'
                    : 'border-slate-200 bg-white hover:border-slate-300',
                )}
              >
                <input {...userTypeField} type="radio" value={option.value} className="sr-only" />
                <span className="text-sm font-medium text-slate-900">{option.label}</span>
                <span className="hidden text-xs text-slate-500 sm:block">{option.description}</span>
              </label>
            ))}
          </div>
          {errors.userType?.message && (
            <p className="mt-1.5 text-xs font-medium text-rose-700">{errors.userType.message}</p>
          )}
        </fieldset>

        {isRegister && (
          <FormField id="name" label="Full name" error={errors.name?.message}>
            {(aria) => <Input {...aria} autoComplete="name" {...register('name')} />}
          </FormField>
        )}

        <FormField id="email" label="Email" error={errors.email?.message}>
          {(aria) => (
            <Input {...aria} type="email" autoComplete="email" inputMode="email" {...register('email')} />
          )}
        </FormField>

        <FormField
          id="password"
          label="Password"
          error={errors.password?.message}
          hint={isRegister ? 'At least 6 characters.' : undefined}
        >
          {(aria) => (
            <Input
              {...aria}
              type="password"
              autoComplete={isRegister ? 'new-password' : 'current-password'}
              {...register('password')}
            />
          )}
        </FormField>

        {isRegister && (
          <div className="space-y-5 border-t border-slate-100 pt-5">
            <h3 className="text-sm font-semibold text-slate-900">Organisation</h3>
            <FormField
              id="businessName"
              label="Business name"
              optional={!isSupplierRegistration}
              error={errors.businessName?.message}
            >
              {(aria) => <Input {...aria} autoComplete="organization" {...register('businessName')} />}
            </FormField>
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                id="organizationPhone"
                label="Organisation phone"
                optional={!isSupplierRegistration}
                error={errors.organizationPhone?.message}
              >
                {(aria) => (
                  <Input {...aria} type="tel" autoComplete="tel" {...register('organizationPhone')} />
                )}
              </FormField>
              <FormField
                id="organizationLocation"
                label="Organisation location"
                optional={!isSupplierRegistration}
                error={errors.organizationLocation?.message}
              >
                {(aria) => (
                  <Input {...aria} placeholder="Town or area, region" {...register('organizationLocation')} />
                )}
              </FormField>
            </div>
          </div>
        )}

        {isSupplierRegistration && (
          <div className="space-y-5 border-t border-slate-100 pt-5">
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Supplier verification</h3>
              <p className="mt-1 text-xs text-slate-500">
                A platform administrator reviews your licence before your organisation can trade.
              </p>
            </div>
            <FormField
              id="supplierCategory"
              label="Supplier category"
              error={errors.supplierCategory?.message}
            >
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

            <FormField
              id="licensureDocument"
              label="Licensure document"
              error={licenceError}
              hint={`PDF, PNG, JPG, DOC or DOCX, up to 20MB.`}
            >
              {(aria) => (
                <div className="space-y-1.5">
                  <input
                    {...aria}
                    key={fileInputKey}
                    type="file"
                    accept={LICENCE_EXTENSIONS.join(',')}
                    onChange={onLicenceChange}
                    className={cn(
                      'block w-full rounded-lg border bg-white text-sm text-slate-700 shadow-xs file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-slate-200 file:bg-slate-50 file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100',
                      licenceError ? 'border-rose-500' : 'border-slate-300',
                    )}
                  />
                  {licence && (
                    <p className="text-xs text-slate-600">
                      Selected: <span className="font-medium">{licence.name}</span> (
                      {formatBytes(licence.size)})
                    </p>
                  )}
                </div>
              )}
            </FormField>

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
            <div className="grid gap-5 sm:grid-cols-2">
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
                  placeholder="finance@yourcompany.com, operations@yourcompany.com"
                  {...register('approvers')}
                />
              )}
            </FormField>
          </div>
        )}

        {registerMutation.isPending && (
          <ProgressBar
            value={registerMutation.progress}
            label={licence ? 'Uploading registration and licence' : 'Sending registration'}
          />
        )}

        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          {isRegister ? 'Create account' : 'Sign in'}
        </Button>

        <p className="text-center text-sm text-slate-500">
          Platform administrator?{' '}
          <Link
            to={{ search: '?as=admin' }}
            replace
            onClick={signInAsAdmin}
            className="font-medium text-emerald-700 underline-offset-2 hover:underline"
          >
            Admin sign-in
          </Link>
        </p>
      </form>

      <DemoAccounts onPick={pickDemoAccount} />
    </div>
  );
}
