import { TECHNICAL_EVENT_TYPES } from '@aduro/shared/activity';
import type { EventType, LiveEventData } from '@aduro/shared/events';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The query-key prefixes the live feed refreshes, each the first part of the keys one feature's api/
 * files build. lib cannot import features (eslint.config.js), so the prefixes are spelled here, as
 * orders/api/invalidate-orders.ts already does; every key in the cache belongs to the signed-in
 * organisation (the cache is cleared with the token), so a prefix needs no organisation id.
 */
const KEYS = {
  /** suppliers/api: the supplier directory and a supplier's catalogue. */
  suppliers: ['suppliers'],
  /** suppliers/api: the suppliers able to fill a product, which the hub's comparison table is cut from. */
  matches: ['supplier-matches'],
  /** suppliers/api: a supplier's own trading settings. */
  supplierSettings: ['supplier-settings'],
  /** catalogue/api: the shared product catalogue. */
  products: ['products'],
  /** catalogue/api: a product's offer prices over 12 months, which a stock sync or a toggle moves. */
  priceHistory: ['price-history'],
  /** inventory/api: a supplier's stock lots and forecasts. */
  inventory: ['inventory'],
  /** cart/api: the buyer's cart, which quotes each supplier's current price. */
  cart: ['cart'],
  /** orders/api: the buyer's orders page, the supplier's shipping board and each order. */
  orders: ['orders'],
  /** credit/api: credit lines (the headroom), applications on both sides and risk reports. */
  credit: ['credit'],
  /** invoices/api: a buyer's invoices and a supplier's receivables. */
  invoices: ['invoices'],
  /** analytics/api: most purchased products. */
  topProducts: ['top-products'],
  /** staff/api: the organisation's users and its roles. */
  orgUsers: ['org-users'],
  orgRoles: ['org-roles'],
  /** api-keys/api: the organisation's API keys. */
  apiKeys: ['api-keys'],
  /** auth/api: the signed-in user, whose roles and organisation come from the server. */
  me: ['auth', 'me'],
  /** admin/api: platform stats, organisations and the market summary. */
  admin: ['admin'],
  /** notifications/api: the signed-in user's notifications (the bell's count) and e-mail preferences. */
  notifications: ['notifications'],
  /** recalls/api: the recalls list, each recall's trace and the buyer's recall notices. */
  recalls: ['recalls'],
  /** activity/api: the organisation's activity trail (every event it shows is a row of it). */
  activity: ['activity'],
  /** compliance/api: the buyer's own licence record (the banner and the Licence page). */
  licenceRecord: ['licence-record'],
  /** orders/api + compliance/api: the controlled-drugs register. */
  controlledRegister: ['controlled-register'],
  /** rfqs/api: the requests for quotation (both sides' lists) and each request's detail. */
  rfqs: ['rfqs'],
  /** returns/api: the returns (both sides' lists, an order card's returns) and each return's detail. */
  returns: ['returns'],
  /** payments/api: an invoice's mobile-money payment attempts and each attempt (the pay dialog follows it). */
  paymentAttempts: ['payment-attempts'],
  /** payments/api: credit held with suppliers (payments beyond what an invoice owed), on both sides. */
  supplierCredits: ['supplier-credits'],
} as const satisfies Record<string, QueryKey>;

/** What the marketplace shows a buyer about suppliers' offers. */
const MARKETPLACE = [KEYS.suppliers, KEYS.matches, KEYS.cart] as const;

/** A released or cancelled order moves stock, credit, invoices and the platform's trade figures. */
const TRADE = [
  KEYS.orders,
  ...MARKETPLACE,
  KEYS.inventory,
  KEYS.credit,
  KEYS.invoices,
  KEYS.topProducts,
  KEYS.admin,
] as const;

/**
 * Which cached reads each feed event can change. One row per event type; the type makes a new event
 * type a compile error here until it is mapped.
 */
