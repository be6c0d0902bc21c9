import { hasPermission } from '@aduro/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { inventoryQueryOptions } from '../../../features/inventory/api/get-inventory';
import { DeclareRecallButton } from '../../../features/recalls/components/declare-recall-button';
import type { RecallProductOption } from '../../../features/recalls/components/declare-recall-dialog';
import { RecallsWorkspace } from '../../../features/recalls/components/recalls-workspace';
import { useRecallParam } from '../../../features/recalls/hooks/use-recall-param';

/** Keeps the cockpit on this tab while the address names the recall. */
const RECALLS_TAB = { tab: 'recalls' } as const;

interface RecallsTabProps {
  orgId: string;
  permissions: readonly string[];
}

/** Products in the supplier's stock, each with the batch numbers of its lots, for the declare dialog. */
function useOwnProducts(orgId: string, enabled: boolean) {
  const inventory = useQuery({ ...inventoryQueryOptions(orgId), enabled });
  const products = useMemo(() => {
    const byId = new Map<string, { id: string; name: string; batches: Set<string> }>();
    for (const row of inventory.data ?? []) {
      const product = byId.get(row.product.id) ?? {
        id: row.product.id,
        name: row.product.name,
        batches: new Set(),
      };
      // A lot already quarantined is not offered again; its recall names it.
      if (row.batchNumber && !row.recall) product.batches.add(row.batchNumber);
      byId.set(row.product.id, product);
    }
    return [...byId.values()]
      .map((p): RecallProductOption => ({ id: p.id, name: p.name, batches: [...p.batches].sort() }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [inventory.data]);
  return { products, loading: enabled && inventory.isPending };
}

/**
 * The cockpit's Recalls tab: every supplier user follows the recalls of the organisation's lots; those
 * who manage inventory declare them, choosing among the products and batches they hold (inventory and
 * recalls are separate features, so they meet here).
 */
export function RecallsTab({ orgId, permissions }: RecallsTabProps) {
  const canDeclare = hasPermission(permissions, 'manage_inventory');
  const [selectedId, select] = useRecallParam(RECALLS_TAB);
  const own = useOwnProducts(orgId, canDeclare);

  return (
    <RecallsWorkspace
      orgId={orgId}
      reader="supplier"
      selectedId={selectedId}
      onSelect={select}
      description="Batches of your stock withdrawn from sale, and the pharmacies that received them."
      emptyMessage="No recalls of your stock. When a batch must come off the market, declare a recall: its lots are quarantined and every delivery that received it is traced."
      actions={
        canDeclare && (
          <DeclareRecallButton
            orgId={orgId}
            products={own.products}
            productsLoading={own.loading}
            onDeclared={(recall) => select(recall.id)}
            description="The lots of these batches in your stock are quarantined at once: no order is filled from them. Every pharmacy that received them is notified."
          />
        )
      }
    />
  );
}
