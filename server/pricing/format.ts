/** Price display (SPEC §9): USD with two decimals; a missing price shows as "$ -". Pure. */

export const NO_PRICE = '$ -';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 123450 → "$1,234.50"; null, undefined or a non-finite amount → "$ -". */
export function formatPrice(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return NO_PRICE;
  return usd.format(Math.round(cents) / 100);
}
