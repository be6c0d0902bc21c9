/** The badge stops at 99+: past that the number says nothing more and would not fit the bell. */
export const BADGE_CAP = 99;

export function badgeText(unread: number): string {
  return unread > BADGE_CAP ? `${BADGE_CAP}+` : String(unread);
}

/** The bell's accessible name carries the count, which the badge only shows. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * When a notification came, short enough for a phone's line: '5 min ago' and '3 h ago' while it is
 * fresh, 'Yesterday', then the day ('27 Nov', with the year once it is another year's). The exact
 * moment goes in the element's title.
 */
export function formatNotificationTime(iso: string, now: Date = new Date()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  // A clock a little ahead of this device's is not news from the future.
  const elapsed = Math.max(0, now.getTime() - time);
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (time >= startOfToday - DAY) return 'Yesterday';
  const then = new Date(time);
  return then.getFullYear() === now.getFullYear() ? dayMonth.format(then) : dayMonthYear.format(then);
}

/**
 * The in-app path a notification links to, or null when it is not one (an absolute or
 * protocol-relative URL): the link comes from the server, and a bell must never lead off the app.
 */
export function appPath(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}
