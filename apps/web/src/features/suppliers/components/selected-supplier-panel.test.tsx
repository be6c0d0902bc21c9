import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { directoryEntry } from '../testing/fixtures';
import { SelectedSupplierPanel } from './selected-supplier-panel';

describe('SelectedSupplierPanel', () => {
  it("shows name, location and payment terms with the 'Prepaid' and 'Location pending' fallbacks, over its catalogue", async () => {
    const supplier = directoryEntry({
      name: 'Harbour Surgical Imports',
      location: '',
      paymentTerms: ' ',
      isActive: false,
    });
    mockFetch({ [`GET /suppliers/${supplier.id}/products`]: () => json([]) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SelectedSupplierPanel
          orgId="org-1"
          supplier={supplier}
          onClose={onClose}
          renderExpiry={() => null}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Harbour Surgical Imports' })).toBeInTheDocument();
    expect(screen.getByText('Location pending')).toBeInTheDocument();
    expect(screen.getByText('Prepaid')).toBeInTheDocument();
    expect(screen.getByText('No credit profile')).toBeInTheDocument();
    expect(
      await screen.findByText('No published inventory for Harbour Surgical Imports yet.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close Harbour Surgical Imports' }));
    expect(onClose).toHaveBeenCalled();
  });
});
