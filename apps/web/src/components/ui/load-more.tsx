import { useEffect, useRef } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { Button } from './button';
import { cn } from './cn';

export interface LoadMoreProps {
  /** The next page is there to read. */
  hasMore: boolean;
  loading: boolean;
  /** The last attempt at the next page failed: said here, and not retried without a click. */
  failed: boolean;
  error: unknown;
  /** Pages read so far: each new page looks again whether the foot is still in view. */
  pageCount: number;
  onLoadMore: () => void;
  /** What the list holds, for the failure's sentence: "More {noun} could not be loaded." */
  noun: string;
  /** How far below the screen the next page starts loading: a screen ahead for tall cards. */
  lookAheadPx?: number;
  /** The foot's frame: by default a ruled row at the bottom of a card. */
  className?: string;
}

/**
 * The foot of a paged list (docs/domain.md "Lists"): the next page loads as it scrolls into view, and
 * the button stays for keyboard and screen reader users (and where the browser cannot tell what is in
 * view). A failed page says why and waits for a click rather than retrying in a loop.
 */
export function LoadMore({
  hasMore,
  loading,
  failed,
  error,
  pageCount,
  onLoadMore,
  noun,
  lookAheadPx = 400,
  className = 'border-t border-slate-100 px-5 py-3',
}: LoadMoreProps) {
  const foot = useRef<HTMLDivElement>(null);
  const auto = hasMore && !loading && !failed;
  // The latest callback, read by the observer without re-creating it on every render.
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });

  useEffect(() => {
    const element = foot.current;
    if (!auto || !element || typeof IntersectionObserver === 'undefined') return;
    // Starts early, so the rows are usually there by the time the reader reaches them.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: `0px 0px ${lookAheadPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [auto, pageCount, lookAheadPx]);

  if (!hasMore) return null;
  return (
    <div ref={foot} className={cn('flex flex-col items-center gap-2', className)}>
      {failed && (
        <p role="alert" className="text-center text-sm text-rose-700">
          More {noun} could not be loaded. {getErrorMessage(error)}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        loading={loading}
        onClick={onLoadMore}
        className="w-full sm:w-auto"
      >
        {loading ? 'Loading more…' : 'Load more'}
      </Button>
    </div>
  );
}
