/**
 * The store's side of a signed-in customer's session: the viewer cookies made at sign-in from their profile, made
 * again when what the store decided no longer holds (decision 055), checked with the provider on private pages,
 * and cleared at sign-out.
 */
import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock';
import type { CustomerProfile, CustomersService } from '../customers/index.server';
import { parseCookieHeader, readCookie, type CookieOptions } from '../web/cookies.server';
import type { Logger } from '../logger';
import type { PricingService } from '../pricing/index.server';
import {
  ANONYMOUS,
  isProCustomer,
  readViewer,
  signInCookies,
  signOutCookies,
  type PriceListKey,
  type Viewer,
  type ViewerCustomer,
} from '../viewer/index.server';
import { tokenExpiry } from './bearer.server';
import { deviceLabel } from './device-label';
import type { IdentityClient } from './client.server';
import { errorName, type FlowCookie } from './flow-cookie.server';
import { isLive, type SessionRecord, type SessionStore } from './session-store';

/** A customer session lasts as long as the provider's token and the `customer_session` cookie: 7 days. */
const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/**
 * How long a catalogue render may trust what this process last learnt of a session (decision 074): a session
 * ended on another app server is signed out here within this bound. Ended on this one: at once.
 */
export const SESSION_CACHE_MS = 5_000;
/** A session's last use is written at most this often. */
const TOUCH_EVERY_MS = 5 * 60_000;

/**
 * Requests that check the session record itself, never the cache (decision 074): every action (any method but
 * GET and HEAD: cart, checkout, repair writes, account changes, sign-out) and the personal pages below.
 */
const FRESH_PATHS = /^\/(account|checkout|cart|promo-order|training|pro-program|warranties\/repair|api\/)/;

export function needsFreshSessionCheck(method: string, path: string): boolean {
  return (method !== 'GET' && method !== 'HEAD') || FRESH_PATHS.test(path);
}

export type SessionDeps = {
  customers: CustomersService;
  sessionStore: SessionStore;
  pricing: PricingService;
  clock: Clock;
  logger: Logger;
  cookies: CookieOptions;
};

export type CustomerSessions = ReturnType<typeof createCustomerSessions>;

/** A session as the customer's session list shows it (decision 086): no id, a handle that names it there. */
export type ListedSession = {
  /** A digest of the session id: names the row in "Sign out" forms without carrying the id itself. */
  handle: string;
  createdAt: Date;
  lastSeenAt: Date;
  device: string | null;
  /** The session of the request that asks. */
  current: boolean;
};

/** The list's name for a session: 16 base64url characters of SHA-256 over its id. */
export function sessionHandle(sessionId: string): string {
  return crypto.createHash('sha256').update(sessionId).digest('base64url').slice(0, 16);
}

/** The provider's session (`sid` claim) of a token, read without verifying (the caller verified it, or just got it). */
function providerSidOf(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sid?: unknown;
    };
    return typeof payload.sid === 'string' && payload.sid.length <= 200 ? payload.sid : null;
  } catch {
    return null;
  }
}

