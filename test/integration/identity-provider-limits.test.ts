/**
 * Issue 23 §1 and issue 27 §3 (decision 080): the embedded provider counts shoppers, not the app server. The
 * store's client calls it in process as the shopper whose request runs: 320 e-mail steps from 320 client
 * addresses leave the 321st shopper's sign-in alone, while one address (or one e-mail) is limited as the store's own
 * routes limit it; reset mails are 3 an hour per e-mail; a NUL byte in the provider's JSON is a 400 with a message.
 * On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { createCustomersService } from '../../server/customers/index.server';
import { customerGroups, customers, mailOutbox } from '../../server/db/schema';
import { createIdentityClient, type ProviderReply } from '../../server/identity/client.server';
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
const EMAIL = 'real.customer@example.com';
const CLIENT_ID = 'storefront';
const ISSUER = 'https://shop.example.com/idp';
const TOO_MANY = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' };
const UNSAFE = { code: 'INVALID_DATA', message: 'The request contains characters that are not allowed.' };

describeEachEngine('the provider counts shoppers', ({ database }) => {
  const clock = fixedClock(new Date());
  let transport: ReturnType<typeof inProcessTransport>;
  let client: ReturnType<typeof createIdentityClient>;

  beforeAll(async () => {
    const { db } = database();
    await db.insert(customerGroups).values({ id: 1, name: 'Consumer' }).onConflictDoNothing();
    await db.insert(customers).values({
      email: EMAIL,
      firstName: 'Real',
      lastName: 'Customer',
      passwordHash: await hashPassword(PASSWORD),
      isEnabled: true,
    });
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
      linkOrigin: 'https://shop.example.com',
    });
    transport = inProcessTransport(provider, { issuer: ISSUER });
    client = createIdentityClient({
      issuer: ISSUER,
      clientId: CLIENT_ID,
      clock,
      transport,
      keys: () => store.publicKeys(),
    });
  });

  const postJson = (address: string, path: string, body: string): Promise<ProviderReply> =>
    withClientAddress(address, () =>
      transport({
        method: 'POST',
        url: `${ISSUER}${path}`,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
      }),
    );

  it("320 e-mail steps from 320 addresses leave the 321st shopper's sign-in alone", async () => {
    for (let i = 0; i < 320; i++) {
      const address = `198.51.${Math.floor(i / 200)}.${i % 200}`;
      await withClientAddress(address, async () => {
        expect(await client.checkEmail(`shopper${i}@example.com`)).toBe(false);
        await client.start();
      });
    }
    const outcome = await withClientAddress('203.0.113.50', async () => {
      expect(await client.checkEmail(EMAIL)).toBe(true);
      const { flow } = await client.start();
      return (await client.submitCredentials(flow, EMAIL, PASSWORD)).outcome;
    });
    expect(outcome.kind).toBe('completed');
  });

  it('limits one address as the store limits its e-mail step: 30 checks in 10 minutes', async () => {
    const replies: ProviderReply[] = [];
    for (let i = 0; i < 31; i++)
      replies.push(
        await postJson('192.0.2.1', '/users/check', JSON.stringify({ username: `x${i}@example.com` })),
      );
    expect(replies.slice(0, 30).map((reply) => reply.status)).toEqual(Array(30).fill(200));
    expect(replies[30]!.status).toBe(429);
    expect(JSON.parse(replies[30]!.text)).toEqual(TOO_MANY);
    // Another shopper is not affected.
    expect((await postJson('192.0.2.2', '/users/check', JSON.stringify({ username: EMAIL }))).text).toBe(
      '{"success":true}',
    );
  });

  it('limits one e-mail from many addresses: 20 checks in 10 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await postJson(
            `192.0.2.${100 + i}`,
            '/users/check',
            JSON.stringify({ username: 'Probe@Example.com ' }),
          )
        ).status,
      );
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
  });

  it('mails at most 3 password resets an hour to one address, from any number of client addresses', async () => {
    const { db } = database();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await postJson(`10.9.0.${i}`, '/users/password-reset', JSON.stringify({ mail: EMAIL }))).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const mails = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, EMAIL));
    expect(mails.length).toBe(3);
    // An unknown address answers exactly as a known one does.
    const unknown = await postJson(
      '10.9.1.1',
      '/users/password-reset',
      JSON.stringify({ mail: 'nobody@example.com' }),
    );
    expect({ status: unknown.status, text: unknown.text }).toEqual({ status: 200, text: '{"success":true}' });
    // Another hour: mails again.
    clock.advance(60 * 60_000);
    expect(
      (await postJson('10.9.0.9', '/users/password-reset', JSON.stringify({ mail: EMAIL }))).status,
    ).toBe(200);
  });

  it('answers a NUL byte or a lone surrogate in its JSON with a 400 and a message', async () => {
    const { flow } = await withClientAddress('10.8.0.1', () => client.start());
    for (const [path, body] of [
      ['/users/check', '{"username":"a\\u0000b@example.com"}'],
      ['/users/password-reset', '{"mail":"a\\u0000b@example.com"}'],
      [`/flows/${flow.flowId}`, '{"username":"a\\u0000b@example.com","password":"x"}'],
      ['/users/check', '{"username":"\\ud800@example.com"}'],
      ['/users/check', '{"a\\u0000":"b"}'],
    ] as const) {
      const reply = await postJson('10.8.0.1', path, body);
      expect({ path, status: reply.status, body: JSON.parse(reply.text) as unknown }).toEqual({
        path,
        status: 400,
        body: UNSAFE,
      });
    }
  });
});
