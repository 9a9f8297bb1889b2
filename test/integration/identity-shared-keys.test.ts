/**
 * Issue 23 §1 (decisions 079, 080): one identity for any number of app servers. Two provider instances (each with
 * its own store, key caches and in-process client, as two app servers have) over one database: a token issued by
 * instance A verifies on instance B, after a key rotation too; a token signed by a retired key is refused on both
 * once the verifiers' key cache (KEY_CACHE_MS) has passed. The issuer is the configured one, whatever the Host.
 * On PGlite and PostgreSQL.
 */
import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { createCustomersService } from '../../server/customers/index.server';
import { customerGroups, customers } from '../../server/db/schema';
import { createIdentityClient, KEY_CACHE_MS } from '../../server/identity/client.server';
import { withClientAddress } from '../../server/identity/client-address.server';
import { hashPassword } from '../../server/identity/password-hash';
import { createIdentityProvider } from '../../server/identity/provider/app.server';
import { inProcessTransport } from '../../server/identity/provider/in-process.server';
import { createProviderStore } from '../../server/identity/provider/store.server';
import { createDatabaseSessionStore } from '../../server/identity/session-store.server';
import { createLogger } from '../../server/logger';
import { createMailService } from '../../server/mail/index.server';
import { createRateLimiter } from '../../server/rate-limit/index.server';
import { describeEachEngine } from '../helpers/database';

const PASSWORD = 'Outdoors#2026';
const EMAIL = 'shared@example.com';
const CLIENT_ID = 'storefront';
const ISSUER = 'https://shop.example.com/idp';

