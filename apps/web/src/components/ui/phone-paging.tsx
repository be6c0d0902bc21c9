import { useState } from 'react';
import { Button } from './button';
import { formatUnits } from '../../lib/format';

/** Long lists show this many cards at a time on a phone, where a table would not fit. */
export const PHONE_PAGE = 20;

/** How many rows a phone list shows, and a way to reveal the next page. */
export function usePhonePaging() {
  const [limit, setLimit] = useState(PHONE_PAGE);
  return { limit, showMore: () => setLimit((current) => current + PHONE_PAGE) };
}

/** The 'Show N more' footer of a phone list; renders nothing once every row is shown. */
export function ShowMoreButton({
  total,
  limit,
  onShowMore,
}: {
  total: number;
  limit: number;
  onShowMore(): void;
}) {
  if (total <= limit) return null;
  const remaining = total - limit;
  return (
    <div className="border-t border-slate-100 px-5 py-3 md:hidden">
      <Button variant="secondary" className="w-full" onClick={onShowMore}>
        Show {Math.min(PHONE_PAGE, remaining)} more of {formatUnits(remaining)} remaining
      </Button>
    </div>
  );
}
