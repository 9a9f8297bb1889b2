/**
 * The storefront's client of the sign-in provider protocol (SPEC §7 "Sign-in provider"), the same code whether the
 * provider is the embedded one at `/idp` or another one named by `IDP_URL`/`IDP_CLIENT_ID`. Each sign-in flow has
 * its own `tough-cookie` jar (the provider keeps the flow state in its cookie); between the browser's requests the
 * jar travels, with the flow id and the PKCE verifier, inside the store's sealed `signin_flow` cookie.
 */
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { CookieJar, type SerializedCookieJar } from 'tough-cookie';
import type { Clock } from '../clock';
import { codeChallengeS256, newCodeVerifier } from './pkce';

/** What the store remembers of one sign-in flow between requests (sealed in `signin_flow`). */
export type SignInFlow = {
  flowId: string;
  verifier: string;
  jar: SerializedCookieJar | null;
  status: string;
  /** The e-mail accepted by the first step (then the password step shows). */
  email: string | null;
  /** The provider said the account is not enabled: the panel offers the activation-mail resend. */
  notActivated?: boolean;
  /** The resend was done: the panel says so. */
  verificationSent?: boolean;
};

export type CredentialsOutcome =
  | { kind: 'completed'; code: string }
  | { kind: 'wrong-credentials' }
  | { kind: 'not-enabled' }
  | { kind: 'locked'; secondsLeft: number; message: string }
  | { kind: 'denied'; message: string }
  | { kind: 'flow-gone' }
  | { kind: 'error'; status: number };

export type TokenSet = { accessToken: string; expiresIn: number };

export type IdentityClient = ReturnType<typeof createIdentityClient>;

type Json = Record<string, unknown>;

/** One request of the protocol: an absolute URL under the provider's base URL. */
export type ProviderRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
};
export type ProviderReply = { status: number; setCookies: string[]; text: string };
/** How calls reach the provider: over HTTP (`fetchTransport`), or in process for the embedded one (decision 080). */
export type ProviderTransport = (request: ProviderRequest) => Promise<ProviderReply>;

/** How long verifiers trust the keys they read (decision 079): a retired key verifies nowhere after this. */
export const KEY_CACHE_MS = 60_000;
/** An unknown key id makes the keys be read again, at most this often (a new key signs at once). */
const KEY_REFRESH_MS = 5_000;

export function fetchTransport(timeoutMs = 10_000): ProviderTransport {
  return async (request) => {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return {
      status: response.status,
      setCookies: response.headers.getSetCookie(),
      text: await response.text(),
    };
  };
}

export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The sign-in provider could not be reached', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

