import { changePasswordSchema, NEW_PASSWORD_MIN_LENGTH, type ChangePasswordInput } from '@aduro/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '' };
const FIELDS = new Set<string>(Object.keys(EMPTY));
const resolver = zodResolver(changePasswordSchema);

/**
 * The signed-in user's account actions, from the top bar: change the password (this session stays,
 * every other one ends) or sign out everywhere (this one too). Escape closes it (SPEC §2). Opened by
 * ChangePasswordButton, which downloads it when first needed.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange: setOpen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<ChangePasswordInput>({ defaultValues: EMPTY, resolver });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors } = formState;
  const change = useChangePassword();
  const signOutEverywhere = useSignOutEverywhere();
  const busy = change.isPending || signOutEverywhere.isPending;

  function onOpenChange(next: boolean) {
    if (!next && busy) return;
    setOpen(next);
    // Passwords never linger in a closed dialog.
    if (!next) reset(EMPTY);
  }

  /** The server's per-field messages (a wrong current password) go under their fields; the toast is global. */
  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (FIELDS.has(field) && message) {
        setError(field as keyof ChangePasswordInput, { type: 'server', message }, { shouldFocus: true });
      }
    }
  }

  const onValid = (input: ChangePasswordInput) =>
    change.mutate(input, { onSuccess: () => onOpenChange(false), onError: showServerFieldErrors });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change password"
      description="You stay signed in here; every other session of your account is signed out."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="change-password-form"
            loading={change.isPending}
            disabled={signOutEverywhere.isPending}
          >
            Save new password
          </Button>
        </>
      }
    >
      <form
        id="change-password-form"
        noValidate
        onSubmit={handleSubmit(onValid)}
        className="flex flex-col gap-4"
      >
        <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('currentPassword')}
              type="password"
              autoComplete="current-password"
            />
          )}
        </FormField>
        <FormField
          id="new-password"
          label="New password"
          error={errors.newPassword?.message}
          hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters`}
        >
          {(control) => (
            <Input {...control} {...register('newPassword')} type="password" autoComplete="new-password" />
          )}
        </FormField>
      </form>
      <div className="mt-5 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">Lost a device? End every session, this one too.</p>
        <Button
          variant="secondary"
          size="sm"
          loading={signOutEverywhere.isPending}
          disabled={change.isPending}
          onClick={() => signOutEverywhere.mutate()}
        >
          Sign out everywhere
        </Button>
      </div>
    </Dialog>
  );
}
