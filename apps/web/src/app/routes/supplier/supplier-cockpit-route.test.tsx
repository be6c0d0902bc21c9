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
      'GET /inventory/page?limit=50': () => json({ items: [], nextCursor: null, total: 0 }),
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

describe('supplier cockpit for a Pharmacist', () => {
  it('opens the workspace on Shipping, to sign off controlled drugs, and the Controlled Register, and nothing they cannot use', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    mockFetch({
      'GET /auth/me': () =>
        json(
          sessionUser({
            userType: 'supplier',
            orgId: 'org-tema',
            organizationName: 'Tema Pharma Distributors',
            roles: ['Pharmacist'],
            permissions: ['sign_off_controlled'],
          }),
        ),
      'GET /orders/page?sellerId=org-tema&status=RELEASED%2CSHIPPED&limit=20': () =>
        json({ items: [], nextCursor: null, total: 0 }),
      'GET /orders?sellerId=org-tema&status=AWAITING_CUSTOMER_APPROVAL': () => json([]),
      'GET /controlled-register': () => json({ entries: [] }),
    });
    const { user } = renderApp('/supplier');
    const tabs = await screen.findByRole('tablist', { name: 'Supplier workspace' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Shipping', 'Controlled Register']);
    expect(within(tabs).getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(tabs).getByRole('tab', { name: 'Controlled Register' }));
    expect(await screen.findByRole('heading', { name: 'Controlled register' })).toBeInTheDocument();
  });
});
