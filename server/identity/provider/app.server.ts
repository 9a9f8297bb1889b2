/**
 * The embedded sign-in provider, mounted at `/idp` as its own Express sub-app (ARCHITECTURE "identity"): the
 * redirect-less PKCE flow protocol of SPEC §7, so that any provider speaking it can replace this one by
 * configuration (`IDP_URL`, `IDP_CLIENT_ID`). Its own cookies (Path=/idp, sealed) hold the flow state and its
 * session; its own rate limits guard every endpoint; its lockout answers `access_denied` with the seconds left.
 *
 *   GET  /as/authorize   client_id, response_type=code, response_mode=pi.flow, scope=openid, code_challenge,
 *                        code_challenge_method=S256 → { id, status }
 *   POST /flows/{flowId} { username, password } → COMPLETED with authorizeResponse.code
 *                        {} → account recovery starts; { username } → recovery mail; { recoveryCode, newPassword }
 *   POST /as/token       form: grant_type=authorization_code, code, code_verifier, client_id → access_token (JWT)
 *   GET  /as/signoff     single logout of the bearer token's session
 *   GET  /as/userinfo    the bearer's profile (401 once signed off or expired)
 *   GET  /jwks           the public keys tokens are verified with
 *   POST /users/check, /users/resend-activation, /users/verify, /users/password-reset
 */
import crypto from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { SignJWT, jwtVerify, createLocalJWKSet, type JWTPayload } from 'jose';
import type { Clock } from '../../clock';
import type { CustomersService } from '../../customers/index.server';
import type { Logger } from '../../logger';
import type { MailService } from '../../mail/index.server';
import type { RateLimiter } from '../../rate-limit/index.server';
import { hashPassword, verifyPassword } from '../password-hash';
import { passwordProblems } from '../password-policy';
import { VERIFIER_PATTERN, verifierMatches } from '../pkce';
import { seal, unseal } from '../seal.server';
import { resetMail, verificationMail, welcomeMail } from './mails';
import { SIGNING_ALGORITHM, type ProviderStore } from './store.server';

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
type FlowState = {
  fid: string;
  cid: string;
  cc: string;
  st: FlowStatus;
  /** The username of the last credentials check (for the activation-mail resend). */
  u?: string;
  /** Expiry, ms since the epoch. */
  exp: number;
};

type SessionCookie = { sid: string; cid: string; customerId: number; exp: number };

