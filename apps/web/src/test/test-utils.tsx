import type { SessionUser } from '@aduro/shared/auth';
import type { Order } from '@aduro/shared/orders';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { TOKEN_STORAGE_KEY } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    email: 'buyer@accracare.demo',
    name: 'Efua Asante',
    userType: 'customer',
    orgId: 'org-1',
    organizationName: 'AccraCare Pharmacy',
    organizationActive: true,
    orgRole: 'Buyer',
    roles: ['Buyer'],
    phoneNumber: null,
    permissions: [],
    ...overrides,
  };
}

/**
 * A released, prepaid order of AccraCare Pharmacy from Tema Pharma Distributors, with no drops: the
 * whole app's screens are tested with it where only a few of its fields matter (override those).
 */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: '33333333-0000-4000-8000-000000000001',
    number: 'PO-2026-000042',
    product: {
      id: '11111111-0000-4000-8000-000000000001',
      name: 'Amoxicillin 500 mg capsules',
      medicineClass: 'A',
      controlled: null,
    },
    seller: { id: 'org-tema', name: 'Tema Pharma Distributors', location: 'Tema', phoneNumber: null },
    buyer: { id: 'org-1', name: 'AccraCare Pharmacy', location: 'Osu' },
    unitPrice: 18.1,
    totalQuantity: 90,
    totalCost: 1629,
    paymentMethod: 'cash',
    paymentTerms: 'Prepaid',
    creditTermDays: null,
    minShelfLifeDays: 0,
    status: 'RELEASED',
    invoiceId: null,
    invoice: null,
    entityName: null,
    deliveryContactName: null,
    deliveryContactPhone: null,
    deliveryAddress: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    approvedAt: '2026-11-21T09:00:00.000Z',
    drops: [],
    eligibility: null,
    controlledSignoff: null,
    ...overrides,
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Replaces fetch with handlers keyed by 'METHOD /path' (path after the /api base). An unexpected call
 * fails the test loudly instead of hanging.
 */
/** The live stream of a server with no news: open and silent, so screens under test stay as loaded. */
const quietLiveStream = () =>
  new Response(new ReadableStream(), { headers: { 'Content-Type': 'text/event-stream' } });

/** The top bar's bell reads the first page of notifications on every signed-in screen: none, unless scripted. */
const noNotifications = () => Response.json({ items: [], nextCursor: null, unreadCount: 0 });
/** The orders page's recall notices and the admin's recalls section read the recalls: none, unless scripted. */
const noRecalls = () => Response.json([]);
/**
 * The customer area's navigation (app/layout/customer-nav.tsx) counts, on every customer screen, the
 * drafts awaiting approval and the cart's lines: none, unless scripted.
 */
const noOrdersAwaiting = () => Response.json({ items: [], nextCursor: null, total: 0 });
const emptyCart = () =>
  Response.json({ items: [], totals: { lineItems: 0, totalQuantity: 0, estimatedValue: 0 } });
const AWAITING_COUNT = /^GET \/orders\/page\?buyerId=[^&]+&status=AWAITING_CUSTOMER_APPROVAL&limit=1$/;
/**
 * The customer area's licence banner (features/compliance/components/licence-banner.tsx) reads the
 * buyer's licence on every customer screen: verified, so no banner shows, unless scripted.
 */
export const VERIFIED_LICENCE_RECORD = {
  organizationId: 'org-1',
  organizationName: 'AccraCare Pharmacy',
  kind: 'retail_pharmacy',
  number: 'PC/RP/0421/2024',
  expiresOn: '2027-12-31',
  expired: false,
  document: { fileName: 'accracare-licence.pdf', mimeType: 'application/pdf', sizeBytes: 182_400 },
  status: 'verified',
  reason: null,
  reviewedBy: 'Kofi Owusu',
  reviewedAt: '2026-01-12T10:00:00.000Z',
  submittedAt: '2026-01-10T09:00:00.000Z',
  controlledAuthorisation: null,
} as const;
const verifiedLicence = () => Response.json({ record: VERIFIED_LICENCE_RECORD });

export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*?\/api/, '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    // Every signed-in screen opens the live stream (lib/live) and reads the bell, and every customer screen
    // its navigation's counts; a test that does not script them gets a quiet stream, no notifications, no
    // recalls, no drafts awaiting approval and an empty cart.
    const handler =
      handlers[key] ??
      (key === 'GET /events'
        ? quietLiveStream
        : key.startsWith('GET /notifications?')
          ? noNotifications
          : key === 'GET /recalls'
            ? noRecalls
            : AWAITING_COUNT.test(key)
              ? noOrdersAwaiting
              : key === 'GET /cart'
                ? emptyCart
                : key === 'GET /org/licence-record'
                  ? verifiedLicence
                  : undefined);
    if (!handler) throw new Error(`Unexpected request ${key}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A /auth/me that never answers, to observe the app while the session is being checked. */
export function pending(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}

export function signIn(user: SessionUser = sessionUser(), token = 'token-1') {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  return mockFetch({ 'GET /auth/me': () => json(user) });
}

/** The whole app at `path`, in StrictMode like main.tsx, with a fresh cache. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  return { ...view, router, queryClient, user };
}
