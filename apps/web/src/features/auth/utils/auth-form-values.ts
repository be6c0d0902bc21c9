import { loginSchema, registerSchema, type LicenceFileInfo, type SupplierCategory } from '@aduro/shared/auth';
import type { LicenceKind } from '@aduro/shared/compliance';
import type { UserType } from '@aduro/shared/permissions';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import { DEMO_PASSWORD } from '../components/demo-accounts';

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
  /** A buyer's Pharmacy Council licence (issue 32), optional: all four together or none. */
  licenceKind: LicenceKind | '';
  licenceNumber: string;
  licenceExpiresOn: string;
  licenceDocument: LicenceFileInfo | undefined;
}

export const SUPPLIER_ONLY_FIELDS = [
  'supplierCategory',
  'deliveryAddress',
  'deliveryContactName',
  'deliveryContactPhone',
  'approvers',
  'licensureDocument',
] as const satisfies ReadonlyArray<FieldPath<AuthFormValues>>;

/** A buyer's pharmacy licence: a supplier may not give one (its licence is the licensure document). */
export const CUSTOMER_ONLY_FIELDS = [
  'licenceKind',
  'licenceNumber',
  'licenceExpiresOn',
  'licenceDocument',
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
  licenceKind: '',
  licenceNumber: '',
  licenceExpiresOn: '',
  licenceDocument: undefined,
};

// Raw mode: on success the form keeps its own values; onValid parses them again for the request body.
// The casts only widen the schema's input type to the form's, which holds every field of both modes.
const signInResolver = zodResolver(loginSchema, undefined, {
  raw: true,
}) as unknown as Resolver<AuthFormValues>;
const registerResolver = zodResolver(registerSchema, undefined, {
  raw: true,
}) as unknown as Resolver<AuthFormValues>;

export const authFormResolver: Resolver<AuthFormValues> = (values, context, options) =>
  (values.mode === 'register' ? registerResolver : signInResolver)(values, context, options);
