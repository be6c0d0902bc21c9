import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { formatMoment } from '../format';
import { offlineReadsFetchedAt } from './offline-reads';

const subscribeToConnection = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/**
 * Says that the screen shows what was fetched earlier, and when, whenever it is read without a
 * connection; nothing while the answers are live. Writes are refused offline (lib/api-client.ts).
 */
export function OfflineBanner() {
  const cache = useQueryClient().getQueryCache();
  const online = useSyncExternalStore(subscribeToConnection, isOnline, isOnline);
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  const snapshot = useCallback(() => offlineReadsFetchedAt(cache, online), [cache, online]);
  const fetchedAt = useSyncExternalStore(subscribe, snapshot, snapshot);

  if (fetchedAt === null) return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 text-amber-900">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm font-medium sm:px-6 lg:px-8">
        <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-amber-500" />
        {`Offline: showing what you last saw at ${formatMoment(new Date(fetchedAt).toISOString())}`}
      </p>
    </div>
  );
}