describeEachEngine('one identity on two app servers', ({ database }) => {
  const clock = fixedClock(new Date());
  let customerId: number;

  /** One app server's identity: its own provider store (key cache), provider router and client. */
  function appServer() {
    const { db } = database();
    const logger = createLogger({ level: 'error', sink: () => {} });
    const store = createProviderStore({ db, clock });
    const provider = createIdentityProvider({
      store,
      sessions: createDatabaseSessionStore({ db, clock }),
      customers: createCustomersService({ db, logger }),
      mail: createMailService({ db }),
      rateLimiter: createRateLimiter({ db, clock }),
      clock,
      logger,
      secret: 'a-test-secret-of-at-least-thirty-two-characters',
      clientIds: [CLIENT_ID],
      secure: true,
      issuer: ISSUER,
    });
    const transport = inProcessTransport(provider, { issuer: ISSUER });
    const client = createIdentityClient({
      issuer: ISSUER,
      clientId: CLIENT_ID,
      clock,
      transport,
      keys: () => store.publicKeys(),
    });
    return { store, client, transport };
  }

  let a: ReturnType<typeof appServer>;
  let b: ReturnType<typeof appServer>;

  beforeAll(async () => {
    const { db } = database();
    await db.insert(customerGroups).values({ id: 1, name: 'Consumer' }).onConflictDoNothing();
    const [row] = await db
      .insert(customers)
      .values({
        email: EMAIL,
        firstName: 'Sha',
        lastName: 'Red',
        passwordHash: await hashPassword(PASSWORD),
        isEnabled: true,
      })
      .returning({ id: customers.id });
    customerId = row!.id;
    a = appServer();
    b = appServer();
  });

  /** A whole sign-in through one server's client: the access token. */
  async function tokenFrom(server: ReturnType<typeof appServer>, address = '203.0.113.7') {
    return withClientAddress(address, async () => {
      const { flow } = await server.client.start();
      const { outcome } = await server.client.submitCredentials(flow, EMAIL, PASSWORD);
      if (outcome.kind !== 'completed') throw new Error(`sign-in: ${outcome.kind}`);
      const tokens = await server.client.exchange(outcome.code, flow.verifier);
      if (!tokens) throw new Error('the code was not exchanged');
      return tokens.accessToken;
    });
  }

  const kidOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { kid: string }).kid;

  it('verifies on B a token issued by A, with the configured issuer, and A one issued by B', async () => {
    const fromA = await tokenFrom(a);
    const claims = await b.client.verify(fromA);
    expect(claims?.sub).toBe(String(customerId));
    expect(claims?.iss).toBe(ISSUER);
    expect(await b.client.isLive(fromA)).toBe(true);
    const fromB = await tokenFrom(b);
    expect((await a.client.verify(fromB))?.sub).toBe(String(customerId));
    // Both servers signed with the one key in the database.
    expect(kidOf(fromB)).toBe(kidOf(fromA));
    expect((await a.store.listKeys()).length).toBe(1);
    // The discovery document names the configured issuer, whatever Host the request had.
    const discovery = await a.transport({
      method: 'GET',
      url: `${ISSUER}/.well-known/openid-configuration`,
      headers: { Host: 'evil.example' },
    });
    expect(JSON.parse(discovery.text)).toMatchObject({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks` });
  });

  it('refuses a token of another issuer signed with the shared key', async () => {
    const { db } = database();
    const key = await createProviderStore({ db, clock }).signingKey();
    const now = Math.floor(clock.now().getTime() / 1000);
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setIssuer('http://127.0.0.1:3201/idp')
      .setAudience(CLIENT_ID)
      .setSubject(String(customerId))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key.privateKey);
    expect(await b.client.verify(forged)).toBeNull();
  });

  it('rotates: the new key is published at once, signs a key-cache period later and verifies on B; a retired key verifies nowhere', async () => {
    const before = await tokenFrom(a);
    const oldKid = kidOf(before);
    // The one key that signs cannot be retired before another signs.
    expect(await a.store.retireKey(oldKid)).toBe('signing');

    // Published at once, signing one key-cache period later: by then every server has read it.
    const newKid = await a.store.rotateKey();
    expect(kidOf(await tokenFrom(a))).toBe(oldKid);
    const published = await b.transport({ method: 'GET', url: `${ISSUER}/jwks`, headers: {} });
    expect((JSON.parse(published.text) as { keys: { kid: string }[] }).keys.map((key) => key.kid)).toEqual(
      expect.arrayContaining([oldKid, newKid]),
    );
    clock.advance(KEY_CACHE_MS);
    const after = await tokenFrom(a);
    expect(kidOf(after)).toBe(newKid);
    expect(kidOf(await tokenFrom(b))).toBe(newKid);
    expect((await b.client.verify(after))?.sub).toBe(String(customerId));
    // The old key still verifies until it is retired.
    expect((await b.client.verify(before))?.sub).toBe(String(customerId));

    expect(await a.store.retireKey(oldKid)).toBe('retired');
    // The provider itself reads the keys on each call: its userinfo refuses the token at once.
    expect(await b.client.isLive(before)).toBe(false);
    // Verifiers trust the keys they read for KEY_CACHE_MS at most.
    clock.advance(KEY_CACHE_MS);
    expect(await a.client.verify(before)).toBeNull();
    expect(await b.client.verify(before)).toBeNull();
    expect((await b.client.verify(after))?.sub).toBe(String(customerId));
    const now = await b.transport({ method: 'GET', url: `${ISSUER}/jwks`, headers: {} });
    const kids = (JSON.parse(now.text) as { keys: { kid: string }[] }).keys.map((key) => key.kid);
    expect(kids).toEqual([newKid]);
  });

  it('verifies a key made at once elsewhere (two servers starting together): B reads the keys again', async () => {
    // B has just read the keys; A makes a key that signs at once (as the first start of two servers may).
    const current = await tokenFrom(b);
    expect((await b.client.verify(current))?.sub).toBe(String(customerId));
    clock.advance(1_000);
    const sudden = await a.store.rotateKey({ signsFrom: clock.now() });
    const token = await tokenFrom(a);
    expect(kidOf(token)).toBe(sudden);
    clock.advance(5_000);
    expect((await b.client.verify(token))?.sub).toBe(String(customerId));
  });
});
