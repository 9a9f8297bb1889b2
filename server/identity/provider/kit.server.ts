/**
 * What the embedded provider's route groups share (`app.server.ts` builds it once): its options, the flow and
 * session cookies, the per-address limits, the error shape and the body parsers.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Clock } from '../../clock';
import type { CustomersService } from '../../customers/index.server';
import type { Logger } from '../../logger';
import type { MailService } from '../../mail/index.server';
import type { RateLimiter } from '../../rate-limit/index.server';
import { hashPassword } from '../password-hash';
import { resetMail, welcomeMail } from './mails';
import { seal, unseal } from '../seal.server';
import type { SessionStore } from '../session-store';
import type { ProviderStore } from './store.server';

export const FLOW_TTL_MS = 10 * 60_000;
export const CODE_TTL_MS = 60_000;
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const MAX_FAILURES = 5;
export const LOCKOUT_MS = 60_000;
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export type FlowStatus =
  | 'USERNAME_PASSWORD_REQUIRED'
  | 'RECOVERY_USERNAME_REQUIRED'
  | 'RECOVERY_CODE_REQUIRED'
  | 'RECOVERY_COMPLETED'
  | 'COMPLETED';

/** The provider's flow cookie: the flow and its PKCE challenge, sealed, for FLOW_TTL_MS. */
export type FlowState = {
  fid: string;
  cid: string;
  cc: string;
  st: FlowStatus;
  /** The username of the last credentials check (for the activation-mail resend). */
  u?: string;
  /** Expiry, ms since the epoch. */
  exp: number;
};

export type SessionCookie = { sid: string; cid: string; customerId: number; exp: number };

export type ProviderOptions = {
  store: ProviderStore;
  /** The store's customer sessions: a password reset ends all of the customer's (decision 074). */
  sessions: SessionStore;
  customers: CustomersService;
  mail: MailService;
  rateLimiter: RateLimiter;
  clock: Clock;
  logger: Logger;
  /** Seals the provider's cookies and keys its lockout counters. */
  secret: string;
  /** Client ids allowed to start flows. */
  clientIds: readonly string[];
  /** Behind HTTPS: Secure cookies. */
  secure: boolean;
  /**
   * The provider's identity in its tokens and discovery document (decision 079): `PUBLIC_URL` + `/idp` from
   * configuration, the same on every app server, never a request's Host or socket.
   */
  issuer: string;
  /** The storefront origin that mailed links lead to (PUBLIC_URL, else the request's own). */
  linkOrigin?: string;
  /** The brand the mails' subjects name (content `seo.json` siteName; issue 26 §5). */
  brand?: string;
  /** Requests per client address and minute on each endpoint group. */
  requestsPerMinute?: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The provider's limits (issue 27 §3): the store's own routes' limits (app/routes/api.sign-in.email.tsx,
 * api.sign-in.password.tsx, api.forgot-password.tsx, account.new-password.tsx, account.verify.tsx,
 * api.sign-in.resend.tsx), per client address and, where the store has one, per e-mail; so calling `/idp` directly
 * gets no more guesses or mails than the store's pages give. The lockout per account (decision 075) comes on top.
 */
export const PROVIDER_LIMITS = {
  check: { perClient: { limit: 30, windowMs: 10 * MINUTE }, perEmail: { limit: 20, windowMs: 10 * MINUTE } },
  credentials: { perClient: { limit: 30, windowMs: 10 * MINUTE } },
  reset: { perClient: { limit: 10, windowMs: 10 * MINUTE }, perEmail: { limit: 3, windowMs: HOUR } },
  newPassword: { perClient: { limit: 10, windowMs: 10 * MINUTE } },
  verify: { perClient: { limit: 20, windowMs: 10 * MINUTE } },
  resend: { perClient: { limit: 5, windowMs: 10 * MINUTE } },
} as const;

export type LimitRule = { limit: number; windowMs: number };

/** A NUL or a lone surrogate: never stored, never looked up (PostgreSQL refuses NUL in text: a 500 before). */
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string in a parsed body (keys included, at any depth) has a NUL or a lone surrogate. */
export function hasUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value);
  if (depth > 8 || typeof value !== 'object' || value === null) return false;
  for (const [key, item] of Object.entries(value)) {
    if (UNSAFE_TEXT.test(key) || hasUnsafeText(item, depth + 1)) return true;
  }
  return false;
}

/** What every JSON error of the flow API looks like: a code, a message and, for a lockout, the seconds left. */
export type FlowError = { code: string; message: string; secondsLeft?: number };

export type ProviderKit = ReturnType<typeof providerKit>;

