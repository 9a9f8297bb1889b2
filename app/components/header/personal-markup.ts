/**
 * The personal parts of the page's chrome (decision 021), as markup rules shared by the header and footer
 * components and by the splice of a shared copy (decision 107): what the cart link says, what its badge shows, and
 * the marker attributes that name the regions a splice rewrites.
 */
import type { PersonalState } from '../../../server/viewer/public';

/** The `data-personal` value of each region the splice rewrites (decision 107). */
export const PERSONAL_REGION = {
  header: 'header',
  account: 'account',
  footer: 'footer',
} as const;

/** The cart link's accessible name: "Cart", or "Cart, 3 items". */
export function cartLabel(count: number): string {
  return count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
}

/** What the cart badge shows (none for an empty cart). */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/**
 * The personal state a page was rendered or spliced with, read back from its header at hydration
 * (`data-cart-count`, `data-signed-in`): a spliced page's loader data is the shared copy's, which carries none.
 */
export function readPersonalStateFrom(element: Element | null): PersonalState | null {
  const count = element?.getAttribute('data-cart-count');
  const signedIn = element?.getAttribute('data-signed-in');
  if (count == null || signedIn == null || !/^\d{1,6}$/.test(count)) return null;
  return { cartCount: Number(count), signedIn: signedIn === 'true' };
}
