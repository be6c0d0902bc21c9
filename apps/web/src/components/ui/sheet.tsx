import * as RadixDialog from '@radix-ui/react-dialog';
import { DialogHeading, ToastRoom, useReturnFocus, type DialogProps } from './dialog';

/**
 * A panel sliding in from the right edge, for content the user glances at beside the page (the cart
 * drawer). It is a Radix Dialog like every modal here, so focus trap, scroll lock and Escape-to-close
 * (SPEC §2) come with it; only the placement differs from Dialog. On a phone it is the full screen.
 */
export function Sheet({ open, onOpenChange, title, description, children, footer }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          data-modal="sheet"
          // starting: slides it in when Radix mounts it; a closed sheet is unmounted, so it leaves at once.
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl transition-transform duration-200 ease-out focus:outline-none starting:translate-x-full"
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogHeading title={title} description={description} />
          <div data-modal-body className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-5">
            {children}
          </div>
          {footer && (
            <div className="shrink-0 border-t border-slate-100 bg-slate-50/60 px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-5">
              {footer}
            </div>
          )}
          {/* At every width: the sheet takes the right edge, where the toasts go while it is open. */}
          <ToastRoom className="bg-slate-50/60" />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
