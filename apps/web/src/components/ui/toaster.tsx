import { useEffect, useSyncExternalStore } from 'react';
import { Toaster, useSonner } from 'sonner';

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

/** The toasts' distance from the screen's bottom edge, on a phone and from sm up. */
const BOTTOM = { phone: 12, wide: 16 };
/** Air between the front toast and a modal's action bar, and what the toasts stacked behind it show. */
const GAP = 8;
const STACK_PEEK = 16;

/**
 * While a toast shows over an open modal, --toast-room on <html> is the height it needs at the bottom of
 * the screen. Dialog and Sheet keep that much free under their action bar (on a phone, where they fill
 * the screen, and for the sheet, which fills the right edge), and a centred dialog's card stays clear of
 * it; so a toast never covers a modal's fields or its buttons. The front toast's height comes from
 * sonner, which writes it on its list as --front-toast-height whenever a toast mounts or changes.
 */
function useToastRoom(active: boolean, stacked: boolean, bottom: number) {
  useEffect(() => {
    const html = document.documentElement;
    if (!active) return;
    const update = () => {
      const list = document.querySelector<HTMLElement>('[data-sonner-toaster]');
      const front = Number.parseFloat(list?.style.getPropertyValue('--front-toast-height') ?? '') || 0;
      if (front === 0) return html.style.removeProperty('--toast-room');
      html.style.setProperty('--toast-room', `${front + bottom + GAP + (stacked ? STACK_PEEK : 0)}px`);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { attributes: true, attributeFilter: ['style'], subtree: true });
    return () => {
      observer.disconnect();
      html.style.removeProperty('--toast-room');
    };
  }, [active, stacked, bottom]);
}

/**
 * The app's toasts. SPEC §2 puts them top-right, and so they are on a laptop with no modal open,
 * below the sticky top bar so they never hide Sign out. On a phone they come up from the bottom, where
 * a thumb can swipe them away. While a modal is open they go to the bottom right (the bottom on a
 * phone), into the room the modal leaves free for them (useToastRoom), never over its title, its fields
 * or its actions.
 */
export function AppToaster() {
  const modal = useSyncExternalStore(subscribeToModals, openModal, () => null);
  const wide = useSyncExternalStore(subscribeToWidth, isWide, () => true);
  const { toasts } = useSonner();
  useToastRoom(Boolean(modal) && toasts.length > 0, toasts.length > 1, wide ? BOTTOM.wide : BOTTOM.phone);
  const position = !wide ? 'bottom-center' : modal ? 'bottom-right' : 'top-right';
  return (
    <Toaster
      position={position}
      richColors
      closeButton
      // --toast-top (index.css) clears the sticky top bar, which has two rows below lg.
      offset={{ top: 'var(--toast-top)', bottom: BOTTOM.wide, right: 16, left: 16 }}
      mobileOffset={{ bottom: BOTTOM.phone, left: 12, right: 12 }}
    />
  );
}