export type ProviderOptions = {
  store: ProviderStore;
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

const FLOW_COOKIE = 'idp_flow';
const SESSION_COOKIE = 'idp_session';
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const FLOW_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** What every JSON error of the flow API looks like: a code, a message and, for a lockout, the seconds left. */
type FlowError = { code: string; message: string; secondsLeft?: number };

export function createIdentityProvider(options: ProviderOptions): express.Router {
  const { store, customers, mail, clock, logger } = options;
  const router = express.Router();
  const perMinute = options.requestsPerMinute ?? 300;

  const cookieBase = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/idp',
    secure: options.secure,
  };
  const issuerOf = (req: Request) => `${req.protocol}://${req.get('host')}${req.baseUrl}`;
  const originOf = (req: Request) => options.linkOrigin ?? `${req.protocol}://${req.get('host')}`;
  const lockoutKey = (username: string) =>
    `idp:${crypto.createHmac('sha256', options.secret).update(username.trim().toLowerCase()).digest('base64url')}`;

  const readFlow = (req: Request): FlowState | null =>
    unseal<FlowState>(options.secret, 'idp-flow', cookieValue(req, FLOW_COOKIE));
  const writeFlow = (res: Response, flow: FlowState) =>
    res.cookie(FLOW_COOKIE, seal(options.secret, 'idp-flow', flow), {
      ...cookieBase,
      maxAge: Math.max(0, flow.exp - clock.now().getTime()),
    });
  const readSession = (req: Request): SessionCookie | null => {
    const session = unseal<SessionCookie>(options.secret, 'idp-session', cookieValue(req, SESSION_COOKIE));
    return session && session.exp > clock.now().getTime() ? session : null;
  };

  const fail = (res: Response, status: number, error: FlowError) => res.status(status).json(error);

  /** Per-client-address limit of one endpoint group: 429 with Retry-After beyond it. */
  const limited = (group: string) => async (req: Request, res: Response, next: NextFunction) => {
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
  };

  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(readBody);

  async function signAccessToken(req: Request, customerId: number, clientId: string, email: string) {
    const key = await store.signingKey();
    const session = await store.createSession({ customerId, clientId, ttlMs: TOKEN_TTL_SECONDS * 1000 });
    const now = Math.floor(clock.now().getTime() / 1000);
    const token = await new SignJWT({ sid: session.sid, email, scope: 'openid', client_id: clientId })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(issuerOf(req))
      .setAudience(clientId)
      .setSubject(String(customerId))
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL_SECONDS)
      .setJti(crypto.randomUUID())
      .sign(key.privateKey);
    return { token, sid: session.sid };
  }

  /** The bearer token's claims when it is ours, unexpired (unless `allowExpired`) and its session is live. */
  async function bearer(req: Request, { allowExpired = false } = {}): Promise<JWTPayload | null> {
    const header = req.get('authorization') ?? '';
    const token = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header)?.[1] ?? (req.query.id_token_hint as string);
    if (typeof token !== 'string' || token === '') return null;
    try {
      const keys = createLocalJWKSet({ keys: await store.publicKeys() });
      const { payload } = await jwtVerify(token, keys, {
        issuer: issuerOf(req),
        algorithms: [SIGNING_ALGORITHM],
        currentDate: clock.now(),
        ...(allowExpired ? { clockTolerance: TOKEN_TTL_SECONDS * 52 } : {}),
      });
      if (typeof payload.sid !== 'string') return null;
      if (!allowExpired && !(await store.sessionIsLive(payload.sid))) return null;
      return payload;
    } catch {
      return null;
    }
  }

  // --- discovery -----------------------------------------------------------------------------------------------
  router.get('/.well-known/openid-configuration', (req, res) => {
    const issuer = issuerOf(req);
    res.json({
      issuer,
      authorization_endpoint: `${issuer}/as/authorize`,
      token_endpoint: `${issuer}/as/token`,
      userinfo_endpoint: `${issuer}/as/userinfo`,
      end_session_endpoint: `${issuer}/as/signoff`,
      jwks_uri: `${issuer}/jwks`,
      response_modes_supported: ['pi.flow'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code'],
      id_token_signing_alg_values_supported: [SIGNING_ALGORITHM],
    });
  });

  router.get('/jwks', async (_req, res, next) => {
    try {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json({ keys: await store.publicKeys() });
    } catch (error) {
      next(error);
    }
  });

  // --- authorize -----------------------------------------------------------------------------------------------
  router.get('/as/authorize', limited('authorize'), async (req, res, next) => {
    try {
      const query = req.query as Record<string, unknown>;
      const clientId = query.client_id;
      if (typeof clientId !== 'string' || !options.clientIds.includes(clientId))
        return res.status(400).json({ error: 'invalid_client', error_description: 'Unknown client_id.' });
      if (query.response_type !== 'code')
        return res
          .status(400)
          .json({ error: 'unsupported_response_type', error_description: 'response_type must be code.' });
      if (query.response_mode !== 'pi.flow')
        return res
          .status(400)
          .json({ error: 'invalid_request', error_description: 'response_mode must be pi.flow.' });
      if (typeof query.scope !== 'string' || !query.scope.split(' ').includes('openid'))
        return res
          .status(400)
          .json({ error: 'invalid_scope', error_description: 'scope must include openid.' });
      if (query.code_challenge_method !== 'S256')
        return res
          .status(400)
          .json({ error: 'invalid_request', error_description: 'code_challenge_method must be S256.' });
      if (typeof query.code_challenge !== 'string' || !CHALLENGE.test(query.code_challenge))
        return res
          .status(400)
          .json({ error: 'invalid_request', error_description: 'code_challenge must be a S256 challenge.' });

      const flow: FlowState = {
        fid: crypto.randomBytes(18).toString('base64url'),
        cid: clientId,
        cc: query.code_challenge,
        st: 'USERNAME_PASSWORD_REQUIRED',
        exp: clock.now().getTime() + FLOW_TTL_MS,
      };
      // A live provider session completes the flow at once (SPEC §4: COMPLETED on load means signed in already).
      const session = readSession(req);
      if (session && session.cid === clientId && (await store.sessionIsLive(session.sid))) {
        const code = await store.createCode({
          customerId: session.customerId,
          clientId,
          codeChallenge: flow.cc,
          ttlMs: CODE_TTL_MS,
        });
        writeFlow(res, { ...flow, st: 'COMPLETED' });
        return res.json({ id: flow.fid, status: 'COMPLETED', authorizeResponse: { code } });
      }
      writeFlow(res, flow);
      return res.json({ id: flow.fid, status: flow.st });
    } catch (error) {
      next(error);
    }
  });

  // --- flows ---------------------------------------------------------------------------------------------------
  router.post('/flows/:flowId', limited('flows'), async (req, res, next) => {
    try {
      const flowId = req.params.flowId ?? '';
      const flow = FLOW_ID.test(flowId) ? readFlow(req) : null;
      if (!flow || flow.fid !== flowId)
        return fail(res, 404, { code: 'NOT_FOUND', message: 'The flow was not found.' });
      if (flow.exp <= clock.now().getTime())
        return fail(res, 400, { code: 'FLOW_EXPIRED', message: 'The flow has expired.' });
      const body: Record<string, unknown> = req.is('application/json') && isObject(req.body) ? req.body : {};
      const username = typeof body.username === 'string' ? body.username.trim() : undefined;
      const password = typeof body.password === 'string' ? body.password : undefined;

      if (username !== undefined && password !== undefined)
        return await checkCredentials(res, flow, username, password);
      if (typeof body.recoveryCode === 'string' && typeof body.newPassword === 'string')
        return await resetPassword(req, res, flow, body.recoveryCode, body.newPassword);
      if (username !== undefined) {
        if (flow.st !== 'RECOVERY_USERNAME_REQUIRED')
          return fail(res, 400, {
            code: 'INVALID_REQUEST',
            message: 'Account recovery has not been started.',
          });
        await sendReset(req, username);
        writeFlow(res, { ...flow, st: 'RECOVERY_CODE_REQUIRED' });
        return res.json({ id: flow.fid, status: 'RECOVERY_CODE_REQUIRED' });
      }
      if (Object.keys(body).length === 0) {
        writeFlow(res, { ...flow, st: 'RECOVERY_USERNAME_REQUIRED' });
        return res.json({ id: flow.fid, status: 'RECOVERY_USERNAME_REQUIRED' });
      }
      return fail(res, 400, { code: 'INVALID_REQUEST', message: 'The request does not fit this flow.' });
    } catch (error) {
      next(error);
    }
  });

  async function checkCredentials(res: Response, flow: FlowState, username: string, password: string) {
    if (flow.st === 'COMPLETED')
      return fail(res, 400, { code: 'INVALID_REQUEST', message: 'The flow is already completed.' });
    if (username.length > 254 || password.length > 256)
      return fail(res, 400, { code: 'INVALID_DATA', message: 'The username or password is invalid.' });
    const key = lockoutKey(username);
    const lockout = await store.lockout(key);
    if (lockout.locked) return accessDenied(res, lockout.secondsLeft);

    const account = await customers.credentials(username);
    // An unknown username costs a hash too, so timing says nothing about which accounts exist.
    const matches = account?.passwordHash
      ? await verifyPassword(password, account.passwordHash)
      : (await verifyPassword(password, await dummyHash()), false);
    if (!account || !matches) {
      const started = await store.recordFailure(key, { maxFailures: MAX_FAILURES, lockMs: LOCKOUT_MS });
      if (started.locked) {
        logger.info('idp lockout started');
        return accessDenied(res, started.secondsLeft);
      }
      return fail(res, 400, { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' });
    }
    if (!account.isEnabled) {
      writeFlow(res, { ...flow, u: account.email });
      return fail(res, 400, { code: 'ACCOUNT_NOT_ENABLED', message: 'Account Not Enabled' });
    }
    await store.clearFailures(key);
    const code = await store.createCode({
      customerId: account.id,
      clientId: flow.cid,
      codeChallenge: flow.cc,
      ttlMs: CODE_TTL_MS,
    });
    writeFlow(res, { ...flow, st: 'COMPLETED', u: account.email });
    return res.json({ id: flow.fid, status: 'COMPLETED', authorizeResponse: { code } });
  }

  function accessDenied(res: Response, secondsLeft: number) {
    return fail(res, 400, {
      code: 'access_denied',
      message: `Too many login attempts. Please try again in ${secondsLeft} seconds.`,
      secondsLeft,
    });
  }

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

  async function resetPassword(
    req: Request,
    res: Response,
    flow: FlowState,
    recoveryCode: string,
    newPassword: string,
  ) {
    const problems = passwordProblems(newPassword);
    if (problems.length > 0) return fail(res, 400, { code: 'INVALID_PASSWORD', message: problems.join(' ') });
    if (recoveryCode.length > 128)
      return fail(res, 400, { code: 'INVALID_CODE', message: 'The reset link is invalid or has expired.' });
    const claim = await store.claimOneTimeToken(recoveryCode, 'reset');
    if (claim.kind !== 'ok')
      return fail(res, 400, { code: 'INVALID_CODE', message: 'The reset link is invalid or has expired.' });
    await customers.setPassword(claim.customerId, await hashPassword(newPassword));
    // A reset proves the mailbox: the account is activated, and every session of the old password ends.
    if (await customers.enable(claim.customerId)) await welcome(req, claim.customerId);
    await store.revokeCustomerSessions(claim.customerId);
    const account = await customers.credentialsById(claim.customerId);
    if (account) await store.clearFailures(lockoutKey(account.email));
    writeFlow(res, { ...flow, st: 'RECOVERY_COMPLETED' });
    return res.json({ id: flow.fid, status: 'RECOVERY_COMPLETED' });
  }

  // --- token ---------------------------------------------------------------------------------------------------
  router.post('/as/token', limited('token'), async (req, res, next) => {
    try {
      const tokenError = (error: string, description: string, status = 400) =>
        res.status(status).json({ error, error_description: description });
      if (!req.is('application/x-www-form-urlencoded'))
        return tokenError('invalid_request', 'The token request must be form-encoded.');
      const body = req.body as Record<string, unknown>;
      if (body.grant_type !== 'authorization_code')
        return tokenError('unsupported_grant_type', 'grant_type must be authorization_code.');
      const { code, code_verifier: verifier, client_id: clientId } = body;
      if (typeof clientId !== 'string' || !options.clientIds.includes(clientId))
        return tokenError('invalid_client', 'Unknown client_id.', 401);
      if (typeof code !== 'string' || code === '' || code.length > 128)
        return tokenError('invalid_request', 'code is required.');
      if (typeof verifier !== 'string' || !VERIFIER_PATTERN.test(verifier))
        return tokenError('invalid_request', 'code_verifier is required (43 to 128 characters).');
      const claim = await store.claimCode(code);
      if (claim.kind === 'reused') {
        logger.warn('idp authorization code reused');
        return tokenError('invalid_grant', 'The authorization code has already been used.');
      }
      if (claim.kind === 'unknown') return tokenError('invalid_grant', 'The authorization code is invalid.');
      if (claim.kind === 'expired') return tokenError('invalid_grant', 'The authorization code has expired.');
      if (claim.clientId !== clientId)
        return tokenError('invalid_grant', 'The code was issued to another client.');
      if (!verifierMatches(verifier, claim.codeChallenge))
        return tokenError('invalid_grant', 'The code_verifier does not match the code_challenge.');
      const account = await customers.credentialsById(claim.customerId);
      if (!account?.isEnabled) return tokenError('invalid_grant', 'The account is not available.');
      const { token, sid } = await signAccessToken(req, account.id, clientId, account.email);
      res.cookie(
        SESSION_COOKIE,
        seal(options.secret, 'idp-session', {
          sid,
          cid: clientId,
          customerId: account.id,
          exp: clock.now().getTime() + TOKEN_TTL_SECONDS * 1000,
        } satisfies SessionCookie),
        { ...cookieBase, maxAge: TOKEN_TTL_SECONDS * 1000 },
      );
      return res.json({
        access_token: token,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_SECONDS,
        scope: 'openid',
      });
    } catch (error) {
      next(error);
    }
  });

  // --- session -------------------------------------------------------------------------------------------------
  router.get('/as/signoff', limited('session'), async (req, res, next) => {
    try {
      const claims = await bearer(req, { allowExpired: true });
      if (claims && typeof claims.sid === 'string') await store.revokeSession(claims.sid);
      const session = readSession(req);
      if (session) await store.revokeSession(session.sid);
      res.clearCookie(SESSION_COOKIE, cookieBase);
      res.clearCookie(FLOW_COOKIE, cookieBase);
      res.json({ status: 'SIGNED_OFF' });
    } catch (error) {
      next(error);
    }
  });

  router.get('/as/userinfo', limited('session'), async (req, res, next) => {
    try {
      const claims = await bearer(req);
      if (!claims?.sub)
        return res.status(401).json({ error: 'invalid_token', error_description: 'The token is not valid.' });
      const account = await customers.credentialsById(Number(claims.sub));
      if (!account)
        return res.status(401).json({ error: 'invalid_token', error_description: 'No such user.' });
      return res.json({
        sub: claims.sub,
        email: account.email,
        given_name: account.firstName,
        email_verified: account.isEnabled,
      });
    } catch (error) {
      next(error);
    }
  });

  // --- users ---------------------------------------------------------------------------------------------------
  router.post('/users/check', limited('users'), async (req, res, next) => {
    try {
      const body = isObject(req.body) ? req.body : {};
      const username =
        typeof body.username === 'string' ? body.username : typeof body.email === 'string' ? body.email : '';
      if (username.trim() === '' || username.length > 254) return res.status(400).json({ success: false });
      const account = await customers.credentials(username);
      return res.json({ success: account !== null });
    } catch (error) {
      next(error);
    }
  });

  router.post('/users/resend-activation', limited('users'), async (req, res, next) => {
    try {
      const flow = readFlow(req);
      if (!flow?.u || flow.exp <= clock.now().getTime())
        return fail(res, 400, {
          code: 'INVALID_REQUEST',
          message: 'There is no account to activate in this flow.',
        });
      const account = await customers.credentials(flow.u);
      if (account && !account.isEnabled) {
        const token = await store.createOneTimeToken(account.id, 'verify', VERIFY_TOKEN_TTL_MS);
        await mail.enqueue(
          verificationMail({ to: account.email, firstName: account.firstName, origin: originOf(req), token }),
        );
      }
      return res.json({ success: true });
    } catch (error) {
      next(error);
    }
  });

  router.post('/users/verify', limited('users'), async (req, res, next) => {
    try {
      const body = isObject(req.body) ? req.body : {};
      const token =
        typeof body.token === 'string' ? body.token : typeof body.hash === 'string' ? body.hash : '';
      if (token === '' || token.length > 128)
        return fail(res, 400, {
          code: 'INVALID_TOKEN',
          message: 'The verification link is invalid or has expired.',
        });
      const claim = await store.claimOneTimeToken(token, 'verify');
      if (claim.kind !== 'ok')
        return fail(res, 400, {
          code: 'INVALID_TOKEN',
          message: 'The verification link is invalid or has expired.',
        });
      if (await customers.enable(claim.customerId)) await welcome(req, claim.customerId);
      return res.json({ success: true });
    } catch (error) {
      next(error);
    }
  });

  router.post('/users/password-reset', limited('users'), async (req, res, next) => {
    try {
      const body = isObject(req.body) ? req.body : {};
      const email =
        typeof body.mail === 'string' ? body.mail : typeof body.email === 'string' ? body.email : '';
      if (email.trim() === '') return fail(res, 400, { code: 'INVALID_DATA', message: 'mail is required.' });
      await sendReset(req, email);
      return res.json({ success: true });
    } catch (error) {
      next(error);
    }
  });

  router.use((_req, res) => fail(res, 404, { code: 'NOT_FOUND', message: 'No such endpoint.' }));

  // Malformed JSON or form bodies are the client's fault: a 400, never a 500.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? 500;
    if (status >= 400 && status < 500 && !res.headersSent)
      return fail(res, status, { code: 'INVALID_REQUEST', message: 'The request could not be read.' });
    next(error);
  });
  return router;
}

