import type { SupplierDirectoryEntry } from '@aduro/shared/marketplace';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SegmentedControl, type SegmentedOption } from '../../../components/ui/segmented-control';
import { useSupplierDirectory, type SupplierCategoryFilter } from '../api/get-supplier-directory';
import { SupplierCard, SupplierCardSkeleton } from './supplier-card';

export const EMPTY_DIRECTORY_MESSAGE = 'No suppliers found for this category yet.';

const FILTERS: ReadonlyArray<SegmentedOption<SupplierCategoryFilter>> = [
  { value: 'all', label: 'All' },
  { value: 'importer', label: 'Importers' },
  { value: 'distributor', label: 'Distributors' },
  { value: 'manufacturer', label: 'Manufacturers' },
];

interface SupplierDirectoryProps {
  orgId: string | null;
  selectedSupplierId: string | null;
  onSelect: (supplier: SupplierDirectoryEntry) => void;
}

/** SPEC §2 supplier directory, filtered by category on the server. */
export function SupplierDirectory({ orgId, selectedSupplierId, onSelect }: SupplierDirectoryProps) {
  const [category, setCategory] = useState<SupplierCategoryFilter>('all');
  const directory = useSupplierDirectory(orgId, category);
  const suppliers = directory.data;

  let body: React.ReactNode;
  if (directory.isPending) {
    body = (
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index}>
            <SupplierCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (directory.isError && !suppliers) {
    body = (
      <EmptyState message="We could not load the supplier directory.">
        <Button variant="secondary" size="sm" onClick={() => void directory.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  } else if (!suppliers || suppliers.length === 0) {
    body = <EmptyState message={EMPTY_DIRECTORY_MESSAGE} />;
  } else {
    body = (
      <ul
        aria-label="Suppliers"
        aria-busy={directory.isPlaceholderData || undefined}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      >
        {suppliers.map((supplier) => (
          <li key={supplier.id}>
            <SupplierCard
              supplier={supplier}
              selected={supplier.id === selectedSupplierId}
              onSelect={onSelect}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby="supplier-directory-title">
      <CardHeader
        id="supplier-directory-title"
        title="Supplier directory"
        description="Importers, distributors and manufacturers trading on Aduro. Choose one to see its catalogue."
      />
      <div className="space-y-4 p-5">
        <SegmentedControl
          label="Supplier category"
          options={FILTERS}
          value={category}
          onChange={setCategory}
        />
        {body}
      </div>
    </Card>
  );
}
