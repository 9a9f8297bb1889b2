/**
 * A customer named by a bearer token (SPEC §6 "Authenticated customers are identified by a bearer customer token",
 * §7 "Repair admin service (bearer token)"): the `Authorization: Bearer <token>` header of an API call, the same
 * provider access token the `customer_token` cookie holds. The token counts when the provider's keys verify it
 * (issuer, audience, expiry) and its session is still live at the provider (a signed-off token is refused, as the
 * account area refuses it); its `sub` is the customer id.
 */
import type { IdentityClient } from './client.server';

export type BearerCustomer =
  | { ok: true; customerId: number }
  /** `expired`: SPEC §4 "a stored customer token whose expiry is in the past" ('Token is Expired.'). */
  | { ok: false; reason: 'malformed' | 'expired' | 'invalid' | 'unavailable' };

/** JWS compact serialisation: three base64url parts. Anything longer than 4 KB is not a token of ours. */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 4096;

/**
 * The token of an `Authorization` header: undefined when there is no header (the cookie decides then), null when
 * there is one that is not `Bearer <token>`.
 */
export function bearerToken(header: string | null | undefined): string | null | undefined {
  if (header === null || header === undefined) return undefined;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  const token = match?.[1];
  if (!token || token.length > MAX_TOKEN_LENGTH || !TOKEN.test(token)) return null;
  return token;
}

/** The `exp` claim of a JWT without verifying it (to tell an expired token from a forged one). */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/** Who the bearer token belongs to, asking the provider (its keys, then whether the session is live). */
export async function customerOfBearer(
  token: string | null,
  deps: { client: Pick<IdentityClient, 'verify' | 'isLive'>; now: Date },
): Promise<BearerCustomer> {
  if (token === null) return { ok: false, reason: 'malformed' };
  const exp = tokenExpiry(token);
  if (exp !== null && exp * 1000 <= deps.now.getTime()) return { ok: false, reason: 'expired' };
  try {
    const claims = await deps.client.verify(token);
    const customerId = claims ? Number(claims.sub) : NaN;
    if (!Number.isSafeInteger(customerId) || customerId <= 0) return { ok: false, reason: 'invalid' };
    if (!(await deps.client.isLive(token))) return { ok: false, reason: 'invalid' };
    return { ok: true, customerId };
  } catch {
    // The provider could not be asked (ProviderUnavailableError): not the caller's fault.
    return { ok: false, reason: 'unavailable' };
  }
}

/** What an API says when it cannot name its caller (SPEC §8 "Missing token", its spelling included). */
export const CALLER_MESSAGES = {
  missingToken: 'customer_token cookie not found. Authentification failed.',
  invalidToken: 'Token is invalid. Authentification failed.',
  unavailable: 'Sign-in could not be checked right now. Please try again.',
} as const;

export type RequestCaller =
  | { kind: 'customer'; customerId: number; via: 'bearer' | 'cookie' }
  /** `missing`: no header and no cookie customer; the others as `BearerCustomer`. */
  | { kind: 'none'; via: 'bearer' | 'cookie'; reason: 'missing' | 'malformed' | 'expired' | 'invalid' }
  /** The provider could not be asked about the token. */
  | { kind: 'unavailable'; via: 'bearer' | 'cookie' };

/**
 * Who calls an API (SPEC §6, §7): the customer of the `Authorization: Bearer` token when the request has that
 * header (a client that is not the store's pages), else the customer the cookies name. A header that is there
 * decides alone: a bad or expired token is no caller, whatever the cookies say. `cookie` is the cookies' customer
 * already known (the viewer's), a `customer_token` to verify as a bearer token is, or null for none.
 */
export async function callerOfRequest(
  request: Request,
  deps: {
    client: Pick<IdentityClient, 'verify' | 'isLive'>;
    now: Date;
    cookie: { customerId: number } | { token: string } | null;
  },
): Promise<RequestCaller> {
  const header = bearerToken(request.headers.get('Authorization'));
  const via = header === undefined ? 'cookie' : 'bearer';
  let token: string | null;
  if (header !== undefined) token = header;
  else if (deps.cookie === null) return { kind: 'none', via, reason: 'missing' };
  else if ('customerId' in deps.cookie) return { kind: 'customer', via, customerId: deps.cookie.customerId };
  else token = deps.cookie.token;
  const bearer = await customerOfBearer(token, deps);
  if (bearer.ok) return { kind: 'customer', via, customerId: bearer.customerId };
  if (bearer.reason === 'unavailable') return { kind: 'unavailable', via };
  return { kind: 'none', via, reason: bearer.reason };
}
