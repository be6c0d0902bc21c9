import { EXPIRY_STATUSES, type ExpiryStatus } from '@aduro/shared/inventory';
import { useUrlFilters } from '../../../lib/url-filters';
import type { InventoryFilters } from '../api/get-inventory';

/** The URL parameters, prefixed: the cockpit's other tabs keep their own filters in the same query string. */
export const INVENTORY_PARAMS = { product: 'invProduct', status: 'invStatus', batch: 'invBatch' } as const;

const TEXT_FIELDS = ['product', 'batch'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export interface InventoryFilterValues {
  product: string;
  /** '' for every status, else one status or several apart by commas, as GET /inventory takes them. */
  status: string;
  batch: string;
}

const isStatusList = (value: string) =>
  value.split(',').every((s) => (EXPIRY_STATUSES as readonly string[]).includes(s));

function readFilters(params: URLSearchParams): InventoryFilterValues {
  const status = params.get(INVENTORY_PARAMS.status) ?? '';
  return {
    product: params.get(INVENTORY_PARAMS.product) ?? '',
    status: status && isStatusList(status) ? status : '',
    batch: params.get(INVENTORY_PARAMS.batch) ?? '',
  };
}

/**
 * The inventory table's filters, kept in the URL (invProduct, invStatus, invBatch; lib/url-filters.ts)
 * so a filtered view survives a reload and can be shared. Text is written a moment after typing stops.
 * `pinned` parameters are written with every change (the cockpit's ?tab=inventory), so the reloaded URL
 * opens on the table.
 */
export function useInventoryFilters(pinned?: Readonly<Record<string, string>>) {
  const filters = useUrlFilters({
    params: INVENTORY_PARAMS,
    defaults: { product: '', status: '', batch: '' },
    read: readFilters,
    typed: TEXT_FIELDS,
    pinned,
  });
  const { url } = filters;

  /** As the API reads them: the text is what the URL holds, so typing does not refetch per key. */
  const applied: InventoryFilters = {
    product: url.product.trim() || undefined,
    status: url.status ? (url.status.split(',') as ExpiryStatus[]) : undefined,
    batch: url.batch.trim() || undefined,
  };

  return {
    values: filters.values,
    applied,
    /** True when the list is narrower than every lot: an empty list is then the filters' doing. */
    active: url.product.trim() !== '' || url.status !== '' || url.batch.trim() !== '',
    setStatus: (status: string) => filters.choose({ status }),
    setText: (name: TextField, value: string) => filters.type(name, value),
    clear: filters.clear,
  };
}
