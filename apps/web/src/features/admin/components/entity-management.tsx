import { ENTITY_STATUS_LABELS, type AdminEntity, type EntityStatus } from '@aduro/shared/admin';
import type { Page } from '@aduro/shared/pagination';
import type { InfiniteData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { FormField, Input } from '../../../components/ui/form-field';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { formatDay } from '../../../lib/format';
import { useDownloadEntitiesCsv } from '../api/download-entities-csv';
import { useEntitiesPages, type EntityFilter } from '../api/get-entities';
import { useOpenLicence } from '../api/open-licence';
import { useToggleEntity } from '../api/toggle-entity';
import { useEntityFilters, type EntityStatusFilter } from '../hooks/use-entity-filters';
import { ToggleEntityDialog } from './toggle-entity-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { countText, loadMoreProps, pageItems, pageTotal } from '../../../lib/pages';

export const NO_ENTITIES = 'No entities to display.';
export const NO_MATCHING_ENTITIES = 'No organisations match these filters.';
/** SPEC §8: an export with nothing to export. */
const NO_EXPORT_DATA = 'Nothing to export.';

const FILTERS: ReadonlyArray<{ value: EntityFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'supplier', label: 'Suppliers' },
  { value: 'customer', label: 'Customers' },
];

const STATUS_FILTERS: ReadonlyArray<{ value: EntityStatusFilter; label: string }> = [
  { value: 'all', label: 'Any status' },
  { value: 'active', label: ENTITY_STATUS_LABELS.active },
  { value: 'awaiting_review', label: ENTITY_STATUS_LABELS.awaiting_review },
  { value: 'deactivated', label: ENTITY_STATUS_LABELS.deactivated },
];

/** A supplier awaiting its licence review is work to do, not a sanction: amber, not red. */
const STATUS_TONES: Record<EntityStatus, BadgeTone> = {
  active: 'green',
  awaiting_review: 'yellow',
  deactivated: 'red',
};

/** '1 organisation', '1,204 organisations': every one the filters match, not only those loaded. */
export const entityCountText = (total: number): string => countText(total, 'organisation');

/** The organisations of the pages read so far; one seen twice (a toggle moving it between pages) shows once. */
function entitiesOf(data: InfiniteData<Page<AdminEntity>> | undefined): AdminEntity[] {
  return pageItems(data);
}

/**
 * SPEC §2 'Entity management': who may trade, with the licence of each supplier to review first. Filtered
 * and paged by the server (the filters in the URL), in review order: organisations waiting first.
 */
export function EntityManagement() {
  const filters = useEntityFilters();
  const pages = useEntitiesPages(filters.applied);
  const toggle = useToggleEntity();
  // The organisation whose toggle awaits confirmation: nothing changes until its reason is confirmed.
  const [confirming, setConfirming] = useState<AdminEntity | null>(null);
  const licence = useOpenLicence();
  const csv = useDownloadEntitiesCsv();
  const fieldId = useId();
  const shown = entitiesOf(pages.data);
  const total = pageTotal(pages);

  function exportCsv() {
    if (total === 0) {
      toast.error(NO_EXPORT_DATA, { id: 'entities-export' });
      return;
    }
    csv.mutate(filters.applied);
  }

  let list: React.ReactNode;
  if (pages.isPending) {
    list = (
      <div className="space-y-2 p-5">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  } else if (pages.isError && !pages.isFetchNextPageError) {
    list = (
      <LoadFailed message="The organisations could not be loaded." onRetry={() => void pages.refetch()} />
    );
  } else if (shown.length === 0) {
    list = filters.narrowed ? (
      <EmptyState message={NO_MATCHING_ENTITIES}>
        <Button variant="secondary" size="sm" onClick={filters.clear}>
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState message={NO_ENTITIES} />
    );
  } else {
    list = (
      <>
        <ul
          className={cn(
            'divide-y divide-slate-100 transition-opacity',
            pages.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={pages.isPlaceholderData || undefined}
        >
          {shown.map((entity) => (
            <EntityRow
              key={entity.id}
              entity={entity}
              toggling={toggle.isPending && toggle.variables?.id === entity.id}
              openingLicence={licence.isPending && licence.variables === entity.id}
              onToggle={() => setConfirming(entity)}
              onOpenLicence={() => licence.mutate(entity.id)}
            />
          ))}
        </ul>
        <LoadMore noun="organisations" {...loadMoreProps(pages)} />
      </>
    );
  }

  return (
    <Card aria-labelledby="entity-management-title">
      <CardHeader
        id="entity-management-title"
        title="Entity management"
        description="Suppliers and customers, and whether each may trade. Review a supplier's licence before activating it."
        actions={
          <>
            {csv.isPending && (
              <span role="status" className="flex items-center text-emerald-700">
                <Spinner className="size-4" />
                <span className="sr-only">Preparing entities.csv</span>
              </span>
            )}
            <ExportButton onClick={exportCsv} disabled={pages.isPending || csv.isPending} />
          </>
        }
      />
      <div
        role="group"
        aria-label="Filter organisations"
        className="flex flex-col gap-3 border-b border-slate-100 px-5 py-3 xl:flex-row xl:flex-wrap xl:items-end"
      >
        <FormField id={`${fieldId}-q`} label="Search" className="xl:min-w-48 xl:flex-1">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Name or location"
              value={filters.values.q}
              onChange={(event) => filters.setQ(event.target.value)}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <SegmentedControl
            label="Show entities"
            options={FILTERS}
            value={filters.values.kind}
            onChange={filters.setKind}
          />
          <SegmentedControl
            label="Show status"
            options={STATUS_FILTERS}
            value={filters.values.status}
            onChange={filters.setStatus}
          />
        </div>
      </div>
      {total !== undefined && !pages.isError && (
        <p aria-live="polite" className="border-b border-slate-100 px-5 py-2 text-sm text-slate-600">
          {entityCountText(total)}
        </p>
      )}
      {list}
      <ToggleEntityDialog
        entity={confirming}
        pending={toggle.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={(reason) =>
          confirming &&
          toggle.mutate(
            { id: confirming.id, active: !confirming.isActive, reason },
            // A refusal toasts globally and leaves the dialog open, the reason kept, to retry or cancel.
            { onSuccess: () => setConfirming(null) },
          )
        }
      />
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
          <Badge tone={STATUS_TONES[entity.status]}>{ENTITY_STATUS_LABELS[entity.status]}</Badge>
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
