/**
 * Whether a product view has anything to do with the recently viewed lists: the product page asks at hydration,
 * to load the strip's script (recently-viewed-visit.ts) only then. A module apart from the lists' codec
 * (recently-viewed-cookie.ts) and not importing it: a module both the page's chunk and the script's chunk import
 * makes Rollup move the page's code into a shared chunk behind a second file. The names are the codec's, which its
 * test checks.
 */
import { consentFromCookies, readCookie } from '../consent/consent';

const LISTS = ['recently_viewed', 'recently_viewed_colors'];

/**
 * A view to record (functional consent, C0003), or lists to show or to remove. A shopper with neither (the default:
 * no consent given, nothing kept) gets no script for it at all (issue 7 §6, decision 062).
 */
export function viewHasWork(cookieHeader: string): boolean {
  return (
    consentFromCookies(cookieHeader).C0003 ||
    LISTS.some((name) => readCookie(cookieHeader, name) !== undefined)
  );
}
