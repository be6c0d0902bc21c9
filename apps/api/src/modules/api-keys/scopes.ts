import type { ApiKeyScope } from '@aduro/shared/api-keys';
import type { Permission } from '@aduro/shared/permissions';

/**
 * The one list of what an API key may call (docs/domain.md "API keys"): Fastify's route (method and
 * routeOptions.url) to the scope it needs. A route not listed is refused to every key, so a new route is
 * closed to machines until it is added here; api-keys.api.test.ts checks every entry names a route the
 * app serves, so a renamed route cannot silently drop out.
 */
export const API_KEY_ROUTE_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  'GET /api/inventory': 'inventory:read',
  'GET /api/inventory/page': 'inventory:read',
  'GET /api/inventory/totals': 'inventory:read',
  'GET /api/inventory.csv': 'inventory:read',
  'GET /api/inventory/forecast/:productId': 'inventory:read',
  'GET /api/inventory/imports/template': 'inventory:read',
  'GET /api/inventory/imports/export': 'inventory:read',
  'GET /api/inventory/imports/:id': 'inventory:read',
  'POST /api/inventory': 'inventory:write',
  'POST /api/inventory/imports': 'inventory:write',
  'POST /api/inventory/imports/:id/apply': 'inventory:write',
  'GET /api/orders': 'orders:read',
  'GET /api/orders/page': 'orders:read',
  'GET /api/orders/:orderId': 'orders:read',
  'GET /api/orders/:orderId/purchase-order.pdf': 'orders:read',
  'PATCH /api/orders/:orderId/drops/:dropId': 'orders:write',
  'POST /api/orders/:orderId/drops/:dropId/repick': 'orders:write',
  'GET /api/invoices': 'invoices:read',
  'GET /api/invoices/page': 'invoices:read',
  'GET /api/invoices/:id/pdf': 'invoices:read',
};

/**
 * The permissions a key's session holds, so the routes' own guards pass it as they would the staff
 * member doing the same work (the scope was checked first, so a permission never widens a key).
 */
const SCOPE_PERMISSIONS: Record<ApiKeyScope, Permission> = {
  'inventory:read': 'manage_inventory',
  'inventory:write': 'manage_inventory',
  'orders:read': 'manage_shipping',
  'orders:write': 'manage_shipping',
  'invoices:read': 'manage_credit',
};

/** The permissions of a key with these scopes, each once. */
export function permissionsForScopes(scopes: readonly ApiKeyScope[]): Permission[] {
  return [...new Set(scopes.map((s) => SCOPE_PERMISSIONS[s]))];
}

/**
 * The scope a request needs: undefined when keys may not call the route at all. HEAD is answered by the
 * GET route, so it needs what GET needs.
 */
export function scopeForRoute(method: string, url: string | undefined): ApiKeyScope | undefined {
  if (url === undefined) return undefined;
  const verb = method === 'HEAD' ? 'GET' : method;
  return API_KEY_ROUTE_SCOPES[`${verb} ${url}`];
}
