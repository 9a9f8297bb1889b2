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
import { VERIFIER_PATTERN, verifierMatches } from '../pkce';
import { seal } from '../seal.server';
import { isLive } from '../session-store';
import { flowRoutes } from './flows.server';
import {
  bodyParsers,
  CODE_TTL_MS,
  FLOW_COOKIE,
  FLOW_TTL_MS,
  providerKit,
  refuseUnsafeText,
  SESSION_COOKIE,
  TOKEN_TTL_SECONDS,
  type FlowState,
  type ProviderOptions,
  type SessionCookie,
} from './kit.server';
import { SIGNING_ALGORITHM } from './store.server';
import { userRoutes } from './users.server';

export { FLOW_TTL_MS, LOCKOUT_MS, MAX_FAILURES, type ProviderOptions } from './kit.server';

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function createIdentityProvider(options: ProviderOptions): express.Router {
  const kit = providerKit(options);
  const { store, customers, clock, logger } = options;
  const { issuer, readSession, writeFlow, fail, limited, cookieBase } = kit;
  const router = express.Router();

  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(bodyParsers(), refuseUnsafeText());

  async function signAccessToken(req: Request, customerId: number, clientId: string, email: string) {
    const key = await store.signingKey();
    const session = await store.createSession({ customerId, clientId, ttlMs: TOKEN_TTL_SECONDS * 1000 });
    const now = Math.floor(clock.now().getTime() / 1000);
    const token = await new SignJWT({ sid: session.sid, email, scope: 'openid', client_id: clientId })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject(String(customerId))
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL_SECONDS)
      .setJti(crypto.randomUUID())
      .sign(key.privateKey);
    return { token, sid: session.sid };
  }

  /**
   * Whether the provider session `sid` lasts, and the store's session made at the sign-in that issued its token
   * (decision 086) has not ended: a session signed out from the account's session list ends its token here too.
   * A token no store session records yet (between the token exchange and the store's session, or a client that
   * drives the protocol itself) stands on the provider's session alone.
   */
  async function sessionLasts(sid: string): Promise<boolean> {
    if (!(await store.sessionIsLive(sid))) return false;
    const record = await options.sessions.findByProviderSid(sid);
    return record === null || isLive(record, clock.now());
  }

  /** The bearer token's claims when it is ours, unexpired (unless `allowExpired`) and its session is live. */
  async function bearer(req: Request, { allowExpired = false } = {}): Promise<JWTPayload | null> {
    const header = req.get('authorization') ?? '';
    const token = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header)?.[1] ?? (req.query.id_token_hint as string);
    if (typeof token !== 'string' || token === '') return null;
    try {
      const keys = createLocalJWKSet({ keys: await store.publicKeys() });
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        algorithms: [SIGNING_ALGORITHM],
        currentDate: clock.now(),
        ...(allowExpired ? { clockTolerance: TOKEN_TTL_SECONDS * 52 } : {}),
      });
      if (typeof payload.sid !== 'string') return null;
      if (!allowExpired && !(await sessionLasts(payload.sid))) return null;
      return payload;
    } catch {
      return null;
    }
  }

  // --- discovery -----------------------------------------------------------------------------------------------
  router.get('/.well-known/openid-configuration', (_req, res) => {
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
      // As long as verifiers trust the keys they read (decision 079): a retired key drops out within a minute.
      res.setHeader('Cache-Control', 'public, max-age=60');
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
      // A live provider session completes the flow at once (SPEC §4: COMPLETED on load means signed in already),
      // unless the store's session of that sign-in was ended (signed out from the session list).
      const session = readSession(req);
      if (session && session.cid === clientId && (await sessionLasts(session.sid))) {
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

  // --- flows and users ---------------------------------------------------------------------------------------
  flowRoutes(router, kit);
  userRoutes(router, kit);

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

  router.use((_req, res) => fail(res, 404, { code: 'NOT_FOUND', message: 'No such endpoint.' }));

  // Malformed JSON or form bodies are the client's fault: a 400, never a 500.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? 500;
    if (status === 413 && !res.headersSent)
      return fail(res, 413, { code: 'INVALID_REQUEST', message: 'The request body is too large.' });
    if (status >= 400 && status < 500 && !res.headersSent)
      return fail(res, status, { code: 'INVALID_REQUEST', message: 'The request could not be read.' });
    next(error);
  });
  return router;
}
