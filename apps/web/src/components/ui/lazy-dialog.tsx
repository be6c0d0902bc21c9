import { createElement, useEffect, useEffectEvent, useState, type ComponentType } from 'react';
import { toast } from 'sonner';

export const DIALOG_LOAD_FAILED = 'This could not be opened. Check your connection and try again.';

/**
 * Dialogs downloaded when the page is idle or when first opened, whichever comes first, rather than
 * with the page. A phone parses every byte of a page's JavaScript before it can paint it, and the
 * customer hub's dialogs with their forms (react-hook-form, Radix Dialog) were a sixth of the hub's, for
 * things opened by a click. The page calls `usePreloadWhenIdle` once it has drawn, so on most
 * connections nobody waits for the click.
 *
 * A failed download (a dropped connection before the service worker holds the file) is not cached: the
 * next try downloads again.
 */
function loadOnce<P>(load: () => Promise<ComponentType<P>>) {
  const part = {
    loaded: null as ComponentType<P> | null,
    loading: null as Promise<ComponentType<P>> | null,
    fetch: () =>
      (part.loading ??= load().then(
        (component) => (part.loaded = component),
        (error: unknown) => {
          part.loading = null;
          throw error;
        },
      )),
    preload: () => void part.fetch().catch(() => undefined),
  };
  return part;
}

/**
 * The downloaded component, or null until it is; `wanted` false waits (a closed dialog). The component
 * is the module's own, the same every time, so React keeps its state: it is rendered through
 * createElement because the lint cannot see that a component held in state is not made in render.
 */
function useDownloaded<P>(part: ReturnType<typeof loadOnce<P>>, wanted: boolean, onFailed: () => void) {
  const [component, setComponent] = useState<ComponentType<P> | null>(() => part.loaded);
  // The caller's latest callback, without restarting the download's effect each render.
  const failed = useEffectEvent(onFailed);
  useEffect(() => {
    if (!wanted || component) return;
    let current = true;
    part.fetch().then(
      (loaded) => current && setComponent(() => loaded),
      () => current && failed(),
    );
    return () => {
      current = false;
    };
  }, [part, wanted, component]);
  return component;
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog downloaded on idle or on its first open. Once opened it stays mounted like an ordinary one,
 * so it closes with its animation and hands focus back to the button that opened it. If the download
 * fails, the dialog does not open and a toast says why.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>) {
  const part = loadOnce(load);
  function LazyDialog(props: P) {
    const { open, onOpenChange } = props;
    const Dialog = useDownloaded(part, open, () => {
      toast.error(DIALOG_LOAD_FAILED, { id: 'dialog-load-failed' });
      onOpenChange(false);
    });
    return Dialog ? createElement(Dialog, props) : null;
  }
  LazyDialog.preload = part.preload;
  return LazyDialog;
}

/**
 * Starts the downloads of `parts` once the browser is idle after the page has drawn. Safari has no
 * requestIdleCallback; there a short timeout stands in.
 */
export function usePreloadWhenIdle(...parts: ReadonlyArray<{ preload: () => void }>) {
  useEffect(() => {
    const preloadAll = () => parts.forEach((part) => part.preload());
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preloadAll, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(preloadAll, 1_000);
    return () => window.clearTimeout(id);
    // The parts are module-level components: preloading once per mount is the intent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