export function providerKit(options: ProviderOptions) {
  const { clock } = options;
  const perMinute = options.requestsPerMinute ?? 300;
  const cookieBase = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/idp',
    secure: options.secure,
  };
  const fail = (res: Response, status: number, error: FlowError) => res.status(status).json(error);
  const originOf = (req: Request) => options.linkOrigin ?? `${req.protocol}://${req.get('host')}`;
  const { store, customers, mail } = options;

  /** Mails a reset link when the account exists; says nothing either way (the answer is the same). */
  async function sendReset(req: Request, username: string) {
    const account = username.length <= 254 ? await customers.credentials(username) : null;
    if (!account) {
      // Comparable work for an unknown address, so the timing does not tell.
      await store.signingKey();
      return;
    }
    const token = await store.createOneTimeToken(account.id, 'reset', RESET_TOKEN_TTL_MS);
    await mail.enqueue(
      resetMail({
        to: account.email,
        firstName: account.firstName,
        origin: originOf(req),
        token,
        brand: options.brand,
      }),
    );
  }

  /** An account that has just become active gets its welcome mail (once: `enable` says whether it changed). */
  async function welcome(req: Request, customerId: number) {
    const account = await customers.credentialsById(customerId);
    if (account)
      await mail.enqueue(
        welcomeMail({
          to: account.email,
          firstName: account.firstName,
          origin: originOf(req),
          brand: options.brand,
        }),
      );
  }

  return {
    options,
    sendReset,
    welcome,
    cookieBase,
    fail,
    issuer: options.issuer.replace(/\/+$/, ''),
    originOf,
    lockoutKey: (username: string) => `idp:${emailKey(options.secret, username)}`,
    readFlow: (req: Request): FlowState | null =>
      unseal<FlowState>(options.secret, 'idp-flow', cookieValue(req, FLOW_COOKIE)),
    writeFlow: (res: Response, flow: FlowState) =>
      res.cookie(FLOW_COOKIE, seal(options.secret, 'idp-flow', flow), {
        ...cookieBase,
        maxAge: Math.max(0, flow.exp - clock.now().getTime()),
      }),
    readSession: (req: Request): SessionCookie | null => {
      const session = unseal<SessionCookie>(options.secret, 'idp-session', cookieValue(req, SESSION_COOKIE));
      return session && session.exp > clock.now().getTime() ? session : null;
    },
    /**
     * Counts one hit of `rule` for the request's client address and, when given, the e-mail (keyed by its HMAC, so
     * no address is stored); false, with a 429 sent, when either is past its limit.
     */
    async allow(
      req: Request,
      res: Response,
      name: string,
      rules: { perClient: LimitRule; perEmail?: LimitRule },
      email?: string,
    ): Promise<boolean> {
      const keys: [string, LimitRule][] = [[`idp:${name}:ip:${req.ip ?? 'unknown'}`, rules.perClient]];
      if (rules.perEmail && email !== undefined)
        keys.push([`idp:${name}:email:${emailKey(options.secret, email)}`, rules.perEmail]);
      for (const [key, rule] of keys) {
        const hit = await options.rateLimiter.hit(key, rule);
        if (!hit.allowed) {
          res.setHeader('Retry-After', String(hit.retryAfterSeconds));
          fail(res, 429, {
            code: 'TOO_MANY_REQUESTS',
            message: 'Too many requests. Please try again later.',
          });
          return false;
        }
      }
      return true;
    },
    /** Per-client-address limit of one endpoint group: 429 with Retry-After beyond it. */
    limited: (group: string) => async (req: Request, res: Response, next: NextFunction) => {
      try {
        const hit = await options.rateLimiter.hit(`idp:${group}:${req.ip ?? 'unknown'}`, {
          limit: perMinute,
          windowMs: 60_000,
        });
        if (hit.allowed) return next();
        res.setHeader('Retry-After', String(hit.retryAfterSeconds));
        return fail(res, 429, {
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many requests. Please try again later.',
        });
      } catch (error) {
        next(error);
      }
    },
  };
}

/** An e-mail or username as a key: an HMAC of its trimmed, lower-cased form. */
function emailKey(secret: string, email: string): string {
  return crypto.createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('base64url');
}

export const FLOW_COOKIE = 'idp_flow';
export const SESSION_COOKIE = 'idp_session';

const MAX_BODY_BYTES = 4 * 1024;

/**
 * Express's JSON and form parsers (at most 4 KB each) fed the body the store's edge already read
 * (`res.locals.body`, server/http/edge.ts) or, mounted elsewhere, the request itself. A malformed body is a 400
 * and a larger one a 413 (the provider's error handler words both).
 */
export function bodyParsers(): RequestHandler[] {
  // Non-strict JSON: a body that is not an object is read and then ignored, as before (the handlers want objects).
  return [
    express.json({ limit: MAX_BODY_BYTES, strict: false }),
    express.urlencoded({ limit: MAX_BODY_BYTES, extended: false }),
  ].map((parser): RequestHandler => (req, res, next) => {
    const buffered = (res.locals as { body?: Buffer }).body;
    if (req.method !== 'POST' || buffered === undefined) return parser(req, res, next);
    // The socket has been read: the parser reads the same bytes from a stream that replays them.
    const headers = { ...req.headers, 'content-length': String(buffered.length) };
    delete headers['transfer-encoding'];
    const parsed = req as Request & { _body?: boolean };
    const replay = Object.assign(Readable.from([buffered], { objectMode: false }), {
      headers,
      body: parsed.body as unknown,
      _body: parsed._body,
    });
    parser(replay as unknown as Request, res, (error?: unknown) => {
      parsed.body = replay.body;
      parsed._body = replay._body;
      next(error);
    });
  });
}

/** After the parsers: a body with a NUL or a lone surrogate in any string is a 400 with a message. */
export function refuseUnsafeText(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'POST' && hasUnsafeText(req.body))
      return void res.status(400).json({
        code: 'INVALID_DATA',
        message: 'The request contains characters that are not allowed.',
      } satisfies FlowError);
    next();
  };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function cookieValue(req: Request, name: string): string | undefined {
  const header = req.get('cookie');
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index > 0 && pair.slice(0, index).trim() === name) {
      // A malformed escape is a cookie we never set: no cookie (a 500 before).
      try {
        return decodeURIComponent(pair.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

let dummy: Promise<string> | undefined;
/** A hash of a random password, verified against for unknown usernames. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString('base64url'));
  return dummy;
}
