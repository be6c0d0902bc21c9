import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { GearIcon } from './bell-icon';
import { NotificationList } from './notification-list';
import { NotificationSettingsDialog } from './notification-settings-dialog';

export type PanelView = 'closed' | 'list' | 'settings';

export interface NotificationPanelProps {
  /** True while the list or the settings show (lazyDialog's contract). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  view: PanelView;
  onViewChange: (view: PanelView) => void;
  userId: string;
  email?: string;
}

/**
 * What the bell opens: the notifications in a Sheet, the app's side panel (it fits a phone's width
 * whole and leaves the page in view beside it on a laptop), and their settings. The settings take the
 * panel's place rather than open over it: a modal over a modal would leave the panel undimmed beside
 * it. Leaving the settings comes back to the list.
 */
export function NotificationPanel({ view, onViewChange, userId, email }: NotificationPanelProps) {
  return (
    <>
      <Sheet
        open={view === 'list'}
        onOpenChange={(open) => onViewChange(open ? 'list' : 'closed')}
        title="Notifications"
        footer={
          <Button variant="secondary" className="w-full" onClick={() => onViewChange('settings')}>
            <GearIcon className="size-4" />
            Notification settings
          </Button>
        }
      >
        <NotificationList userId={userId} onLeave={() => onViewChange('closed')} />
      </Sheet>
      <NotificationSettingsDialog
        userId={userId}
        email={email}
        open={view === 'settings'}
        onOpenChange={(open) => onViewChange(open ? 'settings' : 'list')}
      />
    </>
  );
}
