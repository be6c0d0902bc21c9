import { STAFF_MESSAGES, updateRolesSchema, type OrgUser, type Role } from '@aduro/shared/staff';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatDay } from '../../../lib/format';
import { useUpdateUserRoles } from '../api/update-user-roles';
import { isSupplierRole, roleNamesOf } from '../utils/roles';
import { RolePicker } from './role-picker';

interface TeamMemberRowProps {
  orgId: string;
  currentUserId: string;
  user: OrgUser;
  /** Assignable roles in display order. */
  roles: readonly Role[];
  onRemove: (user: OrgUser) => void;
}

/** One member: who they are, since when, their roles (each tick saves at once) and Remove. */
export function TeamMemberRow({ orgId, currentUserId, user, roles, onRemove }: TeamMemberRowProps) {
  // One mutation per row, so saving one member's roles leaves the other rows usable.
  const update = useUpdateUserRoles(orgId, currentUserId);
  const [confirmingDemotion, setConfirmingDemotion] = useState<string[] | null>(null);
  const isSelf = user.id === currentUserId;
  // While a change is saving, the boxes show what was asked for; a refusal puts back the server's state.
  const held = update.isPending ? update.variables.body.roles : roleNamesOf(user);

  function save(next: string[]) {
    update.mutate({ userId: user.id, body: updateRolesSchema.parse({ roles: next }) });
  }

  function toggle(roleName: string, checked: boolean) {
    const next = roles
      .map((role) => role.name)
      .filter((name) => (name === roleName ? checked : held.includes(name)))
      .filter(isSupplierRole);
    // The same contract as the PATCH body: no request is sent that the server would refuse for this.
    const parsed = updateRolesSchema.safeParse({ roles: next });
    if (!parsed.success) {
      // One toast per message, like the global error toasts, however many rows are tried.
      const message = parsed.error.issues[0]?.message ?? STAFF_MESSAGES.keepOneRole;
      toast.error(message, { id: `error:${message}` });
      return;
    }
    // Giving up one's own Admin role also gives up this tab: worth a second thought.
    if (isSelf && roleName === 'Admin' && !checked) {
      setConfirmingDemotion(parsed.data.roles);
      return;
    }
    save(parsed.data.roles);
  }

  const selfHintId = `remove-hint-${user.id}`;
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 lg:grid-cols-[minmax(0,15rem)_6.5rem_minmax(0,1fr)_auto] lg:items-center lg:gap-4 lg:rounded-none lg:border-0 lg:px-5 lg:py-3.5">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="min-w-0 [overflow-wrap:anywhere]">{user.name}</span>
          {isSelf && <Badge tone="green">You</Badge>}
        </p>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-500">{user.email}</p>
      </div>

      <p className="text-sm text-slate-600">
        <span className="lg:sr-only">Added </span>
        <time dateTime={user.createdAt}>{formatDay(user.createdAt)}</time>
      </p>

      <div
        role="group"
        aria-label={`Roles of ${user.name}`}
        aria-busy={update.isPending || undefined}
        className="flex min-w-0 items-center gap-2"
      >
        <RolePicker
          idPrefix={`member-${user.id}`}
          roles={roles}
          value={held}
          onToggle={toggle}
          disabled={update.isPending}
          className="w-full grid-cols-1 min-[28rem]:grid-cols-2 lg:flex lg:flex-wrap"
        />
        {update.isPending && (
          <span className="flex shrink-0 items-center">
            <Spinner className="size-4 text-emerald-700" />
            <span className="sr-only">Saving roles</span>
          </span>
        )}
      </div>

      {/* The title sits on the wrapper too: some browsers show no tooltip for a disabled button. */}
      <div className="lg:justify-self-end" title={isSelf ? STAFF_MESSAGES.removeSelf : undefined}>
        <Button
          variant="secondary"
          size="sm"
          className="w-full text-rose-700 hover:bg-rose-50 disabled:hover:bg-white lg:w-auto"
          disabled={isSelf}
          aria-describedby={isSelf ? selfHintId : undefined}
          title={isSelf ? STAFF_MESSAGES.removeSelf : undefined}
          onClick={() => onRemove(user)}
        >
          Remove
          <span className="sr-only"> {user.name}</span>
        </Button>
        {isSelf && (
          <span id={selfHintId} className="sr-only">
            {STAFF_MESSAGES.removeSelf}
          </span>
        )}
      </div>

      <Dialog
        open={confirmingDemotion !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmingDemotion(null);
        }}
        title="Give up your Admin role?"
        description="You will no longer manage users, roles or supplier settings, and this tab will close for you. Another Admin can give the role back."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmingDemotion(null)}>
              Keep Admin
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (confirmingDemotion) save(confirmingDemotion);
                setConfirmingDemotion(null);
              }}
            >
              Give up Admin
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          Your other roles stay as they are. An organisation always keeps at least one Admin, so this is
          refused if you are the only one.
        </p>
      </Dialog>
    </li>
  );
}
