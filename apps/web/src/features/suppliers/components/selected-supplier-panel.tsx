import type { SupplierCatalogueItem, SupplierDirectoryEntry } from '@aduro/shared/marketplace';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatCedis } from '../../../lib/format';
import {
  creditLabel,
  paymentTermsLabel,
  supplierCategoryLabel,
  supplierLocation,
} from '../utils/supplier-labels';
import { SupplierCatalogueTable } from './supplier-catalogue-table';

interface SelectedSupplierPanelProps {
  orgId: string | null;
  supplier: SupplierDirectoryEntry;
  onClose: () => void;
  renderExpiry: (item: SupplierCatalogueItem) => ReactNode;
  onCompareProduct?: (item: SupplierCatalogueItem) => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** SPEC §2 selected supplier: name, location and payment terms over its catalogue sub-panel. */
export function SelectedSupplierPanel({
  orgId,
  supplier,
  onClose,
  renderExpiry,
  onCompareProduct,
}: SelectedSupplierPanelProps) {
  const titleId = `selected-supplier-${supplier.id}`;
  const credit = supplier.relationship;
  return (
    <Card aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-emerald-700 uppercase">Selected supplier</p>
          <h2 id={titleId} className="mt-0.5 text-lg font-semibold text-slate-900" tabIndex={-1}>
            {supplier.name}
          </h2>
        </div>
        <div className="flex items-center gap-2">
          {supplier.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
          <Button variant="ghost" size="sm" onClick={onClose} aria-label={`Close ${supplier.name}`}>
            Close
          </Button>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-4 px-5 py-4 text-sm sm:grid-cols-4">
        <Fact label="Location">{supplierLocation(supplier.location)}</Fact>
        <Fact label="Payment terms">{paymentTermsLabel(supplier.paymentTerms)}</Fact>
        <Fact label="Category">{supplierCategoryLabel(supplier.supplierCategory)}</Fact>
        <Fact label="Your credit">
          {credit?.creditLimit != null
            ? `${creditLabel(credit.creditAvailable)} of ${formatCedis(credit.creditLimit)}`
            : creditLabel(null)}
        </Fact>
      </dl>
      <section aria-labelledby={`${titleId}-catalogue`} className="border-t border-slate-200 bg-slate-50/40">
        <h3 id={`${titleId}-catalogue`} className="px-5 pt-4 text-sm font-semibold text-slate-900">
          Published inventory
        </h3>
        <SupplierCatalogueTable
          orgId={orgId}
          supplier={supplier}
          renderExpiry={renderExpiry}
          onCompare={onCompareProduct}
        />
      </section>
    </Card>
  );
}
