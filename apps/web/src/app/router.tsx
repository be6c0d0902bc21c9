import { lazy, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RequireAccess } from '../features/auth/components/require-access';
import { AREA_ACCESS } from '../lib/authorization';
import { AppShell } from './layout/app-shell';
import { HomeRedirect } from './routes/home-redirect';
import { RouteError } from './routes/route-error';

/**
 * Each screen is its own chunk, so /login downloads none of the workspaces' code. The loaders are
 * listed by path so that the screen a visit opens on can start downloading at once (preloadScreen).
 */
const SCREENS = {
  '/login': { load: () => import('./routes/login/login-route'), signedIn: false },
  '/reset-password': { load: () => import('./routes/reset-password/reset-password-route'), signedIn: false },
  '/manual': { load: () => import('./routes/manual/manual-route'), signedIn: false },
  '/customer': { load: () => import('./routes/customer/customer-hub-route'), signedIn: true },
  '/customer/cart': { load: () => import('./routes/customer/cart-route'), signedIn: true },
  '/customer/orders': { load: () => import('./routes/customer/orders-route'), signedIn: true },
  '/customer/credit': { load: () => import('./routes/customer/credit-route'), signedIn: true },
  '/supplier': { load: () => import('./routes/supplier/supplier-cockpit-route'), signedIn: true },
  '/admin': { load: () => import('./routes/admin/admin-route'), signedIn: true },
} as const;

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * Starts downloading the chunk of the screen at `pathname` while the app is still starting and the
 * session is being checked, instead of once the guard has let it render: on a slow connection that
 * is a round trip and a download off the first screen. The browser keeps one copy of a module, so the
 * lazy route reuses this download. A signed-in screen is fetched only when there is a token.
 */
export function preloadScreen(pathname: string, hasToken: boolean): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const screen = SCREENS[path as keyof typeof SCREENS] as (typeof SCREENS)[keyof typeof SCREENS] | undefined;
  if (!screen || (screen.signedIn && !hasToken)) return;
  // A failed download is retried by the lazy route itself, which shows the route error if it fails too.
  screen.load().catch(() => undefined);
}

const LoginRoute = page(SCREENS['/login'].load, 'LoginRoute');
const ResetPasswordRoute = page(SCREENS['/reset-password'].load, 'ResetPasswordRoute');
const ManualRoute = page(SCREENS['/manual'].load, 'ManualRoute');
const CustomerHubRoute = page(SCREENS['/customer'].load, 'CustomerHubRoute');
const CartRoute = page(SCREENS['/customer/cart'].load, 'CartRoute');
const OrdersRoute = page(SCREENS['/customer/orders'].load, 'OrdersRoute');
const CreditRoute = page(SCREENS['/customer/credit'].load, 'CreditRoute');
const SupplierCockpitRoute = page(SCREENS['/supplier'].load, 'SupplierCockpitRoute');
const AdminRoute = page(SCREENS['/admin'].load, 'AdminRoute');

/** SPEC §2 route table. The guard wraps each protected area, so its rule is read in one place. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'reset-password', element: <ResetPasswordRoute /> },
      { path: 'manual', element: <ManualRoute /> },
      {
        path: 'customer',
        element: (
          <RequireAccess rule={AREA_ACCESS.customer}>
            <Outlet />
          </RequireAccess>
        ),
        children: [
          { index: true, element: <CustomerHubRoute /> },
          { path: 'cart', element: <CartRoute /> },
          { path: 'orders', element: <OrdersRoute /> },
          { path: 'credit', element: <CreditRoute /> },
        ],
      },
      {
        path: 'supplier',
        element: (
          <RequireAccess rule={AREA_ACCESS.supplier}>
            <SupplierCockpitRoute />
          </RequireAccess>
        ),
      },
      {
        path: 'admin',
        element: (
          <RequireAccess rule={AREA_ACCESS.admin}>
            <AdminRoute />
          </RequireAccess>
        ),
      },
      { path: '*', element: <Navigate to="/customer" replace /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
