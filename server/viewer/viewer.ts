/**
 * The viewer: who is asking, decided once per request from signed cookies (ARCHITECTURE "Who is asking").
 * Routes read `context.viewer`, never cookies. Browser-safe types and pure rules; building one from a request
 * is `index.server.ts`.
 */

/**
 * A price list: what a group of shoppers pays. `retail` for anonymous visitors and groups without a discount;
 * `g{id}` for the group pricing of customer group `id` (GovX, discount groups), `p{id}` for the pro pricing of
 * pro-app and shed-app customers in group `id` (server/pricing/price-lists.ts). A small closed set, so shared
 * pages are cached once per price list (decision 021).
 */
export type PriceListKey = 'retail' | `g${number}` | `p${number}`;

export const RETAIL: PriceListKey = 'retail';

const PRICE_LIST_KEY = /^(retail|[gp][1-9]\d{0,5})$/;

export function isPriceListKey(value: unknown): value is PriceListKey {
  return typeof value === 'string' && PRICE_LIST_KEY.test(value);
}

/** SPEC §3 customer flags the storefront acts on (routes after sign-in, promo orders, pro stock). */
export type ViewerFlags = {
  promoOrder: boolean;
  proUser: boolean;
  shedUser: boolean;
  dnsFlag: boolean;
};

/**
 * Who counts as pro (SPEC §6, §9 "Pro-app and shed-app users"): pro-app and shed-app customers get the pro price
 * list of their group and the pro warehouse's quantities. The one place this is decided: identity when it makes
 * the viewer, the cart when it caps quantities.
 */
export function isProCustomer(flags: Pick<ViewerFlags, 'proUser' | 'shedUser'>): boolean {
  return flags.proUser || flags.shedUser;
}

export type ViewerCustomer = {
  id: number;
  groupId: number | null;
  groupName: string | null;
  isGovX: boolean;
  flags: ViewerFlags;
  /**
   * The customer's viewer version when the session was made (decision 055): a session older than the customer's
   * latest version is made again on the next request. Absent in sessions made before versions: 0.
   */
  sessionVersion?: number;
  /**
   * The server-side session this viewer belongs to (decision 074): checked against the session store, so a session
   * ended by sign-out or a password reset signs its cookies out everywhere. Absent in cookies made before it.
   */
  sessionId?: string;
};

export type Viewer = {
  customer: ViewerCustomer | null;
  priceList: PriceListKey;
  /** The cart id from the signed cart cookie, or null before the first add. */
  cartId: string | null;
  /** The browser said (by the `js` cookie) that it runs the page's scripts. */
  runsScripts: boolean;
};

export const ANONYMOUS: Viewer = { customer: null, priceList: RETAIL, cartId: null, runsScripts: false };

/** The viewer has something of their own to see on every page: a cart or an account. */
export function hasPersonalState(viewer: Viewer): boolean {
  return viewer.customer !== null || viewer.cartId !== null;
}

/**
 * Whether this viewer may be sent the shared copy of a catalogue page (the one every viewer of the price list
 * gets). Yes unless they have a cart or an account *and* their browser does not run scripts: then the cart count
 * and account state must be rendered into the page (decision 021).
 */
export function getsSharedPages(viewer: Viewer): boolean {
  return !hasPersonalState(viewer) || viewer.runsScripts;
}

/**
 * What is personal on a shared page (decision 021): the header's cart count and account state. Rendered into the
 * page for a viewer who does not get shared pages; fetched from `/api/personal-state` after hydration otherwise.
 */
export type PersonalState = { cartCount: number; signedIn: boolean };
