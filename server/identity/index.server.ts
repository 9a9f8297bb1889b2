/**
 * The identity context's service: the storefront side of sign-in and sign-out (SPEC §4 "Sign-in (two steps)",
 * "Authentication"), over the provider protocol client (`client.server.ts`). Routes call it with the request (it
 * reads the store's `signin_flow` and `customer_token` cookies itself, as the form kit reads `flash`) and get back
 * what to show and the Set-Cookie values to send. Sign-in sets the viewer through `server/viewer`'s `signInCookies`.
 *
 * `onSignedIn` is the seam for other contexts (the cart merges the anonymous cart into the customer's there).
 */
import type { AnalyticsService } from '../analytics/index.server';
import type { Clock } from '../clock';
import type { CustomerProfile, CustomersService } from '../customers/index.server';
import {
  clearCookieHeaders,
  parseCookieHeader,
  readCookie,
  setCookieHeader,
  type CookieOptions,
} from '../http/cookies.server';
import type { Logger } from '../logger';
import type { PricingService } from '../pricing/index.server';
import {
  signInCookies,
  signOutCookies,
  type PriceListKey,
  type Viewer,
  type ViewerCustomer,
} from '../viewer/index.server';
import { tokenExpiry } from './bearer.server';
import {
  createIdentityClient,
  ProviderUnavailableError,
  type IdentityClient,
  type SignInFlow,
} from './client.server';
import { SIGN_IN_MESSAGES } from './messages';
import { hashPassword } from './password-hash';
import { redirectAfterSignIn, type RedirectDecision } from './redirect-rules';
import {
  clearRepairUserInfo,
  readRepairUserInfo,
  repairUserInfoCookie,
  type RepairUserInfo,
} from './repair-user-info.server';
import { seal, unseal } from './seal.server';

export { ProviderUnavailableError, type SignInFlow } from './client.server';
export { CALLER_MESSAGES, callerOfRequest, type RequestCaller } from './bearer.server';
export { SIGN_IN_MESSAGES, tooManyAttemptsMessage } from './messages';
export { redirectAfterSignIn } from './redirect-rules';

/** What the sign-in panel shows (SPEC §4): served to the panel by `/api/sign-in` and, without JS, the root loader. */
export type SignInState = {
  signedIn: boolean;
  step: 'email' | 'password';
  email: string | null;
  notActivated: boolean;
  verificationSent: boolean;
  /** Seconds left of a lockout the provider announced (0: none). */
  lockedSeconds: number;
  /** When that lockout ends (ms since the epoch; 0: none): names the lockout for the panel's countdown. */
  lockedUntil: number;
};

export const EMAIL_STEP: SignInState = {
  signedIn: false,
  step: 'email',
  email: null,
  notActivated: false,
  verificationSent: false,
  lockedSeconds: 0,
  lockedUntil: 0,
};

/** The flow as the store keeps it: the client's flow, plus the lockout end the provider announced. */
type StoredFlow = SignInFlow & { lockedUntil?: number };

/** Run after a successful sign-in (merging the anonymous cart, …); may answer extra Set-Cookie values. */
export type SignedInHook = (event: {
  customerId: number;
  /** The customer as the viewer now names them (group, flags). */
  customer: ViewerCustomer;
  priceList: PriceListKey;
  /** The anonymous cart the shopper had before signing in, if any. */
  cartId: string | null;
}) => Promise<string[] | void>;

export type SignInResult =
  | { ok: true; redirect: RedirectDecision; cookies: string[] }
  | { ok: false; message: string; cookies: string[] };

export type IdentityService = ReturnType<typeof createIdentityService>;

const FLOW_PURPOSE = 'signin-flow';

/** The server's message when the e-mail of a sign-up has an account already (SPEC §8: shown as given). */
export const SIGN_UP_EXISTS = 'An account with this email address already exists.';

/** SPEC §3 create-customer payload (list of one). */
export type CreateCustomerPayload = {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  email_subscribed: boolean;
  sms_subscribed: boolean;
  authentication: { force_password_reset: boolean; new_password: string };
}[];

