/**
 * Decision 074 (issue 23 §2, issue 22 §4): sessions that end. Through the production HTTP app with a real two-step
 * sign-in, then a sign-out (or a password reset), the cookies of the ended session are replayed: the account page
 * sends them to sign-in and clears them, and an add to cart does not reach the customer's cart. On the default
 * engine of the test app.
 */
import crypto from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartLines, carts, mailOutbox } from '../../server/db/schema';
import { DEMO_ACCOUNTS, type DemoAccountKind } from '../../server/db/seed/demo-accounts';
import { generateSeedData } from '../../server/db/seed/index';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

const PRODUCTS = 24;
const seed = generateSeedData({ products: PRODUCTS });
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** A browser's cookie jar, as far as this test needs one. */
class Jar {
  private readonly cookies = new Map<string, string>();
  keep(reply: Reply): void {
    for (const header of reply.headers['set-cookie'] ?? []) {
      const pair = header.split(';', 1)[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  copy(): Jar {
    const jar = new Jar();
    for (const [name, value] of this.cookies) jar.cookies.set(name, value);
    return jar;
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Names of the cookies a reply clears. */
const cleared = (reply: Reply) =>
  (reply.headers['set-cookie'] ?? [])
    .filter((header) => /^[^=]+=;/.test(header))
    .map((header) => header.slice(0, header.indexOf('=')));

describe('a session that has ended is refused everywhere (decision 074)', () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startHttpApp({ products: PRODUCTS });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  async function signIn(kind: DemoAccountKind): Promise<{ jar: Jar; customerId: number }> {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.kind === kind)!;
    const jar = new Jar();
    const emailStep = await app.request('/api/sign-in/email', {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ email: account.email }).toString(),
    });
    jar.keep(emailStep);
    const passwordStep = await app.request('/api/sign-in/password', {
      method: 'POST',
      headers: { ...FORM, Cookie: jar.header() },
      body: new URLSearchParams({ password: account.password, from: '/' }).toString(),
    });
    expect(passwordStep.status).toBe(303);
    jar.keep(passwordStep);
    const customerId = (await app.services.customers.credentials(account.email))!.id;
    return { jar, customerId };
  }

  const accountPage = (jar: Jar) => app.request('/account/profile', { headers: { Cookie: jar.header() } });

  const addToCart = (jar: Jar, variant: { productId: number; id: number }) =>
    app.request('/cart/add', {
      method: 'POST',
      headers: { ...FORM, Cookie: jar.header() },
      body: new URLSearchParams({
        productId: String(variant.productId),
        variantId: String(variant.id),
        quantity: '1',
        _key: crypto.randomBytes(18).toString('base64url'),
      }).toString(),
    });

  /** The quantity in the customer's own carts, from the database. */
  async function customerQuantity(customerId: number): Promise<number> {
    const [row] = await app.services.db
      .select({ quantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.customerId, customerId));
    return Number(row?.quantity ?? 0);
  }

  test('after sign-out, the old cookies open no account page and add nothing to the customer’s cart', async () => {
    const { jar, customerId } = await signIn('consumer');
    const variant = seed.variants.find(
      (candidate) => seed.products.find((product) => product.id === candidate.productId)?.isVisible,
    )!;
    expect((await accountPage(jar)).status).toBe(200);
    const added = await addToCart(jar, variant);
    expect(added.status).toBeLessThan(400);
    const before = await customerQuantity(customerId);
    expect(before).toBeGreaterThan(0);

    const stolen = jar.copy();
    const signedOut = await app.request('/api/sign-out', {
      method: 'POST',
      headers: { ...FORM, Cookie: jar.header() },
      body: '',
    });
    expect(signedOut.status).toBeLessThan(400);

    const page = await accountPage(stolen);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/?login=true');
    expect(cleared(page)).toEqual(expect.arrayContaining(['customer_session', 'customer_token']));

    const replayed = await addToCart(stolen, variant);
    expect(cleared(replayed)).toEqual(expect.arrayContaining(['customer_session', 'customer_token']));
    expect(await customerQuantity(customerId)).toBe(before);
  });

  test('a password reset ends every session of the customer', async () => {
    const first = await signIn('pro');
    const second = await signIn('pro');
    expect((await accountPage(first.jar)).status).toBe(200);
    const ended = await app.services.identity.liveSessions(first.customerId);
    expect(ended.length).toBeGreaterThanOrEqual(2);

    const reset = await app.request('/api/forgot-password', {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ email: 'pro@example.com' }).toString(),
    });
    expect(reset.status).toBeLessThan(500);
    const [mail] = await app.services.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'pro@example.com'))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const code = /[?&](?:token|code)=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeTruthy();
    const outcome = await app.services.identity.resetPassword(code!, 'Another#Pass2026');
    expect(outcome).toEqual({ ok: true });

    for (const jar of [first.jar, second.jar]) {
      const page = await accountPage(jar);
      expect(page.status).toBe(303);
      expect(page.headers.location).toBe('/?login=true');
    }
    expect(await app.services.identity.liveSessions(first.customerId)).toEqual([]);
  });
});
