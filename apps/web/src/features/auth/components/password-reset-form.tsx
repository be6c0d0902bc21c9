import {
  AUTH_MESSAGES,
  NEW_PASSWORD_MIN_LENGTH,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type PasswordResetConfirmInput,
  type PasswordResetRequestInput,
} from '@aduro/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthFormHeading } from './auth-form-parts';

const linkClass = 'font-medium text-emerald-700 underline-offset-2 hover:underline';

function BackToSignIn() {
  return (
    <p className="text-center text-sm text-slate-500">
      <Link to="/login" className={linkClass}>
        Back to sign in
      </Link>
    </p>
  );
}

/** Without a token: ask for a link by e-mail. The answer is the same whether or not the account exists. */
export function RequestResetForm() {
  const form = useForm<PasswordResetRequestInput>({
    defaultValues: { email: '' },
    resolver: zodResolver(passwordResetRequestSchema),
  });
  const request = useRequestPasswordReset();
  const { errors } = form.formState;

  return (
    <div className="space-y-6">
      <AuthFormHeading
        title="Reset your password"
        description="Enter the e-mail of your account and we will send you a link to set a new password."
      />
      {request.isSuccess ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900">
          {AUTH_MESSAGES.resetRequested}
        </p>
      ) : (
        <form
          id="reset-request-form"
          noValidate
          onSubmit={form.handleSubmit((input) => request.mutate(input))}
          className="space-y-5"
        >
          <FormField id="reset-email" label="Email" error={errors.email?.message}>
            {(aria) => (
              <Input
                {...aria}
                type="email"
                autoComplete="email"
                inputMode="email"
                {...form.register('email')}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
            Send reset link
          </Button>
        </form>
      )}
      <BackToSignIn />
    </div>
  );
}

/** With the link's token: set the new password, then sign in with it (every session has ended). */
export function ConfirmResetForm({ token }: { token: string }) {
  const form = useForm<PasswordResetConfirmInput>({
    defaultValues: { token, password: '' },
    resolver: zodResolver(passwordResetConfirmSchema),
  });
  const confirm = useConfirmPasswordReset();
  const navigate = useNavigate();
  const { errors } = form.formState;
  const linkInvalid = confirm.error instanceof ApiError && confirm.error.code === 'RESET_TOKEN_INVALID';

  const onValid = (input: PasswordResetConfirmInput) =>
    confirm.mutate(input, {
      onSuccess: () => {
        toast.success(AUTH_MESSAGES.passwordReset);
        void navigate('/login', { replace: true });
      },
    });

  return (
    <div className="space-y-6">
      <AuthFormHeading
        title="Choose a new password"
        description="Once it is set, every session of your account is signed out and you sign in again."
      />
      {linkInvalid && (
        <div role="alert" className="rounded-lg bg-rose-50 p-4 text-sm text-rose-900">
          <p>{AUTH_MESSAGES.resetTokenInvalid}</p>
          <Link to="/reset-password" className={`${linkClass} mt-2 inline-block`}>
            Ask for a new link
          </Link>
        </div>
      )}
      <form id="reset-confirm-form" noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-5">
        <FormField
          id="reset-password"
          label="New password"
          error={errors.password?.message ?? errors.token?.message}
          hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters`}
        >
          {(aria) => (
            <Input {...aria} type="password" autoComplete="new-password" {...form.register('password')} />
          )}
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={confirm.isPending}>
          Set new password
        </Button>
      </form>
      <BackToSignIn />
    </div>
  );
}
