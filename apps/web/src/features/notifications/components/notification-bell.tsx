import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { unreadCountOf, useNotifications } from '../api/get-notifications';
import { badgeText, bellLabel } from '../utils/notification-format';
import { BellIcon, GearIcon } from './bell-icon';
import { NotificationList } from './notification-list';
import { NotificationSettingsDialog } from './notification-settings-dialog';

interface NotificationBellProps {
  /** The signed-in user (session id): notifications are theirs alone, and so are the cache keys. */
  userId: string;
  /** Where e-mail notifications go, named in the settings dialog. */
  email?: string;
}

/**
 * The top bar's bell: the unread count, kept current by the live feed ('notifications.added'
 * refreshes ['notifications']), and a panel of the notifications. The panel is a Sheet, the app's
 * side panel: it fits a phone's width whole and leaves the page in view beside it on a laptop.
 */
export function NotificationBell({ userId, email }: NotificationBellProps) {
  // The settings take the panel's place rather than open over it: a modal over a modal would leave the
  // panel undimmed beside it. Leaving the settings comes back to the list.
  const [view, setView] = useState<'closed' | 'list' | 'settings'>('closed');
  const notifications = useNotifications(userId);
  const unread = unreadCountOf(notifications.data);

  return (
    <>
      <button
        type="button"
        className="relative inline-flex h-8 w-10 shrink-0 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={view !== 'closed'}
        title="Notifications"
        onClick={() => setView('list')}
      >
        <BellIcon className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-rose-600 px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums ring-2 ring-white"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      <Sheet
        open={view === 'list'}
        onOpenChange={(open) => setView(open ? 'list' : 'closed')}
        title="Notifications"
        footer={
          <Button variant="secondary" className="w-full" onClick={() => setView('settings')}>
            <GearIcon className="size-4" />
            Notification settings
          </Button>
        }
      >
        <NotificationList userId={userId} onLeave={() => setView('closed')} />
      </Sheet>
      <NotificationSettingsDialog
        userId={userId}
        email={email}
        open={view === 'settings'}
        onOpenChange={(open) => setView(open ? 'settings' : 'list')}
      />
    </>
  );
}
