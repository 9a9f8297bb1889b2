/**
 * The splice (decision 107): the shared copy of a page made personal with string operations on the regions the
 * header and footer mark, instead of a React render of the whole page. What it writes is exactly what
 * `SiteHeader` and `SiteFooter` render for the same state; test/integration/personal-splice.test.ts compares a
 * spliced page with a personal render for every page kind.
 *
 * Regions, in document order, each a run of whole tags (so a cache can put an ESI include in its place:
 * decision 115):
 * - `header`: the header's opening tag (`data-personal="header"`), which gains `data-cart-count` and
 *   `data-signed-in`, the state the page is for, read back by the browser at hydration (personal-state.tsx);
 * - `actions`: from the account link's opening tag (`data-personal="account"`) to the end of the cart link (the
 *   header's `data-panel-opener="cart"`): for a signed-in customer the account link leads to their profile instead
 *   of opening the sign-in panel; the cart link's name counts the items, and the badge shows them;
 * - `footer`: the footer's opening tag (`data-personal="footer"`), which gains `data-signed-in` for a signed-in
 *   customer (it hides what only a signed-out visitor is offered).
 *
 * Exported to the HTTP layer through the server build's entry module (entry.server.tsx), so the markup rules stay
 * with the components. Nothing here reads the page beyond these markers, and nothing in it is a script: the
 * shared copy's script hashes hold for the spliced page.
 */
import type { PersonalState } from '../../../server/viewer/public';
import { badgeText, cartLabel, PERSONAL_REGION } from './personal-markup';
import * as styles from './site-header.css';

const marker = (region: string) => `data-personal="${region}"`;
const CART_OPENER = 'data-panel-opener="cart"';
const LINK_END = '</a>';

/** The regions a shared copy makes personal, in document order. */
export const SPLICE_REGIONS = ['header', 'actions', 'footer'] as const;
export type SpliceRegion = (typeof SPLICE_REGIONS)[number];
/** A region's bytes in the shared copy: `[start, end)`. */
type Located = { region: SpliceRegion; start: number; end: number };

/** The opening tag around `index`: from the `<` before it to the `>` after it (attribute values never hold `>`). */
function tagAround(html: Buffer, index: number): { start: number; end: number } | null {
  const start = html.lastIndexOf('<', index);
  const end = html.indexOf('>', index);
  return start < 0 || end < 0 ? null : { start, end: end + 1 };
}

/** The opening tag that holds `needle`, at or after `from`; null without one. */
function tagHolding(html: Buffer, needle: string, from: number): { start: number; end: number } | null {
  const at = html.indexOf(needle, from);
  const tag = at < 0 ? null : tagAround(html, at);
  return tag && tag.start >= from ? tag : null;
}

/** Where the regions are in a page, or null when one is missing (not a store page with the site's header). */
function locate(html: Buffer): Located[] | null {
  const header = tagHolding(html, marker(PERSONAL_REGION.header), 0);
  if (!header) return null;
  const account = tagHolding(html, marker(PERSONAL_REGION.account), header.end);
  if (!account) return null;
  const cart = tagHolding(html, CART_OPENER, account.end);
  if (!cart) return null;
  const cartEnd = html.indexOf(LINK_END, cart.end);
  if (cartEnd < 0) return null;
  const actionsEnd = cartEnd + LINK_END.length;
  const footer = tagHolding(html, marker(PERSONAL_REGION.footer), actionsEnd);
  if (!footer) return null;
  return [
    { region: 'header', ...header },
    { region: 'actions', start: account.start, end: actionsEnd },
    { region: 'footer', ...footer },
  ];
}

/** `bytes` with `text` put in after the first `needle`; null without one. */
function insertAfter(bytes: Buffer, needle: string, text: string): Buffer | null {
  const at = bytes.indexOf(needle);
  if (at < 0) return null;
  const cut = at + needle.length;
  return Buffer.concat([bytes.subarray(0, cut), Buffer.from(text, 'utf8'), bytes.subarray(cut)]);
}

/**
 * One region of the shared copy made personal: the bytes of that region (as `personalShell` hands them to an
 * include) in, the bytes a personal render has there out; null when they are not such a region.
 */
