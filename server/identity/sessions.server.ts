/**
 * The store's side of a signed-in customer's session: the viewer cookies made at sign-in from their profile, made
 * again when what the store decided no longer holds (decision 055), checked with the provider on private pages,
 * and cleared at sign-out.
 */
import type { Clock } from '../clock';
import type { CustomerProfile, CustomersService } from '../customers/index.server';
import { parseCookieHeader, readCookie, type CookieOptions } from '../http/cookies.server';
import type { Logger } from '../logger';
import type { PricingService } from '../pricing/index.server';
import {
  isProCustomer,
  signInCookies,
  signOutCookies,
  type PriceListKey,
  type Viewer,
  type ViewerCustomer,
} from '../viewer/index.server';
import { tokenExpiry } from './bearer.server';
import type { IdentityClient } from './client.server';
import { errorName, type FlowCookie } from './flow-cookie.server';

export type SessionDeps = {
  customers: CustomersService;
  pricing: PricingService;
  clock: Clock;
  logger: Logger;
  cookies: CookieOptions;
};

export type CustomerSessions = ReturnType<typeof createCustomerSessions>;

export function createCustomerSessions(deps: SessionDeps, client: IdentityClient, flow: FlowCookie) {
  const tokenOf = (cookieHeader: string | null) =>
    readCookie(parseCookieHeader(cookieHeader), 'customerToken', deps.cookies);

  /** What the viewer cookies say of a customer with this profile: who they are for the store, and their prices. */
  function viewerOf(profile: CustomerProfile): { customer: ViewerCustomer; priceList: PriceListKey } {
    const { group, flags } = profile;
    return {
      priceList: deps.pricing.priceListKeyFor(group, { pro: isProCustomer(flags) }),
      customer: {
        id: profile.id,
        groupId: group?.id ?? null,
        groupName: group?.name ?? null,
        isGovX: group?.isGovXUser ?? false,
        flags: {
          promoOrder: flags.promoOrder,
          proUser: flags.proUser,
          shedUser: flags.shedUser,
          dnsFlag: flags.dnsFlag,
        },
        sessionVersion: profile.viewerVersion,
      },
    };
  }

  /** The viewer cookies of a customer with this profile and provider token. */
  function cookiesFor(token: string, fresh: { customer: ViewerCustomer; priceList: PriceListKey }) {
    return signInCookies(
      { token, customer: fresh.customer, priceList: fresh.priceList, now: deps.clock.now() },
      deps.cookies,
    );
  }

  return {
    viewerOf,

    /** A customer signed in with this provider token: the viewer they are and the cookies that carry it. */
    begin(token: string, profile: CustomerProfile) {
      const fresh = viewerOf(profile);
      return { ...fresh, cookies: cookiesFor(token, fresh) };
    },

    /**
     * SPEC §4 sign-out: single logout at the provider (best effort: the cookies go whatever it answers), then
     * the cookies of SPEC §7 cleared.
     */
    async signOut(cookieHeader: string | null): Promise<string[]> {
      const token = tokenOf(cookieHeader);
      if (token) {
        try {
          await client.signOff(token);
        } catch (error) {
          deps.logger.warn('single logout failed', { error: errorName(error) });
        }
      }
      return [...signOutCookies({ secure: deps.cookies.secure }), ...flow.clear()];
    },

    /**
     * The viewer cookies again when what the store decided at sign-in no longer holds (staff approved a pro
     * application: a new group, pro flag and price list), so pricing follows without a new sign-in; [] when the
     * viewer still matches the profile or nobody is signed in. The provider's token stays as it is.
     */
    refreshedSession(cookieHeader: string | null, viewer: Viewer, profile: CustomerProfile): string[] {
      const token = tokenOf(cookieHeader);
      if (!token || !viewer.customer || viewer.customer.id !== profile.id) return [];
      const fresh = viewerOf(profile);
      const was = viewer.customer;
      const next = fresh.customer;
      const same =
        fresh.priceList === viewer.priceList &&
        (next.sessionVersion ?? 0) === (was.sessionVersion ?? 0) &&
        next.groupId === was.groupId &&
        next.groupName === was.groupName &&
        next.isGovX === was.isGovX &&
        (Object.keys(next.flags) as (keyof ViewerCustomer['flags'])[]).every(
          (name) => next.flags[name] === was.flags[name],
        );
      return same ? [] : cookiesFor(token, fresh);
    },

    /**
     * A signed-in viewer whose session is older than the customer's viewer version (staff approved a pro
     * application since it was made: decision 055) made again from their profile, with the cookies that carry it;
     * null when the session is current or nobody is signed in. Costs no query unless it is out of date: the
     * version is known in memory (`customers.viewerVersionOf`). The provider's token stays as it is.
     */
    async renewStaleSession(
      cookieHeader: string | null,
      viewer: Viewer,
    ): Promise<{ viewer: Viewer; cookies: string[] } | null> {
      const customer = viewer.customer;
      if (!customer) return null;
      const latest = await deps.customers.viewerVersionOf(customer.id);
      if (latest <= (customer.sessionVersion ?? 0)) return null;
      const token = tokenOf(cookieHeader);
      const profile = token ? await deps.customers.profile(customer.id) : null;
      if (!token || !profile) return null;
      const fresh = viewerOf(profile);
      return {
        viewer: { ...viewer, customer: fresh.customer, priceList: fresh.priceList },
        cookies: cookiesFor(token, fresh),
      };
    },

    /**
     * The session behind a signed-in viewer, checked with the provider (private pages: the account area): `live`,
     * `expired` (SPEC §8 "Token is Expired.") or `revoked` (signed off elsewhere, or not the provider's).
     */
    async checkSession(cookieHeader: string | null): Promise<'live' | 'expired' | 'revoked' | 'none'> {
      const token = tokenOf(cookieHeader);
      if (!token) return 'none';
      const exp = tokenExpiry(token);
      if (exp !== null && exp * 1000 <= deps.clock.now().getTime()) return 'expired';
      const claims = await client.verify(token);
      if (!claims) return 'revoked';
      return (await client.isLive(token)) ? 'live' : 'revoked';
    },
  };
}
