// Money is exact: the database keeps numeric(14,2) cedis, arithmetic happens in whole pesewas.

/** Cedis as numeric text (or a number from the driver) to whole pesewas. */
export const toPesewas = (cedis: string | number) => Math.round(Number(cedis) * 100);
/** Whole pesewas to a number of cedis with at most 2 decimals. */
export const toCedis = (pesewas: number) => pesewas / 100;
