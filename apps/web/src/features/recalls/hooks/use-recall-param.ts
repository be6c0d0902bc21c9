import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The recall a screen shows, kept in the address (`recall={id}`) so a notification's link opens it and
 * the back button and a reload keep it. Choosing one replaces the entry rather than adding history.
 * `keep` names parameters the screen needs alongside (the cockpit's `tab=recalls`), so a tab named by an
 * earlier link does not take over again when the address changes.
 */
export function useRecallParam(keep?: Readonly<Record<string, string>>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('recall');
  const select = useCallback(
    (recallId: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(keep ?? {})) next.set(name, value);
          if (recallId) next.set('recall', recallId);
          else next.delete('recall');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams, keep],
  );
  return [selected, select] as const;
}
