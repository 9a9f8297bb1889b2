/**
 * The splice (decision 107): the shared copy of a page made personal with string operations on the regions the
 * header and footer mark, instead of a React render of the whole page. What it writes is exactly what
 * `SiteHeader` and `SiteFooter` render for the same state; test/integration/personal-splice.test.ts compares a
 * spliced page with a personal render for every page kind.
 *
 * Regions, in document order:
 * - the header (`data-personal="header"`): gains `data-cart-count` and `data-signed-in`, the state the page is for,
 *   which the browser reads back at hydration (personal-state.tsx);
 * - the account link (`data-personal="account"`): for a signed-in customer, the link to their profile instead of
 *   the sign-in panel's opener;
 * - the cart link (the header's `data-panel-opener="cart"`): its name counts the items, and the badge shows them;
 * - the footer (`data-personal="footer"`): `data-signed-in` hides what only a signed-out visitor is offered.
 *
 * Exported to the HTTP layer through the server build's entry module (entry.server.tsx), so the markup rules stay
 * with the components. Nothing here reads the page beyond these markers, and nothing in it is a script: the
 * shared copy's script hashes hold for the spliced page.
 */
import type { PersonalState } from '../../../server/viewer/public';
import { badgeText, cartLabel, PERSONAL_REGION } from './personal-markup';
import * as styles from './site-header.css';

const marker = (region: string) => `data-personal="${region}"`;

/** The opening tag around `index`: from the `<` before it to the `>` after it (attribute values never hold `>`). */
function tagAround(html: Buffer, index: number): { start: number; end: number } | null {
  const start = html.lastIndexOf('<', index);
  const end = html.indexOf('>', index);
  return start < 0 || end < 0 ? null : { start, end: end + 1 };
}

/**
 * The page for `state`, or null when the page lacks a region (not a store page with the site's header: the
 * caller renders it personally instead). Works on the bytes: the markers are ASCII, and decoding a page of
 * 100 KB with non-ASCII text to a string and back costs more than everything else (measured: 7 ms against
 * 0.05 ms for the byte search on a loaded machine).
 */
export function splicePersonalState(html: Buffer, state: PersonalState): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  const copyTo = (index: number) => {
    parts.push(html.subarray(at, index));
    at = index;
  };
  const insert = (text: string) => parts.push(Buffer.from(text, 'utf8'));

  // The header: the state, for hydration.
  const headerMarker = marker(PERSONAL_REGION.header);
  const header = html.indexOf(headerMarker);
  if (header < 0) return null;
  copyTo(header + headerMarker.length);
  insert(` data-cart-count="${state.cartCount}" data-signed-in="${state.signedIn}"`);

  // The account link: the profile for a signed-in customer.
  const account = html.indexOf(marker(PERSONAL_REGION.account), at);
  const accountTag = account < 0 ? null : tagAround(html, account);
  if (!accountTag || accountTag.start < at) return null;
  if (state.signedIn) {
    const tag = html.subarray(accountTag.start, accountTag.end).toString('utf8');
    const className = /\sclass="([^"]*)"/.exec(tag)?.[1];
    if (className === undefined) return null;
    copyTo(accountTag.start);
    insert(
      `<a class="${className}" aria-label="Account" ${marker(PERSONAL_REGION.account)} data-discover="true" href="/account/profile">`,
    );
    at = accountTag.end;
  }

  // The cart link: its name and badge.
  const cart = html.indexOf('data-panel-opener="cart"', at);
  const cartTag = cart < 0 ? null : tagAround(html, cart);
  if (!cartTag || cartTag.start < at) return null;
  const sharedLabel = ' aria-label="Cart"';
  const label = html.indexOf(sharedLabel, cartTag.start);
  if (label < 0 || label > cartTag.end) return null;
  copyTo(label);
  insert(` aria-label="${cartLabel(state.cartCount)}"`);
  at = label + sharedLabel.length;
  const badge = badgeText(state.cartCount);
  if (badge !== null) {
    const close = html.indexOf('</a>', cartTag.end);
    if (close < 0) return null;
    copyTo(close);
    insert(`<span class="${styles.badge}" aria-hidden="true">${badge}</span>`);
  }

  // The footer: what a signed-in customer is not offered.
  const footerMarker = marker(PERSONAL_REGION.footer);
  const footer = html.indexOf(footerMarker, at);
  if (footer < 0) return null;
  if (state.signedIn) {
    copyTo(footer + footerMarker.length);
    insert(' data-signed-in=""');
  }
  parts.push(html.subarray(at));
  return Buffer.concat(parts);
}