export function createIdentityClient(options: {
  /**
   * The provider's issuer, which is also its base URL (`IDP_URL`, or `PUBLIC_URL/idp` for the embedded one): from
   * configuration, the same on every app server (decision 079).
   */
  issuer: string;
  clientId: string;
  clock: Clock;
  /** How calls reach the provider; by default over HTTP. */
  transport?: ProviderTransport;
  /** The provider's public keys read directly (the embedded one's, from the database); by default its JWKS URL. */
  keys?: () => Promise<JWK[]>;
  timeoutMs?: number;
}) {
  const baseUrl = options.issuer.replace(/\/+$/, '');
  const transport = options.transport ?? fetchTransport(options.timeoutMs);
  const remoteKeys = options.keys
    ? undefined
    : createRemoteJWKSet(new URL(`${baseUrl}/jwks`), {
        cooldownDuration: KEY_REFRESH_MS,
        cacheMaxAge: KEY_CACHE_MS,
      });
  let localKeys: { set: ReturnType<typeof createLocalJWKSet>; readAt: number } | undefined;
  const now = () => options.clock.now().getTime();
  /** The embedded provider's keys, read again after KEY_CACHE_MS, or sooner for a key id not seen yet. */
  async function localKeySet(refresh: boolean) {
    const stale = !localKeys || now() - localKeys.readAt >= KEY_CACHE_MS;
    const mayRefresh = !localKeys || now() - localKeys.readAt >= KEY_REFRESH_MS;
    if (stale || (refresh && mayRefresh))
      localKeys = { set: createLocalJWKSet({ keys: await options.keys!() }), readAt: now() };
    return localKeys!.set;
  }
  async function verifyWith(token: string, refresh: boolean) {
    const keys = remoteKeys ?? (await localKeySet(refresh));
    return jwtVerify(token, keys, {
      issuer: baseUrl,
      audience: options.clientId,
      currentDate: options.clock.now(),
    });
  }

  /** One call to the provider with the flow's jar: its cookies sent, its Set-Cookies kept. */
  async function call(
    path: string,
    init: {
      method: 'GET' | 'POST';
      jar?: CookieJar;
      json?: unknown;
      form?: Record<string, string>;
      bearer?: string;
    },
  ): Promise<{ status: number; body: Json }> {
    const url = `${baseUrl}${path}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
    if (init.jar) {
      const cookie = await init.jar.getCookieString(url);
      if (cookie) headers.Cookie = cookie;
    }
    let response: ProviderReply;
    try {
      response = await transport({ method: init.method, url, headers, body });
    } catch (error) {
      throw new ProviderUnavailableError(error);
    }
    if (init.jar) {
      for (const setCookie of response.setCookies) {
        await init.jar.setCookie(setCookie, url, { ignoreError: true });
      }
    }
    let parsed: unknown = {};
    try {
      parsed = JSON.parse(response.text) as unknown;
    } catch {
      parsed = {};
    }
    return {
      status: response.status,
      body: typeof parsed === 'object' && parsed !== null ? (parsed as Json) : {},
    };
  }

  const jarOf = (flow: SignInFlow) => (flow.jar ? CookieJar.deserializeSync(flow.jar) : new CookieJar());
  const withJar = (flow: SignInFlow, jar: CookieJar): SignInFlow => ({
    ...flow,
    jar: jar.serializeSync() ?? null,
  });

  return {
    /** GET authorize with a fresh verifier: a new flow (status USERNAME_PASSWORD_REQUIRED, or COMPLETED). */
    async start(): Promise<{ flow: SignInFlow; code: string | null }> {
      const verifier = newCodeVerifier();
      const jar = new CookieJar();
      const query = new URLSearchParams({
        client_id: options.clientId,
        response_type: 'code',
        response_mode: 'pi.flow',
        scope: 'openid',
        code_challenge: codeChallengeS256(verifier),
        code_challenge_method: 'S256',
      });
      const { status, body } = await call(`/as/authorize?${query}`, { method: 'GET', jar });
      if (status !== 200 || typeof body.id !== 'string')
        throw new ProviderUnavailableError(new Error(`authorize answered ${status}`));
      const flow = withJar(
        { flowId: body.id, verifier, jar: null, status: String(body.status), email: null },
        jar,
      );
      const code = (body.authorizeResponse as Json | undefined)?.code;
      return { flow, code: body.status === 'COMPLETED' && typeof code === 'string' ? code : null };
    },

    /** SPEC §7 "a check of email or username returning success". */
    async checkEmail(email: string): Promise<boolean> {
      const { status, body } = await call('/users/check', { method: 'POST', json: { username: email } });
      return status === 200 && body.success === true;
    },

    /** POST flows/{flowId} with username and password. */
    async submitCredentials(
      flow: SignInFlow,
      username: string,
      password: string,
    ): Promise<{ flow: SignInFlow; outcome: CredentialsOutcome }> {
      const jar = jarOf(flow);
      const { status, body } = await call(`/flows/${encodeURIComponent(flow.flowId)}`, {
        method: 'POST',
        jar,
        json: { username, password },
      });
      const next = withJar(
        { ...flow, status: typeof body.status === 'string' ? body.status : flow.status },
        jar,
      );
      const code = (body.authorizeResponse as Json | undefined)?.code;
      if (status === 200 && body.status === 'COMPLETED' && typeof code === 'string')
        return { flow: next, outcome: { kind: 'completed', code } };
      const message = typeof body.message === 'string' ? body.message : '';
      switch (body.code) {
        case 'INVALID_CREDENTIALS':
          return { flow: next, outcome: { kind: 'wrong-credentials' } };
        case 'ACCOUNT_NOT_ENABLED':
          return { flow: next, outcome: { kind: 'not-enabled' } };
        case 'access_denied':
          return typeof body.secondsLeft === 'number'
            ? { flow: next, outcome: { kind: 'locked', secondsLeft: body.secondsLeft, message } }
            : { flow: next, outcome: { kind: 'denied', message } };
        case 'NOT_FOUND':
        case 'FLOW_EXPIRED':
          return { flow: next, outcome: { kind: 'flow-gone' } };
        default:
          return { flow: next, outcome: { kind: 'error', status } };
      }
    },

    /** SPEC §7 "a resend of the activation email with no payload" (the flow's cookie names the account). */
    async resendActivation(flow: SignInFlow): Promise<boolean> {
      const jar = jarOf(flow);
      const { status } = await call('/users/resend-activation', { method: 'POST', jar, json: {} });
      return status === 200;
    },

    /** POST token, form-encoded: the code and the flow's verifier for an access token. Null when refused. */
    async exchange(code: string, verifier: string): Promise<TokenSet | null> {
      const { status, body } = await call('/as/token', {
        method: 'POST',
        form: {
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          client_id: options.clientId,
        },
      });
      if (status !== 200 || typeof body.access_token !== 'string') return null;
      return {
        accessToken: body.access_token,
        expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 0,
      };
    },

    /** The token's claims when the provider's JWKS verifies it (issuer, audience, expiry); null otherwise. */
    async verify(token: string): Promise<(JWTPayload & { sub: string }) | null> {
      try {
        let verified;
        try {
          verified = await verifyWith(token, false);
        } catch (error) {
          // A key id not seen yet (a key another server has just made): the keys are read again, once.
          if (!(error instanceof errors.JWKSNoMatchingKey) || remoteKeys) throw error;
          verified = await verifyWith(token, true);
        }
        const { payload } = verified;
        return typeof payload.sub === 'string' ? (payload as JWTPayload & { sub: string }) : null;
      } catch {
        return null;
      }
    },

    /**
     * Whether the provider still honours the token (not signed off, not expired): its userinfo answers 200. A 429
     * (the provider's own rate limit, counted per shopper's address: an office behind one address can reach it) is
     * not a refusal and counts as live: callers check the store's session record as well (decision 074), which is
     * what sign-out, password changes and resets end. Any other answer is a refusal.
     */
    async isLive(token: string): Promise<boolean> {
      const { status } = await call('/as/userinfo', { method: 'GET', bearer: token });
      return status === 200 || status === 429;
    },

    /** GET start single logout for the token's session. */
    async signOff(token: string): Promise<void> {
      await call('/as/signoff', { method: 'GET', bearer: token });
    },

    /** Account recovery: a password reset mail for `email` (the same answer whatever the address). */
    async requestPasswordReset(email: string): Promise<boolean> {
      const { status } = await call('/users/password-reset', { method: 'POST', json: { mail: email } });
      return status === 200;
    },

    /** Flow initialisation, then submission of the mailed code with the new password. */
    async resetPassword(
      recoveryCode: string,
      newPassword: string,
    ): Promise<{ ok: true } | { ok: false; message: string }> {
      const { flow } = await this.start();
      const jar = jarOf(flow);
      const { status, body } = await call(`/flows/${encodeURIComponent(flow.flowId)}`, {
        method: 'POST',
        jar,
        json: { recoveryCode, newPassword },
      });
      if (status === 200 && body.status === 'RECOVERY_COMPLETED') return { ok: true };
      return {
        ok: false,
        message: typeof body.message === 'string' ? body.message : 'The password could not be reset.',
      };
    },

    /** SPEC §7 e-mail verification with the mailed token. */
    async verifyEmail(token: string): Promise<boolean> {
      const { status, body } = await call('/users/verify', { method: 'POST', json: { token } });
      return status === 200 && body.success === true;
    },
  };
}
