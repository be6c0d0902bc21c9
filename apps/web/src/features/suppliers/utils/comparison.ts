/** SPEC §9: suppliers compared at once. */
export const MAX_COMPARED_SUPPLIERS = 3;
/** SPEC §5 "Comparison". */
export const COMPARISON_LIMIT_MESSAGE = 'Select up to three suppliers for comparison.';

export type ComparisonToggle =
  { ok: true; selectedIds: string[] } | { ok: false; selectedIds: string[]; message: string };

/**
 * Compare / Selected: a chosen supplier is removed, another is added while fewer than three are
 * chosen; a fourth is refused and the selection stays as it was. The order of choosing is kept, so
 * the comparison table reads top to bottom as the buyer picked.
 */
export function toggleComparison(selectedIds: readonly string[], supplierId: string): ComparisonToggle {
  if (selectedIds.includes(supplierId)) {
    return { ok: true, selectedIds: selectedIds.filter((id) => id !== supplierId) };
  }
  if (selectedIds.length >= MAX_COMPARED_SUPPLIERS) {
    return { ok: false, selectedIds: [...selectedIds], message: COMPARISON_LIMIT_MESSAGE };
  }
  return { ok: true, selectedIds: [...selectedIds, supplierId] };
}
