import type { QueryClient } from '@tanstack/react-query';

/**
 * What an order change can alter on screen: the orders themselves, and (through stock, credit, invoices and the
 * drafts a buyer has waiting) the marketplace reads, inventory and credit of the organisation.
 */
export function invalidateAfterOrderChange(queryClient: QueryClient, orgId: string | null) {
  return Promise.all(
    ['orders', 'suppliers', 'supplier-matches', 'inventory', 'credit', 'invoices', 'top-products'].map(
      (root) => queryClient.invalidateQueries({ queryKey: [root, orgId] }),
    ),
  );
}
