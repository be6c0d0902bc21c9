import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderApp, sessionUser } from '../../../test/test-utils';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';

describe('supplier cockpit', () => {
  it("shows SPEC's static hero figures under 'Across Aduro', apart from the organisation's own name", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    mockFetch({
      'GET /auth/me': () =>
        json(
          sessionUser({
            userType: 'supplier',
            organizationName: 'Tema Pharma Distributors',
            roles: ['InventoryManager'],
            permissions: ['manage_inventory'],
          }),
        ),
      'GET /inventory/totals': () => json({ lots: 0, unitsOnHand: 0, value: 0, lotsAtRisk: 0 }),
      'GET /inventory?limit=50': () => json({ items: [], nextCursor: null, total: 0 }),
    });
    renderApp('/supplier');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tema Pharma Distributors cockpit' }),
    ).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Across Aduro' });
    for (const [value, label] of [
      ['96%', 'in stock'],
      ['22 hrs', 'average dispatch lead'],
      ['3.6 hrs', 'credit approvals'],
    ] as const) {
      expect(within(figures).getByText(label).nextSibling).toHaveTextContent(value);
    }
  });
});
