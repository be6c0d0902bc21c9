// Money, the one way (docs/architecture.md "Money"): PostgreSQL keeps cedis as numeric(14,2), the API
// carries them as JSON numbers of cedis, and every sum, difference or product is worked in whole pesewas,
// integers a double holds exactly (up to 2^53 pesewas, about GH₵90 trillion; numeric(14,2) tops out at
// GH₵999,999,999,999.99). Cedis are read into pesewas by toPesewas, written back by toCedis and shown by
// formatCedis; nothing else multiplies or divides money by 100.

/** Pesewas in a cedi. */
export const PESEWAS_PER_CEDI = 100;

/** A decimal the way JavaScript writes a number (String(x)) and PostgreSQL writes a numeric. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * The decimal `text` times 10^shift, rounded to a whole number half away from zero ("half-up" on the
 * amount, the sign put back after): 0.5 -> 1, -0.5 -> -1, 0.49 -> 0. PostgreSQL's round() on numeric
 * does the same, so an amount rounds alike on either side and -x always rounds to minus what x does.
 * The digits are shifted as text, not multiplied, so 1.005 cedis is 101 pesewas (1.005 * 100 is
 * 100.49999999999999 in binary floating point).
 */
function roundDecimal(text: string, shift: number): number {
  const match = DECIMAL.exec(text);
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match ?? [];
  if (!match || whole + fraction === '' || !Number.isFinite(Number(text))) {
    throw new RangeError(`Not an amount of money: "${text}"`);
  }
  const digits = whole + fraction;
  // How many of the digits stand before the decimal point once shifted.
  const point = whole.length + Number(exponent) + shift;
  const kept = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const firstDropped = point < 0 ? '0' : (digits[point] ?? '0');
  const magnitude = Number(kept) + (firstDropped >= '5' ? 1 : 0);
  if (!Number.isFinite(magnitude)) throw new RangeError(`Amount out of range: "${text}"`);
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * The one parser: cedis, as a number (the wire, the driver) or as numeric text ('1629.00'), to whole
 * pesewas, rounded half away from zero at the third decimal. Floating-point noise goes with the
 * rounding (0.1 + 0.2 is 30). Exact up to 2^53 pesewas; no real amount comes near (requests are capped
 * at GH₵100 million). Throws a RangeError for NaN, Infinity and text that is no decimal.
 */
export function toPesewas(cedis: number | string): number {
  if (typeof cedis === 'number' && !Number.isFinite(cedis)) {
    throw new RangeError(`Not an amount of money: ${cedis}`);
  }
  return roundDecimal(String(cedis), 2);
}

/** Whole pesewas to a number of cedis with at most 2 decimals, for the wire and the database. */
export function toCedis(pesewas: number): number {
  if (!Number.isInteger(pesewas)) throw new RangeError(`Not a whole number of pesewas: ${pesewas}`);
  // One correctly rounded division of two exact integers: the double nearest to the 2-decimal amount.
  return pesewas / PESEWAS_PER_CEDI;
}

/** A fractional number of pesewas (a share, an average) to whole pesewas, by toPesewas' rule. */
export function roundPesewas(pesewas: number): number {
  if (!Number.isFinite(pesewas)) throw new RangeError(`Not an amount of money: ${pesewas}`);
  return roundDecimal(String(pesewas), 0);
}

/** Cedis added up in pesewas: 0.1 + 0.2 is 0.3, not 0.30000000000000004. */
export function sumCedis(amounts: Iterable<number>): number {
  let pesewas = 0;
  for (const amount of amounts) pesewas += toPesewas(amount);
  return toCedis(pesewas);
}

const twoDecimals = new Intl.NumberFormat('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeNumber = new Intl.NumberFormat('en-GH', { maximumFractionDigits: 0 });

/**
 * SPEC §9: an amount of cedis as the app shows it, GH₵ with en-GH grouping and two decimals
 * ('GH₵1,629.00'), rounded to the pesewa by toPesewas' rule; `wholeCedis` rounds to the cedi instead
 * ('GH₵1,629') for prose. A non-finite amount is written as Intl writes it rather than thrown, since a
 * formatter runs while a screen renders.
 */
export function formatCedis(cedis: number, options: { wholeCedis?: boolean } = {}): string {
  if (!Number.isFinite(cedis)) return `GH₵${twoDecimals.format(cedis)}`;
  return options.wholeCedis
    ? `GH₵${wholeNumber.format(roundDecimal(String(cedis), 0))}`
    : `GH₵${twoDecimals.format(toCedis(toPesewas(cedis)))}`;
}

/**
 * Whether an amount of cedis is a whole number of pesewas (at most 2 decimals). The tolerance absorbs
 * binary floating point (0.1 + 0.2); a non-zero amount under half a pesewa is refused rather than passed
 * as 0.00, which the database's "positive" checks would then reject with a 500.
 */
export function hasWholePesewas(amount: number): boolean {
  const pesewas = amount * PESEWAS_PER_CEDI;
  const whole = Math.round(pesewas);
  return Number.isFinite(pesewas) && Math.abs(whole - pesewas) < 1e-6 && (whole !== 0 || amount === 0);
}
