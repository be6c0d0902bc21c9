import { useState } from 'react';
import { lazyDialog, usePreloadWhenIdle } from '../../../components/ui/lazy-dialog';
import { unreadCountOf, useNotifications } from '../api/get-notifications';
import { badgeText, bellLabel } from '../utils/notification-format';
import { BellIcon } from './bell-icon';
import type { PanelView } from './notification-panel';

/**
 * The bell is on every signed-in screen; its panel (the list, the settings form, Radix Dialog) downloads
 * once the screen is idle, or on the first click if that comes first.
 */
const NotificationPanel = lazyDialog(async () => (await import('./notification-panel')).NotificationPanel);

interface NotificationBellProps {
  /** The signed-in user (session id): notifications are theirs alone, and so are the cache keys. */
  userId: string;
  /** Where e-mail notifications go, named in the settings dialog. */
  email?: string;
}

/**
 * The top bar's bell: the unread count, kept current by the live feed ('notifications.added'
 * refreshes ['notifications']), and the panel of the notifications (notification-panel.tsx).
 */
export function NotificationBell({ userId, email }: NotificationBellProps) {
  const [view, setView] = useState<PanelView>('closed');
  usePreloadWhenIdle(NotificationPanel);
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
      <NotificationPanel
        open={view !== 'closed'}
        onOpenChange={(open) => setView(open ? 'list' : 'closed')}
        view={view}
        onViewChange={setView}
        userId={userId}
        email={email}
      />
    </>
  );
}
