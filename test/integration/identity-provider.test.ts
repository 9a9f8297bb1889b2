/**
 * The embedded sign-in provider's protocol (SPEC §7, issue 10 "Must show"), spoken over real HTTP by the
 * storefront's own client (tough-cookie jar per flow) and, where the client would never send it, by hand: wrong
 * verifier, reused and expired codes, a plain code_challenge_method, an expired flow, the lockout, single logout
 * refusing the signed-out token, activation, and password reset with single-use links. On PGlite and PostgreSQL.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { createCustomersService } from '../../server/customers/index.server';
import { customerGroups, customers, mailOutbox } from '../../server/db/schema';
import { createIdentityClient, type IdentityClient } from '../../server/identity/client.server';
import { hashPassword } from '../../server/identity/password-hash';
import { codeChallengeS256, newCodeVerifier } from '../../server/identity/pkce';
import { createIdentityProvider, FLOW_TTL_MS } from '../../server/identity/provider/app.server';
import { createProviderStore } from '../../server/identity/provider/store.server';
import { createDatabaseSessionStore } from '../../server/identity/session-store.server';
import { createLogger } from '../../server/logger';
import { createMailService } from '../../server/mail/index.server';
import { createRateLimiter } from '../../server/rate-limit/index.server';
import { describeEachEngine } from '../helpers/database';

const PASSWORD = 'Outdoors#2026';
const CLIENT_ID = 'storefront';

describeEachEngine('sign-in provider protocol', ({ database }) => {
  const clock = fixedClock(new Date());
  let server: http.Server;
  let base: string;
  let client: IdentityClient;
  let ids: { enabled: number; disabled: number; resetter: number };

  beforeAll(async () => {
    const { db } = database();
    const hash = await hashPassword(PASSWORD);
    await db.insert(customerGroups).values({ id: 1, name: 'Consumer' }).onConflictDoNothing();
    const rows = await db
      .insert(customers)
      .values([
        {
          email: 'Enabled@Example.com',
          firstName: 'Ena',
          lastName: 'Bled',
          passwordHash: hash,
          isEnabled: true,
        },
        {
          email: 'disabled@example.com',
          firstName: 'Dis',
          lastName: 'Abled',
          passwordHash: hash,
          isEnabled: false,
        },
        {
          email: 'resetter@example.com',
          firstName: 'Re',
          lastName: 'Setter',
          passwordHash: hash,
          isEnabled: true,
        },
      ])
      .returning({ id: customers.id, email: customers.email });
    const idOf = (prefix: string) => rows.find((row) => row.email.toLowerCase().startsWith(prefix))!.id;
    ids = { enabled: idOf('enabled'), disabled: idOf('disabled'), resetter: idOf('resetter') };

    // The provider's issuer is its configured URL (decision 079): the server listens before it is made.
    server = http.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp`;
    const app = express();
    app.use(
      '/idp',
      createIdentityProvider({
        store: createProviderStore({ db, clock }),
        sessions: createDatabaseSessionStore({ db, clock }),
        customers: createCustomersService({ db, logger: createLogger({ level: 'error', sink: () => {} }) }),
        mail: createMailService({ db }),
        rateLimiter: createRateLimiter({ db, clock }),
        clock,
        logger: createLogger({ level: 'error', sink: () => {} }),
        secret: 'a-test-secret-of-at-least-thirty-two-characters',
        clientIds: [CLIENT_ID],
        secure: false,
        issuer,
        linkOrigin: 'http://store.test',
      }),
    );
    server.on('request', app);
    base = issuer;
    client = createIdentityClient({ issuer, clientId: CLIENT_ID, clock });
  });

  afterAll(async () => {
    server?.close();
  });

  /** A flow through to its code, by the client. */
  async function codeFor(username: string, password = PASSWORD) {
    const { flow } = await client.start();
    const { outcome } = await client.submitCredentials(flow, username, password);
    if (outcome.kind !== 'completed') throw new Error(`expected a code, got ${outcome.kind}`);
    return { code: outcome.code, verifier: flow.verifier };
  }

  const tokenRequest = (form: Record<string, string>) =>
    fetch(`${base}/as/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  async function latestMail(to: string) {
    const [mail] = await database()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return mail;
  }

  const tokenIn = (text: string) => /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  it('completes a flow: code for a JWT the JWKS verifies; single logout makes the token useless', async () => {
    const { flow, code: early } = await client.start();
    expect(early).toBeNull();
    expect(flow.status).toBe('USERNAME_PASSWORD_REQUIRED');
    // The flow state is the provider's cookie, kept in this flow's jar.
    expect(JSON.stringify(flow.jar)).toContain('idp_flow');
    const { outcome } = await client.submitCredentials(flow, 'enabled@example.com', PASSWORD);
    expect(outcome.kind).toBe('completed');
    const tokens = await client.exchange((outcome as { code: string }).code, flow.verifier);
    expect(tokens?.expiresIn).toBe(7 * 24 * 60 * 60);
    const claims = await client.verify(tokens!.accessToken);
    expect(claims?.sub).toBe(String(ids.enabled));
    expect(claims?.aud).toBe(CLIENT_ID);
    expect(await client.isLive(tokens!.accessToken)).toBe(true);

    await client.signOff(tokens!.accessToken);
    expect(await client.isLive(tokens!.accessToken)).toBe(false);
    // A second sign-in gets a new session and token.
    const again = await codeFor('enabled@example.com');
    const second = await client.exchange(again.code, again.verifier);
    expect(second!.accessToken).not.toBe(tokens!.accessToken);
    expect((await client.verify(second!.accessToken))?.sid).not.toBe(claims?.sid);
  });

  it('refuses a wrong verifier, and the code is burnt by the attempt', async () => {
    const { code, verifier } = await codeFor('enabled@example.com');
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: newCodeVerifier(),
      client_id: CLIENT_ID,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await client.exchange(code, verifier)).toBeNull();
  });

  it('refuses a missing verifier, a JSON body and another grant type', async () => {
    const { code } = await codeFor('enabled@example.com');
    const missing = await tokenRequest({ grant_type: 'authorization_code', code, client_id: CLIENT_ID });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });
    const json = await fetch(`${base}/as/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', code, client_id: CLIENT_ID }),
    });
    expect(json.status).toBe(400);
    const password = await tokenRequest({ grant_type: 'password', code, client_id: CLIENT_ID });
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('refuses a reused code', async () => {
    const { code, verifier } = await codeFor('enabled@example.com');
    expect(await client.exchange(code, verifier)).not.toBeNull();
    const reused = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: CLIENT_ID,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The authorization code has already been used.',
    });
  });

  it('refuses an expired code (60 s)', async () => {
    const { code, verifier } = await codeFor('enabled@example.com');
    clock.advance(61_000);
    expect(await client.exchange(code, verifier)).toBeNull();
  });

  it('refuses a plain code_challenge_method and other malformed authorize requests', async () => {
    const verifier = newCodeVerifier();
    const query = (changes: Record<string, string>) =>
      new URLSearchParams({
        client_id: CLIENT_ID,
        response_type: 'code',
        response_mode: 'pi.flow',
        scope: 'openid',
        code_challenge: codeChallengeS256(verifier),
        code_challenge_method: 'S256',
        ...changes,
      });
    const plain = await fetch(
      `${base}/as/authorize?${query({ code_challenge_method: 'plain', code_challenge: verifier })}`,
    );
    expect(plain.status).toBe(400);
    expect(await plain.json()).toEqual({
      error: 'invalid_request',
      error_description: 'code_challenge_method must be S256.',
    });
    for (const [changes, error] of [
      [{ client_id: 'someone-else' }, 'invalid_client'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_mode: 'query' }, 'invalid_request'],
      [{ scope: 'profile' }, 'invalid_scope'],
      [{ code_challenge: 'short' }, 'invalid_request'],
    ] as const) {
      const response = await fetch(`${base}/as/authorize?${query(changes)}`);
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
  });

  it('refuses an expired flow and one it does not know', async () => {
    const { flow } = await client.start();
    clock.advance(FLOW_TTL_MS + 1_000);
    const { outcome } = await client.submitCredentials(flow, 'enabled@example.com', PASSWORD);
    expect(outcome).toEqual({ kind: 'flow-gone' });
    const unknown = await fetch(`${base}/flows/not-a-flow-of-ours-1234`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const { flow } = await client.start();
    const response = await fetch(`${base}/flows/${flow.flowId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":',
    });
    expect(response.status).toBe(400);
  });

  it('locks an account out for 60 s after five wrong passwords, whatever is tried during it', async () => {
    const { flow } = await client.start();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const { outcome } = await client.submitCredentials(flow, 'enabled@example.com', 'Wrong#Pass1');
      expect(outcome, `attempt ${attempt}`).toEqual({ kind: 'wrong-credentials' });
    }
    const fifth = await client.submitCredentials(flow, 'enabled@example.com', 'Wrong#Pass1');
    expect(fifth.outcome).toEqual({
      kind: 'locked',
      secondsLeft: 60,
      message: 'Too many login attempts. Please try again in 60 seconds.',
    });
    clock.advance(15_000);
    // The right password is refused too, with the seconds left, even in a new flow.
    const { flow: fresh } = await client.start();
    const during = await client.submitCredentials(fresh, 'ENABLED@example.com', PASSWORD);
    expect(during.outcome).toEqual({
      kind: 'locked',
      secondsLeft: 45,
      message: 'Too many login attempts. Please try again in 45 seconds.',
    });
    clock.advance(45_000);
    const after = await client.submitCredentials(fresh, 'enabled@example.com', PASSWORD);
    expect(after.outcome.kind).toBe('completed');
  });

  it('says an account is not enabled only for the right password; resend and verification enable it once', async () => {
    const { flow } = await client.start();
    const wrong = await client.submitCredentials(flow, 'disabled@example.com', 'Wrong#Pass1');
    expect(wrong.outcome).toEqual({ kind: 'wrong-credentials' });
    const right = await client.submitCredentials(wrong.flow, 'disabled@example.com', PASSWORD);
    expect(right.outcome).toEqual({ kind: 'not-enabled' });

    expect(await client.resendActivation(right.flow)).toBe(true);
    const mail = await latestMail('disabled@example.com');
    expect(mail?.template).toBe('account-verification');
    expect(mail?.text).toContain('http://store.test/account/verify?token=');
    const token = tokenIn(mail!.text);
    expect(await client.verifyEmail(token)).toBe(true);
    expect(await client.verifyEmail(token)).toBe(false);
    const [row] = await database().db.select().from(customers).where(eq(customers.id, ids.disabled));
    expect(row?.isEnabled).toBe(true);
    // The account became active once, so one welcome mail, linking to sign-in.
    const mails = await database()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'disabled@example.com'));
    const welcomes = mails.filter((m) => m.template === 'welcome');
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]?.text).toContain('http://store.test/?login=true');
    expect(
      (await client.submitCredentials((await client.start()).flow, 'disabled@example.com', PASSWORD)).outcome
        .kind,
    ).toBe('completed');
  });

  it('resets a password with a single-use mailed code, answering the same for unknown addresses', async () => {
    const before = await database().db.select().from(mailOutbox);
    expect(await client.requestPasswordReset('nobody@example.com')).toBe(true);
    expect(await database().db.select().from(mailOutbox)).toHaveLength(before.length);

    // Account recovery inside a flow: {} starts it, {username} mails the code.
    const { flow } = await client.start();
    const started = await fetch(`${base}/flows/${flow.flowId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookieOf(flow) },
      body: '{}',
    });
    expect(await started.json()).toMatchObject({ status: 'RECOVERY_USERNAME_REQUIRED' });
    const checked = await fetch(`${base}/flows/${flow.flowId}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: started.headers.getSetCookie()[0]!.split(';')[0]!,
      },
      body: JSON.stringify({ username: 'resetter@example.com' }),
    });
    expect(await checked.json()).toMatchObject({ status: 'RECOVERY_CODE_REQUIRED' });
    const mail = await latestMail('resetter@example.com');
    expect(mail?.template).toBe('password-reset');
    const code = tokenIn(mail!.text);

    expect(await client.resetPassword(code, 'weak')).toMatchObject({ ok: false });
    expect(await client.resetPassword(code, 'Brand#New2026')).toEqual({ ok: true });
    expect(await client.resetPassword(code, 'Other#New2026')).toEqual({
      ok: false,
      message: 'The reset link is invalid or has expired.',
    });
    const old = await client.submitCredentials((await client.start()).flow, 'resetter@example.com', PASSWORD);
    expect(old.outcome).toEqual({ kind: 'wrong-credentials' });
    const renewed = await client.submitCredentials(
      (await client.start()).flow,
      'resetter@example.com',
      'Brand#New2026',
    );
    expect(renewed.outcome.kind).toBe('completed');
    // The account was active already: a reset sends no welcome mail.
    const resetterMails = await database()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'resetter@example.com'));
    expect(resetterMails.map((m) => m.template)).not.toContain('welcome');
    const stored = await database()
      .db.select({ passwordHash: customers.passwordHash })
      .from(customers)
      .where(and(eq(customers.id, ids.resetter)));
    expect(stored[0]?.passwordHash).toMatch(/^scrypt\$/);
  });

  it('answers the e-mail check and serves its keys', async () => {
    expect(await client.checkEmail('ENABLED@example.com')).toBe(true);
    expect(await client.checkEmail('nobody@example.com')).toBe(false);
    const jwks = (await (await fetch(`${base}/jwks`)).json()) as { keys: { kty: string; d?: string }[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((key) => key.kty === 'EC' && key.d === undefined)).toBe(true);
  });
});

/** The `Cookie` header a flow's jar sends to the provider. */
function cookieOf(flow: { jar: unknown }): string {
  const cookies = (flow.jar as { cookies: { key: string; value: string }[] }).cookies;
  return cookies.map((cookie) => `${cookie.key}=${cookie.value}`).join('; ');
}
