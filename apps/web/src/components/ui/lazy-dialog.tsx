import { useEffect, useState, type ComponentType } from 'react';
import { toast } from 'sonner';

export const DIALOG_LOAD_FAILED = 'This could not be opened. Check your connection and try again.';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog whose code is downloaded when the page is idle or when it is first opened, whichever comes
 * first, rather than with the page: the customer hub's dialogs and their forms (react-hook-form, Radix
 * Dialog) were a sixth of its JavaScript, all of it parsed before a phone could paint the hub, for
 * dialogs opened by a click. `preload` is what the page calls once it has drawn.
 *
 * Once opened, the dialog stays mounted like an ordinary one, so it closes with its animation and hands
 * focus back to the button that opened it. If the download fails (a dropped connection before the service
 * worker has the file), the dialog does not open, a toast says why, and the next open tries again.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchDialog = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  function LazyDialog(props: P) {
    const [Dialog, setDialog] = useState<ComponentType<P> | null>(() => loaded);
    const { open, onOpenChange } = props;
    useEffect(() => {
      if (!open || Dialog) return;
      let current = true;
      fetchDialog().then(
        (component) => current && setDialog(() => component),
        () => {
          if (!current) return;
          toast.error(DIALOG_LOAD_FAILED, { id: 'dialog-load-failed' });
          onOpenChange(false);
        },
      );
      return () => {
        current = false;
      };
    }, [open, Dialog, onOpenChange]);
    return Dialog ? <Dialog {...props} /> : null;
  }

  LazyDialog.preload = () => void fetchDialog().catch(() => undefined);
  return LazyDialog;
}

/**
 * Starts the downloads of `dialogs` once the browser is idle after the page has drawn, so a click on a
 * phone rarely waits for one. Safari has no requestIdleCallback; there a short timeout stands in.
 */
export function usePreloadWhenIdle(...dialogs: ReadonlyArray<{ preload: () => void }>) {
  useEffect(() => {
    const preloadAll = () => dialogs.forEach((dialog) => dialog.preload());
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preloadAll, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(preloadAll, 1_000);
    return () => window.clearTimeout(id);
    // The dialogs are module-level components: preloading once per mount is the intent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
