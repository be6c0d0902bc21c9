import type { ReturnDetail } from '@aduro/shared/returns';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { json, mockFetch, renderApp, sessionUser } from '../../../test/test-utils';

const RETURN_ID = '55555555-0000-4000-8000-000000000001';

const detail: ReturnDetail = {
  id: RETURN_ID,
  number: 'RET-2026-000007',
  status: 'received',
  order: { id: '33333333-0000-4000-8000-000000000001', number: 'PO-2026-000195' },
  product: { id: '11111111-0000-4000-8000-000000000001', name: 'Magnesium sulfate 50% injection' },
  buyer: { id: '88888888-0000-4000-8000-000000000001', name: 'AccraCare Pharmacy' },
  supplier: { id: '66666666-0000-4000-8000-000000000001', name: 'Tema Pharma Distributors' },
  quantity: 6,
  reasons: ['damaged'],
  createdAt: '2026-11-29T08:00:00.000Z',
  creditAmount: null,
  notes: null,
  recall: null,
  requestedBy: null,
  decidedBy: null,
  decidedAt: null,
  rejectReason: null,
  receivedAt: '2026-11-29T09:00:00.000Z',
  inspectedAt: null,
  lines: [],
  creditNote: null,
  destruction: null,
};

describe("the cockpit's Returns tab", () => {
  it("sits after Shipping, so a shipping clerk still opens on Shipping, and a notification's link opens the return", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    mockFetch({
      'GET /auth/me': () =>
        json(
          sessionUser({
            userType: 'supplier',
            orgId: 'org-tema',
            organizationName: 'Tema Pharma Distributors',
            roles: ['ShippingClerk'],
            permissions: ['manage_shipping'],
          }),
        ),
      'GET /orders/page?sellerId=org-tema&status=RELEASED%2CSHIPPED&limit=20': () =>
        json({ items: [], nextCursor: null, total: 0 }),
      'GET /orders?sellerId=org-tema&status=AWAITING_CUSTOMER_APPROVAL': () => json([]),
      'GET /controlled-register': () => json({ entries: [] }),
      'GET /recalls?limit=20': () => json({ items: [], nextCursor: null, total: 0 }),
      'GET /returns?status=received&limit=20': () => json({ items: [], nextCursor: null, total: 0 }),
      [`GET /returns/${RETURN_ID}`]: () => json(detail),
    });
    const { router } = renderApp('/supplier');
    const tabs = await screen.findByRole('tablist', { name: 'Supplier workspace' });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names.indexOf('Returns')).toBe(names.indexOf('Shipping') + 1);
    expect(within(tabs).getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');

    await router.navigate(`/supplier?tab=returns&returns=inspect&return=${RETURN_ID}`);
    const panel = await screen.findByRole('dialog', { name: 'RET-2026-000007' });
    // The open sheet hides the page behind it from the accessibility tree.
    expect(screen.getByRole('tab', { name: 'Returns', hidden: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Shipping staff receive returns; only inventory managers inspect them or read the destruction register.
    expect(panel).toHaveTextContent('until someone who manages inventory inspects them');
    expect(screen.queryByRole('button', { name: 'Destruction register' })).not.toBeInTheDocument();
  });
});
