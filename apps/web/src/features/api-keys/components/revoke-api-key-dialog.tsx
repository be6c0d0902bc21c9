import type { ApiKey } from '@aduro/shared/api-keys';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useRevokeApiKey } from '../api/revoke-api-key';

interface RevokeApiKeyDialogProps {
  orgId: string;
  /** The key to revoke; null keeps the dialog closed. */
  apiKey: ApiKey | null;
  onClose: () => void;
}

/** Revoking cannot be undone, so it is confirmed; Escape or Cancel leaves the key working. */
export function RevokeApiKeyDialog({ orgId, apiKey, onClose }: RevokeApiKeyDialogProps) {
  const revoke = useRevokeApiKey(orgId);
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open && !revoke.isPending) onClose();
      }}
      title={apiKey ? `Revoke “${apiKey.name}”?` : 'Revoke key?'}
      description="Any system using it is refused from its next request."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={revoke.isPending}
            onClick={() => {
              if (apiKey) revoke.mutate(apiKey.id, { onSuccess: onClose });
            }}
          >
            Revoke key
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">
        It stays in the list as revoked, and the activity trail keeps naming it. To give access again, create
        a new key.
      </p>
    </Dialog>
  );
}
