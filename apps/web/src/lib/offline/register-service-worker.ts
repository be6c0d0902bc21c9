/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { toast } from 'sonner';

/**
 * Registers the service worker that keeps the app shell (vite.config.ts) once the page has loaded, so
 * its download of the whole shell never competes with the first screen's. A new version waits until
 * the user chooses to reload, so nobody loses a half-filled form to an update.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh: () =>
      toast('A new version of Aduro is ready.', {
        id: 'app-update',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void update() },
      }),
  });
}
