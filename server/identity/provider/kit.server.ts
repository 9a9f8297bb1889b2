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
  /** The storefront origin that mailed links lead to (PUBLIC_URL, else the request's own). */
  linkOrigin?: string;
  /** Requests per client address and minute on each endpoint group. */
  requestsPerMinute?: number;
};

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
      resetMail({ to: account.email, firstName: account.firstName, origin: originOf(req), token }),
    );
  }

  /** An account that has just become active gets its welcome mail (once: `enable` says whether it changed). */
  async function welcome(req: Request, customerId: number) {
    const account = await customers.credentialsById(customerId);
    if (account)
      await mail.enqueue(
        welcomeMail({ to: account.email, firstName: account.firstName, origin: originOf(req) }),
      );
  }

  return {
    options,
    sendReset,
    welcome,
    cookieBase,
    fail,
    issuerOf: (req: Request) => `${req.protocol}://${req.get('host')}${req.baseUrl}`,
    originOf,
    lockoutKey: (username: string) =>
      `idp:${crypto.createHmac('sha256', options.secret).update(username.trim().toLowerCase()).digest('base64url')}`,
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

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function cookieValue(req: Request, name: string): string | undefined {
  const header = req.get('cookie');
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index > 0 && pair.slice(0, index).trim() === name)
      return decodeURIComponent(pair.slice(index + 1).trim());
  }
  return undefined;
}

let dummy: Promise<string> | undefined;
/** A hash of a random password, verified against for unknown usernames. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString('base64url'));
  return dummy;
}
