import { cn } from '../../components/ui/cn';
import type { LiveStatus } from './live-connection';

const LOOK: Record<LiveStatus, { label: string; dot: string; title: string }> = {
  live: { label: 'Live', dot: 'bg-emerald-500', title: 'Screens update as changes happen' },
  connecting: { label: 'Connecting…', dot: 'bg-amber-400', title: 'Connecting for live updates' },
  reconnecting: {
    label: 'Reconnecting…',
    dot: 'bg-amber-400',
    title: 'Live updates paused; reconnecting',
  },
  offline: {
    label: 'Offline',
    dot: 'bg-slate-400',
    title: 'No live updates: check your connection. Screens show what was last loaded.',
  },
};

/**
 * The live connection's state in the top bar. On phones only the dot shows; the label stays for
 * screen readers, which hear each change politely.
 */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const look = LOOK[status];
  return (
    <span
      role="status"
      aria-live="polite"
      title={look.title}
      data-status={status}
      className="inline-flex shrink-0 items-center gap-1.5 text-xs font-medium text-slate-600"
    >
      <span aria-hidden="true" className={cn('size-2.5 rounded-full', look.dot)} />
      <span className="sr-only sm:not-sr-only">{look.label}</span>
    </span>
  );
}
