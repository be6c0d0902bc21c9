import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { product } from '../testing/fixtures';
import { CatalogueBrowser } from './catalogue-browser';

function renderBrowser(comparedProductId: string | null = null) {
  const onOpenProduct = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CatalogueBrowser comparedProductId={comparedProductId} onOpenProduct={onOpenProduct} />
    </QueryClientProvider>,
  );
  return { onOpenProduct, user };
}

describe('CatalogueBrowser', () => {
  it('shows product cards with name, brand, category and pack, and opens one', async () => {
    const amoxicillin = product();
    mockFetch({ 'GET /products?limit=12': () => json([amoxicillin]) });
    const { user, onOpenProduct } = renderBrowser(amoxicillin.id);
    const card = await screen.findByRole('button', {
      name: /Amoxicillin 500\smg capsules.*Ernest Chemists.*Open product details$/s,
    });
    expect(card).toHaveTextContent('Antibiotics');
    expect(card).toHaveTextContent('100 capsules per box');
    expect(card).toHaveTextContent('Comparing');
    await user.click(card);
    expect(onOpenProduct).toHaveBeenCalledWith(amoxicillin);
  });

  it('searches the catalogue by name or brand once typing pauses, and says when nothing matches', async () => {
    const fetchMock = mockFetch({
      'GET /products?limit=12': () => json([product()]),
      'GET /products?q=quinine&limit=12': () => json([]),
    });
    const { user } = renderBrowser();
    await screen.findByRole('list', { name: 'Catalogue products' });
    await user.type(screen.getByRole('searchbox', { name: 'Search the catalogue' }), 'quinine');
    expect(await screen.findByText('No products match “quinine”.')).toBeInTheDocument();
    // One request for the whole word, not one per keystroke.
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
