/** SPEC §9 donut: the centre shows the share rounded to a whole percent... */
export function centrePercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** ...and the list one decimal. */
export function listPercent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** One colour per charted product, in list order; six because the chart shows the first 6 (SPEC §9). */
export const SLICE_COLOURS = ['#047857', '#0284c7', '#d97706', '#7c3aed', '#e11d48', '#475569'] as const;

export function sliceColour(index: number): string {
  return SLICE_COLOURS[index % SLICE_COLOURS.length] ?? SLICE_COLOURS[0];
}
