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
import type { CustomersService } from '../customers/index.server';
import type { CookieOptions } from '../web/cookies.server';
import type { Logger } from '../logger';
import type { PricingService } from '../pricing/index.server';
import type { Viewer } from '../viewer/index.server';
import type { JWK } from 'jose';
import { createIdentityClient, type IdentityClient, type ProviderTransport } from './client.server';
import { errorName, flowCookie } from './flow-cookie.server';
import { createPasswordChange } from './password-change.server';
import {
  clearRepairUserInfo,
  readRepairUserInfo,
  repairUserInfoCookie,
  type RepairUserInfo,
} from './repair-user-info.server';
import type { SessionStore } from './session-store';
import { createCustomerSessions } from './sessions.server';
import { createSignIn } from './sign-in.server';
import { createSignUp } from './sign-up.server';

export {
  ProviderUnavailableError,
  type IdentityClient,
  type ProviderTransport,
  type SignInFlow,
} from './client.server';
export { withClientAddress } from './client-address.server';
export { inProcessTransport } from './provider/in-process.server';
export { CALLER_MESSAGES, callerOfRequest, type RequestCaller } from './bearer.server';
export { SIGN_IN_MESSAGES, tooManyAttemptsMessage } from './messages';
export { hashPassword, verifyPassword } from './password-hash';
export { createIdentityProvider } from './provider/app.server';
export { createProviderStore } from './provider/store.server';
export { redirectAfterSignIn } from './redirect-rules';
export { isLive, type SessionRecord, type SessionStore } from './session-store';
export { createDatabaseSessionStore } from './session-store.server';
export { needsFreshSessionCheck, SESSION_CACHE_MS, type ListedSession } from './sessions.server';
export type { PasswordChangeOutcome } from './password-change.server';
export type { SignedInHook, SignInResult } from './sign-in.server';
export { SIGN_UP_EXISTS, type CreateCustomerPayload, type SignUpResult } from './sign-up.server';

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

export type IdentityService = ReturnType<typeof createIdentityService>;

export function createIdentityService(deps: {
  customers: CustomersService;
  /** Where customer sessions are recorded (decision 074): the database adapter, or another one. */
  sessionStore: SessionStore;
  pricing: PricingService;
  analytics: AnalyticsService;
  clock: Clock;
  logger: Logger;
  cookies: CookieOptions;
  /** E-mail domain → associate group (SPEC §6: subtypes Gore Associate and Sitka Associate by domain). */
  associateDomains?: Record<string, string>;
  /**
   * The provider: its issuer (`IDP_URL`, or `PUBLIC_URL/idp` for the embedded one: decision 079) and, for the
   * embedded one, the in-process channel and its keys (decision 080); without them, HTTP and the JWKS URL.
   */
  provider: { issuer: string; embedded: boolean; transport?: ProviderTransport; keys?: () => Promise<JWK[]> };
  clientId: string;
}) {
  const client: IdentityClient = createIdentityClient({
    issuer: deps.provider.issuer,
    transport: deps.provider.transport,
    keys: deps.provider.keys,
    clientId: deps.clientId,
    clock: deps.clock,
  });
  const flow = flowCookie(deps.cookies);
  const sessions = createCustomerSessions(deps, client, flow);
  const signIn = createSignIn(deps, client, flow, sessions);
  const now = () => deps.clock.now().getTime();

  /**
   * The provider client as the store's APIs see it (bearer calls, decision 086): a token counts only while the
   * provider honours it *and* the store's session of the sign-in that issued it lasts, so a session ended from the
   * session list, by a password change or a sign-out elsewhere refuses its token too.
   */
  const apiClient: IdentityClient = {
    ...client,
    isLive: async (token) => (await client.isLive(token)) && (await sessions.tokenSessionLasts(token)),
  };

  return {
    client: apiClient,
    /** Whether this store serves the embedded provider (no `IDP_URL`). */
    embedded: deps.provider.embedded,

    onSignedIn: signIn.onSignedIn,
    submitEmail: signIn.submitEmail,
    submitPassword: signIn.submitPassword,
    resendActivation: signIn.resendActivation,
    signUp: createSignUp(deps, client, flow, signIn),

    signOut: sessions.signOut,
    refreshedSession: sessions.refreshedSession,
    renewStaleSession: sessions.renewStaleSession,
    checkSession: sessions.checkSession,
    checkViewerSession: sessions.checkViewerSession,
    /** The customer's live sessions, newest first (for a "your sessions" page). */
    liveSessions: sessions.list,
    /** The customer's live sessions as their session list shows them (decision 086). */
    listSessions: sessions.listed,
    /** "Sign out" of one session of the list, named by its handle: the customer's own only. */
    endSession: sessions.endByHandle,
    /** "Sign out everywhere else" (or everywhere, when no session is kept: account deletion or disabling). */
    endOtherSessions: sessions.endOthers,
    /** A signed-in customer's password change: the current password checked, every other session ended. */
    changePassword: createPasswordChange(deps, sessions),

    /** The panel's state for this request. */
    signInState(cookieHeader: string | null, viewer: Pick<Viewer, 'customer'>): SignInState {
      if (viewer.customer) return { ...EMAIL_STEP, signedIn: true };
      const stored = flow.read(cookieHeader);
      if (!stored?.email) return EMAIL_STEP;
      return {
        signedIn: false,
        step: 'password',
        email: stored.email,
        notActivated: stored.notActivated ?? false,
        verificationSent: stored.verificationSent ?? false,
        lockedSeconds: stored.lockedUntil ? Math.max(0, Math.ceil((stored.lockedUntil - now()) / 1000)) : 0,
        lockedUntil: stored.lockedUntil ?? 0,
      };
    },

    /** "Go Back": the flow is forgotten, the panel is at the e-mail step again. */
    goBack: (): string[] => flow.clear(),

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
  };
}
export { forgetCustomerIdentity } from './forget.server';
