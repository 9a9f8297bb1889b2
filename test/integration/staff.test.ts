/**
 * Staff accounts with roles (issue 27 §2, decision 088), on PGlite and PostgreSQL: a guesser past the account's
 * limit (or the address's) is refused without a hash, the right password included, at both doors (HTTP Basic and
 * the sign-in page's check); roles are enforced with a 403 and a message; a session is a database record that every
 * app server sees and sign-out ends; and each staff decision records the staff user who made it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fixedClock } from '../../server/clock';
import { createCustomersService } from '../../server/customers/index.server';
import {
  customerGroups,
  customers,
  proProgramApplications,
  repairs,
  staffUsers,
} from '../../server/db/schema';
import * as passwordHash from '../../server/identity/password-hash';
import { createLogger } from '../../server/logger';
import { createDiskStorage, createRepairsService } from '../../server/repairs/index.server';
import { createStaffService, type StaffService } from '../../server/staff/index.server';
import { describeEachEngine } from '../helpers/database';

vi.mock('../../server/identity/password-hash', async (importOriginal) => {
  const original = await importOriginal<typeof passwordHash>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const PASSWORD = 'desk-password-2026';
const COOKIES = { secure: true, keys: ['a-test-key-of-at-least-thirty-two-characters'] as const };
const URL_OF = (pathname: string) => `https://store.example${pathname}`;

function basic(email: string, password: string): Request {
  return new Request(URL_OF('/staff/repairs'), {
    headers: { Authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
}

/** What a refused request is answered: status and message (and Retry-After when locked). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, message: ((await error.json()) as { message: string }).message };
    throw error;
  }
  throw new Error('the request was let in');
}

describeEachEngine('staff accounts with roles', ({ database }) => {
  const clock = fixedClock(new Date('2026-11-28T09:00:00Z'));
  let staff: StaffService;
  /** A second app server over the same database. */
  let elsewhere: StaffService;
  const verify = () => vi.mocked(passwordHash.verifyPassword);

  beforeAll(async () => {
    const { db } = database();
    staff = createStaffService({ db, clock, cookies: COOKIES });
    elsewhere = createStaffService({ db, clock, cookies: COOKIES });
    await staff.accounts.add({ email: 'desk@example.com', password: PASSWORD, roles: ['repairs'] });
    await staff.accounts.add({ email: 'Reviewer@Example.com', password: PASSWORD, roles: ['pro-review'] });
    await staff.accounts.add({ email: 'guarded@example.com', password: PASSWORD, roles: ['repairs'] });
    await staff.accounts.add({ email: 'sprayed@example.com', password: PASSWORD, roles: ['repairs'] });
  });

  it('stores the password as a customer password is stored (scrypt), and refuses a taken e-mail in any case', async () => {
    const [row] = await database()
      .db.select({ passwordHash: staffUsers.passwordHash })
      .from(staffUsers)
      .where(eq(staffUsers.email, 'desk@example.com'));
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
    await expect(
      staff.accounts.add({ email: 'DESK@example.com', password: PASSWORD, roles: ['orders'] }),
    ).rejects.toThrow('A staff account with the e-mail desk@example.com exists already.');
  });

  it('checks at most 5 of 50 concurrent wrong Basic passwords, then refuses the right one without a hash until the lock ends', async () => {
    verify().mockClear();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        refusal(staff.door.require(basic('guarded@example.com', `wrong-${n}`), 'repairs', '192.0.2.10')),
      ),
    );
    expect(verify().mock.calls.length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(4);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(46);
    expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);

    verify().mockClear();
    expect(
      await refusal(staff.door.require(basic('guarded@example.com', PASSWORD), 'repairs', '192.0.2.11')),
    ).toEqual({
      status: 429,
      message: 'Too many login attempts. Please try again in 60 seconds.',
    });
    // The sign-in page's check, on another app server: the same lock.
    expect(
      await elsewhere.authenticate({
        email: 'GUARDED@example.com',
        password: PASSWORD,
        clientIp: '192.0.2.12',
      }),
    ).toEqual({
      kind: 'locked',
      message: 'Too many login attempts. Please try again in 60 seconds.',
      secondsLeft: 60,
    });
    expect(verify()).not.toHaveBeenCalled();

    clock.advance(60_000);
    const user = await staff.door.require(basic('guarded@example.com', PASSWORD), 'repairs', '192.0.2.11');
    expect(user).toMatchObject({ email: 'guarded@example.com', roles: ['repairs'] });
  });

  it('locks an address after 20 failures across accounts: the right password of another account is refused from it', async () => {
    const address = '198.51.100.7';
    for (let n = 0; n < 20; n += 1) {
      // A different (unknown) account each time: no account reaches its own limit.
      await refusal(staff.door.require(basic(`nobody${n}@example.com`, 'guess-guess-1'), 'repairs', address));
    }
    verify().mockClear();
    expect(
      await refusal(staff.door.require(basic('sprayed@example.com', PASSWORD), 'repairs', address)),
    ).toEqual({
      status: 429,
      message: 'Too many attempts. Please try again later.',
    });
    expect(verify()).not.toHaveBeenCalled();
    // From another address the account is not locked.
    expect(
      await staff.door.require(basic('sprayed@example.com', PASSWORD), 'repairs', '198.51.100.8'),
    ).toMatchObject({
      email: 'sprayed@example.com',
    });
  });

  it('enforces roles: a repair-desk user cannot review pro applications (403 with a message)', async () => {
    const request = basic('desk@example.com', PASSWORD);
    expect(await staff.door.require(request, 'repairs', '203.0.113.1')).toMatchObject({
      email: 'desk@example.com',
    });
    expect(await refusal(staff.door.require(request, 'pro-review', '203.0.113.1'))).toEqual({
      status: 403,
      message: 'Your staff account does not have the pro review role.',
    });
    const reviewer = basic('reviewer@example.com', PASSWORD);
    expect(await refusal(staff.door.require(reviewer, 'repairs', '203.0.113.1'))).toEqual({
      status: 403,
      message: 'Your staff account does not have the repair desk role.',
    });
  });

  it('keeps a session as a database record: every app server sees it, sign-out ends it everywhere', async () => {
    const outcome = await staff.authenticate({
      email: 'desk@example.com',
      password: PASSWORD,
      clientIp: '203.0.113.2',
    });
    if (outcome.kind !== 'ok') throw new Error(`not signed in: ${outcome.kind}`);
    const setCookie = await staff.door.startSession(outcome.user);
    expect(setCookie).toMatch(
      /^__Host-staff_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const token = /^__Host-staff_session=([^;]+)/.exec(setCookie)![1]!;
    const withCookie = (name: string) =>
      new Request(URL_OF('/staff/repairs'), { headers: { Cookie: `${name}=${token}` } });

    expect(
      await elsewhere.door.require(withCookie('__Host-staff_session'), 'repairs', '203.0.113.2'),
    ).toMatchObject({
      email: 'desk@example.com',
    });
    // Behind HTTPS only the prefixed name is read.
    expect(await refusal(staff.door.require(withCookie('staff_session'), 'repairs', '203.0.113.2'))).toEqual({
      status: 401,
      message: 'Please sign in with your staff account.',
    });

    const cleared = await elsewhere.door.endSession(withCookie('__Host-staff_session'));
    expect(cleared.join('\n')).toMatch(/__Host-staff_session=;/);
    expect(
      await refusal(staff.door.require(withCookie('__Host-staff_session'), 'repairs', '203.0.113.2')),
    ).toEqual({
      status: 401,
      message: 'Please sign in with your staff account.',
    });
  });

  it('records who quoted a repair, who moved it and who decided a pro application', async () => {
    const { db } = database();
    const desk = await staff.door.require(basic('desk@example.com', PASSWORD), 'repairs', '203.0.113.3');
    const reviewer = await staff.door.require(
      basic('reviewer@example.com', PASSWORD),
      'pro-review',
      '203.0.113.3',
    );
    expect(desk.id).not.toBe(reviewer.id);

    await db.insert(customerGroups).values({ id: 1, name: 'Consumer' }).onConflictDoNothing();
    const [customer] = await db
      .insert(customers)
      .values({
        email: 'owner@example.com',
        firstName: 'Owen',
        lastName: 'Owner',
        isEnabled: true,
        customerGroupId: 1,
      })
      .returning({ id: customers.id });
    const [repair] = await db
      .insert(repairs)
      .values({
        customerId: customer!.id,
        status: 'submitted',
        product: { name: 'Jacket' },
        customerInfo: {},
        submittedAt: clock.now(),
      })
      .returning({ id: repairs.id });
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-decisions-'));
    try {
      const service = createRepairsService({
        db,
        clock,
        storage: createDiskStorage(uploads),
        secret: 'x'.repeat(48),
        orderHistory: async () => [],
        userInfo: async () => null,
        logger: createLogger({ level: 'error', sink: () => {} }),
      });
      await service.setStatus({ repairId: repair!.id, status: 'received', staffUserId: desk.id });
      const [moved] = await db.select().from(repairs).where(eq(repairs.id, repair!.id));
      expect([moved?.status, moved?.statusChangedBy, moved?.quotedBy]).toEqual(['received', desk.id, null]);
      await service.setQuote({ repairId: repair!.id, quoteCents: 4550, reason: null, staffUserId: desk.id });
      const [quoted] = await db.select().from(repairs).where(eq(repairs.id, repair!.id));
      expect([quoted?.status, quoted?.quoteCents, quoted?.quotedBy]).toEqual(['quoted', 4550, desk.id]);
    } finally {
      fs.rmSync(uploads, { recursive: true, force: true });
    }

    const customersService = createCustomersService({
      db,
      logger: createLogger({ level: 'error', sink: () => {} }),
    });
    expect(
      await customersService.applyToProProgram(customer!.id, {
        organization: 'Ridge Outfitters',
        occupation: 'Guide',
        details: '',
      }),
    ).toEqual({ ok: true });
    const [application] = await db
      .select({ id: proProgramApplications.id })
      .from(proProgramApplications)
      .where(eq(proProgramApplications.customerId, customer!.id));
    expect(
      await customersService.decideProApplication(application!.id, 'rejected', reviewer.id),
    ).toMatchObject({
      ok: true,
    });
    const [decided] = await db
      .select({ status: proProgramApplications.status, decidedBy: proProgramApplications.decidedBy })
      .from(proProgramApplications)
      .where(eq(proProgramApplications.id, application!.id));
    expect(decided).toEqual({ status: 'rejected', decidedBy: reviewer.id });
  });
});

afterAll(() => {
  vi.restoreAllMocks();
});
