import { lazy, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RequireAccess } from '../features/auth/components/require-access';
import { AREA_ACCESS } from '../lib/authorization';
import { AppShell } from './layout/app-shell';
import { HomeRedirect } from './routes/home-redirect';
import { RouteError } from './routes/route-error';

/** Each screen is its own chunk, so /login downloads none of the workspaces' code. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginRoute = page(() => import('./routes/login/login-route'), 'LoginRoute');
const ResetPasswordRoute = page(
  () => import('./routes/reset-password/reset-password-route'),
  'ResetPasswordRoute',
);
const ManualRoute = page(() => import('./routes/manual/manual-route'), 'ManualRoute');
const CustomerHubRoute = page(() => import('./routes/customer/customer-hub-route'), 'CustomerHubRoute');
const CartRoute = page(() => import('./routes/customer/cart-route'), 'CartRoute');
const OrdersRoute = page(() => import('./routes/customer/orders-route'), 'OrdersRoute');
const CreditRoute = page(() => import('./routes/customer/credit-route'), 'CreditRoute');
const SupplierCockpitRoute = page(
  () => import('./routes/supplier/supplier-cockpit-route'),
  'SupplierCockpitRoute',
);
const AdminRoute = page(() => import('./routes/admin/admin-route'), 'AdminRoute');

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