export function renderPersonalRegion(
  region: SpliceRegion,
  shared: Buffer,
  state: PersonalState,
): Buffer | null {
  switch (region) {
    case 'header':
      return insertAfter(
        shared,
        marker(PERSONAL_REGION.header),
        ` data-cart-count="${state.cartCount}" data-signed-in="${state.signedIn}"`,
      );
    case 'footer':
      return state.signedIn
        ? insertAfter(shared, marker(PERSONAL_REGION.footer), ' data-signed-in=""')
        : shared;
    case 'actions':
      return renderActions(shared, state);
  }
  return null;
}

/** The account link and the cart link (the `actions` region). */
function renderActions(shared: Buffer, state: PersonalState): Buffer | null {
  const parts: Buffer[] = [];
  let at = 0;
  const copyTo = (index: number) => {
    parts.push(shared.subarray(at, index));
    at = index;
  };
  const insert = (text: string) => parts.push(Buffer.from(text, 'utf8'));

  // The account link: the profile for a signed-in customer.
  const account = tagHolding(shared, marker(PERSONAL_REGION.account), 0);
  if (!account || account.start !== 0) return null;
  if (state.signedIn) {
    const tag = shared.subarray(account.start, account.end).toString('utf8');
    const className = /\sclass="([^"]*)"/.exec(tag)?.[1];
    if (className === undefined) return null;
    insert(
      `<a class="${className}" aria-label="Account" ${marker(PERSONAL_REGION.account)} data-discover="true" href="/account/profile">`,
    );
    at = account.end;
  }

  // The cart link: its name and badge; the region ends with the link.
  const cart = tagHolding(shared, CART_OPENER, account.end);
  if (!cart || !shared.subarray(shared.length - LINK_END.length).equals(Buffer.from(LINK_END))) return null;
  const sharedLabel = ' aria-label="Cart"';
  const label = shared.indexOf(sharedLabel, cart.start);
  if (label < 0 || label > cart.end) return null;
  copyTo(label);
  insert(` aria-label="${cartLabel(state.cartCount)}"`);
  at = label + sharedLabel.length;
  const badge = badgeText(state.cartCount);
  if (badge !== null) {
    copyTo(shared.length - LINK_END.length);
    insert(`<span class="${styles.badge}" aria-hidden="true">${badge}</span>`);
  }
  parts.push(shared.subarray(at));
  return Buffer.concat(parts);
}

/**
 * The shared copy with each region replaced by what `replace` gives for it (its name and shared bytes); null when
 * the page lacks a region or `replace` refuses one.
 */
function replaceRegions(
  html: Buffer,
  replace: (region: SpliceRegion, shared: Buffer) => Buffer | null,
): Buffer | null {
  const regions = locate(html);
  if (!regions) return null;
  const parts: Buffer[] = [];
  let at = 0;
  for (const { region, start, end } of regions) {
    const replaced = replace(region, html.subarray(start, end));
    if (replaced === null) return null;
    parts.push(html.subarray(at, start), replaced);
    at = end;
  }
  parts.push(html.subarray(at));
  return Buffer.concat(parts);
}

/**
 * The page for `state`, or null when the page lacks a region (not a store page with the site's header: the
 * caller renders it personally instead). Works on the bytes: the markers are ASCII, and decoding a page of
 * 100 KB with non-ASCII text to a string and back costs more than everything else (measured: 7 ms against
 * 0.05 ms for the byte search on a loaded machine).
 */
export function splicePersonalState(html: Buffer, state: PersonalState): Buffer | null {
  return replaceRegions(html, (region, shared) => renderPersonalRegion(region, shared, state));
}

/**
 * The shared copy as a template for a cache that assembles pages (ESI, decision 115): each region replaced by the
 * markup `include` gives for it (an `<esi:include>` whose fragment is `renderPersonalRegion` of those bytes for
 * the shopper asking); null when the page lacks a region.
 */
export function personalShell(
  html: Buffer,
  include: (region: SpliceRegion, shared: Buffer) => string,
): Buffer | null {
  return replaceRegions(html, (region, shared) => Buffer.from(include(region, shared), 'utf8'));
}
