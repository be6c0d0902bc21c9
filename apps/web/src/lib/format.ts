const cedis = new Intl.NumberFormat('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** SPEC §9: amounts in Ghana cedis with two decimals, e.g. GH₵1,250.00. */
export function formatCedis(amount: number): string {
  return `GH₵${cedis.format(amount)}`;
}
