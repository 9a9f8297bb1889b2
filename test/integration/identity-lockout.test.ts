/**
 * Decision 075 (issue 27 §1): the provider's lockout holds under concurrency. Each attempt is counted before its
 * password is checked, so of 50 concurrent wrong passwords at most 5 reach the password hash (counted by a spy on
 * `verifyPassword`) and the rest are refused with the lockout message; the right password right after is refused
 * too until the 60 s lock ends (fake clock). In process, as the store calls its provider (decision 080), each
 * attempt from its own client address (so the per-address limits of issue 27 §3 do not decide instead), on PGlite
 * and PostgreSQL.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { fixedClock } from '../../server/clock';
import { createCustomersService } from '../../server/customers/index.server';
import { customerGroups, customers } from '../../server/db/schema';
import { createIdentityClient, type IdentityClient } from '../../server/identity/client.server';
import { withClientAddress } from '../../server/identity/client-address.server';
import { inProcessTransport } from '../../server/identity/provider/in-process.server';
import * as passwordHash from '../../server/identity/password-hash';
import { createIdentityProvider } from '../../server/identity/provider/app.server';
import { createProviderStore } from '../../server/identity/provider/store.server';
import { createDatabaseSessionStore } from '../../server/identity/session-store.server';
import { createLogger } from '../../server/logger';
import { createMailService } from '../../server/mail/index.server';
import { createRateLimiter } from '../../server/rate-limit/index.server';
import { describeEachEngine } from '../helpers/database';

vi.mock('../../server/identity/password-hash', async (importOriginal) => {
  const original = await importOriginal<typeof passwordHash>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const PASSWORD = 'Outdoors#2026';
const CLIENT_ID = 'storefront';
const EMAIL = 'guarded@example.com';

describeEachEngine('an atomic sign-in lockout', ({ database }) => {
  const clock = fixedClock(new Date());
  let client: IdentityClient;

  beforeAll(async () => {
    const { db } = database();
    await db.insert(customerGroups).values({ id: 1, name: 'Consumer' }).onConflictDoNothing();
    await db.insert(customers).values({
      email: EMAIL,
      firstName: 'Guar',
      lastName: 'Ded',
      passwordHash: await passwordHash.hashPassword(PASSWORD),
      isEnabled: true,
    });
    const logger = createLogger({ level: 'error', sink: () => {} });
    const issuer = 'https://store.test/idp';
    const provider = createIdentityProvider({
      store: createProviderStore({ db, clock }),
      sessions: createDatabaseSessionStore({ db, clock }),
      customers: createCustomersService({ db, logger }),
      mail: createMailService({ db }),
      rateLimiter: createRateLimiter({ db, clock }),
      clock,
      logger,
      secret: 'a-test-secret-of-at-least-thirty-two-characters',
      clientIds: [CLIENT_ID],
      secure: true,
      issuer,
    });
    client = createIdentityClient({
      issuer,
      clientId: CLIENT_ID,
      clock,
      transport: inProcessTransport(provider, { issuer }),
    });
  });

  it('checks at most 5 of 50 concurrent wrong passwords and refuses the right one until the lock ends', async () => {
    const verify = vi.mocked(passwordHash.verifyPassword);
    verify.mockClear();
    const { flow } = await client.start();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        withClientAddress(`10.0.${i}.1`, () => client.submitCredentials(flow, EMAIL, 'Wrong#Pass1')),
      ),
    );
    const kinds = outcomes.map(({ outcome }) => outcome.kind);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    expect(kinds.filter((kind) => kind === 'wrong-credentials').length).toBeLessThanOrEqual(4);
    expect(kinds.filter((kind) => kind === 'locked').length).toBeGreaterThanOrEqual(45);
    expect(kinds.every((kind) => kind === 'wrong-credentials' || kind === 'locked')).toBe(true);

    verify.mockClear();
    const { flow: fresh } = await client.start();
    const right = await client.submitCredentials(fresh, EMAIL, PASSWORD);
    expect(right.outcome).toEqual({
      kind: 'locked',
      secondsLeft: 60,
      message: 'Too many login attempts. Please try again in 60 seconds.',
    });
    expect(verify).not.toHaveBeenCalled();

    clock.advance(59_000);
    const stillLocked = await client.submitCredentials(fresh, EMAIL, PASSWORD);
    expect(stillLocked.outcome).toEqual({
      kind: 'locked',
      secondsLeft: 1,
      message: 'Too many login attempts. Please try again in 1 seconds.',
    });
    clock.advance(1_000);
    const after = await client.submitCredentials(fresh, EMAIL, PASSWORD);
    expect(after.outcome.kind).toBe('completed');
  });
});
