import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';

/** Dialog and Sheet mark their content with data-modal="dialog" or "sheet"; Radix portals it into <body>. */
function subscribeToModals(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}
const openModal = () => document.querySelector('[data-modal]')?.getAttribute('data-modal') ?? null;

const WIDE = '(min-width: 40rem)';
// Optional: not every environment the app renders in (jsdom in tests) has matchMedia.
function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isWide = () => window.matchMedia?.(WIDE).matches ?? true;

/**
 * The app's toasts. SPEC §2 puts them top-right, and so they are on a laptop with no modal open,
 * below the sticky top bar so they never hide Sign out. On a phone they come up from the bottom, where
 * a thumb can swipe them away. While a modal is open they move to the bottom: there they cover at
 * most the modal's action bar, never the title or the fields being read (a full-screen dialog on a
 * phone, or the order builder's supplier and price line at its top); on a laptop they sit beside it.
 */
export function AppToaster() {
  const modal = useSyncExternalStore(subscribeToModals, openModal, () => null);
  const wide = useSyncExternalStore(subscribeToWidth, isWide, () => true);
  // A sheet fills the right edge, so beside one the toasts take the left.
  const position = !wide
    ? 'bottom-center'
    : modal === 'sheet'
      ? 'bottom-left'
      : modal
        ? 'bottom-right'
        : 'top-right';
  return (
    <Toaster
      position={position}
      richColors
      closeButton
      offset={{ top: 68, bottom: 16, right: 16, left: 16 }}
      mobileOffset={{ bottom: 12, left: 12, right: 12 }}
    />
  );
}
