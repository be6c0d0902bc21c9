import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { directoryEntry } from '../testing/fixtures';
import { SupplierDirectory } from './supplier-directory';

function renderDirectory(onSelect = vi.fn()) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SupplierDirectory orgId="org-1" selectedSupplierId={null} onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return user;
}

describe('SupplierDirectory', () => {
  it('asks the server for the chosen category and says when it has no suppliers', async () => {
    const fetchMock = mockFetch({
      'GET /suppliers?category=all': () => json([directoryEntry({ name: 'Tema Pharma Distributors' })]),
      'GET /suppliers?category=manufacturer': () => json([]),
    });
    const user = renderDirectory();
    expect(await screen.findByRole('button', { name: 'Tema Pharma Distributors' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Manufacturers' }));
    expect(await screen.findByText('No suppliers found for this category yet.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Manufacturers' })).toBeChecked();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("loads when a supplier's payment terms are null, and reads them as Prepaid", async () => {
    mockFetch({
      'GET /suppliers?category=all': () =>
        json([
          { ...directoryEntry({ name: 'Harbour Surgical Imports' }), paymentTerms: null },
          directoryEntry({ name: 'Tema Pharma Distributors', paymentTerms: 'Net 30' }),
        ]),
    });
    const onSelect = vi.fn();
    const user = renderDirectory(onSelect);
    await user.click(await screen.findByRole('button', { name: 'Harbour Surgical Imports' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ paymentTerms: 'Prepaid' }));
    await user.click(screen.getByRole('button', { name: 'Tema Pharma Distributors' }));
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ paymentTerms: 'Net 30' }));
  });
});
