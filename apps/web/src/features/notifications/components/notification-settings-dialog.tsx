import type { NotificationTopic } from '@aduro/shared/notifications';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

interface NotificationSettingsDialogProps {
  userId: string;
  email?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Choices = Partial<Record<NotificationTopic, boolean>>;

/**
 * Which topics also come by e-mail. Only the boxes the user ticked or cleared are kept here, over what
 * the server holds: a refetch while the dialog is open (another tab saved) never undoes a choice, and
 * Save sends just the changed topics, as the PUT asks.
 */
export function NotificationSettingsDialog({
  userId,
  email,
  open,
  onOpenChange,
}: NotificationSettingsDialogProps) {
  const preferences = useNotificationPreferences(userId, open);
  const update = useUpdateNotificationPreferences(userId);
  const [choices, setChoices] = useState<Choices>({});
  const topics = preferences.data?.topics ?? [];
  const changed = topics
    .filter((t) => choices[t.topic] !== undefined && choices[t.topic] !== t.email)
    .map((t) => ({ topic: t.topic, email: choices[t.topic]! }));

  function close() {
    onOpenChange(false);
    setChoices({});
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (changed.length === 0) return;
    // A refusal toasts the server's message (lib/query-client.ts) and leaves the choices to correct.
    update.mutate({ topics: changed }, { onSuccess: close });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (!update.isPending) close();
      }}
      title="Notification settings"
      description={
        <>
          In-app notifications are always on. Choose the topics that also come by e-mail
          {email ? (
            <>
              {' '}
              to <span className="font-medium text-slate-700 [overflow-wrap:anywhere]">{email}</span>
            </>
          ) : null}
          .
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={update.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="notification-settings-form"
            loading={update.isPending}
            disabled={changed.length === 0}
          >
            Save
          </Button>
        </>
      }
    >
      {preferences.isPending ? (
        <div role="status" className="flex items-center justify-center gap-3 py-8 text-slate-500">
          <Spinner className="size-5 text-emerald-700" />
          <span className="text-sm font-medium">Loading your settings</span>
        </div>
      ) : preferences.isError ? (
        <LoadFailed
          message={`Your notification settings could not be loaded. ${getErrorMessage(preferences.error)}`}
          onRetry={() => void preferences.refetch()}
        />
      ) : topics.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">
          Your roles receive no notifications yet, so there is nothing to choose.
        </p>
      ) : (
        <form id="notification-settings-form" noValidate onSubmit={onSubmit}>
          <fieldset disabled={update.isPending}>
            <legend className="text-sm font-medium text-slate-800">Also send by e-mail</legend>
            <div className="mt-3 grid gap-2">
              {topics.map((t) => (
                <Checkbox
                  key={t.topic}
                  variant="tile"
                  name={t.topic}
                  // The visible label is the topic; the name says what the box turns on.
                  aria-label={`Email: ${t.label}`}
                  label={t.label}
                  checked={choices[t.topic] ?? t.email}
                  onCheckedChange={(checked) => setChoices((current) => ({ ...current, [t.topic]: checked }))}
                />
              ))}
            </div>
          </fieldset>
        </form>
      )}
    </Dialog>
  );
}
