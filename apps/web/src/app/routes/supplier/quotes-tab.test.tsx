import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { json, mockFetch, renderApp, sessionUser } from '../../../test/test-utils';

const RFQ_ID = '77777777-0000-4000-8000-000000000001';
const LINE_ID = '77777777-0000-4000-8000-0000000000a1';
const emptyPage = () => json({ items: [], nextCursor: null, total: 0 });

describe("the cockpit's Quotes tab", () => {
  it("opens on Inventory as before, and a notification's ?tab=quotes&rfq= link opens the request with the supplier's own terms", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    mockFetch({
      'GET /auth/me': () =>
        json(
          sessionUser({
            userType: 'supplier',
            orgId: 'org-tema',
            organizationName: 'Tema Pharma Distributors',
            roles: ['InventoryManager'],
            permissions: ['manage_inventory'],
          }),
        ),
      'GET /rfqs?limit=20&status=open': emptyPage,
      'GET /rfqs?limit=20&status=closed%2Cawarded%2Ccancelled': emptyPage,
      'GET /org/settings': () =>
        json({
          paymentTerms: 'Net 45',
          supportedPaymentMethods: ['cash'],
          defaultPaymentMethod: 'cash',
          supportsCredit: true,
          defaultLeadTimeDays: 4,
        }),
      [`GET /rfqs/${RFQ_ID}`]: () =>
        json({
          id: RFQ_ID,
          number: 'RFQ-2026-000012',
          status: 'open',
          sealed: true,
          buyer: { id: '88888888-0000-4000-8000-000000000001', name: 'AccraCare Pharmacy' },
          lines: [
            {
              id: LINE_ID,
              lineNo: 1,
              product: {
                id: '11111111-0000-4000-8000-000000000001',
                name: 'Amoxicillin 500 mg capsules',
                gtin: null,
              },
              quantity: 100,
            },
          ],
          requiredBy: '2026-12-10',
          responseDeadline: '2026-12-03T15:00:00.000Z',
          createdAt: '2026-11-29T08:00:00.000Z',
          closedAt: null,
          responses: null,
          myStatus: 'invited',
          myAwardedUnits: 0,
          deliveryLocation: 'AccraCare Pharmacy, Osu',
          notes: null,
          minShelfLifeDays: 0,
          createdBy: null,
          cancelledAt: null,
          cancelReason: null,
          awardedAt: null,
          invitations: null,
          quotes: null,
          comparison: null,
          myQuote: null,
          myDeclineReason: null,
          awards: [],
          canRespond: true,
        }),
    });
    renderApp(`/supplier?tab=quotes&rfq=${RFQ_ID}`);
    const panel = await screen.findByRole('dialog', { name: 'RFQ-2026-000012' });
    // The open sheet hides the page behind it from assistive technology.
    const tabs = screen.getAllByRole('tab', { hidden: true });
    expect(tabs.map((t) => t.textContent)).toEqual(['Inventory', 'Quotes', 'Returns', 'Recalls']);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    const line = within(panel).getByRole('group', { name: 'Amoxicillin 500 mg capsules' });
    expect(await within(line).findByDisplayValue('4')).toBe(within(line).getByLabelText('Lead time (days)'));
    expect(within(panel).getByLabelText('Payment terms')).toHaveValue('Net 45');
  });
});
