import { EXPIRY_STATUSES, type ExpiryStatus } from '@aduro/shared/inventory';
import { useEffect, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import type { InventoryFilters } from '../api/get-inventory';

/** How long typing pauses before the URL, and so the table, follows. */
export const INVENTORY_TYPING_DELAY_MS = 300;

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

/** Writes `values` onto the URL, replacing the history entry and leaving every other parameter as it is. */
function writeFilters(
  setSearchParams: SetURLSearchParams,
  values: Partial<InventoryFilterValues>,
  pinned: Readonly<Record<string, string>>,
  flushSync = false,
) {
  setSearchParams(
    (previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(pinned)) next.set(name, value);
      for (const [field, value] of Object.entries(values) as Array<[keyof InventoryFilterValues, string]>) {
        if (value.trim()) next.set(INVENTORY_PARAMS[field], value);
        else next.delete(INVENTORY_PARAMS[field]);
      }
      return next;
    },
    // A chosen status shows at once (flushSync), rather than after the navigation's transition: a
    // controlled radio would otherwise read unchecked for a moment after the click.
    { replace: true, flushSync },
  );
}

const NO_PINS = {};

/**
 * The inventory table's filters, kept in the URL (invProduct, invStatus, invBatch) so a filtered view
 * survives a reload and can be shared. Text is written a moment after typing stops. `pinned` parameters
 * are written with every change (the cockpit's ?tab=inventory), so the reloaded URL opens on the table.
 */
export function useInventoryFilters(pinned: Readonly<Record<string, string>> = NO_PINS) {
  const [searchParams, setSearchParams] = useSearchParams();
  const url = readFilters(searchParams);
  // Text typed and not yet on the URL; dropped once the URL holds it, so that a back navigation or a
  // Clear afterwards shows the URL's text again.
  const [typed, setTyped] = useState<Partial<Record<TextField, string>>>({});
  const pending = TEXT_FIELDS.filter((name) => typed[name] !== undefined && typed[name] !== url[name]);
  if (Object.keys(typed).length > 0 && pending.length === 0) setTyped({});

  useEffect(() => {
    if (pending.length === 0) return;
    const timer = window.setTimeout(
      () => writeFilters(setSearchParams, typed, pinned),
      INVENTORY_TYPING_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
    // `pending` is derived from `typed` and the URL: the timer restarts on each keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, setSearchParams, pinned]);

  /** As the API reads them: the text is what the URL holds, so typing does not refetch per key. */
  const applied: InventoryFilters = {
    product: url.product.trim() || undefined,
    status: url.status ? (url.status.split(',') as ExpiryStatus[]) : undefined,
    batch: url.batch.trim() || undefined,
  };

  return {
    values: { ...url, product: typed.product ?? url.product, batch: typed.batch ?? url.batch },
    applied,
    /** True when the list is narrower than every lot: an empty list is then the filters' doing. */
    active: url.product.trim() !== '' || url.status !== '' || url.batch.trim() !== '',
    setStatus: (status: string) => writeFilters(setSearchParams, { status }, pinned, true),
    setText: (name: TextField, value: string) => setTyped((current) => ({ ...current, [name]: value })),
    clear: () => {
      setTyped({});
      writeFilters(setSearchParams, { product: '', status: '', batch: '' }, pinned, true);
    },
  };
}
