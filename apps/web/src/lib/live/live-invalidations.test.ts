import { EVENT_TYPES, type EventType } from '@aduro/shared/events';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  invalidateEverything,
  invalidateForEvents,
  keysForEvents,
  LIVE_INVALIDATIONS,
} from './live-invalidations';

const ORG = 'org-1';
const SUPPLIER = 'supplier-9';
const PRODUCT = 'product-3';

/**
 * The reads the screens cache, keyed as the features' api/ files key them (lib may not import them, so
 * they are written out; app/layout/app-shell.test.tsx checks a few rows against the real screens).
 */
const CACHED: Record<string, QueryKey> = {
  'supplier directory': ['suppliers', ORG, 'all'],
  'supplier catalogue': ['suppliers', ORG, 'catalogue', SUPPLIER],
  'product matches and comparison': ['supplier-matches', ORG, PRODUCT],
  cart: ['cart', ORG],
  'product catalogue': ['products', {}],
  'price history': ['price-history', PRODUCT],
  'supplier settings': ['supplier-settings', ORG],
  'own inventory': ['inventory', ORG],
  forecast: ['inventory', ORG, 'forecast', PRODUCT],
  'customer orders page': ['orders', ORG, 'list', ORG, null],
  'shipping board': ['orders', ORG, 'list', null, ORG],
  'order detail': ['orders', ORG, 'detail', 'order-1'],
  'credit lines and headroom': ['credit', ORG, 'lines'],
  'credit applications': ['credit', ORG, 'applications', 'buyer'],
  'credit queue': ['credit', ORG, 'applications', 'seller'],
  'risk report': ['credit', ORG, 'risk', 'application-1'],
  invoices: ['invoices', ORG, 'buyer'],
  receivables: ['invoices', ORG, 'seller'],
  'most purchased': ['top-products', ORG],
  'staff users': ['org-users', ORG],
  'staff roles': ['org-roles', ORG],
  'current user': ['auth', 'me'],
  'admin stats': ['admin', 'stats'],
  'admin organisations': ['admin', 'entities', { kind: 'all' }],
  'market summary': ['admin', 'market-summary'],
  notifications: ['notifications', 'user-1', 'list'],
  'notification preferences': ['notifications', 'user-1', 'preferences'],
  recalls: ['recalls', ORG, 'list'],
  'recall trace': ['recalls', ORG, 'detail', 'recall-1'],
  'rfq lists': ['rfqs', ORG, 'pages', ''],
  'rfq detail': ['rfqs', ORG, 'detail', 'rfq-1'],
  'return lists': ['returns', ORG, 'pages', {}],
  "an order card's returns": ['returns', ORG, 'pages', { orderId: 'order-1' }],
  'return detail': ['returns', ORG, 'detail', 'return-1'],
  "an invoice's payment attempts": ['payment-attempts', ORG, 'invoice', 'invoice-1'],
  'payment attempt': ['payment-attempts', ORG, 'detail', 'ADR-INV-2026-000001-K3J9QZ2M4P'],
  'supplier credits': ['supplier-credits', ORG],
};

function seededClient() {
  const queryClient = new QueryClient();
  for (const key of Object.values(CACHED)) queryClient.setQueryData(key, { cached: true });
  return queryClient;
}

