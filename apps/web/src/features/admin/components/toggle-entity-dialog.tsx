import { toggleEntitySchema, TOGGLE_REASON_MAX, type AdminEntity } from '@aduro/shared/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Textarea } from '../../../components/ui/form-field';

// The form asks only the reason; the direction follows from the organisation's state.
const reasonSchema = toggleEntitySchema.pick({ reason: true });
type ReasonForm = z.input<typeof reasonSchema>;

interface ToggleEntityDialogProps {
  /** The organisation to switch; null keeps the dialog closed. */
  entity: AdminEntity | null;
  pending: boolean;
  /** Called once the administrator confirms, with the trimmed reason. */
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** What the change does, so the administrator weighs it before confirming. */
function consequence(entity: AdminEntity): string {
  if (entity.isActive)
    return entity.kind === 'supplier'
      ? 'Its offers leave the marketplace at once: no buyer can add it to a cart, order from it, approve its drafted orders or apply to it for credit. Its users can still sign in and read.'
      : 'It can no longer fill its cart, draft or approve orders, or apply for credit, from the next request. Its users can still sign in and read.';
  if (entity.status === 'awaiting_review')
    return 'This ends its licence review: its offers join the marketplace at once and it can trade.';
  return 'It can trade again at once, and orders drafted before can then be approved.';
}

/**
 * Activating or deactivating an organisation decides whether it may trade, so it is confirmed, with the
 * reason: the activity trail keeps it and the organisation's admins are told it. Nothing is sent until
 * Confirm; Escape or Cancel leaves everything as it was.
 */
export function ToggleEntityDialog({ entity, pending, onConfirm, onClose }: ToggleEntityDialogProps) {
  const { register, handleSubmit, reset, formState } = useForm<ReasonForm, unknown, { reason: string }>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
  });
  // Each organisation starts with an empty reason: one typed for another must not carry over.
  useEffect(() => {
    if (entity) reset({ reason: '' });
  }, [entity, reset]);

  const verb = entity?.isActive ? 'Deactivate' : 'Activate';
  // Who hears of it (docs/domain.md "Notifications"): a supplier's Admin users, every user of a customer.
  const told = `${entity?.kind === 'customer' ? 'every user' : 'the admins'} of ${entity?.name ?? 'the organisation'}`;
  return (
    <Dialog
      open={entity !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={entity ? `${verb} ${entity.name}?` : 'Change organisation status?'}
      description={entity ? consequence(entity) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="toggle-entity-form"
            variant={entity?.isActive ? 'danger' : 'primary'}
            loading={pending}
          >
            {verb}
          </Button>
        </>
      }
    >
      <form
        id="toggle-entity-form"
        noValidate
        onSubmit={handleSubmit(({ reason }) => onConfirm(reason))}
        className="space-y-3"
      >
        <FormField
          id="toggle-entity-reason"
          label="Reason"
          error={formState.errors.reason?.message}
          hint={`Kept in the activity trail and told to ${told}.`}
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={3}
              maxLength={TOGGLE_REASON_MAX}
              placeholder={
                entity?.isActive
                  ? 'e.g. Wholesale licence expired'
                  : 'e.g. Licence checked on the FDA register'
              }
              {...register('reason')}
            />
          )}
        </FormField>
      </form>
    </Dialog>
  );
}
