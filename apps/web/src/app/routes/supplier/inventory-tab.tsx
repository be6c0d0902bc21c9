import { useRef, useState } from 'react';
import { AddProductDialog } from '../../../features/catalogue/components/add-product-dialog';
import { ProductPicker } from '../../../features/catalogue/components/product-picker';
import { ForecastPanel } from '../../../features/inventory/components/forecast-panel';
import { ImportDialog } from '../../../features/inventory/components/import-dialog';
import { InventoryTable, type ForecastTarget } from '../../../features/inventory/components/inventory-table';
import { InventoryTotals } from '../../../features/inventory/components/inventory-totals';
import {
  StockSyncForm,
  type StockSyncFormHandle,
} from '../../../features/inventory/components/stock-sync-form';

/** Filtering the table names its tab in the URL too, so the filtered view reopens on reload. */
const INVENTORY_TAB_PARAM = { tab: 'inventory' } as const;

/**
 * The cockpit's Inventory tab. Catalogue and inventory are separate features, so they meet here: the
 * catalogue's picker fills the sync form's product slot, and a product just added to the catalogue is
 * put into the sync form, ready for its first count (SPEC §4).
 */
export function InventoryTab({ orgId }: { orgId: string }) {
  const syncForm = useRef<StockSyncFormHandle>(null);
  const [forecastFor, setForecastFor] = useState<ForecastTarget | null>(null);

  return (
    <div className="space-y-6">
      <InventoryTotals orgId={orgId} />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <StockSyncForm
          ref={syncForm}
          orgId={orgId}
          renderProductPicker={(props) => <ProductPicker {...props} />}
          actions={
            <>
              <AddProductDialog onCreated={(product) => syncForm.current?.setProduct(product)} />
              {/* Many lots at once, from a spreadsheet or an ERP's export (issue 33). */}
              <ImportDialog orgId={orgId} />
            </>
          }
        />
        <div className="min-w-0 space-y-6">
          {forecastFor && (
            <ForecastPanel orgId={orgId} product={forecastFor} onClose={() => setForecastFor(null)} />
          )}
          <InventoryTable
            orgId={orgId}
            onForecast={setForecastFor}
            forecastProductId={forecastFor?.id}
            pinnedParams={INVENTORY_TAB_PARAM}
          />
        </div>
      </div>
    </div>
  );
}
