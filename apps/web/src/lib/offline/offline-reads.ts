import { onlineManager, type Query, type QueryCache } from '@tanstack/react-query';
import { ApiError } from '../api-client';
import { isOfflineReadKey } from './persisted-queries';

/** A failure with no HTTP answer: the request never reached Aduro. */
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * When the answers on screen were fetched, if they are being shown without a connection: the oldest
 * fetch time of the offline reads a screen is showing (observed, with data), while the browser is
 * offline or their last fetch did not reach the server. Null while the screen shows live answers.
 */
export function offlineReadsFetchedAt(cache: QueryCache, online = onlineManager.isOnline()): number | null {
  let oldest: number | null = null;
  for (const query of cache.getAll() as Query[]) {
    if (!isOfflineReadKey(query.queryKey) || query.getObserversCount() === 0) continue;
    const { data, dataUpdatedAt, error } = query.state;
    if (data === undefined || dataUpdatedAt === 0) continue;
    if (online && !isNetworkFailure(error)) continue;
    oldest = oldest === null ? dataUpdatedAt : Math.min(oldest, dataUpdatedAt);
  }
  return oldest;
}
