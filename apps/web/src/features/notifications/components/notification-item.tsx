import type { Notification } from '@aduro/shared/notifications';
import { useId, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { formatMoment } from '../../../lib/format';
import { appPath, formatNotificationTime } from '../utils/notification-format';

interface NotificationItemProps {
  notification: Notification;
  /** The moment the panel opened, so every row's "5 min ago" is reckoned from the same clock. */
  now: Date;
  /** `leaving`: the user goes to the notification's screen in this tab. */
  onOpen: (notification: Notification, options: { leaving: boolean }) => void;
}

/** A middle click or Ctrl/Cmd/Shift-click opens the screen elsewhere; this tab, and its panel, stay. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/** One row of the panel: a link to the screen concerned, its title bold and dotted while unread. */
export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null;
  const path = appPath(notification.link);
  // The row is named by its title alone and described by the rest, so a screen reader's list of links
  // reads as a list of titles.
  const id = useId();
  const described = {
    'aria-label': unread ? `Unread: ${notification.title}` : notification.title,
    'aria-describedby': `${id}-body ${id}-time`,
  };
  const rowClasses = cn(
    'flex w-full gap-3 px-5 py-3 text-left transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600',
    unread && 'bg-emerald-50/40',
  );
  const content: ReactNode = (
    <>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-emerald-600' : 'bg-transparent')}
      />
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            'block text-sm [overflow-wrap:anywhere]',
            unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700',
          )}
        >
          {notification.title}
        </span>
        <span id={`${id}-body`} className="mt-0.5 block text-sm text-slate-600 [overflow-wrap:anywhere]">
          {notification.body}
        </span>
        <time
          id={`${id}-time`}
          dateTime={notification.createdAt}
          title={formatMoment(notification.createdAt)}
          className="mt-1 block text-xs text-slate-500"
        >
          {formatNotificationTime(notification.createdAt, now)}
        </time>
      </span>
    </>
  );
  return (
    <li>
      {path ? (
        <Link
          to={path}
          onClick={(event) => onOpen(notification, { leaving: !opensElsewhere(event) })}
          {...described}
          className={rowClasses}
        >
          {content}
        </Link>
      ) : (
        // A link the app cannot follow (not an app path) is not followed; the row still marks it read.
        <button
          type="button"
          onClick={() => onOpen(notification, { leaving: false })}
          className={rowClasses}
          {...described}
        >
          {content}
        </button>
      )}
    </li>
  );
}
