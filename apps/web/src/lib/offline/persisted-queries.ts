import { defaultShouldDehydrateQuery, type Query, type QueryKey } from '@tanstack/react-query';

/**
 * The answers kept for reading offline: what a buyer checks on the move (their orders, invoices, cart
 * and the supplier matches they compared) and what a supplier's staff check in the store room (the
 * inventory and the shipping board, which reads the 'orders' answers). Each root is the first element
 * of the query keys in features/<domain>/api.
 */
export const OFFLINE_READ_ROOTS: readonly string[] = [
  'orders',
  'invoices',
  'cart',
  'supplier-matches',
  'inventory',
];

/** The signed-in user, kept too: without it an offline start could not tell whose screens to show. */
const SESSION_KEY: QueryKey = ['auth', 'me'];

/** Derived figures that are no record of what was seen: the demand forecast under ['inventory', org]. */
const isForecast = (key: QueryKey) => key[0] === 'inventory' && key[2] === 'forecast';

/** A page's data that the offline banner speaks for: an answer of one of OFFLINE_READ_ROOTS. */
export function isOfflineReadKey(key: QueryKey): boolean {
  return typeof key[0] === 'string' && OFFLINE_READ_ROOTS.includes(key[0]) && !isForecast(key);
}

function isSessionKey(key: QueryKey): boolean {
  return key.length === SESSION_KEY.length && key.every((part, i) => part === SESSION_KEY[i]);
}

/** Which queries go to the browser's storage: successful answers of the offline reads and the session. */
export function shouldPersistQuery(query: Query): boolean {
  return (
    defaultShouldDehydrateQuery(query) && (isOfflineReadKey(query.queryKey) || isSessionKey(query.queryKey))
  );
}
