import { USER_TYPES } from '@aduro/shared/permissions';
import { Link } from 'react-router';
import type { AuthForm } from '../hooks/use-auth-form';
import { AccountTypeField, AuthFormHeading, CredentialFields } from './auth-form-parts';

/** The sign-in tab of #auth-form: any account type, including platform administrators. */
export function SignInFields({ auth }: { auth: AuthForm }) {
  return (
    <>
      <AuthFormHeading
        title="Sign in to Aduro"
        description="Choose your account type and enter your details."
      />
      <AccountTypeField auth={auth} types={USER_TYPES} />
      <CredentialFields form={auth.form} />
      <p className="-mt-2 text-right text-sm">
        <Link
          to="/reset-password"
          className="font-medium text-emerald-700 underline-offset-2 hover:underline"
        >
          Forgot password?
        </Link>
      </p>
    </>
  );
}
