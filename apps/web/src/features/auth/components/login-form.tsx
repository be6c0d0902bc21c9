import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useAuthForm } from '../hooks/use-auth-form';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { AUTH_MODE_LABELS, AuthModePanel, AuthModeTabs, AuthModeTabsRoot } from './auth-mode-tabs';
import { DemoAccounts } from './demo-accounts';
import { RegistrationFields } from './registration-fields';
import { SignInFields } from './sign-in-fields';

/**
 * SPEC §2 sign-in and account creation: one form, two modes, validated by the shared contract.
 * Only the fields change with the tab; the form element, its button and the admin link stay mounted,
 * so focus on them survives a switch of mode.
 */
export function LoginForm() {
  const auth = useAuthForm();
  const { mode, licence } = auth;
  const { onSubmit, submitting, uploadProgress } = useAuthSubmit(auth);

  return (
    // data-auth-mode lets the page widen the form for registration's longer field list.
    <div data-auth-mode={mode} className="space-y-5 sm:space-y-6">
      <AuthModeTabsRoot value={mode} onValueChange={(next) => auth.switchMode(next as typeof mode)}>
        <AuthModeTabs />
        <AuthModePanel mode={mode}>
          <form id="auth-form" noValidate onSubmit={onSubmit} className="mt-5 space-y-4 sm:mt-6 sm:space-y-5">
            {mode === 'register' ? <RegistrationFields auth={auth} /> : <SignInFields auth={auth} />}

            {uploadProgress !== null && (
              <ProgressBar
                value={uploadProgress}
                label={licence.file ? 'Uploading registration and licence' : 'Sending registration'}
              />
            )}

            <Button type="submit" size="lg" className="w-full" loading={submitting}>
              {AUTH_MODE_LABELS[mode]}
            </Button>

            <p className="text-center text-sm text-slate-500">
              Platform administrator?{' '}
              <Link
                to={{ search: '?as=admin' }}
                replace
                onClick={auth.signInAsAdmin}
                className="font-medium text-emerald-700 underline-offset-2 hover:underline"
              >
                Admin sign-in
              </Link>
            </p>
          </form>
        </AuthModePanel>
      </AuthModeTabsRoot>

      <DemoAccounts onPick={auth.pickDemoAccount} />
    </div>
  );
}
