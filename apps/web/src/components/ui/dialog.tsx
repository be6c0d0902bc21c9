import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** A wider card from sm up, for a table (the stock import's preview); a phone is full screen anyway. */
  wide?: boolean;
}

/**
 * Focus goes back to what had it when the modal opened. Radix does this only for a Dialog.Trigger; our
 * modals are opened by ordinary buttons (often a row's), so without this focus would drop to the body
 * and a keyboard or screen-reader user would lose their place.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      // A screen that already moved focus on purpose (to the next field to fill) keeps it; an opener
      // that is gone (a removed row) leaves the choice to Radix.
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      if (!target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/** The bar under a modal's body that holds its actions; it never scrolls away. */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        // On a phone the actions share the width, big enough for a thumb, above the home indicator.
        'flex shrink-0 gap-2 border-t border-slate-100 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] *:flex-1 sm:justify-end sm:px-5 sm:*:flex-none',
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * The one modal of the app. Radix supplies the focus trap, scroll lock and Escape-to-close that
 * SPEC §2 asks of every modal, so screens never build their own overlay. On a phone it fills the
 * screen, so long forms get the whole height and their actions sit in reach at the bottom; from sm
 * up it is a centred card.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, wide }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          data-modal="dialog"
          // From sm up the card, centred, ends above the room a toast needs at the bottom (ToastRoom).
          className={cn(
            'fixed inset-0 z-50 flex flex-col bg-white focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(90vh-2*var(--toast-room,0px))] sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:shadow-xl',
            wide ? 'sm:max-w-4xl' : 'sm:max-w-lg',
          )}
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogHeading title={title} description={description} />
          <div data-modal-body className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:flex-initial sm:px-5">
            {children}
          </div>
          {footer && <DialogFooter>{footer}</DialogFooter>}
          <ToastRoom className="sm:hidden" />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The free strip at the bottom of a modal that fills the screen, as tall as a toast shown over it needs
 * (--toast-room, set by components/ui/toaster.tsx) and empty otherwise: the toast sits in it, under the
 * action bar, instead of over the fields or the buttons.
 */
export function ToastRoom({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('h-[var(--toast-room,0px)] shrink-0 transition-[height] duration-200', className)}
    />
  );
}

/**
 * Title, optional description and the close button of a Radix dialog, shared by Dialog and Sheet so
 * every modal reads and closes the same way.
 */
export function DialogHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="flex shrink-0 items-start justify-between gap-4 border-b border-slate-100 px-4 pt-[max(1rem,env(safe-area-inset-top))] pb-4 sm:px-5 sm:pt-4">
      <div className="min-w-0">
        <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
        {description && (
          <RadixDialog.Description className="mt-1 text-sm text-slate-600">
            {description}
          </RadixDialog.Description>
        )}
      </div>
      <RadixDialog.Close
        // 40 px: a close button must be easy to hit with a thumb.
        className="-m-1.5 inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label="Close"
      >
        <svg className="size-5" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </RadixDialog.Close>
    </div>
  );
}
