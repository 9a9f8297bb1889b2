/**
 * The staff screens' door (decision 088): who is asking, and whether their roles let them in. A browser signs in at
 * `/staff/sign-in` and carries the `staff_session` cookie (read under its `__Host-` name only, behind HTTPS); a script
 * may send HTTP Basic (`e-mail:password`) on every request, counted and locked as the sign-in page is. Refusals are
 * thrown Responses: 303 to the sign-in page (a browser's page request), 401 with the Basic challenge, 403 (a role is
 * missing), 429 (locked), each with a message.
 */
import crypto from 'node:crypto';
import { boundedCache } from '../cache/index.server';
import { cookieName, COOKIES } from '../web/cookie-registry';
import {
  parseCookieHeader,
  setCookieHeader,
  clearCookieHeaders,
  type CookieOptions,
} from '../web/cookies.server';
import type { StaffUser } from './accounts.server';
import { STAFF_MESSAGES, STAFF_SIGN_IN_PATH, type StaffRole } from './roles';
import type { StaffSignIn } from './index.server';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
/**
 * How long this process trusts a Basic header whose password it checked (a script sends it on every request, and a
 * page's photos load in parallel): within it a request skips the claim and the hash, not the lock.
 */
const BASIC_TRUST_MS = 60_000;
export const BASIC_CHALLENGE = 'Basic realm="Staff", charset="UTF-8"';

function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { ...NO_STORE, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** `e-mail:password` of a Basic header; null when it is not one. */
export function basicCredentials(header: string | null): { email: string; password: string } | null {
  if (!header || !/^Basic\s+/i.test(header)) return null;
  const encoded = header.replace(/^Basic\s+/i, '').trim();
  if (encoded.length > 1024 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function createStaffDoor({
  signIn,
  cookies,
  now,
}: {
  signIn: StaffSignIn;
  cookies: CookieOptions;
  now?: () => number;
}) {
  const definition = COOKIES.staffSession;
  /** SHA-256 of a Basic header that passed → its e-mail. */
  const checked = boundedCache<string>({ maxEntries: 200, ttlMs: BASIC_TRUST_MS, now });
  const sessionToken = (request: Request): string | undefined =>
    parseCookieHeader(request.headers.get('Cookie'))[cookieName(definition, cookies.secure)] || undefined;

  /** Who is asking, or the refusal to throw (a request with neither credentials nor a session gets null). */
  async function identify(request: Request, clientIp: string): Promise<StaffUser | Response | null> {
    const authorization = request.headers.get('Authorization');
    if (authorization) {
      const credentials = basicCredentials(authorization);
      if (!credentials)
        return refusal(401, STAFF_MESSAGES.signInNeeded, { 'WWW-Authenticate': BASIC_CHALLENGE });
      const digest = crypto.createHash('sha256').update(authorization).digest('base64url');
      const known = checked.get(digest);
      const outcome = known
        ? await signIn.recheck({ email: known, clientIp })
        : await signIn.authenticate({ ...credentials, clientIp });
      if (outcome.kind === 'ok') {
        checked.set(digest, outcome.user.email);
        return outcome.user;
      }
      checked.delete(digest);
      if (outcome.kind === 'locked')
        return refusal(429, outcome.message, { 'Retry-After': String(outcome.secondsLeft) });
      return refusal(401, outcome.message, { 'WWW-Authenticate': BASIC_CHALLENGE });
    }
    const token = sessionToken(request);
    return token ? signIn.sessionUser(token) : null;
  }

  return {
    /** The staff user of the request, who must hold `role`; throws the refusal otherwise. */
    async require(request: Request, role: StaffRole, clientIp: string): Promise<StaffUser> {
      const who = await identify(request, clientIp);
      if (who instanceof Response) throw who;
      if (!who) {
        const url = new URL(request.url);
        const wantsPage =
          (request.method === 'GET' || request.method === 'HEAD') &&
          (request.headers.get('Accept') ?? '').includes('text/html');
        if (wantsPage)
          throw new Response(null, {
            status: 303,
            headers: {
              ...NO_STORE,
              Location: `${STAFF_SIGN_IN_PATH}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
            },
          });
        throw refusal(401, STAFF_MESSAGES.signInNeeded, { 'WWW-Authenticate': BASIC_CHALLENGE });
      }
      if (!who.roles.includes(role)) throw refusal(403, STAFF_MESSAGES.forbidden(role));
      return who;
    },

    /** The signed-in staff user of a session cookie, or null (the sign-in page shows who is signed in). */
    async sessionUser(request: Request): Promise<StaffUser | null> {
      const token = sessionToken(request);
      return token ? signIn.sessionUser(token) : null;
    },

    /** Starts a session for a signed-in staff user: the Set-Cookie header to send. */
    async startSession(user: StaffUser): Promise<string> {
      const { token } = await signIn.startSession(user.id);
      return setCookieHeader('staffSession', token, cookies);
    },

    /** Ends the request's session (every app server sees it ended): the Set-Cookie headers that clear it. */
    async endSession(request: Request): Promise<string[]> {
      const token = sessionToken(request);
      if (token) await signIn.endSession(token);
      return clearCookieHeaders('staffSession', cookies);
    },
  };
}