export function createIdentityService(deps: {
  customers: CustomersService;
  pricing: PricingService;
  analytics: AnalyticsService;
  clock: Clock;
  logger: Logger;
  cookies: CookieOptions;
  /** E-mail domain → associate group (SPEC §6: subtypes Gore Associate and Sitka Associate by domain). */
  associateDomains?: Record<string, string>;
  /** `IDP_URL`; undefined for the embedded provider at this server's `/idp`. */
  idpUrl?: string;
  clientId: string;
}) {
  let localOrigin: string | undefined;
  const baseUrl = () => {
    if (deps.idpUrl) return deps.idpUrl;
    if (!localOrigin)
      throw new ProviderUnavailableError(new Error('the embedded provider has no address yet'));
    return `${localOrigin}/idp`;
  };
  const client: IdentityClient = createIdentityClient({
    baseUrl,
    clientId: deps.clientId,
    clock: deps.clock,
  });
  const hooks: SignedInHook[] = [];
  const now = () => deps.clock.now().getTime();

  const readFlow = (cookieHeader: string | null): StoredFlow | null =>
    unseal<StoredFlow>(
      deps.cookies.secret,
      FLOW_PURPOSE,
      readCookie(parseCookieHeader(cookieHeader), 'signInFlow', deps.cookies),
    );
  const flowCookie = (flow: StoredFlow) =>
    setCookieHeader('signInFlow', seal(deps.cookies.secret, FLOW_PURPOSE, flow), deps.cookies);
  const clearFlow = () => clearCookieHeaders('signInFlow', deps.cookies);

  return {
    client,
    /** Whether this store serves the embedded provider (no `IDP_URL`). */
    embedded: deps.idpUrl === undefined,
    /** The embedded provider's origin (this server's own address, learnt from the first request it serves). */
    useLocalOrigin(origin: string) {
      localOrigin ??= origin;
    },
    hasLocalOrigin: () => localOrigin !== undefined,

    onSignedIn(hook: SignedInHook) {
      hooks.push(hook);
    },

    /** The panel's state for this request. */
    signInState(cookieHeader: string | null, viewer: Pick<Viewer, 'customer'>): SignInState {
      if (viewer.customer) return { ...EMAIL_STEP, signedIn: true };
      const flow = readFlow(cookieHeader);
      if (!flow?.email) return EMAIL_STEP;
      return {
        signedIn: false,
        step: 'password',
        email: flow.email,
        notActivated: flow.notActivated ?? false,
        verificationSent: flow.verificationSent ?? false,
        lockedSeconds: flow.lockedUntil ? Math.max(0, Math.ceil((flow.lockedUntil - now()) / 1000)) : 0,
        lockedUntil: flow.lockedUntil ?? 0,
      };
    },

    /** Step 1: the e-mail check. A new provider flow starts; its jar and verifier go into `signin_flow`. */
    async submitEmail(
      email: string,
    ): Promise<{ ok: true; cookies: string[] } | { ok: false; message: string }> {
      try {
        if (!(await client.checkEmail(email))) return { ok: false, message: SIGN_IN_MESSAGES.emailIncorrect };
        const { flow } = await client.start();
        return { ok: true, cookies: [flowCookie({ ...flow, email })] };
      } catch (error) {
        // SPEC §8: "Email is incorrect." when the e-mail check fails or errors.
        deps.logger.warn('sign-in e-mail step failed', { error: errorName(error) });
        return { ok: false, message: SIGN_IN_MESSAGES.emailIncorrect };
      }
    },

    /** Step 2: credentials, code for token, profile, cookies, the login event and where to go next. */
    async submitPassword(input: {
      cookieHeader: string | null;
      password: string;
      viewer: Viewer;
      /** The page the panel was open on (path and query), for the redirect rules. */
      from: string;
    }): Promise<SignInResult> {
      const flow = readFlow(input.cookieHeader);
      if (!flow?.email) return { ok: false, message: SIGN_IN_MESSAGES.emailRequired, cookies: clearFlow() };
      try {
        const { flow: next, outcome } = await client.submitCredentials(flow, flow.email, input.password);
        const keep = (changes: Partial<StoredFlow>) => [
          flowCookie({ ...next, email: flow.email, ...changes }),
        ];
        switch (outcome.kind) {
          case 'completed':
            return await complete(outcome.code, flow.verifier, input.viewer, input.from);
          case 'wrong-credentials':
            return { ok: false, message: SIGN_IN_MESSAGES.passwordIncorrect, cookies: keep({}) };
          case 'not-enabled':
            return {
              ok: false,
              message: SIGN_IN_MESSAGES.notActivated,
              cookies: keep({ notActivated: true }),
            };
          case 'locked':
            return {
              ok: false,
              message: outcome.message,
              cookies: keep({ lockedUntil: now() + outcome.secondsLeft * 1000 }),
            };
          case 'denied':
            return { ok: false, message: outcome.message, cookies: keep({}) };
          case 'flow-gone':
            return { ok: false, message: SIGN_IN_MESSAGES.signInFailed, cookies: clearFlow() };
          case 'error':
            return { ok: false, message: SIGN_IN_MESSAGES.passwordIncorrect, cookies: keep({}) };
        }
      } catch (error) {
        deps.logger.warn('sign-in password step failed', { error: errorName(error) });
        return { ok: false, message: SIGN_IN_MESSAGES.signInFailed, cookies: [] };
      }
    },

    /** "Resend email?": a new activation mail for the flow's account. */
    async resendActivation(cookieHeader: string | null): Promise<{ ok: boolean; cookies: string[] }> {
      const flow = readFlow(cookieHeader);
      if (!flow?.notActivated) return { ok: false, cookies: [] };
      try {
        const ok = await client.resendActivation(flow);
        return { ok, cookies: ok ? [flowCookie({ ...flow, verificationSent: true })] : [] };
      } catch (error) {
        deps.logger.warn('activation resend failed', { error: errorName(error) });
        return { ok: false, cookies: [] };
      }
    },

    /**
     * SPEC §4 sign-up: the customer is created (not enabled until verified), then signed in automatically: the
     * provider answers that the account is not activated yet, so the flow asks it for the activation mail and is
     * kept, and the sign-in panel shows "Account has not been activated." with the mail sent. Should the provider
     * let the account in, the customer is signed in for real.
     */
    async signUp(input: {
      payload: CreateCustomerPayload;
      viewer: Viewer;
      from: string;
    }): Promise<
      { ok: true; customerId: number; signedIn: boolean; cookies: string[] } | { ok: false; message: string }
    > {
      const [customer] = input.payload;
      if (!customer) return { ok: false, message: SIGN_UP_EXISTS };
      const domain = customer.email.split('@')[1]?.toLowerCase() ?? '';
      const groupName = deps.associateDomains?.[domain] ?? null;
      const created = await deps.customers.create({
        email: customer.email,
        firstName: customer.first_name,
        lastName: customer.last_name,
        phone: customer.phone,
        emailSubscribed: customer.email_subscribed,
        smsSubscribed: customer.sms_subscribed,
        passwordHash: await hashPassword(customer.authentication.new_password),
        groupName,
        proUser: groupName !== null,
      });
      if (!created.ok) return { ok: false, message: SIGN_UP_EXISTS };
      try {
        const { flow } = await client.start();
        const { flow: next, outcome } = await client.submitCredentials(
          flow,
          customer.email,
          customer.authentication.new_password,
        );
        if (outcome.kind === 'completed') {
          const result = await complete(outcome.code, flow.verifier, input.viewer, input.from);
          return result.ok
            ? { ok: true, customerId: created.id, signedIn: true, cookies: result.cookies }
            : { ok: true, customerId: created.id, signedIn: false, cookies: [] };
        }
        if (outcome.kind === 'not-enabled') {
          const sent = await client.resendActivation(next);
          return {
            ok: true,
            customerId: created.id,
            signedIn: false,
            cookies: [
              flowCookie({ ...next, email: customer.email, notActivated: true, verificationSent: sent }),
            ],
          };
        }
        deps.logger.warn('sign-in after sign-up did not complete', { outcome: outcome.kind });
      } catch (error) {
        deps.logger.warn('sign-in after sign-up failed', { error: errorName(error) });
      }
      return { ok: true, customerId: created.id, signedIn: false, cookies: [] };
    },

    /**
     * SPEC §3 repair user info of a shopper without an account (decision 047): `remember` answers the Set-Cookie
     * that keeps it for an hour, `read` what the request carries (null when none or not ours), `forget` clears it.
     */
    repairUserInfo: {
      remember: (info: RepairUserInfo) => repairUserInfoCookie(info, deps.cookies),
      read: (cookieHeader: string | null) => readRepairUserInfo(cookieHeader, deps.cookies),
      forget: () => clearRepairUserInfo(deps.cookies),
    },

    /** Forgot password: the provider mails a reset link (the same answer for unknown addresses). */
    async requestPasswordReset(email: string): Promise<boolean> {
      try {
        return await client.requestPasswordReset(email);
      } catch (error) {
        deps.logger.warn('password reset request failed', { error: errorName(error) });
        return false;
      }
    },

    /** The mailed reset code and the new password, through a new provider flow. */
    async resetPassword(
      code: string,
      password: string,
    ): Promise<{ ok: true } | { ok: false; message: string }> {
      try {
        return await client.resetPassword(code, password);
      } catch (error) {
        deps.logger.warn('password reset failed', { error: errorName(error) });
        return { ok: false, message: 'Something went wrong. Please refresh the page and try again' };
      }
    },

    /** SPEC §7 e-mail verification with the mailed token: the account is enabled (once). */
    async verifyEmail(token: string): Promise<boolean> {
      try {
        return await client.verifyEmail(token);
      } catch (error) {
        deps.logger.warn('e-mail verification failed', { error: errorName(error) });
        return false;
      }
    },

    /** "Go Back": the flow is forgotten, the panel is at the e-mail step again. */
    goBack(): string[] {
      return clearFlow();
    },

    /**
     * SPEC §4 sign-out: single logout at the provider (best effort: the cookies go whatever it answers), then
     * the cookies of SPEC §7 cleared.
     */
    async signOut(cookieHeader: string | null): Promise<string[]> {
      const token = readCookie(parseCookieHeader(cookieHeader), 'customerToken', deps.cookies);
      if (token) {
        try {
          await client.signOff(token);
        } catch (error) {
          deps.logger.warn('single logout failed', { error: errorName(error) });
        }
      }
      return [...signOutCookies({ secure: deps.cookies.secure }), ...clearFlow()];
    },

    /**
     * The viewer cookies again when what the store decided at sign-in no longer holds (staff approved a pro
     * application: a new group, pro flag and price list), so pricing follows without a new sign-in; [] when the
     * viewer still matches the profile or nobody is signed in. The provider's token stays as it is.
     */
    refreshedSession(cookieHeader: string | null, viewer: Viewer, profile: CustomerProfile): string[] {
      const token = readCookie(parseCookieHeader(cookieHeader), 'customerToken', deps.cookies);
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
          (flag) => next.flags[flag] === was.flags[flag],
        );
      if (same) return [];
      return signInCookies(
        { token, customer: fresh.customer, priceList: fresh.priceList, now: deps.clock.now() },
        deps.cookies,
      );
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
      const token = readCookie(parseCookieHeader(cookieHeader), 'customerToken', deps.cookies);
      const profile = token ? await deps.customers.profile(customer.id) : null;
      if (!token || !profile) return null;
      const fresh = viewerOf(profile);
      return {
        viewer: { ...viewer, customer: fresh.customer, priceList: fresh.priceList },
        cookies: signInCookies(
          { token, customer: fresh.customer, priceList: fresh.priceList, now: deps.clock.now() },
          deps.cookies,
        ),
      };
    },

    /**
     * The session behind a signed-in viewer, checked with the provider (private pages: the account area): `live`,
     * `expired` (SPEC §8 "Token is Expired.") or `revoked` (signed off elsewhere, or not the provider's).
     */
    async checkSession(cookieHeader: string | null): Promise<'live' | 'expired' | 'revoked' | 'none'> {
      const token = readCookie(parseCookieHeader(cookieHeader), 'customerToken', deps.cookies);
      if (!token) return 'none';
      const exp = tokenExpiry(token);
      if (exp !== null && exp * 1000 <= now()) return 'expired';
      const claims = await client.verify(token);
      if (!claims) return 'revoked';
      return (await client.isLive(token)) ? 'live' : 'revoked';
    },
  };

  async function complete(
    code: string,
    verifier: string,
    viewer: Viewer,
    from: string,
  ): Promise<SignInResult> {
    const tokens = await client.exchange(code, verifier);
    if (!tokens) return { ok: false, message: SIGN_IN_MESSAGES.signInFailed, cookies: clearFlowCookies() };
    const claims = await client.verify(tokens.accessToken);
    const profile = claims ? await deps.customers.profile(Number(claims.sub)) : null;
    if (!profile) return { ok: false, message: SIGN_IN_MESSAGES.userNotFound, cookies: clearFlowCookies() };

    const { group, flags } = profile;
    const { customer, priceList } = viewerOf(profile);
    const cookies = [
      ...signInCookies(
        { token: tokens.accessToken, customer, priceList, now: deps.clock.now() },
        deps.cookies,
      ),
      ...clearFlowCookies(),
    ];
    for (const hook of hooks) {
      try {
        cookies.push(
          ...((await hook({ customerId: profile.id, customer, priceList, cartId: viewer.cartId })) ?? []),
        );
      } catch (error) {
        deps.logger.error('a signed-in hook failed', { error });
      }
    }
    // SPEC §4: the login event, user type Pro or Consumer, subtype the group's name.
    await deps.analytics
      .track({
        customerId: profile.id,
        event: 'login',
        data: { userType: flags.proUser ? 'Pro' : 'Consumer', subtype: group?.name ?? 'Consumer' },
      })
      .catch((error: unknown) => deps.logger.warn('login event not stored', { error: errorName(error) }));
    return {
      ok: true,
      redirect: redirectAfterSignIn(from, { shedUser: flags.shedUser, isGovX: customer.isGovX }),
      cookies,
    };
  }

  /** What the viewer cookies say of a customer with this profile: who they are for the store, and their prices. */
  function viewerOf(profile: CustomerProfile): { customer: ViewerCustomer; priceList: PriceListKey } {
    const { group, flags } = profile;
    const pro = flags.proUser || flags.shedUser;
    return {
      priceList: deps.pricing.priceListKeyFor(group, { pro }),
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

  function clearFlowCookies() {
    return clearCookieHeaders('signInFlow', deps.cookies);
  }
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
