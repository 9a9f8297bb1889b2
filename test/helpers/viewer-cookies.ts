/**
 * Cookie headers of viewers for HTTP tests of the production app (test/helpers/http-app.ts): the seeded pro
 * customer signed in, as the store's sign-in writes the cookies.
 */
import { signInCookies } from '../../server/viewer/index.server';
import type { CookieOptions } from '../../server/web/cookies.server';

/** `name=value` of a Set-Cookie header, as a browser sends it back. */
export const cookiePair = (setCookie: string) => setCookie.split(';')[0]!;

/** The seeded pro customer 2 (Pro Program, price list p2) signed in with the session `sessionId` on record. */
export function signedInProCustomer(options: CookieOptions, sessionId: string): string {
  return signInCookies(
    {
      token: 'abc.def.ghi',
      customer: {
        id: 2,
        groupId: 2,
        groupName: 'Pro Program',
        isGovX: false,
        flags: { promoOrder: false, proUser: true, shedUser: false, dnsFlag: false },
        sessionId,
      },
      priceList: 'p2',
      now: new Date(),
    },
    options,
  )
    .map(cookiePair)
    .join('; ');
}
