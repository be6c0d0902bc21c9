import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The one modal of the app. Radix supplies the focus trap, scroll lock and Escape-to-close that
 * SPEC §2 asks of every modal, so screens never build their own overlay.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogHeading title={title} description={description} />
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex justify-end gap-2 border-t border-slate-100 px-5 py-3">{footer}</div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Title, optional description and the close button of a Radix dialog, shared by Dialog and Sheet so
 * every modal reads and closes the same way.
 */
export function DialogHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
      <div className="min-w-0">
        <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
        {description && (
          <RadixDialog.Description className="mt-1 text-sm text-slate-500">
            {description}
          </RadixDialog.Description>
        )}
      </div>
      <RadixDialog.Close
        className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        aria-label="Close"
      >
        <svg className="size-5" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </RadixDialog.Close>
    </div>
  );
}