export const LIVE_INVALIDATIONS: Record<EventType, readonly QueryKey[]> = {
  'inventory.synced': [...MARKETPLACE, KEYS.inventory, KEYS.priceHistory],
  // An import is many syncs at once: the same reads.
  'inventory.imported': [...MARKETPLACE, KEYS.inventory, KEYS.priceHistory],
  'product.created': [KEYS.products, ...MARKETPLACE, KEYS.inventory],
  'supplier.settings_changed': [...MARKETPLACE, KEYS.supplierSettings],
  'cart.changed': [KEYS.cart],
  'order.drafted': [KEYS.orders, KEYS.cart],
  'order.released': TRADE,
  // A cancelled release gives stock and credit back; a cancelled draft only leaves the lists.
  'order.cancelled': TRADE,
  // A drop cancelled or re-picked off a recalled batch leaves that recall's trace and the buyer's notice.
  'drop.moved': [KEYS.orders, ...MARKETPLACE, KEYS.inventory, KEYS.recalls],
  'credit.application_submitted': [KEYS.credit],
  // Matches carry the buyer's available credit and payment methods per supplier.
  'credit.decided': [KEYS.credit, KEYS.matches],
  'payment.recorded': [KEYS.invoices, KEYS.credit, KEYS.matches],
  'organisation.registered': [KEYS.admin],
  // A deactivated supplier leaves the directory, the matches and any cart quote.
  'organisation.toggled': [KEYS.admin, ...MARKETPLACE, KEYS.priceHistory],
  'staff.changed': [KEYS.orgUsers, KEYS.orgRoles, KEYS.me],
  // The user's own sessions ended (only the user hears it): checking the session again signs out a tab
  // whose token was ended; the stream's 'signed-out' says so too (use-live-updates.ts).
  'account.sessions_ended': [KEYS.me],
  // The daily reminders change nothing themselves, but an invoice's due and overdue marks and the lots'
  // expiry are reckoned from today: a screen open since yesterday reads them again. An overdue invoice
  // also weighs on the credit line's standing. Their notifications come with 'notifications.added'.
  'invoice.due_soon': [KEYS.invoices, KEYS.credit],
  'invoice.overdue': [KEYS.invoices, KEYS.credit],
  'lots.expiring': [KEYS.inventory],
  'lots.expired': [KEYS.inventory],
  // A recall quarantines lots (the stock and what the marketplace offers, as a sync would) and marks the
  // deliveries that received them on the orders pages.
  'recall.declared': [KEYS.recalls, KEYS.orders, ...MARKETPLACE, KEYS.inventory, KEYS.priceHistory],
  // A buyer's confirmation shows in the supplier's trace and on the drop of the order.
  'recall.acknowledged': [KEYS.recalls, KEYS.orders],
  // Written for users of the organisations the event names: their bells (and open panels) refresh.
  'notifications.added': [KEYS.notifications],
  // A class, controlled status or registration changes what each buyer may buy (the marks), whether a
  // lapsed product is offered at all, and what the supplier's inventory says about it.
  'product.legal_status_changed': [
    KEYS.products,
    ...MARKETPLACE,
    KEYS.priceHistory,
    KEYS.inventory,
    KEYS.orders,
  ],
  // The admin queue (under admin) and the buyer's own record.
  'licence.submitted': [KEYS.admin, KEYS.licenceRecord],
  // A verified or revoked licence changes every mark the buyer sees and whether its drafts can be approved.
  'licence.reviewed': [KEYS.admin, KEYS.licenceRecord, ...MARKETPLACE, KEYS.orders],
  // Reminders change nothing themselves; an expiry is reckoned from today, so the marks are read again.
  'licence.expiring': [KEYS.licenceRecord, ...MARKETPLACE],
  'licence.authorisation_expiring': [KEYS.licenceRecord, ...MARKETPLACE],
  'registrations.expiring': [KEYS.inventory],
  'controlled.signed_off': [KEYS.orders, KEYS.controlledRegister],
  'api_key.created': [KEYS.apiKeys],
  'api_key.revoked': [KEYS.apiKeys],
  // Each step of a request for quotation changes its lists and its detail on both sides; a sealed
  // request's buyer learns only the counts, which the detail reads again.
  'rfq.opened': [KEYS.rfqs],
  'rfq.responded': [KEYS.rfqs],
  'rfq.response_received': [KEYS.rfqs],
  'rfq.deadline_near': [KEYS.rfqs],
  'rfq.closed': [KEYS.rfqs],
  // The award drafts orders awaiting the buyer's approval, as order.drafted does (the cart is untouched).
  'rfq.awarded': [KEYS.rfqs, KEYS.orders],
  'rfq.cancelled': [KEYS.rfqs],
  // A return's request, decision and receipt change only the returns (lists, detail, the order card's).
  'return.requested': [KEYS.returns],
  'return.decided': [KEYS.returns],
  'return.received': [KEYS.returns],
  // Inspection restocks units (the stock and what the marketplace offers) and its credit note lowers the
  // invoice (the order card shows it), the credit line's balance and the platform's receivables figures.
  'return.inspected': [
    KEYS.returns,
    KEYS.invoices,
    KEYS.orders,
    KEYS.credit,
    KEYS.inventory,
    ...MARKETPLACE,
    KEYS.admin,
  ],
  // A verified payment lowers the invoice (its card and the pay dialog), the credit line's balance (the
  // headroom the matches show) and, beyond what the invoice owed, adds to the credit held with the supplier.
  'payment.settled': [KEYS.paymentAttempts, KEYS.invoices, KEYS.credit, KEYS.matches, KEYS.supplierCredits],
  // No money moved: the attempt's status, and the invoice's card that shows it.
  'payment.failed': [KEYS.paymentAttempts, KEYS.invoices],
};

const isTechnical = (type: EventType) => (TECHNICAL_EVENT_TYPES as readonly EventType[]).includes(type);

/** The distinct key prefixes a batch of events calls for, in table order. */
export function keysForEvents(events: readonly Pick<LiveEventData, 'type'>[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const event of events) {
    for (const key of LIVE_INVALIDATIONS[event.type]) keys.set(JSON.stringify(key), key);
  }
  return [...keys.values()];
}

/** Marks every read the events touched stale; the ones on screen refetch at once. */
export function invalidateForEvents(
  queryClient: QueryClient,
  events: readonly Pick<LiveEventData, 'type'>[],
): Promise<void> {
  const keys = keysForEvents(events);
  // Every event but the bookkeeping ones is a new row of the activity trail: a rule rather than a row
  // of the table above, so a new event type shows there without a change here.
  if (events.some((event) => !isTechnical(event.type))) keys.push(KEYS.activity);
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

/** The server lost events it could not replay: everything cached may be out of date. */
export function invalidateEverything(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
