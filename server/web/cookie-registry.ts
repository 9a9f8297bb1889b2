/**
 * Every cookie the storefront reads or writes, named once with its attributes (CONVENTIONS 24; issue 8 §6).
 * Browser-safe: the server sets most of them, the page's scripts write a few (recently viewed, the scripts flag),
 * and both must agree on names, lifetimes and the consent group each needs.
 *
 * - `personal`: the value identifies a shopper or their cart, so a response rendered from it is private.
 * - `signed`: the value carries an HMAC (server/web/cookies.server.ts); a forged or altered value reads as absent.
 * - `consent`: the OneTrust-style group the shopper must have allowed before it is written (C0001, strictly
 *   necessary, is always allowed; see app/components/consent/consent.ts).
 * - `hostPrefix`: behind HTTPS the name gets `__Host-` (Secure, Path=/, no Domain: it cannot be set by a sibling
 *   subdomain) and only that name is read (decision 087); every cookie the server writes has it, the SPEC's
 *   `customer_token` and `cart` too (issue 27 §5: over HTTP they keep the SPEC's names). The browser-written and
 *   consent cookies keep plain names: scripts and the consent banner read them by name.
 */
export type ConsentGroup = 'C0001' | 'C0002' | 'C0003' | 'C0004';

export type CookieDefinition = {
  name: string;
  /** What it is for, in a sentence (shown on the cookie-settings page). */
  purpose: string;
  /** Seconds; undefined for a session cookie. */
  maxAge?: number;
  httpOnly: boolean;
  sameSite: 'Lax' | 'Strict';
  path: string;
  personal: boolean;
  signed: boolean;
  consent: ConsentGroup;
  hostPrefix: boolean;
  /** Written by the page's scripts (document.cookie) rather than by a Set-Cookie header. */
  writtenBy: 'server' | 'browser';
};

const DAY = 24 * 60 * 60;

const define = <const T extends Record<string, CookieDefinition>>(cookies: T) => cookies;

