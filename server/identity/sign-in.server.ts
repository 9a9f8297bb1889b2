/**
 * SPEC §4 "Sign-in (two steps)" over the provider protocol client: the e-mail check, the credentials, the code for
 * a token, the customer's session cookies, the signed-in hooks, the login event and where to go next.
 */
import type { AnalyticsService } from '../analytics/index.server';
import type { Clock } from '../clock';
import type { CustomersService } from '../customers/index.server';
import type { Logger } from '../logger';
import type { PriceListKey, Viewer, ViewerCustomer } from '../viewer/index.server';
import type { IdentityClient } from './client.server';
import { errorName, type FlowCookie, type StoredFlow } from './flow-cookie.server';
import { SIGN_IN_MESSAGES } from './messages';
import { redirectAfterSignIn, type RedirectDecision } from './redirect-rules';
import type { CustomerSessions } from './sessions.server';

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

export type SignInDeps = {
  customers: CustomersService;
  analytics: AnalyticsService;
  clock: Clock;
  logger: Logger;
};

export type SignIn = ReturnType<typeof createSignIn>;

export function createSignIn(
  deps: SignInDeps,
  client: IdentityClient,
  flow: FlowCookie,
  sessions: CustomerSessions,
) {
  const hooks: SignedInHook[] = [];
  const now = () => deps.clock.now().getTime();

  /** The provider's code for a token, the customer's session, the hooks, the login event and the redirect. */
  async function complete(
    code: string,
    verifier: string,
    viewer: Viewer,
    from: string,
    /** The browser's User-Agent: the session list's device label (decision 086). */
    userAgent?: string | null,
  ): Promise<SignInResult> {
    const tokens = await client.exchange(code, verifier);
    if (!tokens) return { ok: false, message: SIGN_IN_MESSAGES.signInFailed, cookies: flow.clear() };
    const claims = await client.verify(tokens.accessToken);
    const profile = claims ? await deps.customers.profile(Number(claims.sub)) : null;
    if (!profile) return { ok: false, message: SIGN_IN_MESSAGES.userNotFound, cookies: flow.clear() };

    const { group, flags } = profile;
    const session = await sessions.begin(tokens.accessToken, profile, userAgent);
    const { customer, priceList } = session;
    const cookies = [...session.cookies, ...flow.clear()];
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

  return {
    complete,

    onSignedIn(hook: SignedInHook) {
      hooks.push(hook);
    },

    /** Step 1: the e-mail check. A new provider flow starts; its jar and verifier go into `signin_flow`. */
    async submitEmail(
      email: string,
    ): Promise<{ ok: true; cookies: string[] } | { ok: false; message: string }> {
      try {
        if (!(await client.checkEmail(email))) return { ok: false, message: SIGN_IN_MESSAGES.emailIncorrect };
        const { flow: started } = await client.start();
        return { ok: true, cookies: [flow.write({ ...started, email })] };
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
      userAgent?: string | null;
    }): Promise<SignInResult> {
      const stored = flow.read(input.cookieHeader);
      if (!stored?.email)
        return { ok: false, message: SIGN_IN_MESSAGES.emailRequired, cookies: flow.clear() };
      try {
        const { flow: next, outcome } = await client.submitCredentials(stored, stored.email, input.password);
        const keep = (changes: Partial<StoredFlow>) => [
          flow.write({ ...next, email: stored.email, ...changes }),
        ];
        switch (outcome.kind) {
          case 'completed':
            return await complete(outcome.code, stored.verifier, input.viewer, input.from, input.userAgent);
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
            return { ok: false, message: SIGN_IN_MESSAGES.signInFailed, cookies: flow.clear() };
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
      const stored = flow.read(cookieHeader);
      if (!stored?.notActivated) return { ok: false, cookies: [] };
      try {
        const ok = await client.resendActivation(stored);
        return { ok, cookies: ok ? [flow.write({ ...stored, verificationSent: true })] : [] };
      } catch (error) {
        deps.logger.warn('activation resend failed', { error: errorName(error) });
        return { ok: false, cookies: [] };
      }
    },
  };
}
