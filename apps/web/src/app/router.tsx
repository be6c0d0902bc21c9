import { lazy, useState, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RequireAccess } from '../features/auth/components/require-access';
import { AREA_ACCESS } from '../lib/authorization';
import { AppShell } from './layout/app-shell';
import { CustomerLayout } from './layout/customer-layout';
import { HomeRedirect } from './routes/home-redirect';
import { RouteError } from './routes/route-error';

/** What a screen's route carries beside its element: how to start downloading it, and for whom. */
interface ScreenHandle {
  preload: () => Promise<unknown>;
  /** Only a visit with a token may open it, so only then is it worth downloading early. */
  signedIn: boolean;
}

/**
 * Each screen is its own chunk, so /login downloads none of the workspaces' code. The route keeps the
 * loader as its handle, so the screen a visit opens on can start downloading at once (preloadScreen)
 * and each path is spelled only in the route table.
 */
function screen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  signedIn: boolean,
): { Screen: ComponentType; handle: ScreenHandle } {
  return {
    Screen: lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] })),
    handle: { preload: load, signedIn },
  };
}

const login = screen(() => import('./routes/login/login-route'), 'LoginRoute', false);
const resetPassword = screen(
  () => import('./routes/reset-password/reset-password-route'),
  'ResetPasswordRoute',
  false,
);
const manual = screen(() => import('./routes/manual/manual-route'), 'ManualRoute', false);
const customerHub = screen(() => import('./routes/customer/customer-hub-route'), 'CustomerHubRoute', true);
const cart = screen(() => import('./routes/customer/cart-route'), 'CartRoute', true);
const orders = screen(() => import('./routes/customer/orders-route'), 'OrdersRoute', true);
const rfqs = screen(() => import('./routes/customer/rfqs-route'), 'RfqsRoute', true);
const rfq = screen(() => import('./routes/customer/rfq-route'), 'RfqRoute', true);
const credit = screen(() => import('./routes/customer/credit-route'), 'CreditRoute', true);
const licence = screen(() => import('./routes/customer/licence-route'), 'LicenceRoute', true);
const supplierCockpit = screen(
  () => import('./routes/supplier/supplier-cockpit-route'),
  'SupplierCockpitRoute',
  true,
);
const admin = screen(() => import('./routes/admin/admin-route'), 'AdminRoute', true);

/** SPEC §2 route table. The guard wraps each protected area, so its rule is read in one place. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'login', element: <login.Screen />, handle: login.handle },
      { path: 'reset-password', element: <resetPassword.Screen />, handle: resetPassword.handle },
      { path: 'manual', element: <manual.Screen />, handle: manual.handle },
      {
        path: 'customer',
        element: (
          <RequireAccess rule={AREA_ACCESS.customer}>
            <CustomerLayout />
          </RequireAccess>
        ),
        children: [
          { index: true, element: <customerHub.Screen />, handle: customerHub.handle },
          { path: 'cart', element: <cart.Screen />, handle: cart.handle },
          { path: 'orders', element: <orders.Screen />, handle: orders.handle },
          { path: 'rfqs', element: <rfqs.Screen />, handle: rfqs.handle },
          { path: 'rfqs/:id', element: <rfq.Screen />, handle: rfq.handle },
          { path: 'credit', element: <credit.Screen />, handle: credit.handle },
          { path: 'licence', element: <licence.Screen />, handle: licence.handle },
        ],
      },
      {
        path: 'supplier',
        element: (
          <RequireAccess rule={AREA_ACCESS.supplier}>
            <supplierCockpit.Screen />
          </RequireAccess>
        ),
        handle: supplierCockpit.handle,
      },
      {
        path: 'admin',
        element: (
          <RequireAccess rule={AREA_ACCESS.admin}>
            <admin.Screen />
          </RequireAccess>
        ),
        handle: admin.handle,
      },
      { path: '*', element: <Navigate to="/customer" replace /> },
    ],
  },
];

/** The screen a path opens, as the route table places it; undefined where none does (a redirect). */
export function screenAt(pathname: string): ScreenHandle | undefined {
  return matchRoutes(routes, pathname)
    ?.map((match) => match.route.handle as ScreenHandle | undefined)
    .findLast((handle) => handle?.preload !== undefined);
}

/**
 * Starts downloading the chunk of the screen at `pathname` while the app is still starting and the
 * session is being checked, instead of once the guard has let it render: on a slow connection that
 * is a round trip and a download off the first screen. The browser keeps one copy of a module, so the
 * lazy route reuses this download. A signed-in screen is fetched only when there is a token.
 */
export function preloadScreen(pathname: string, hasToken: boolean): void {
  const target = screenAt(pathname);
  if (!target || (target.signedIn && !hasToken)) return;
  // A failed download is retried by the lazy route itself, which shows the route error if it fails too.
  target.preload().catch(() => undefined);
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
