/**
 * Issue 27 "Must show": each input that answered 500 at the probe (ids past PostgreSQL's integer, a NUL or a lone
 * surrogate in the provider's JSON and in a tracked event's extra fields) is now a 4xx with a message, on both
 * engines, through the production HTTP app, and sent by the user the handler serves (the promotional order by a
 * promo customer with a promotional cart, the decision by an approval user), so the handler itself reads the id
 * rather than a sign-in redirect answering first. The app logs no error for any of them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKind } from '../../server/db/seed/demo-accounts';
import { generateSeedData } from '../../server/db/seed/index';
import { engines } from '../helpers/database';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

const PRODUCTS = 24;
const seed = generateSeedData({ products: PRODUCTS });
const VARIANT = seed.variants.find(
  (variant) => seed.products.find((product) => product.id === variant.productId)?.isVisible === true,
)!;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const JSON_TYPE = { 'Content-Type': 'application/json' };

describe.each(engines)('inputs that answered 500 answer a 4xx with a message (%s)', (engine) => {
  let app: RunningApp;
  const jars = new Map<DemoAccountKind, Map<string, string>>();

  const cookie = (kind: DemoAccountKind) =>
    [...(jars.get(kind) ?? new Map<string, string>())].map(([n, v]) => `${n}=${v}`).join('; ');
  const keep = (kind: DemoAccountKind, reply: Reply) => {
    const jar = jars.get(kind) ?? new Map<string, string>();
    for (const header of reply.headers['set-cookie'] ?? []) {
      const pair = header.split(';', 1)[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
    jars.set(kind, jar);
  };
  const post = (kind: DemoAccountKind, path: string, fields: Record<string, string>) =>
    app.request(path, {
      method: 'POST',
      headers: { ...FORM, Origin: app.origin, Cookie: cookie(kind) },
      body: new URLSearchParams(fields).toString(),
    });

  async function signIn(kind: DemoAccountKind) {
    const { email } = DEMO_ACCOUNTS.find((account) => account.kind === kind)!;
    keep(kind, await post(kind, '/api/sign-in/email', { email }));
    const reply = await post(kind, '/api/sign-in/password', { password: DEMO_PASSWORD, from: '/' });
    expect(reply.status, `sign-in of ${kind}`).toBe(303);
    keep(kind, reply);
  }

  beforeAll(async () => {
    app = await startHttpApp({ products: PRODUCTS, engine });
    await signIn('promo');
    await signIn('promo-approver');
    // The promo customer's cart is a promotional order (SPEC §4): /promo-order is where it is placed.
    const added = await post('promo', '/cart/add', {
      productId: String(VARIANT.productId),
      variantId: String(VARIANT.id),
      quantity: '1',
    });
    expect(added.status).toBeLessThan(400);
    keep('promo', added);
    const promo = await post('promo', '/cart', { intent: 'promo', promo: 'on' });
    expect(promo.status).toBeLessThan(400);
    keep('promo', promo);
    expect((await app.request('/promo-order', { headers: { Cookie: cookie('promo') } })).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  afterEach(() => {
    const logged = app.takeErrors();
    expect(logged, `the app logged errors:\n${logged.join('\n')}`).toEqual([]);
  });

  test('a variant id over 2^31 added to the cart', async () => {
    for (const variantId of ['2147483648', '9223372036854775808', '1e309', '-1']) {
      const reply = await post('promo', '/cart/add', {
        productId: String(VARIANT.productId),
        variantId,
        quantity: '1',
      });
      expect([variantId, reply.status]).toEqual([variantId, 400]);
      expect(reply.text).toContain('lineItems is Empty. Please insert lineItems!');
    }
  });

  test('an approver id over 2^31 on a promotional order, by the promo customer', async () => {
    const reply = await post('promo', '/promo-order', {
      email: 'promo-probe@example.com',
      approverId: '2147483648',
    });
    expect(reply.status).toBe(400);
    expect(reply.text).toContain('Choose who approves this order.');
  });

  test('an order id over 2^31 (or of no order) in a decision, by the approval user', async () => {
    const over = await post('promo-approver', '/promo-order/approvals', { decision: 'approve:2147483648' });
    expect(over.status).toBe(400);
    expect(over.text).toContain('Choose Approve or Reject.');
    // In range, but no such order: the handler's own answer, still a 4xx with a message.
    const none = await post('promo-approver', '/promo-order/approvals', { decision: 'reject:2147483647' });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
    expect(none.text).toMatch(/<p[^>]*>[^<]+<\/p>|"message"/);
  });

  test('a mail id over 2^31', async () => {
    const reply = await app.request('/mail/2147483648');
    expect(reply.status).toBe(404);
    expect(reply.text).toContain('Not Found');
  });

  test("a NUL or a lone surrogate in the provider's JSON", async () => {
    for (const [path, body] of [
      ['/idp/users/check', '{"username":"a\\u0000b@example.com"}'],
      ['/idp/users/password-reset', '{"mail":"a\\u0000b@example.com"}'],
      ['/idp/flows/AAAAAAAAAAAAAAAAAAAAAAAA', '{"username":"a\\u0000b@example.com","password":"x"}'],
      ['/idp/users/check', '{"username":"\\ud800@example.com"}'],
    ] as const) {
      const reply = await app.request(path, { method: 'POST', headers: { ...JSON_TYPE }, body });
      expect([path, body, reply.status]).toEqual([path, body, 400]);
      expect(reply.text).toContain('The request contains characters that are not allowed.');
    }
  });

  test('a NUL or a lone surrogate in an extra field of a tracked event (JSON or form)', async () => {
    for (const [headers, body] of [
      [JSON_TYPE, '{"email":"a@example.com","event":"page_view","extra":"a\\u0000b"}'],
      [JSON_TYPE, '{"email":"a@example.com","event":"page_view","extra":{"\\ud800":"x"}}'],
      [FORM, 'email=a%40example.com&event=page_view&extra=a%00b'],
      [FORM, 'email=a%40example.com&event=page_view&extra=%ED%A0%80'],
    ] as const) {
      const reply = await app.request('/api/track/event', {
        method: 'POST',
        headers: { ...headers, Origin: app.origin },
        body,
      });
      expect([body, reply.status]).toEqual([body, 400]);
      expect((JSON.parse(reply.text) as { error?: string }).error).toMatch(/\S/);
    }
  });
});
