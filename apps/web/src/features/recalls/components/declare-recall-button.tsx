import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyDialog, usePreloadWhenIdle } from '../../../components/ui/lazy-dialog';
import type { DeclareRecallDialogProps } from './declare-recall-dialog';

/** Its form (react-hook-form) and the dialog download once the page is idle or on the first click. */
const DeclareRecallDialog = lazyDialog(
  async () => (await import('./declare-recall-dialog')).DeclareRecallDialog,
);

/** 'Declare a recall', and the dialog it opens (declare-recall-dialog.tsx). */
export function DeclareRecallButton(props: Omit<DeclareRecallDialogProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  usePreloadWhenIdle(DeclareRecallDialog);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Declare a recall
      </Button>
      <DeclareRecallDialog {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}