export function createCustomerSessions(deps: SessionDeps, client: IdentityClient, flow: FlowCookie) {
  const tokenOf = (cookieHeader: string | null) =>
    readCookie(parseCookieHeader(cookieHeader), 'customerToken', deps.cookies);
  /** Session id → whether it was live when this process last looked (bounded in size and age). */
  const known = new LRUCache<string, { live: boolean; lastSeenAt: number }>({
    max: 10_000,
    ttl: SESSION_CACHE_MS,
  });

  /** Whether the viewer's session lasts: from the cache unless `fresh`, else from the store (and cached). */
  async function sessionLasts(sessionId: string | undefined, fresh: boolean): Promise<boolean> {
    if (!sessionId) return false;
    const cached = fresh ? undefined : known.get(sessionId);
    if (cached) return cached.live;
    const record = await deps.sessionStore.find(sessionId);
    const now = deps.clock.now();
    const live = isLive(record, now);
    if (live && now.getTime() - record.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
      await deps.sessionStore.touch(sessionId);
    known.set(sessionId, { live, lastSeenAt: now.getTime() });
    return live;
  }

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

  const sessionOf = (customer: ViewerCustomer) =>
    customer.sessionId ? { sessionId: customer.sessionId } : {};

  return {
    viewerOf,

    /**
     * A customer signed in with this provider token: a new session record (a new id at every sign-in), the viewer
     * they are and the cookies that carry both.
     */
    async begin(token: string, profile: CustomerProfile, userAgent?: string | null) {
      const record = await deps.sessionStore.create({
        customerId: profile.id,
        ttlMs: SESSION_TTL_MS,
        device: deviceLabel(userAgent),
        providerSid: providerSidOf(token),
      });
      const fresh = viewerOf(profile);
      const customer = { ...fresh.customer, sessionId: record.id };
      return { customer, priceList: fresh.priceList, cookies: cookiesFor(token, { ...fresh, customer }) };
    },

    /**
     * The viewer as their session record has it (decision 074): a signed-in viewer whose session was ended (signed
     * out, a password reset) or never recorded is signed out, with the cookies that clear theirs; null when the
     * viewer stands (anonymous, or a session that lasts). `fresh` reads the record itself, else a cache entry of at
     * most SESSION_CACHE_MS may answer.
     */
    async checkViewerSession(
      viewer: Viewer,
      options: { fresh: boolean },
    ): Promise<{ viewer: Viewer; cookies: string[] } | null> {
      if (!viewer.customer) return null;
      if (await sessionLasts(viewer.customer.sessionId, options.fresh)) return null;
      return {
        viewer: { ...ANONYMOUS, runsScripts: viewer.runsScripts },
        cookies: signOutCookies({ secure: deps.cookies.secure }),
      };
    },

    /** The customer's live sessions, newest first. */
    list: (customerId: number) => deps.sessionStore.list(customerId),

    /** The customer's live sessions as their list shows them, `current` marking the asking viewer's. */
    async listed(customer: ViewerCustomer): Promise<ListedSession[]> {
      const records = await deps.sessionStore.list(customer.id);
      return records.map((record: SessionRecord) => ({
        handle: sessionHandle(record.id),
        createdAt: record.createdAt,
        lastSeenAt: record.lastSeenAt,
        device: record.device,
        current: record.id === customer.sessionId,
      }));
    },

    /** Ends the customer's live session with this handle (their own only); whether one was ended. */
    async endByHandle(customerId: number, handle: string): Promise<boolean> {
      const records = await deps.sessionStore.list(customerId);
      const record = records.find((candidate) => sessionHandle(candidate.id) === handle);
      if (!record) return false;
      await deps.sessionStore.end(record.id);
      known.delete(record.id);
      return true;
    },

    /**
     * Ends every session of the customer but the asking one (`keepId`; all of them when it is undefined); answers
     * how many ended. This process forgets them at once; other servers within SESSION_CACHE_MS on catalogue pages
     * and at once everywhere else.
     */
    async endOthers(customerId: number, keepId: string | undefined): Promise<number> {
      const records = await deps.sessionStore.list(customerId);
      const ended = keepId
        ? await deps.sessionStore.endOthers(customerId, keepId)
        : await deps.sessionStore.endAll(customerId);
      for (const record of records) if (record.id !== keepId) known.delete(record.id);
      return ended;
    },

    /**
     * Whether a provider token (a bearer call) still belongs to a session of the store's that lasts: the record
     * made at the sign-in that issued it (decision 086). Read from the record at each call, never the cache.
     */
    async tokenSessionLasts(token: string): Promise<boolean> {
      const sid = providerSidOf(token);
      if (!sid) return false;
      return isLive(await deps.sessionStore.findByProviderSid(sid), deps.clock.now());
    },

    /**
     * SPEC §4 sign-out: single logout at the provider (best effort: the cookies go whatever it answers), then
     * the cookies of SPEC §7 cleared.
     */
    async signOut(cookieHeader: string | null): Promise<string[]> {
      // The session record ends first: its cookies are refused everywhere, whatever the provider answers.
      const { customer } = readViewer(cookieHeader, { ...deps.cookies, now: deps.clock.now() });
      if (customer?.sessionId) {
        await deps.sessionStore.end(customer.sessionId);
        known.delete(customer.sessionId);
      }
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
      return same ? [] : cookiesFor(token, { ...fresh, customer: { ...fresh.customer, ...sessionOf(was) } });
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
      const made = viewerOf(profile);
      const fresh = { ...made, customer: { ...made.customer, ...sessionOf(customer) } };
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
      const { customer } = readViewer(cookieHeader, { ...deps.cookies, now: deps.clock.now() });
      if (customer && !(await sessionLasts(customer.sessionId, true))) return 'revoked';
      const claims = await client.verify(token);
      if (!claims) return 'revoked';
      return (await client.isLive(token)) ? 'live' : 'revoked';
    },
  };
}
