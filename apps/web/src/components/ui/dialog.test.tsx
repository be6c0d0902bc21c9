import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Add to cart">
      <p>Quantity</p>
    </Dialog>
  );
}

function OpenedByAButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add line
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Add to cart"
        footer={<button type="button">Save</button>}
      >
        <p>Quantity</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('closes on the Escape key', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Add to cart' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gives focus back to the button that opened it when it closes', async () => {
    const user = userEvent.setup();
    render(<OpenedByAButton />);
    const opener = screen.getByRole('button', { name: 'Add line' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
