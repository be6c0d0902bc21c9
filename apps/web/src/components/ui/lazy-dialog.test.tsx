import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { DIALOG_LOAD_FAILED, lazyDialog } from './lazy-dialog';

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

function NoteDialog({ open }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return open ? <div role="dialog" aria-label="Note" /> : null;
}

function Page({
  Dialog,
}: {
  Dialog: ReturnType<typeof lazyDialog<{ open: boolean; onOpenChange: (open: boolean) => void }>>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <span>{open ? 'open' : 'closed'}</span>
      <Dialog open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('lazyDialog', () => {
  it('downloads the dialog on its first open, not with the page', async () => {
    const load = vi.fn(async () => NoteDialog);
    const Dialog = lazyDialog(load);
    render(<Page Dialog={Dialog} />);
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts the download on preload, once, and opens at once afterwards', async () => {
    const load = vi.fn(async () => NoteDialog);
    const Dialog = lazyDialog(load);
    Dialog.preload();
    Dialog.preload();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await load.mock.results[0]!.value;

    render(<Page Dialog={Dialog} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    // Already downloaded: the dialog is there in the same render as the click.
    expect(screen.getByRole('dialog', { name: 'Note' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stays closed with a toast when the download fails, and tries again on the next open', async () => {
    const load = vi
      .fn<() => Promise<typeof NoteDialog>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(NoteDialog);
    const Dialog = lazyDialog(load);
    render(<Page Dialog={Dialog} />);

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(DIALOG_LOAD_FAILED, { id: 'dialog-load-failed' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Note' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
