import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { toast as sonner, Toaster, useSonner, type ToastT } from 'sonner';

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

/** How long a toast shows (sonner's own default, spelled here because the touch deadline needs it too). */
const TOAST_DURATION_MS = 4000;
/** The toasts' distance from the screen's bottom edge, on a phone and from sm up. */
const BOTTOM = { phone: 12, wide: 16 };
/** The toasts' distance from the right edge from sm up, and sonner's toast width there. */
const RIGHT = 16;
const TOAST_WIDTH = 356;
/** Air between the front toast and a modal's action bar, and what the toasts stacked behind it show. */
const GAP = 8;
const STACK_PEEK = 16;
/**
 * The height the toasts may take at their edge: a two-line toast with two more stacked behind it. A
 * control pressed inside that band would be covered, so the toasts go to the other edge.
 */
const TOAST_BAND = 128;

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

type Edge = 'top' | 'bottom';
interface Band {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** --toast-top (index.css) in pixels: where the top toasts start, under the sticky top bar. */
function toastTop(): number {
  const style = getComputedStyle(document.documentElement);
  const value = style.getPropertyValue('--toast-top').trim();
  const number = Number.parseFloat(value) || 0;
  return value.endsWith('rem') ? number * (Number.parseFloat(style.fontSize) || 16) : number;
}

/** Where the toasts would lie at each edge, on this screen now. */
function toastBands(wide: boolean): Record<Edge, Band> {
  // The page's width without its scroll bar, where the right toasts' offset is measured from.
  const width = document.documentElement.clientWidth || window.innerWidth;
  const left = wide ? width - RIGHT - TOAST_WIDTH : 0;
  const top = toastTop();
  // On a phone the customer area's bottom bar (app/layout/customer-nav.tsx) sits under the bottom toasts.
  const nav = document.querySelector('[data-customer-nav]');
  const navTop =
    nav && getComputedStyle(nav).position === 'fixed' ? nav.getBoundingClientRect().top : window.innerHeight;
  const bottom = navTop - (wide ? BOTTOM.wide : BOTTOM.phone);
  return {
    top: { left, right: width, top, bottom: top + TOAST_BAND },
    bottom: { left, right: width, top: bottom - TOAST_BAND, bottom },
  };
}

const crosses = (rect: DOMRect, band: Band) =>
  rect.width + rect.height > 0 &&
  rect.left < band.right &&
  rect.right > band.left &&
  rect.top < band.bottom &&
  rect.bottom > band.top;

/** What can be pressed: a toast answers the press of one of these. */
const CONTROLS = 'button, a[href], input, select, textarea, summary, label, [role="button"], [role="tab"]';

/**
 * What a press may bring a toast about: the control pressed, and for Enter in a form's field, the form's
 * submit button, its primary action.
 */
function pressedRects(control: Element, byKey: boolean): DOMRect[] {
  const rects = [control.getBoundingClientRect()];
  const form = byKey ? control.closest('form') : null;
  form
    ?.querySelectorAll('button[type="submit"], button:not([type])')
    .forEach((button) => rects.push(button.getBoundingClientRect()));
  return rects;
}

/**
 * The edge the next toasts go to, chosen at each press: the top (SPEC's top-right from sm up), unless
 * what was pressed lies where the top toasts would cover it and not where the bottom ones would. A
 * toast answers the press that caused it, so it never lands on that control. Presses on the toasts
 * themselves (their close button, a swipe) and on what is no control (a finger scrolling the page)
 * choose nothing.
 */
function useToastEdge(wide: boolean): Edge {
  const [edge, setEdge] = useState<Edge>('top');
  useEffect(() => {
    const choose = (target: EventTarget | null, byKey: boolean) => {
      // A finger put down on the page's text to scroll it presses nothing: the toasts stay where they are.
      const control = target instanceof Element ? target.closest(CONTROLS) : null;
      if (!control || control.closest('[data-sonner-toaster]')) return;
      const rects = pressedRects(control, byKey);
      const bands = toastBands(wide);
      const underTop = rects.some((rect) => crosses(rect, bands.top));
      const underBottom = rects.some((rect) => crosses(rect, bands.bottom));
      setEdge(underTop && !underBottom ? 'bottom' : 'top');
    };
    const onPointer = (event: PointerEvent) => choose(event.target, false);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') choose(event.target, true);
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [wide]);
  return edge;
}

/**
 * Whether the last pointer was a finger or a pen rather than a mouse; before any, whether the screen's
 * main pointer can hover at all.
 */
function useTouchInput(): RefObject<boolean> {
  const touch = useRef(window.matchMedia?.('(hover: none)').matches ?? false);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      touch.current = event.pointerType !== 'mouse';
    };
    document.addEventListener('pointerdown', onPointer, true);
    return () => document.removeEventListener('pointerdown', onPointer, true);
  }, []);
  return touch;
}

