/**
 * Whether an amount of cedis is a whole number of pesewas (at most 2 decimals). The tolerance absorbs
 * binary floating point (0.1 + 0.2); a non-zero amount under half a pesewa is refused rather than passed
 * as 0.00, which the database's "positive" checks would then reject with a 500.
 */
export function hasWholePesewas(amount: number): boolean {
  const pesewas = amount * 100;
  const whole = Math.round(pesewas);
  return Number.isFinite(pesewas) && Math.abs(whole - pesewas) < 1e-6 && (whole !== 0 || amount === 0);
}
