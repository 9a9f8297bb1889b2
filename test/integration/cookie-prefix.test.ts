/**
 * Issue 27 §5 (decision 087), through the production HTTP app: behind HTTPS (an https PUBLIC_URL) the viewer
 * cookies are read under their `__Host-` names only, so the same validly signed values under the plain names (as a
 * sibling subdomain or plain HTTP could plant them) make nobody signed in; over HTTP the plain names are the
 * cookies. The session behind them is a live record of the pro demo customer.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions } from '../../server/identity/schema';
import { RETAIL, signInCookies } from '../../server/viewer/index.server';
import { startHttpApp, type RunningApp } from '../helpers/http-app';

/** A live session of the pro demo customer and the viewer cookies that name it, as the app would write them. */
async function sessionCookies(app: RunningApp): Promise<string[]> {
  const customerId = (await app.services.customers.credentials('pro@example.com'))!.id;
  const now = new Date();
  const id = crypto.randomBytes(24).toString('base64url');
  await app.services.db.insert(sessions).values({
    id,
    customerId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 60 * 60_000),
  });
  const customer = {
    id: customerId,
    groupId: null,
    groupName: null,
    isGovX: false,
    flags: { promoOrder: false, proUser: false, shedUser: false, dnsFlag: false },
    sessionVersion: 0,
    sessionId: id,
  };
  return signInCookies({ token: 'a.b.c', customer, priceList: RETAIL, now }, app.services.config.cookies)
    .map((header) => header.split(';', 1)[0]!)
    .filter((pair) => !pair.endsWith('=')); // a retail customer's reply clears the price list
}

const signedIn = async (app: RunningApp, pairs: string[]) => {
  const reply = await app.request('/api/personal-state', { headers: { Cookie: pairs.join('; ') } });
  expect(reply.status).toBe(200);
  return (JSON.parse(reply.text) as { signedIn: boolean }).signedIn;
};

describe('behind HTTPS only the __Host- names are read', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startHttpApp({ env: { PUBLIC_URL: 'https://shop.example.test' } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  test('the prefixed cookies sign the customer in; the same values under the plain names do not', async () => {
    expect(app.services.config.cookies.secure).toBe(true);
    const pairs = await sessionCookies(app);
    expect(pairs.map((pair) => pair.slice(0, pair.indexOf('=')))).toEqual([
      '__Host-customer_token',
      '__Host-customer_session',
    ]);
    expect(await signedIn(app, pairs)).toBe(true);
    const plain = pairs.map((pair) => pair.replace(/^__Host-/, ''));
    expect(await signedIn(app, plain)).toBe(false);
    // Planted beside the real ones, the plain names change nothing.
    expect(await signedIn(app, [...plain, ...pairs])).toBe(true);
  });
});

describe('over HTTP (local development) the plain names are the cookies', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startHttpApp();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  test('the plain names sign the customer in', async () => {
    expect(app.services.config.cookies.secure).toBe(false);
    const pairs = await sessionCookies(app);
    expect(pairs.map((pair) => pair.slice(0, pair.indexOf('=')))).toEqual([
      'customer_token',
      'customer_session',
    ]);
    expect(await signedIn(app, pairs)).toBe(true);
  });
});
