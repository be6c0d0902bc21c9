import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveIndicator } from './live-indicator';

describe('LiveIndicator', () => {
  it.each([
    ['live', 'Live', 'bg-emerald-500'],
    ['connecting', 'Connecting…', 'bg-amber-400'],
    ['reconnecting', 'Reconnecting…', 'bg-amber-400'],
    ['offline', 'Offline', 'bg-slate-400'],
  ] as const)('shows %s as "%s" with its colour', (status, label, colour) => {
    render(<LiveIndicator status={status} />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent(label);
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region.querySelector('[aria-hidden="true"]')).toHaveClass(colour);
  });

  it('announces a change of state in the same live region', () => {
    const { rerender } = render(<LiveIndicator status="live" />);
    const region = screen.getByRole('status');
    rerender(<LiveIndicator status="reconnecting" />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Reconnecting…');
  });

  it('keeps the label for screen readers while phones show only the dot', () => {
    render(<LiveIndicator status="offline" />);
    const label = screen.getByText('Offline');
    expect(label).toHaveClass('sr-only', 'sm:not-sr-only');
  });
});
