const EURO = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
// Intl rounds the shortest decimal form of a double, so 1.005 becomes "1.01" where toFixed gives
// "1.00"; using it for both keeps the charged amount equal to the shown one.
const PAYPAL = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
const DECIMAL = /^-?\d+(?:[.,]\d+)?$/;

/** 1234.5 → "1.234,50 €" (with a no-break space before the sign). */
export function formatEuro(value: number): string {
  return EURO.format(withoutNegativeZero(value));
}

/** PayPal's amount value: a dot and exactly two decimals, no grouping. */
export function toPayPalAmount(value: number): string {
  return PAYPAL.format(withoutNegativeZero(value));
}

/** A finite amount from a number or a plain decimal string ("5", "5.5", "5,50"), else undefined. */
export function parseAmount(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? withoutNegativeZero(raw) : undefined;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? withoutNegativeZero(value) : undefined;
}

// Adding +0 turns -0 into 0, so no "-0,00 €" ever reaches the page or PayPal.
function withoutNegativeZero(value: number): number {
  return value + 0;
}
