import { onlineManager } from '@tanstack/react-query';

/** What the browser says about its connection; true only when it knows it has none. */
export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * TanStack Query assumes it is online until an 'offline' event says otherwise, so an app started
 * without a connection would fire every query and show their failures instead of the answers kept
 * for offline. This starts it from navigator.onLine, then follows the browser's events as before.
 */
export function followBrowserConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(!isBrowserOffline());
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}
