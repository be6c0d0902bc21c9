import type { AdminEntity } from '@aduro/shared/admin';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { downloadCsv } from '../../../lib/csv';
import { formatDay } from '../../../lib/format';
import { useEntities, type EntityFilter } from '../api/get-entities';
import { useOpenLicence } from '../api/open-licence';
import { useToggleEntity } from '../api/toggle-entity';
import { ENTITIES_CSV_FILE, entitiesToCsv } from '../utils/entities-csv';

export const NO_ENTITIES = 'No entities to display.';
/** SPEC §8: an export with nothing to export. */
const NO_EXPORT_DATA = 'Nothing to export.';

const FILTERS: ReadonlyArray<{ value: EntityFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'supplier', label: 'Suppliers' },
  { value: 'customer', label: 'Customers' },
];

/** SPEC §2 'Entity management': who may trade, with the licence of each supplier to review first. */
export function EntityManagement() {
  const [filter, setFilter] = useState<EntityFilter>('all');
  const entities = useEntities(filter);
  const toggle = useToggleEntity();
  const licence = useOpenLicence();
  const list = entities.data ?? [];
  // Organisations waiting for review first: they are what an administrator comes here for.
  const sorted = [...list].sort(
    (a, b) => Number(a.isActive) - Number(b.isActive) || a.name.localeCompare(b.name),
  );

  function exportCsv() {
    if (list.length === 0) {
      toast.error(NO_EXPORT_DATA, { id: 'entities-export' });
      return;
    }
    downloadCsv(ENTITIES_CSV_FILE, entitiesToCsv(sorted));
  }

  return (
    <Card aria-labelledby="entity-management-title">
      <CardHeader
        id="entity-management-title"
        title="Entity management"
        description="Suppliers and customers, and whether each may trade. Review a supplier's licence before activating it."
        actions={<ExportButton onClick={exportCsv} disabled={entities.isPending} />}
      />
      <div className="border-b border-slate-100 px-5 py-3">
        <SegmentedControl label="Show entities" options={FILTERS} value={filter} onChange={setFilter} />
      </div>
      {entities.isPending ? (
        <div className="space-y-2 p-5">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : entities.isError ? (
        <LoadFailed
          message="The organisations could not be loaded."
          onRetry={() => void entities.refetch()}
        />
      ) : sorted.length === 0 ? (
        <EmptyState message={NO_ENTITIES} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {sorted.map((entity) => (
            <EntityRow
              key={entity.id}
              entity={entity}
              toggling={toggle.isPending && toggle.variables?.id === entity.id}
              openingLicence={licence.isPending && licence.variables === entity.id}
              onToggle={() => toggle.mutate({ id: entity.id, active: !entity.isActive })}
              onOpenLicence={() => licence.mutate(entity.id)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

interface EntityRowProps {
  entity: AdminEntity;
  toggling: boolean;
  openingLicence: boolean;
  onToggle: () => void;
  onOpenLicence: () => void;
}

function EntityRow({ entity, toggling, openingLicence, onToggle, onOpenLicence }: EntityRowProps) {
  const details = [
    entity.kind === 'supplier' ? 'Supplier' : 'Customer',
    entity.supplierCategory,
    entity.location,
    `${entity.users.length} ${entity.users.length === 1 ? 'user' : 'users'}`,
    `since ${formatDay(entity.createdAt)}`,
  ].filter(Boolean);
  return (
    <li
      aria-label={entity.name}
      className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {entity.name}
          <Badge tone={entity.isActive ? 'green' : 'red'}>{entity.isActive ? 'Active' : 'Deactivated'}</Badge>
        </p>
        <p className="mt-0.5 text-sm text-slate-600">{details.join(' · ')}</p>
        <p className="text-xs text-slate-500">Payment terms: {entity.paymentTerms}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {entity.hasLicence && (
          <Button variant="secondary" size="sm" loading={openingLicence} onClick={onOpenLicence}>
            View licence
          </Button>
        )}
        <Button
          size="sm"
          variant={entity.isActive ? 'secondary' : 'primary'}
          loading={toggling}
          onClick={onToggle}
          aria-label={`${entity.isActive ? 'Deactivate' : 'Activate'} ${entity.name}`}
        >
          {entity.isActive ? 'Deactivate' : 'Activate'}
        </Button>
      </div>
    </li>
  );
}
