import type { OrgUser } from '@aduro/shared/staff';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useRemoveUser } from '../api/remove-user';

interface RemoveUserDialogProps {
  orgId: string;
  /** The member to remove; null keeps the dialog closed. */
  user: OrgUser | null;
  onClose: () => void;
}

/** Removal cannot be undone from here, so it is confirmed; Escape or Cancel leaves everything as it was. */
export function RemoveUserDialog({ orgId, user, onClose }: RemoveUserDialogProps) {
  const remove = useRemoveUser(orgId);
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={user ? `Remove ${user.name}?` : 'Remove user?'}
      description={
        user ? (
          <>
            <span className="[overflow-wrap:anywhere]">{user.email}</span> will be signed out at once and can
            no longer sign in.
          </>
        ) : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => {
              // A refusal (the last Admin) toasts globally and leaves the dialog open to cancel.
              if (user) remove.mutate(user.id, { onSuccess: onClose });
            }}
          >
            Remove user
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">
        Orders, shipments and credit decisions they recorded stay in your history. To give them access again,
        invite them anew.
      </p>
    </Dialog>
  );
}
