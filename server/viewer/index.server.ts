/**
 * Builds the request's viewer from its cookies (once, in the HTTP layer's request context), and the cookies that
 * sign a customer in and out of it. The sign-in provider's token proves identity; the signed `customer_session`
 * cookie carries what the store decided about that customer at sign-in (group, price list, flags) and the id of
 * their session record, which the HTTP layer checks (decision 074: cached up to 5 s for catalogue pages).
 */
import {
  clearCookieHeaders,
  expireForeignCookieHeader,
  parseCookieHeader,
  readCookie,
  readJsonCookie,
  setCookieHeader,
  setJsonCookieHeader,
  SIGN_OUT_COOKIES,
  type CookieJar,
  type CookieOptions,
} from '../web/cookies.server';
import {
  ANONYMOUS,
  isPriceListKey,
  RETAIL,
  type PersonalState,
  type PriceListKey,
  type Viewer,
  type ViewerCustomer,
} from './viewer';

export * from './viewer';

/** What `customer_session` holds (JSON, signed). `exp` in seconds since the epoch. */
export type CustomerSession = ViewerCustomer & { priceList: PriceListKey; exp: number };

const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/;
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isCustomerSession(value: unknown): value is CustomerSession {
  if (typeof value !== 'object' || value === null) return false;
  const session = value as Partial<CustomerSession>;
  const flags = session.flags as Partial<CustomerSession['flags']> | undefined;
  return (
    Number.isSafeInteger(session.id) &&
    (session.id ?? 0) > 0 &&
    (session.groupId === null || Number.isSafeInteger(session.groupId)) &&
    (session.groupName === null || typeof session.groupName === 'string') &&
    typeof session.isGovX === 'boolean' &&
    isPriceListKey(session.priceList) &&
    typeof session.exp === 'number' &&
    (session.sessionId === undefined ||
      (typeof session.sessionId === 'string' && SESSION_ID.test(session.sessionId))) &&
    (session.sessionVersion === undefined ||
      (Number.isSafeInteger(session.sessionVersion) && session.sessionVersion >= 0)) &&
    typeof flags === 'object' &&
    flags !== null &&
    ['promoOrder', 'proUser', 'shedUser', 'dnsFlag'].every(
      (flag) => typeof (flags as Record<string, unknown>)[flag] === 'boolean',
    )
  );
}

/**
 * The viewer of a request. A customer needs both the provider's token and an unexpired, correctly signed session;
 * the price list is theirs only while they are signed in (a stale `price_list` cookie alone is retail).
 */
export function readViewer(
  jarOrHeader: CookieJar | string | null | undefined,
  options: CookieOptions & { now: Date },
): Viewer {
  const jar =
    typeof jarOrHeader === 'object' && jarOrHeader !== null ? jarOrHeader : parseCookieHeader(jarOrHeader);
  if (Object.keys(jar).length === 0) return ANONYMOUS;
  const cartId = readCookie(jar, 'cart', options);
  const token = readCookie(jar, 'customerToken', options);
  const session = token ? readJsonCookie<unknown>(jar, 'customerSession', options) : undefined;
  const customer =
    session !== undefined && isCustomerSession(session) && session.exp * 1000 > options.now.getTime()
      ? session
      : null;
  const priceListCookie = customer ? readCookie(jar, 'priceList', options) : undefined;
  return {
    customer: customer
      ? {
          id: customer.id,
          groupId: customer.groupId,
          groupName: customer.groupName,
          isGovX: customer.isGovX,
          flags: { ...customer.flags },
          sessionVersion: customer.sessionVersion ?? 0,
          ...(customer.sessionId ? { sessionId: customer.sessionId } : {}),
        }
      : null,
    priceList:
      customer && isPriceListKey(priceListCookie) && priceListCookie === customer.priceList
        ? customer.priceList
        : RETAIL,
    cartId: cartId && CART_ID.test(cartId) ? cartId.toLowerCase() : null,
    runsScripts: readCookie(jar, 'scripts', options) === '1',
  };
}

/**
 * The Set-Cookie values that make a customer the viewer after sign-in: the provider's token, the signed session
 * and, for a discounted group, the price list that shared pages are cached under.
 */
export function signInCookies(
  input: { token: string; customer: ViewerCustomer; priceList: PriceListKey; now: Date },
  options: CookieOptions,
): string[] {
  const maxAge = 7 * 24 * 60 * 60;
  const session: CustomerSession = {
    ...input.customer,
    priceList: input.priceList,
    exp: Math.floor(input.now.getTime() / 1000) + maxAge,
  };
  return [
    setCookieHeader('customerToken', input.token, options),
    setJsonCookieHeader('customerSession', session, options),
    input.priceList === RETAIL
      ? clearCookieHeaders('priceList', options)
      : [setCookieHeader('priceList', input.priceList, options)],
  ].flat();
}

/** The Set-Cookie values of a sign-out (SPEC §7 list, plus the store's own session and price list). */
export function signOutCookies(options: { secure: boolean }): string[] {
  return [
    ...clearCookieHeaders('customerToken', options),
    ...clearCookieHeaders('customerSession', options),
    ...clearCookieHeaders('priceList', options),
    ...clearCookieHeaders('cart', options),
    ...SIGN_OUT_COOKIES.filter((name) => name !== 'customer_token' && name !== 'cart').map((name) =>
      expireForeignCookieHeader(name, options),
    ),
  ];
}

/** The viewer's personal state; the cart count from the cart context (no query without a cart). */
export async function readPersonalState(
  viewer: Viewer,
  itemCount: (cartId: string | null) => Promise<number>,
): Promise<PersonalState> {
  return {
    cartCount: viewer.cartId ? await itemCount(viewer.cartId) : 0,
    signedIn: viewer.customer !== null,
  };
}
