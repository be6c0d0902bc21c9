import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from './toaster';

// sonner captures the pointer that presses a toast (to follow a swipe); jsdom has no pointer capture.
Element.prototype.setPointerCapture ??= () => undefined;

afterEach(() => {
  act(() => toast.dismiss());
});

/** A pointer pressing `target`, as the browser reports it; jsdom has no PointerEvent of its own. */
function press(target: Element, pointerType: 'touch' | 'mouse') {
  const event = new MouseEvent('pointerdown', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  fireEvent(target, event);
}

/** A control laid out at `top` px from the top of the screen, `left` from its left (jsdom lays nothing out). */
function controlAt(name: string, top: number, left = 16) {
  const button = screen.getByRole('button', { name });
  vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: left, y: top, width: 200, height: 44 }),
  );
  return button;
}

function renderToaster() {
  render(
    <>
      <button type="button">Approve</button>
      <button type="button">Sign in</button>
      <p>Payment terms</p>
      <AppToaster />
    </>,
  );
}

const toaster = () => document.querySelector('[data-sonner-toaster]');

describe('AppToaster', () => {
  it('offers a close button on every toast', async () => {
    renderToaster();
    act(() => toast.success('Welcome back'));
    const shown = (await screen.findByText('Welcome back')).closest('[data-sonner-toast]')!;
    fireEvent.click(shown.querySelector('button[aria-label="Close toast"]')!);
    await waitFor(() => expect(screen.queryByText('Welcome back')).not.toBeInTheDocument());
  });

  it('shows toasts at the top, away from a button pressed lower down the screen', async () => {
    renderToaster();
    press(controlAt('Sign in', 600), 'mouse');
    act(() => toast.error('Invalid email or password'));
    await screen.findByText('Invalid email or password');
    expect(toaster()).toHaveAttribute('data-y-position', 'top');
  });

  it('shows them at the bottom when the button pressed lies where the top toasts would cover it', async () => {
    renderToaster();
    // jsdom's window is 1024 px wide: top-right toasts would lie over x 652 to 1008, from the top.
    press(controlAt('Approve', 40, 800), 'mouse');
    act(() => toast.success('Order approved & invoice generated'));
    await screen.findByText('Order approved & invoice generated');
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
  });

  it('keeps the toasts where they are when the page, not a control, is pressed (a finger scrolling)', async () => {
    renderToaster();
    const text = screen.getByText('Payment terms');
    vi.spyOn(text, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 800, y: 40, width: 200, height: 20 }),
    );
    press(text, 'touch');
    act(() => toast.success('Order defaults saved'));
    await screen.findByText('Order defaults saved');
    expect(toaster()).toHaveAttribute('data-y-position', 'top');
  });

  it('lets a toast that was tapped leave after its time on a touch screen', async () => {
    renderToaster();
    press(controlAt('Sign in', 600), 'touch');
    act(() => toast.success('Welcome back'));
    const shown = (await screen.findByText('Welcome back')).closest('[data-sonner-toast]')!;
    // A tap on the toast: the browser follows the touch with the emulated mouse events of a hover, and
    // sends no mouseleave until the next tap elsewhere. sonner pauses the toast while "hovered".
    press(shown, 'touch');
    fireEvent.pointerUp(shown);
    fireEvent.mouseOver(shown);
    fireEvent.mouseMove(shown);
    await waitFor(() => expect(shown).toHaveAttribute('data-expanded', 'true'));
    await waitFor(() => expect(screen.queryByText('Welcome back')).not.toBeInTheDocument());
  });
});
