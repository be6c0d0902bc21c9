import type { Order } from '@aduro/shared/orders';
import type { Page } from '@aduro/shared/pagination';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { orderFixture } from '../../../test/test-utils';

/** An orders screen at `path` (its query string is the filters a shared link or a reload brings). */
export function renderAt(ui: ReactElement, path = '/') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user };
}

/**
 * The mockFetch key of GET /orders with these parameters, in the order the client writes them: a paged
 * read (limit or cursor) goes to GET /orders/page (decision 0014).
 */
export const ordersKey = (params: Record<string, string>) =>
  `GET /orders${'limit' in params || 'cursor' in params ? '/page' : ''}?${new URLSearchParams(params).toString()}`;

export const page = (
  items: Order[],
  total = items.length,
  nextCursor: string | null = null,
): Page<Order> => ({
  items,
  nextCursor,
  total,
});

/** The nth order of a list: its own id, number and product, so cards tell apart. */
export function nthOrder(n: number, overrides: Partial<Order> = {}): Order {
  const digits = String(n).padStart(6, '0');
  return orderFixture({
    id: `33333333-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `PO-2026-${digits}`,
    product: {
      id: `11111111-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: `Product ${n}`,
      medicineClass: 'A',
      controlled: null,
    },
    ...overrides,
  });
}