/** Issues a verification mail outside a flow (sign-up). */
export async function sendVerificationMail(
  deps: { store: ProviderStore; mail: MailService },
  account: { id: number; email: string; firstName: string },
  origin: string,
): Promise<void> {
  const token = await deps.store.createOneTimeToken(account.id, 'verify', VERIFY_TOKEN_TTL_MS);
  await deps.mail.enqueue(
    verificationMail({ to: account.email, firstName: account.firstName, origin, token }),
  );
}

const MAX_BODY_BYTES = 4 * 1024;

/**
 * Parses a JSON or form-encoded body (at most 4 KB) into `req.body`: from the buffer the store's edge already read
 * (`res.locals.body`, server/http/edge.ts) or, mounted elsewhere, from the request itself. Malformed: a 400.
 */
async function readBody(req: Request, res: Response, next: NextFunction) {
  if (req.method !== 'POST') return next();
  try {
    let raw = (res.locals as { body?: Buffer }).body;
    if (raw === undefined) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) break;
        chunks.push(chunk);
      }
      if (size > MAX_BODY_BYTES)
        return res.status(413).json({ code: 'INVALID_REQUEST', message: 'The request body is too large.' });
      raw = Buffer.concat(chunks);
    }
    if (raw.length > MAX_BODY_BYTES)
      return res.status(413).json({ code: 'INVALID_REQUEST', message: 'The request body is too large.' });
    const text = raw.toString('utf8');
    if (req.is('application/json')) {
      req.body = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
    } else if (req.is('application/x-www-form-urlencoded')) {
      req.body = Object.fromEntries(new URLSearchParams(text));
    } else {
      req.body = {};
    }
    return next();
  } catch {
    return res.status(400).json({ code: 'INVALID_REQUEST', message: 'The request could not be read.' });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cookieValue(req: Request, name: string): string | undefined {
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
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString('base64url'));
  return dummy;
}
