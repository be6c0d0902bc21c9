import { useEffect } from 'react';
import type { LiveStatus } from './live-connection';
import { useLiveUpdates } from './use-live-updates';

/**
 * The signed-in session's live connection as a component that renders nothing, so the app shell can
 * load it (and the stream reader with it) lazily: /login never opens one. Reports the connection's
 * status for the top bar, and null once it is gone.
 */
export function LiveUpdates({
  token,
  onStatus,
}: {
  token: string;
  onStatus: (status: LiveStatus | null) => void;
}) {
  const status = useLiveUpdates(token);
  useEffect(() => onStatus(status), [status, onStatus]);
  useEffect(() => () => onStatus(null), [onStatus]);
  return null;
}
