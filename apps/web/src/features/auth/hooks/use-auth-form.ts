import type { UserType } from '@aduro/shared/permissions';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { DEMO_PASSWORD, demoEmailFor, isDemoEmail } from '../components/demo-accounts';
import {
  REGISTRATION_SAMPLE,
  SIGN_IN_DEFAULTS,
  CUSTOMER_ONLY_FIELDS,
  SUPPLIER_ONLY_FIELDS,
  authFormResolver,
  type AuthFormValues,
  type AuthMode,
} from '../utils/auth-form-values';
import { useLicenceFile } from './use-licence-file';

/**
 * SPEC §2 sign-in and account creation share one form, so what was typed on one tab is still there
 * on the other; this hook owns that form and every move between modes and account types.
 */
export function useAuthForm() {
  const [searchParams] = useSearchParams();
  // /login?as=admin is where the 'Admin sign-in' link points, so the link also works opened in a new tab.
  const [initialValues] = useState<AuthFormValues>(() =>
    searchParams.get('as') === 'admin'
      ? { ...SIGN_IN_DEFAULTS, userType: 'platform', email: demoEmailFor('platform') }
      : SIGN_IN_DEFAULTS,
  );

  const form = useForm<AuthFormValues>({ defaultValues: initialValues, resolver: authFormResolver });
  const { setValue, getValues, clearErrors, control } = form;
  const mode = useWatch({ control, name: 'mode' });
  const userType = useWatch({ control, name: 'userType' });
  const licence = useLicenceFile(form);
  const pharmacyLicence = useLicenceFile(form, 'licenceDocument');

  function clearSupplierFields() {
    for (const field of SUPPLIER_ONLY_FIELDS) setValue(field, field === 'licensureDocument' ? undefined : '');
    clearErrors(SUPPLIER_ONLY_FIELDS);
    licence.clear();
  }

  function clearCustomerFields() {
    for (const field of CUSTOMER_ONLY_FIELDS) setValue(field, field === 'licenceDocument' ? undefined : '');
    clearErrors(CUSTOMER_ONLY_FIELDS);
    pharmacyLicence.clear();
  }

  function applyUserType(next: UserType) {
    if (getValues('userType') !== next) setValue('userType', next);
    if (next !== 'supplier') clearSupplierFields();
    if (next === 'supplier') clearCustomerFields();
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

  return {
    form,
    mode,
    userType,
    licence,
    pharmacyLicence,
    applyUserType,
    switchMode,
    pickDemoAccount,
    signInAsAdmin,
  };
}

export type AuthForm = ReturnType<typeof useAuthForm>;
