import type { ExpiryStatus, InventoryRow } from '@aduro/shared/inventory';

export type ExpiryTone = 'red' | 'yellow' | 'green' | 'neutral';

/** SPEC §4: expired rose, expiring soon amber, healthy emerald; a lot without a date has no expiry. */
const TONES: Record<ExpiryStatus, ExpiryTone> = {
  expired: 'red',
  expiring_soon: 'yellow',
  healthy: 'green',
  not_applicable: 'neutral',
};

/** The name of each expiry status, as its badge and the table's status filter say it. */
export const EXPIRY_STATUS_NAMES: Record<ExpiryStatus, string> = {
  expired: 'Expired',
  expiring_soon: 'Expiring soon',
  healthy: 'Healthy',
  not_applicable: 'No expiry',
};

function dayCount(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * The badge of one lot. SPEC §4 adds the days when the server knows them: 'Expiring soon · 12 days',
 * 'Expired · 3 days ago'. A lot is still usable on its expiry day (DOMAIN.md), so day 0 reads 'today'.
 */
export function expiryBadge(row: Pick<InventoryRow, 'expiryStatus' | 'daysUntilExpiry'>): {
  label: string;
  tone: ExpiryTone;
} {
  const { expiryStatus: status, daysUntilExpiry: days } = row;
  const tone = TONES[status];
  const name = EXPIRY_STATUS_NAMES[status];
  if (status === 'not_applicable' || days === null) return { label: name, tone };
  if (status === 'expired') return { label: `${name} · ${dayCount(Math.abs(days))} ago`, tone };
  if (days === 0) return { label: `${name} · today`, tone };
  return { label: `${name} · ${dayCount(days)}`, tone };
}
