import { hasPermission } from '@aduro/shared/permissions';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import {
  isSupplierReturnView,
  SupplierReturnsTab,
  type SupplierReturnView,
} from '../../../features/returns/components/supplier-returns-tab';

/**
 * The queue shown (`returns=decide|receive|inspect|done`) and the return whose panel is open
 * (`return={id}`), kept in the address with `tab=returns`, so a notification's link opens the return and
 * a reload keeps both. Changing either replaces the entry, as the other tabs' panels do.
 */
function useReturnsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const viewParam = searchParams.get('returns');
  const view: SupplierReturnView = isSupplierReturnView(viewParam) ? viewParam : 'decide';
  const selected = searchParams.get('return');
  const update = useCallback(
    (name: 'returns' | 'return', value: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', 'returns');
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const selectView = useCallback((value: SupplierReturnView) => update('returns', value), [update]);
  const select = useCallback((returnId: string | null) => update('return', returnId), [update]);
  return { view, selectView, selected, select };
}

/**
 * The cockpit's Returns tab: shipping and inventory staff decide and receive returns; inspecting them
 * and the destruction register are for those who manage inventory, as the API allows.
 */
export function ReturnsTab({ orgId, permissions }: { orgId: string; permissions: readonly string[] }) {
  const { view, selectView, selected, select } = useReturnsParams();
  return (
    <SupplierReturnsTab
      orgId={orgId}
      view={view}
      onViewChange={selectView}
      selectedId={selected}
      onSelect={select}
      canInspect={hasPermission(permissions, 'manage_inventory')}
    />
  );
}
