import { DEFAULT_INVITE_ROLE, SUPPLIER_ROLES } from '@aduro/shared/permissions';
import { inviteUserSchema, STAFF_MESSAGES, type InviteUserInput, type Role } from '@aduro/shared/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { FormField, Input } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useInviteUser, type InviteUserBody } from '../api/invite-user';
import { RolePicker } from './role-picker';

type InviteField = FieldPath<InviteUserInput>;

const INVITE_DEFAULTS: InviteUserInput = {
  name: '',
  email: '',
  password: '',
  roles: [DEFAULT_INVITE_ROLE],
};

const TEXT_FIELDS = ['name', 'email', 'password'] as const;

interface InviteUserFormProps {
  orgId: string;
  /** Assignable roles in display order. */
  roles: readonly Role[];
}

/**
 * SPEC §2 and §5 invite form, validated by the same schema as POST /org/users. Missing details and a
 * missing role are toasts (SPEC §8 lists them as such); any other problem sits under its field.
 */
export function InviteUserForm({ orgId, roles }: InviteUserFormProps) {
  const invite = useInviteUser(orgId);
  const [showPassword, setShowPassword] = useState(false);
  const { register, handleSubmit, control, reset, setError, formState } = useForm<
    InviteUserInput,
    unknown,
    InviteUserBody
  >({ defaultValues: INVITE_DEFAULTS, resolver: zodResolver(inviteUserSchema) });
  const { errors } = formState;
  const rolesField = useController({ control, name: 'roles' });

  /** A required field left empty is only highlighted: the toast already says what to do. */
  function fieldMessage(field: (typeof TEXT_FIELDS)[number]): string | undefined {
    const message = errors[field]?.message;
    return message === STAFF_MESSAGES.required ? undefined : message;
  }

  function onInvalid(invalid: FieldErrors<InviteUserInput>) {
    if (TEXT_FIELDS.some((field) => invalid[field]?.message === STAFF_MESSAGES.required)) {
      toast.error(STAFF_MESSAGES.required, { id: 'invite-required' });
    }
    const rolesError = invalid.roles?.message ?? invalid.roles?.root?.message;
    if (invalid.roles) toast.error(rolesError ?? STAFF_MESSAGES.atLeastOneRole, { id: 'invite-roles' });
  }

  /** The server's per-field messages (e-mail taken, password too weak) land under the fields. */
  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError)) return;
    // The taken e-mail is the one field to change; its message goes under it as well as in the toast.
    if (error.code === 'EMAIL_TAKEN') setError('email', { type: 'server', message: error.message });
    if (!error.fieldErrors) return;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (message && (TEXT_FIELDS as readonly string[]).includes(field)) {
        setError(field as InviteField, { type: 'server', message });
      }
    }
  }

  function onValid(body: InviteUserBody) {
    invite.mutate(body, {
      onSuccess: () => {
        reset(INVITE_DEFAULTS);
        setShowPassword(false);
      },
      onError: showServerFieldErrors,
    });
  }

  function toggleRole(roleName: string, checked: boolean) {
    const current = rolesField.field.value ?? [];
    const next = checked ? [...current, roleName] : current.filter((name) => name !== roleName);
    // Kept in display order so the request reads the way the checkboxes do.
    rolesField.field.onChange(SUPPLIER_ROLES.filter((name) => next.includes(name)));
  }

  return (
    <Card>
      <CardHeader
        as="h3"
        id="invite-user-heading"
        title="Invite a team member"
        description="Create a sign-in for a colleague and choose what they may do. Share the password with them privately; they sign in as a supplier."
      />
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="space-y-5 px-5 py-5"
        aria-labelledby="invite-user-heading"
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FormField id="invite-name" label="Full name" error={fieldMessage('name')}>
            {(aria) => (
              <Input
                {...aria}
                aria-invalid={errors.name ? true : undefined}
                autoComplete="off"
                placeholder="e.g. Abena Mensah"
                {...register('name')}
              />
            )}
          </FormField>
          <FormField id="invite-email" label="Email" error={fieldMessage('email')}>
            {(aria) => (
              <Input
                {...aria}
                aria-invalid={errors.email ? true : undefined}
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="name@yourcompany.com"
                {...register('email')}
              />
            )}
          </FormField>
          <FormField
            id="invite-password"
            label="Password"
            error={fieldMessage('password')}
            hint="At least 8 characters"
            className="sm:col-span-2 lg:col-span-1"
          >
            {(aria) => (
              <div className="relative">
                <Input
                  {...aria}
                  aria-invalid={errors.password ? true : undefined}
                  type={showPassword ? 'text' : 'password'}
                  // A password for someone else: the browser must neither fill nor save the Admin's own.
                  autoComplete="new-password"
                  className="pr-16"
                  {...register('password')}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-pressed={showPassword}
                  aria-controls="invite-password"
                  className="absolute inset-y-1 right-1 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  {showPassword ? 'Hide' : 'Show'}
                </button>
              </div>
            )}
          </FormField>
        </div>

        <fieldset aria-invalid={errors.roles ? true : undefined}>
          <legend className="text-sm font-medium text-slate-800">Roles</legend>
          <p className="mt-1 text-xs text-slate-500">
            Each role opens cockpit tabs; tick several to combine them.
          </p>
          <RolePicker
            idPrefix="invite-role"
            roles={roles}
            value={rolesField.field.value ?? []}
            onToggle={toggleRole}
            showDescriptions
            className="mt-3 sm:grid-cols-2 xl:grid-cols-4"
          />
        </fieldset>

        <div className="flex justify-end border-t border-slate-100 pt-4">
          <Button type="submit" loading={invite.isPending} className="w-full sm:w-auto">
            Create user
          </Button>
        </div>
      </form>
    </Card>
  );
}
