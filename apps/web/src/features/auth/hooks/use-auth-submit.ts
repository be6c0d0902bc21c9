import { AUTH_MESSAGES, loginSchema, registerSchema } from '@aduro/shared/auth';
import type { FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { SIGN_IN_DEFAULTS, type AuthFormValues } from '../utils/auth-form-values';
import type { AuthForm } from './use-auth-form';

/**
 * Sends the form as a sign-in or a registration, whichever mode it is in. Both requests are held here
 * rather than by their tab, so one still in flight keeps the button busy when the tab changes.
 */
export function useAuthSubmit({ form, licence, pharmacyLicence }: AuthForm) {
  const loginMutation = useLogin();
  const registerMutation = useRegister();

  /** The server's per-field messages land under the fields; its main message is already a toast. */
  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError)) return;
    // The taken e-mail is the one field to change; its message goes under it as well as in the toast.
    if (error.code === 'EMAIL_TAKEN') form.setError('email', { type: 'server', message: error.message });
    // The password was right, the account type was not: the message under the types names the one to pick.
    if (error.code === 'WRONG_ACCOUNT_TYPE') {
      form.setError('userType', { type: 'server', message: error.message });
    }
    if (!error.fieldErrors) return;
    const known = new Set<string>(Object.keys(SIGN_IN_DEFAULTS).filter((key) => key !== 'mode'));
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (known.has(field) && message) {
        form.setError(field as FieldPath<AuthFormValues>, { type: 'server', message });
      }
    }
  }

  const onValid = (values: AuthFormValues) => {
    if (values.mode === 'sign-in') {
      loginMutation.mutate(loginSchema.parse(values), { onError: showServerFieldErrors });
    } else {
      registerMutation.mutate(
        {
          data: registerSchema.parse(values),
          licence: licence.file,
          pharmacyLicence: pharmacyLicence.file,
        },
        { onError: showServerFieldErrors },
      );
    }
  };

  const onInvalid = () => {
    toast.error(AUTH_MESSAGES.reviewForm, { id: 'review-form' });
  };

  return {
    onSubmit: form.handleSubmit(onValid, onInvalid),
    submitting: loginMutation.isPending || registerMutation.isPending,
    /** The registration's upload percent while it is being sent, otherwise null. */
    uploadProgress: registerMutation.isPending ? registerMutation.progress : null,
  };
}
