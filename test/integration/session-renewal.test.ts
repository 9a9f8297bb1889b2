/**
 * Decision 055 (issue 10 §9, "pricing follows without a new sign-in"): after staff approve a customer's pro
 * application, the customer's very next request of any page carries their new group and price list — no account
 * page or new sign-in first — through the production HTTP app with a real two-step sign-in. The renewing request is
 * rendered for the customer (`private, no-store`, it sets the cookies); the next ones get the shared copies of the
 * pro price list again, and a current session costs no profile read. An approval made by another app server is
 * found by the in-memory version check within CATALOGUE_CHECK_MS.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createCustomersService } from '../../server/customers/index.server';
import { DEMO_ACCOUNTS, type DemoAccountKind } from '../../server/db/seed/demo-accounts';
import { generateSeedData } from '../../server/db/seed/index';
import { createLogger } from '../../server/logger';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';
import { productAtOneListPrice } from '../helpers/seed-products';

const PRODUCTS = 24;
/** The seeded Pro Program group (server/db/seed/customer-groups.ts: id 2, 30 %): pro price list `p2`. */
const PRO_PRICE_LIST = 'p2';

const seed = generateSeedData({ products: PRODUCTS });
const product = productAtOneListPrice(seed);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** The page's text without tags and React's text separators. */
const textOf = (reply: Reply) =>
  reply.text
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');

/** Set-Cookie values of a reply as `name → value` ('' for a cleared cookie). */
function cookiesOf(reply: Reply): Record<string, string> {
  return Object.fromEntries(
    (reply.headers['set-cookie'] ?? [])
      .map((header) => header.split(';', 1)[0]!)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/** A browser's cookie jar, as far as these tests need one. */
class Jar {
  private readonly cookies = new Map<string, string>();
  keep(reply: Reply): void {
    for (const [name, value] of Object.entries(cookiesOf(reply))) {
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describe('a session follows the customer’s group on their next request (decision 055)', () => {
  let app: RunningApp;

  async function signIn(kind: DemoAccountKind): Promise<Jar> {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.kind === kind)!;
    const jar = new Jar();
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const emailStep = await app.request('/api/sign-in/email', {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ email: account.email }).toString(),
    });
    jar.keep(emailStep);
    const passwordStep = await app.request('/api/sign-in/password', {
      method: 'POST',
      headers: { ...form, Cookie: jar.header() },
      body: new URLSearchParams({ password: account.password, from: '/' }).toString(),
    });
    expect(passwordStep.status).toBe(303);
    jar.keep(passwordStep);
    expect(jar.get('customer_token')).toBeTruthy();
    return jar;
  }

  const get = async (jar: Jar, pathname: string) => {
    const reply = await app.request(pathname, { headers: { Cookie: jar.header() } });
    jar.keep(reply);
    return reply;
  };

  /** A pending application of the demo account, and its id. */
  async function applied(email: string): Promise<number> {
    const { customers } = app.services;
    const customerId = (await customers.credentials(email))!.id;
    expect(
      await customers.applyToProProgram(customerId, {
        organization: 'Big Sky Outfitters',
        occupation: 'Hunting guide or outfitter',
        details: '',
      }),
    ).toEqual({ ok: true });
    const pending = await customers.pendingProApplications();
    return pending.find((row) => row.customerId === customerId)!.id;
  }

  beforeAll(async () => {
    app = await startHttpApp({ products: PRODUCTS });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  test('approved here: the next page of any kind renews the session, then shared pro pages follow', async () => {
    const jar = await signIn('consumer');
    // A browser that runs scripts: catalogue pages are the shared copies of the viewer's price list.
    jar.set('js', '1');
    const before = await get(jar, product.path);
    expect(before.status).toBe(200);
    expect(textOf(before)).not.toContain('Your price');
    expect(before.headers['cache-control']).toMatch(/^public/);
    expect(jar.get('price_list')).toBeUndefined();

    const applicationId = await applied('consumer@example.com');
    expect(await app.services.customers.decideProApplication(applicationId, 'approved', 1)).toMatchObject({
      ok: true,
    });

    // The next request, a content page (no account page first): the session is made again.
    const token = jar.get('customer_token');
    const next = await get(jar, '/');
    expect(next.status).toBe(200);
    expect(Object.keys(cookiesOf(next))).toEqual(expect.arrayContaining(['customer_session', 'price_list']));
    // The provider's token stays the one the customer signed in with.
    expect(cookiesOf(next)['customer_token'] ?? token).toBe(token);
    expect(next.headers['cache-control']).toBe('private, no-store');
    expect(jar.get('price_list')).toContain(PRO_PRICE_LIST);

    // From here on: pro prices on the shared copy of the pro price list, and no renewal (no profile read).
    const profile = vi.spyOn(app.services.customers, 'profile');
    try {
      const after = await get(jar, product.path);
      expect(after.status).toBe(200);
      expect(after.headers['set-cookie']).toBeUndefined();
      expect(after.headers['cache-control']).toMatch(/^public/);
      expect(textOf(after)).toContain(`Your price ${dollars(product.cents * 0.7)}`);
      expect(textOf(after)).toContain(`Regular price ${dollars(product.cents)}`);
      expect(profile).not.toHaveBeenCalled();
    } finally {
      profile.mockRestore();
    }
  });

  test('a session made before the approval is renewed on a client navigation too (single fetch .data)', async () => {
    const jar = await signIn('promo-approver');
    jar.set('js', '1');
    const applicationId = await applied(DEMO_ACCOUNTS.find((a) => a.kind === 'promo-approver')!.email);
    await app.services.customers.decideProApplication(applicationId, 'approved', 1);
    const data = await get(jar, `${product.path}.data`);
    expect(data.status).toBe(200);
    expect(Object.keys(cookiesOf(data))).toContain('customer_session');
    expect(data.headers['cache-control']).toBe('private, no-store');
  });

  test('approved by another app server: found by the version check within CATALOGUE_CHECK_MS', async () => {
    const jar = await signIn('vip');
    const applicationId = await applied(DEMO_ACCOUNTS.find((a) => a.kind === 'vip')!.email);
    // Another server's service over the same database: this app learns of it only by looking.
    const elsewhere = createCustomersService({
      db: app.services.db,
      logger: createLogger({ level: 'error' }),
    });
    expect(await elsewhere.decideProApplication(applicationId, 'approved', 1)).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, app.services.config.catalogueCheckMs + 50));
    const next = await get(jar, product.path);
    expect(next.status).toBe(200);
    expect(Object.keys(cookiesOf(next))).toContain('customer_session');
    expect(textOf(next)).toContain('Your price');
  });

  test('a failed version look never fails the page', async () => {
    const jar = await signIn('govx');
    const look = vi
      .spyOn(app.services.customers, 'viewerVersionOf')
      .mockRejectedValue(new Error('connection lost'));
    try {
      const page = await get(jar, product.path);
      expect(page.status).toBe(200);
      expect(look).toHaveBeenCalled();
      expect(cookiesOf(page)['customer_session']).toBeUndefined();
      expect(app.takeErrors()).toEqual([]);
    } finally {
      look.mockRestore();
    }
  });

  test('anonymous and current sessions are not renewed', async () => {
    const anonymous = await app.request(product.path);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    const jar = await signIn('shed');
    const page = await get(jar, product.path);
    expect(page.status).toBe(200);
    expect(cookiesOf(page)['customer_session']).toBeUndefined();
  });
});
