import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Spinner } from './spinner';

/** Requests quicker than this never show the pill, so fast pages do not flicker. */
const SHOW_AFTER_MS = 150;

/**
 * SPEC §2 'Syncing' overlay, kept as a small pill that never blocks the page. Queries marked as
 * background work (the session check, which has its own 'Checking access' loader) are not counted.
 */
export function SyncIndicator() {
  const fetching = useIsFetching({ predicate: (query) => !query.meta?.background });
  const mutating = useIsMutating();
  const busy = fetching + mutating > 0;
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setDelayPassed(true), SHOW_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [busy]);

  if (!busy || !delayPassed) return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed right-4 bottom-[calc(var(--bottom-nav,0px)+1rem)] z-50 flex max-w-[calc(100vw-2rem)] items-center gap-2 rounded-full border border-slate-200 bg-white/95 px-3 py-1.5 text-xs text-slate-600 shadow-md backdrop-blur"
    >
      <Spinner className="size-3.5 shrink-0 text-emerald-700" />
      <span>
        <span className="font-semibold text-slate-800">Syncing</span> - Updating the latest marketplace data
      </span>
    </div>
  );
}