interface Deadline {
  /** Milliseconds of visible time the toast has left. */
  left: number;
  since: number;
  timer: number | undefined;
}

/** Runs a toast's remaining time while the page shows; at its end a toast shown to touch input leaves. */
function runDeadline(shown: ToastT, deadline: Deadline, touch: RefObject<boolean>) {
  if (document.hidden || deadline.timer !== undefined || deadline.left <= 0) return;
  deadline.since = Date.now();
  deadline.timer = window.setTimeout(() => {
    deadline.timer = undefined;
    deadline.left = 0;
    if (touch.current) sonner.dismiss(shown.id);
  }, deadline.left);
}

function pauseDeadline(deadline: Deadline) {
  if (deadline.timer === undefined) return;
  window.clearTimeout(deadline.timer);
  deadline.timer = undefined;
  deadline.left = Math.max(0, deadline.left - (Date.now() - deadline.since));
}

/**
 * On a touch screen each toast leaves after its time, counted while the page is visible. sonner pauses
 * a toast while the pointer is over the list, which a mouse ends by leaving it; but a tap sends the
 * emulated mouse events of a hover (mouseover, mousemove) and never a mouseleave, so a toast tapped,
 * or landing where the finger last was, stayed until the next tap elsewhere ('Welcome back' over 30 s
 * on a phone). With a mouse sonner's pause stands: a reader holding the pointer on a toast keeps it.
 */
function useTouchDeadlines(toasts: readonly ToastT[], touch: RefObject<boolean>) {
  const deadlines = useRef(new Map<ToastT, Deadline>());

  useEffect(() => {
    const map = deadlines.current;
    for (const [shown, deadline] of map) {
      if (toasts.includes(shown)) continue;
      window.clearTimeout(deadline.timer);
      map.delete(shown);
    }
    for (const shown of toasts) {
      const duration = shown.duration ?? TOAST_DURATION_MS;
      // A toast that waits for the user (the new version's Reload) or for work (loading) has no deadline.
      if (map.has(shown) || !Number.isFinite(duration) || shown.type === 'loading') continue;
      const deadline: Deadline = { left: duration, since: Date.now(), timer: undefined };
      map.set(shown, deadline);
      runDeadline(shown, deadline, touch);
    }
  }, [toasts, touch]);

  useEffect(() => {
    const map = deadlines.current;
    // A hidden page is not read: its toasts keep their time for when it shows again, as sonner's do.
    const onVisibility = () => {
      for (const [shown, deadline] of map) {
        if (document.hidden) pauseDeadline(deadline);
        else runDeadline(shown, deadline, touch);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      for (const deadline of map.values()) window.clearTimeout(deadline.timer);
      map.clear();
    };
  }, [touch]);
}

/**
 * The app's toasts, each with a close button, placed so that they never hide the work:
 * - From sm up they show top-right as SPEC §2 says, below the sticky top bar so they never hide Sign out;
 *   on a phone, at the top too, under the top bar, away from the bottom of the screen where the thumb
 *   presses a form's button (a bottom toast covered Sign in) and where the customer area's bar is.
 * - When the control just pressed lies where the top toasts would cover it, they go to the bottom
 *   instead (useToastEdge), so a toast never lands on the button that caused it.
 * - While a modal is open they go to the bottom right (the bottom on a phone), into the room the modal
 *   leaves free for them (useToastRoom), never over its title, its fields or its actions.
 * - On a touch screen they leave after their time even when tapped (useTouchDeadlines).
 */
export function AppToaster() {
  const modal = useSyncExternalStore(subscribeToModals, openModal, () => null);
  const wide = useSyncExternalStore(subscribeToWidth, isWide, () => true);
  const edge = useToastEdge(wide);
  const touch = useTouchInput();
  const { toasts } = useSonner();
  useTouchDeadlines(toasts, touch);
  useToastRoom(Boolean(modal) && toasts.length > 0, toasts.length > 1, wide ? BOTTOM.wide : BOTTOM.phone);
  const y = modal ? 'bottom' : edge;
  const position = wide ? (`${y}-right` as const) : (`${y}-center` as const);
  return (
    <Toaster
      position={position}
      richColors
      closeButton
      duration={TOAST_DURATION_MS}
      // --toast-top (index.css) clears the sticky top bar, which has two rows below lg; --bottom-nav
      // clears the customer area's bar on a phone, which a modal covers.
      offset={{ top: 'var(--toast-top)', bottom: BOTTOM.wide, right: RIGHT, left: 16 }}
      mobileOffset={{
        top: 'var(--toast-top)',
        bottom: modal ? BOTTOM.phone : `calc(var(--bottom-nav, 0px) + ${BOTTOM.phone}px)`,
        left: 12,
        right: 12,
      }}
    />
  );
}
