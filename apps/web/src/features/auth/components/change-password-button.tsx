import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyDialog, usePreloadWhenIdle } from '../../../components/ui/lazy-dialog';

/**
 * Its form (react-hook-form) and the dialog download once the screen is idle, or on the first click if
 * that comes first: the button is on every signed-in screen, the dialog rarely opened.
 */
const ChangePasswordDialog = lazyDialog(
  async () => (await import('./change-password-dialog')).ChangePasswordDialog,
);

/** The top bar's Change password, and the dialog it opens (change-password-dialog.tsx). */
export function ChangePasswordButton() {
  const [open, setOpen] = useState(false);
  usePreloadWhenIdle(ChangePasswordDialog);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} title="Change password">
        <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <circle cx="7" cy="10" r="3.25" stroke="currentColor" strokeWidth="1.5" />
          <path
            d="M10.25 10H17m-2.5 0v2.5M12.5 10v2"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </svg>
        <span className="sr-only lg:not-sr-only">Change password</span>
      </Button>
      <ChangePasswordDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
