/**
 * Expected values for end-to-end tests, written from SPEC §5, §6 and §9 in the plainest code that states the rule,
 * never by calling the store's own modules (CONVENTIONS 25: a test must not compute its expectation with the code
 * under test). `expected.test.ts` pins each one to literal values, so an oracle that drifts fails on its own.
 */

/** SPEC §9: USD with two decimals and thousands separators ("$1,234.50"). */
export function usd(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `$${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${rest}`;
}

/** A percentage off a list price, in cents, rounded half up (the price a group discount of `percent` gives). */
export function percentOffCents(listCents: number, percent: number): number {
  return Math.floor((listCents * (100 - percent)) / 100 + 0.5);
}

/** SPEC §9 badges: a discount under 25 percent shows "Sale"; otherwise the rounded percent as "N% OFF". */
export function saleBadge(listCents: number, saleCents: number): string {
  const percent = ((listCents - saleCents) / listCents) * 100;
  return percent < 25 ? 'Sale' : `${Math.round(percent)}% OFF`;
}

/** The product page's stock line for a size with `level` units (sold out at 0; "Only N left" at 1 to 3). */
export function stockLine(level: number): string {
  if (level <= 0) return 'Sold out';
  return level <= 3 ? `Only ${level} left` : 'In stock';
}
