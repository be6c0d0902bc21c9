import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useClearCart } from '../api/clear-cart';
import { formatUnits } from '../../../lib/format';

interface ClearCartDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orgId: string;
  lineItems: number;
}

/** Clearing drops every planned line at once and cannot be undone, so it is confirmed first. */
export function ClearCartDialog({ open, onOpenChange, orgId, lineItems }: ClearCartDialogProps) {
  const clear = useClearCart(orgId);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!clear.isPending) onOpenChange(next);
      }}
      title="Clear the whole cart?"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={clear.isPending}>
            Keep lines
          </Button>
          <Button
            variant="danger"
            loading={clear.isPending}
            onClick={() => clear.mutate(undefined, { onSuccess: () => onOpenChange(false) })}
          >
            Clear cart
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">
        {lineItems === 1 ? 'The line' : `All ${formatUnits(lineItems)} lines`} will be removed, with their
        delivery details and notes. Orders already drafted are not affected.
      </p>
    </Dialog>
  );
}
