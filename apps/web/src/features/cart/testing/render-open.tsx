import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';

interface OpenableProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orgId: string | null;
}

/**
 * Renders an open drawer or modal that closes like the hub's would, inside a router (its links) and a
 * fresh query cache. onOpenChange records every request to open or close.
 */
export function renderOpen(Component: ComponentType<OpenableProps>, orgId: string | null = 'org-1') {
  const onOpenChange = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <Component
        open={open}
        orgId={orgId}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, onOpenChange };
}
