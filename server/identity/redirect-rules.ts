/**
 * Where a customer goes once sign-in completes (SPEC §2 "Routes" and "Query flags", §6): one pure function,
 * table-tested beside it. Browser-safe.
 *
 * In order, the first that applies:
 * 1. `redirectUrl` in the sign-in page's query, when it is a same-origin path: there (it starts a checkout).
 * 2. A path containing `repaircheckoutpayment`: stay on the page, the drawer closes.
 * 3. The redirect flag (`redirect=true`) on `/pro-program` → `/pro-program/apply/`; on `/warranties` →
 *    `/warranties/repair/order-history?new_repair=true`; on `/training` → `/training`.
 * 4. Shed-app users → `/training`, unless the path includes `warranties` or `products` (they stay on the page).
 * 5. Everyone else, government purchasers included → `/account/profile`.
 */
import { safeRedirect } from '../forms/public';

export type RedirectCustomer = { shedUser: boolean; isGovX: boolean };

export type RedirectReason =
  | 'checkout'
  | 'close-drawer'
  | 'pro-program'
  | 'warranties'
  | 'training'
  | 'shed'
  | 'shed-stays'
  | 'govx'
  | 'account';

export type RedirectDecision = { to: string; reason: RedirectReason };

/** The query flags that open panels or steer sign-in: not kept when the customer stays on the page. */
const SIGN_IN_PARAMS = [
  'login',
  'create-an-account',
  'reset-password',
  'cart',
  'logout',
  'redirect',
  'redirectUrl',
];

export const ACCOUNT_PATH = '/account/profile';
export const TRAINING_PATH = '/training';

const truthy = (value: string | null) => value !== null && value !== 'false' && value !== '0';

/** `from` (a path with its query, where the sign-in panel was open) without sign-in flags. */
function stay(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of SIGN_IN_PARAMS) params.delete(name);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

const startsWithSegment = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

export function redirectAfterSignIn(from: string, customer: RedirectCustomer): RedirectDecision {
  const url = new URL(safeRedirect(from), 'http://same-origin.invalid');
  const pathname = url.pathname.toLowerCase();

  const redirectUrl = url.searchParams.get('redirectUrl');
  if (redirectUrl !== null) {
    const target = safeRedirect(redirectUrl, '');
    if (target !== '') return { to: target, reason: 'checkout' };
  }
  if (pathname.includes('repaircheckoutpayment')) return { to: stay(url), reason: 'close-drawer' };
  if (truthy(url.searchParams.get('redirect'))) {
    if (startsWithSegment(pathname, '/pro-program'))
      return { to: '/pro-program/apply/', reason: 'pro-program' };
    if (startsWithSegment(pathname, '/warranties'))
      return { to: '/warranties/repair/order-history?new_repair=true', reason: 'warranties' };
    if (startsWithSegment(pathname, '/training')) return { to: TRAINING_PATH, reason: 'training' };
  }
  if (customer.shedUser) {
    return pathname.includes('warranties') || pathname.includes('products')
      ? { to: stay(url), reason: 'shed-stays' }
      : { to: TRAINING_PATH, reason: 'shed' };
  }
  if (customer.isGovX) return { to: ACCOUNT_PATH, reason: 'govx' };
  return { to: ACCOUNT_PATH, reason: 'account' };
}
