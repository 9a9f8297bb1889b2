/**
 * Recently viewed products (SPEC §9): a cookie of up to 10 product ids, newest first, and a matching
 * cookie of the colour slug chosen for each. Pure: the product page's script reads and writes them in the
 * browser (see docs/decisions/020-recently-viewed-and-product-page-extras.md), and the strip's loader parses the ids.
 */

import { consentFromCookies, readCookie } from '../consent/consent';

export const RECENTLY_VIEWED_COOKIE = 'recently_viewed';
export const RECENTLY_VIEWED_COLORS_COOKIE = 'recently_viewed_colors';
export const RECENTLY_VIEWED_MAX = 10;
export const RECENTLY_VIEWED_MAX_AGE_S = 30 * 24 * 60 * 60;

export type RecentlyViewed = { ids: number[]; colors: string[] };

/** The largest product id: ids are PostgreSQL `integer`s (a larger one would fail the query, not miss). */
export const MAX_PRODUCT_ID = 2_147_483_647;

/**
 * "12,7,3" → [12, 7, 3]; anything not a positive integer up to MAX_PRODUCT_ID is dropped, repeats keep their
 * first place.
 */
export function parseIds(value: string | null | undefined): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number)
    .filter((id) => id <= MAX_PRODUCT_ID);
  return [...new Set(ids)].slice(0, RECENTLY_VIEWED_MAX);
}

/** Reads both cookies from a `document.cookie` / Cookie header string; colours line up with ids. */
export function readRecentlyViewed(cookieHeader: string | null | undefined): RecentlyViewed {
  const jar = new Map(
    (cookieHeader ?? '').split(';').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return [name.trim(), value.join('=').trim()] as const;
    }),
  );
  const rawIds = (safeDecode(jar.get(RECENTLY_VIEWED_COOKIE)) ?? '').split(',');
  const rawColors = (safeDecode(jar.get(RECENTLY_VIEWED_COLORS_COOKIE)) ?? '').split(',');
  const ids: number[] = [];
  const colors: string[] = [];
  rawIds.forEach((raw, index) => {
    const [id] = parseIds(raw);
    if (id === undefined || ids.includes(id) || ids.length >= RECENTLY_VIEWED_MAX) return;
    ids.push(id);
    colors.push(safeDecode(rawColors[index]) ?? '');
  });
  return { ids, colors };
}

function safeDecode(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The lists after viewing `id` in `colorSlug`: it moves to the front, repeats go, at most 10 are kept. */
export function recordView(current: RecentlyViewed, id: number, colorSlug: string): RecentlyViewed {
  const ids = [id];
  const colors = [colorSlug];
  current.ids.forEach((seen, index) => {
    if (seen === id || ids.length >= RECENTLY_VIEWED_MAX) return;
    ids.push(seen);
    colors.push(current.colors[index] ?? '');
  });
  return { ids, colors };
}

/**
 * The two `document.cookie` assignments that store the lists (SameSite=Lax, Path=/, 30 days; `Secure` on an
 * HTTPS page).
 */
export function recentlyViewedCookies(
  { ids, colors }: RecentlyViewed,
  options: { secure?: boolean } = {},
): [string, string] {
  const attributes = `Path=/; Max-Age=${RECENTLY_VIEWED_MAX_AGE_S}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  return [
    `${RECENTLY_VIEWED_COOKIE}=${encodeURIComponent(ids.join(','))}; ${attributes}`,
    `${RECENTLY_VIEWED_COLORS_COOKIE}=${encodeURIComponent(colors.map(encodeURIComponent).join(','))}; ${attributes}`,
  ];
}

/**
 * What the page's script writes after a product view, given `document.cookie`: the updated lists when the shopper
 * allowed functional cookies (C0003, issue 8 §6), else the expiry of any lists left from an earlier consent (and
 * nothing when there are none).
 */
export function cookiesAfterView(
  cookieHeader: string,
  view: { id: number; colorSlug: string },
  options: { secure?: boolean } = {},
): string[] {
  if (consentFromCookies(cookieHeader).C0003) {
    return recentlyViewedCookies(
      recordView(readRecentlyViewed(cookieHeader), view.id, view.colorSlug),
      options,
    );
  }
  const names = [RECENTLY_VIEWED_COOKIE, RECENTLY_VIEWED_COLORS_COOKIE];
  return names
    .filter((name) => readCookie(cookieHeader, name) !== undefined)
    .map((name) => `${name}=; Path=/; Max-Age=0; SameSite=Lax${options.secure ? '; Secure' : ''}`);
}