export const COOKIES = define({
  /** SPEC §6/§9: the customer's bearer token (the sign-in provider's access token), 7 days. */
  customerToken: {
    name: 'customer_token',
    purpose: 'Keeps you signed in.',
    maxAge: 7 * DAY,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    personal: true,
    signed: false, // a JWT signed by the sign-in provider, verified against its keys
    consent: 'C0001',
    hostPrefix: true,
    writtenBy: 'server',
  },
  /** Who the signed-in customer is for this store: id, group, price list, flags (the viewer reads it). */
  customerSession: {
    name: 'customer_session',
    purpose: 'Remembers your account type and prices while you are signed in.',
    maxAge: 7 * DAY,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    personal: true,
    signed: true,
    consent: 'C0001',
    hostPrefix: true,
    writtenBy: 'server',
  },
  /**
   * The price list of the signed-in customer (retail when absent). Not personal: many customers share one, and
   * shared catalogue pages are cached per price list (the CDN keys on this cookie; decision 021).
   */
  priceList: {
    name: 'price_list',
    purpose: 'Shows the prices of your customer group.',
    maxAge: 7 * DAY,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    personal: false,
    signed: true,
    consent: 'C0001',
    hostPrefix: true,
    writtenBy: 'server',
  },
  /**
   * Where the shopper is in the two-step sign-in (SPEC §4) for 10 minutes: the provider flow's id, its cookie jar
   * and the PKCE verifier. Sealed (encrypted and authenticated) by server/identity, so not `signed` here.
   */
  signInFlow: {
    name: 'signin_flow',
    purpose: 'Remembers where you are in signing in, for 10 minutes.',
    maxAge: 10 * 60,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    personal: true,
    signed: false,
    consent: 'C0001',
    hostPrefix: true,
    writtenBy: 'server',
  },
  /**
   * SPEC §3 "Repair userInfo prefill": the contact details and return address a signed-out shopper gave on the
   * warranty page, for an hour, so "Create Your Account" opens filled in and the new account keeps the address
   * (decision 047). Cleared by a successful sign-up.
   */
  repairUserInfo: {
    name: 'repair_user_info',
    purpose: 'Remembers the details you gave for a repair while you create your account, for an hour.',
    maxAge: 60 * 60,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    personal: true,
    signed: true,
    consent: 'C0001',
    hostPrefix: true,
    writtenBy: 'server',
  },
  /**
   * A staff user's sign-in (decision 088): a random token naming a `staff_sessions` row, so sign-out ends it on
   * every app server. Strict: a staff page reached from another site arrives signed out.
   */
  staffSession: {
    name: 'staff_session',
    purpose: 'Keeps a staff member signed in to the back office for a working day.',
    maxAge: 12 * 60 * 60,
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    personal: true,
    signed: false, // 32 random bytes; the database keeps only their SHA-256
    consent: 'C0001',
    hostPrefix: true,
    writtenBy: 'server',
  },
  /** SPEC §9: the cart id, 30 days. */
  cart: {
    name: 'cart',
    purpose: 'Keeps the contents of your cart.',
    maxAge: 30 * DAY,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    personal: true,
    signed: true,
    consent: 'C0001',
    hostPrefix: true,
    writtenBy: 'server',
  },
  /**
   * Set by the page's script once it runs: the server may then send shared pages and let the script fetch the
   * cart count and account state, while a browser without JavaScript gets them rendered in (decision 021).
   */
  scripts: {
    name: 'js',
    purpose: 'Tells the store that your browser runs its scripts, so pages load from the shared cache.',
    maxAge: 365 * DAY,
    httpOnly: false,
    sameSite: 'Lax',
    path: '/',
    personal: false,
    signed: false,
    consent: 'C0001',
    hostPrefix: false,
    writtenBy: 'browser',
  },
  /** The outcome of a form posted without JavaScript, shown once on the page it redirects to. */
  flash: {
    name: 'flash',
    purpose: 'Shows the result of a form you sent once, after the page reloads.',
    maxAge: 60,
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    personal: true,
    signed: true,
    consent: 'C0001',
    hostPrefix: true,
    writtenBy: 'server',
  },
  /** The shopper's cookie choice (app/components/consent/consent.ts). */
  consent: {
    name: 'consent',
    purpose: 'Remembers your cookie choice.',
    maxAge: 365 * DAY,
    httpOnly: false,
    sameSite: 'Lax',
    path: '/',
    personal: false,
    signed: false,
    consent: 'C0001',
    hostPrefix: false,
    writtenBy: 'server',
  },
  /** SPEC §9: recently viewed product ids, newest first, up to 10 (functional: only with C0003). */
  recentlyViewed: {
    name: 'recently_viewed',
    purpose: 'Remembers the products you looked at recently.',
    maxAge: 30 * DAY,
    httpOnly: false,
    sameSite: 'Lax',
    path: '/',
    personal: false,
    signed: false,
    consent: 'C0003',
    hostPrefix: false,
    writtenBy: 'browser',
  },
  /** SPEC §9: the colour chosen for each recently viewed product. */
  recentlyViewedColors: {
    name: 'recently_viewed_colors',
    purpose: 'Remembers the colors of the products you looked at recently.',
    maxAge: 30 * DAY,
    httpOnly: false,
    sameSite: 'Lax',
    path: '/',
    personal: false,
    signed: false,
    consent: 'C0003',
    hostPrefix: false,
    writtenBy: 'browser',
  },
});

export type CookieKey = keyof typeof COOKIES;

/** SPEC §7: the cookies a sign-out clears (those this store never sets are expired all the same). */
export const SIGN_OUT_COOKIES = [
  'customer_token',
  'cart',
  'newsletter-modal-close',
  'SHOP_TOKEN',
  'ssCartProducts',
] as const;

/** The name a cookie has on the wire: `__Host-` prefixed behind HTTPS when its definition allows it. */
export function cookieName(definition: CookieDefinition, secure: boolean): string {
  return secure && definition.hostPrefix ? `__Host-${definition.name}` : definition.name;
}

/** Names (both spellings) of the cookies whose presence makes a request personal. */
export function personalCookieNames(): string[] {
  return Object.values(COOKIES as Record<string, CookieDefinition>)
    .filter((definition) => definition.personal)
    .flatMap((definition) => [definition.name, `__Host-${definition.name}`]);
}

/**
 * A `document.cookie` assignment for a cookie the browser writes (no HttpOnly from scripts). `Secure` when the
 * page is served over HTTPS.
 */
export function browserCookieAssignment(
  definition: CookieDefinition,
  value: string,
  options: { secure: boolean; maxAge?: number },
): string {
  const maxAge = options.maxAge ?? definition.maxAge;
  return [
    `${cookieName(definition, options.secure)}=${encodeURIComponent(value)}`,
    `Path=${definition.path}`,
    `SameSite=${definition.sameSite}`,
    ...(maxAge !== undefined ? [`Max-Age=${maxAge}`] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