function invalidated(queryClient: QueryClient): string[] {
  return Object.entries(CACHED)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

async function refreshedBy(...types: EventType[]): Promise<string[]> {
  const queryClient = seededClient();
  await invalidateForEvents(
    queryClient,
    types.map((type) => ({ type })),
  );
  return invalidated(queryClient);
}

const MARKETPLACE = ['supplier directory', 'supplier catalogue', 'product matches and comparison', 'cart'];
const ORDERS = ['customer orders page', 'shipping board', 'order detail'];
const CREDIT = ['credit lines and headroom', 'credit applications', 'credit queue', 'risk report'];
const ADMIN = ['admin stats', 'admin organisations', 'market summary'];
const sorted = (...groups: string[][]) => groups.flat().sort();

describe('what each live event refreshes', () => {
  it("a supplier's stock sync refreshes the buyer's matches, catalogue and comparison, and the supplier's inventory", async () => {
    expect(await refreshedBy('inventory.synced')).toEqual(
      sorted(MARKETPLACE, ['own inventory', 'forecast', 'price history']),
    );
  });

  it('a new product reaches the catalogue, the marketplace and the supplier inventory', async () => {
    expect(await refreshedBy('product.created')).toEqual(
      sorted(MARKETPLACE, ['product catalogue', 'own inventory', 'forecast']),
    );
  });

  it("a supplier's new settings reach the directory, the matches and its own settings panel", async () => {
    expect(await refreshedBy('supplier.settings_changed')).toEqual(
      sorted(MARKETPLACE, ['supplier settings']),
    );
  });

  it("a colleague's cart change refreshes the cart only", async () => {
    expect(await refreshedBy('cart.changed')).toEqual(['cart']);
  });

  it("a drafted order appears on the supplier's shipping board and leaves the buyer's cart", async () => {
    expect(await refreshedBy('order.drafted')).toEqual(sorted(ORDERS, ['cart']));
  });

  it('an approved order reaches the shipping board, stock, credit, invoices and trade figures', async () => {
    const trade = sorted(ORDERS, MARKETPLACE, CREDIT, ADMIN, [
      'own inventory',
      'forecast',
      'invoices',
      'receivables',
      'most purchased',
    ]);
    expect(await refreshedBy('order.released')).toEqual(trade);
    expect(await refreshedBy('order.cancelled')).toEqual(trade);
  });

  it("a drop moved by the supplier changes the buyer's orders page and what the marketplace offers", async () => {
    // Cancelled or re-picked off a recalled batch, it also leaves the recall's trace and notice.
    expect(await refreshedBy('drop.moved')).toEqual(
      sorted(ORDERS, MARKETPLACE, ['own inventory', 'forecast', 'recalls', 'recall trace']),
    );
  });

  it("a credit application reaches the supplier's credit queue", async () => {
    expect(await refreshedBy('credit.application_submitted')).toEqual(sorted(CREDIT));
  });

  it("a credit decision appears on the buyer's credit page and in the credit its matches offer", async () => {
    expect(await refreshedBy('credit.decided')).toEqual(sorted(CREDIT, ['product matches and comparison']));
  });

  it('a recorded payment updates invoices, receivables and the credit headroom', async () => {
    expect(await refreshedBy('payment.recorded')).toEqual(
      sorted(CREDIT, ['invoices', 'receivables', 'product matches and comparison']),
    );
  });

  it('a deactivated supplier leaves the matches, the directory and the cart quotes', async () => {
    expect(await refreshedBy('organisation.toggled')).toEqual(sorted(MARKETPLACE, ADMIN, ['price history']));
  });

  it("a registration reaches the platform admin's organisations and stats", async () => {
    expect(await refreshedBy('organisation.registered')).toEqual(sorted(ADMIN));
  });

  it("a staff change refreshes the staff lists and the signed-in user's own roles", async () => {
    expect(await refreshedBy('staff.changed')).toEqual(['current user', 'staff roles', 'staff users']);
  });

  it("ended sessions check the signed-in user's session again", async () => {
    expect(await refreshedBy('account.sessions_ended')).toEqual(['current user']);
  });

  it('the daily invoice reminders refresh invoices, receivables and credit, reckoned from today', async () => {
    const invoices = sorted(CREDIT, ['invoices', 'receivables']);
    expect(await refreshedBy('invoice.due_soon')).toEqual(invoices);
    expect(await refreshedBy('invoice.overdue')).toEqual(invoices);
  });

  it("the daily expiry reminders refresh the supplier's inventory", async () => {
    expect(await refreshedBy('lots.expiring')).toEqual(['forecast', 'own inventory']);
    expect(await refreshedBy('lots.expired')).toEqual(['forecast', 'own inventory']);
  });

  it('a declared recall refreshes the recalls, the orders whose drops it marks and the quarantined stock', async () => {
    expect(await refreshedBy('recall.declared')).toEqual(
      sorted(ORDERS, MARKETPLACE, ['recalls', 'recall trace', 'own inventory', 'forecast', 'price history']),
    );
  });

  it("a pharmacy's confirmation reaches the supplier's trace and the order's drop", async () => {
    expect(await refreshedBy('recall.acknowledged')).toEqual(sorted(ORDERS, ['recalls', 'recall trace']));
  });

  it("new notifications refresh the user's notification reads and nothing else", async () => {
    expect(await refreshedBy('notifications.added')).toEqual(['notification preferences', 'notifications']);
  });

  it('each step of a request for quotation refreshes its lists and detail, and nothing else', async () => {
    const steps: EventType[] = [
      'rfq.opened',
      'rfq.responded',
      'rfq.response_received',
      'rfq.deadline_near',
      'rfq.closed',
      'rfq.cancelled',
    ];
    for (const step of steps) expect(await refreshedBy(step)).toEqual(['rfq detail', 'rfq lists']);
  });

  it("an award drafts orders: the buyer's orders page and the suppliers' boards refresh with the RFQ", async () => {
    expect(await refreshedBy('rfq.awarded')).toEqual(sorted(ORDERS, ['rfq detail', 'rfq lists']));
  });

  it("a return's request, decision and receipt refresh the returns on both sides, and nothing else", async () => {
    for (const step of ['return.requested', 'return.decided', 'return.received'] as const)
      expect(await refreshedBy(step)).toEqual(
        sorted(["an order card's returns", 'return detail', 'return lists']),
      );
  });

  it("an inspection's credit note reaches the invoices, the orders, the credit line and the restocked stock", async () => {
    expect(await refreshedBy('return.inspected')).toEqual(
      sorted(
        MARKETPLACE,
        ORDERS,
        CREDIT,
        ADMIN,
        ['invoices', 'receivables', 'own inventory', 'forecast'],
        ["an order card's returns", 'return detail', 'return lists'],
      ),
    );
  });

  it('a settled mobile-money payment reaches the attempts, the invoices, the credit headroom and the credit held', async () => {
    expect(await refreshedBy('payment.settled')).toEqual(
      sorted(CREDIT, [
        'invoices',
        'receivables',
        'product matches and comparison',
        "an invoice's payment attempts",
        'payment attempt',
        'supplier credits',
      ]),
    );
  });

  it('a failed mobile-money payment refreshes the attempts and the invoices only: no money moved', async () => {
    expect(await refreshedBy('payment.failed')).toEqual(
      sorted(["an invoice's payment attempts", 'payment attempt', 'invoices', 'receivables']),
    );
  });

  it('a resync refreshes everything', async () => {
    const queryClient = seededClient();
    await invalidateEverything(queryClient);
    expect(invalidated(queryClient)).toEqual(Object.keys(CACHED).sort());
  });

  it('a batch refreshes each read once, whatever the number of events', () => {
    const keys = keysForEvents([
      { type: 'inventory.synced' },
      { type: 'inventory.synced' },
      { type: 'drop.moved' },
    ]);
    expect(keys.map((key) => key[0])).toEqual([
      'suppliers',
      'supplier-matches',
      'cart',
      'inventory',
      'price-history',
      'orders',
      'recalls',
    ]);
  });

  it('maps every event type to something it refreshes', () => {
    for (const type of EVENT_TYPES) expect(LIVE_INVALIDATIONS[type].length).toBeGreaterThan(0);
  });
});
