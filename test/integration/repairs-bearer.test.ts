/**
 * The repair service API with the customer's token as an `Authorization: Bearer` header (SPEC §6, §7 "Repair admin
 * service (bearer token)"), through the production HTTP app: customers sign in for real (the two-step sign-in over
 * HTTP, the embedded provider), then call the API with the token alone, no cookies. A header that is there decides:
 * a forged, signed-off or expired token is a 401 whatever cookies come with it; another customer's repair answers
 * as a missing one (404).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

const MISSING_TOKEN = 'customer_token cookie not found. Authentification failed.';

/** The `name=value` pairs of a reply's Set-Cookie headers. */
function cookiesOf(reply: Reply): Record<string, string> {
  const list = reply.headers['set-cookie'] ?? [];
  return Object.fromEntries(
    list
      .map((header) => header.split(';', 1)[0]!)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

describe('repair service API with a bearer token', () => {
  let app: RunningApp;
  const signedIn: Record<'consumer' | 'pro', { token: string; cookies: Record<string, string> }> =
    {} as never;

  async function signIn(kind: 'consumer' | 'pro') {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.kind === kind)!;
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const emailStep = await app.request('/api/sign-in/email', {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ email: account.email }).toString(),
    });
    expect(cookiesOf(emailStep)).toHaveProperty('signin_flow');
    const passwordStep = await app.request('/api/sign-in/password', {
      method: 'POST',
      headers: { ...form, Cookie: cookieHeader(cookiesOf(emailStep)) },
      body: new URLSearchParams({ password: account.password, from: '/' }).toString(),
    });
    expect(passwordStep.status).toBe(303);
    const cookies = cookiesOf(passwordStep);
    const token = cookies['customer_token']!;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    return { token, cookies };
  }

  async function api(
    pathname: string,
    options: {
      method?: string;
      token?: string;
      authorization?: string;
      cookie?: string;
      body?: unknown;
    } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.authorization) headers.Authorization = options.authorization;
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const reply = await app.request(`/api/repair-admin/${pathname}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    // Every answer is JSON, refusals included (a 500 would be an HTML page: show it and what the app logged).
    if (!reply.headers['content-type']?.startsWith('application/json'))
      throw new Error(`${reply.status} ${reply.text.slice(0, 300)} ${app.takeErrors().join('\n')}`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test states the fields it reads
    const json = JSON.parse(reply.text) as { data?: any; message?: string };
    return { ...reply, ...json };
  }

  beforeAll(async () => {
    app = await startHttpApp();
    signedIn.consumer = await signIn('consumer');
    signedIn.pro = await signIn('pro');
  }, 60_000);

  afterAll(async () => {
    await app?.close();
  });

  test('the token alone is the caller: a draft is created, read and listed', async () => {
    const { token } = signedIn.consumer;
    const line = await firstOrderLine('consumer@example.com');
    const created = await api('createRepair', {
      method: 'POST',
      token,
      body: {
        repair: { reason_for_request: 'warranty' },
        product: { order_line_id: line },
        customer: {
          first_name: 'Casey',
          last_name: 'Consumer',
          phone: '(406)-555-0101',
          email: 'consumer@example.com',
          address1: '1200 Ridge Road',
          city: 'Bozeman',
          state_or_province: 'Montana',
          postal_code: '59715',
          country: 'US',
        },
      },
    });
    expect([created.status, created.data?.status]).toEqual([201, 'draft']);
    const id = created.data.id as number;
    const got = await api(`getRepair/${id}`, { token });
    expect([got.status, got.data.id, got.data.customer.first_name]).toEqual([200, id, 'Casey']);
    const list = await api('getRepairList', { token });
    expect(list.status).toBe(200);
    expect(list.data.map((repair: { id: number }) => repair.id)).toContain(id);

    // Another customer's token: the same repair answers as a missing one (issue 27 §7).
    const other = await api(`getRepair/${id}`, { token: signedIn.pro.token });
    expect([other.status, other.message]).toEqual([404, 'Repair not found.']);
    const otherWrite = await api(`submitRepair/${id}`, { method: 'PUT', token: signedIn.pro.token });
    expect([otherWrite.status, otherWrite.message]).toEqual([404, 'Repair not found.']);
  });

  test('a header that is there decides: a bad one is a 401 even with the cookies of a signed-in customer', async () => {
    const cookie = cookieHeader(signedIn.consumer.cookies);
    // The cookies alone are the caller.
    expect((await api('getRepairList', { cookie })).status).toBe(200);
    const [header, payload, signature] = signedIn.consumer.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) })).toString('base64url'),
      signature,
    ].join('.');
    for (const authorization of [
      `Bearer ${forged}`,
      'Bearer not-a-token',
      `Basic ${Buffer.from('consumer@example.com:x').toString('base64')}`,
    ]) {
      const reply = await api('getRepairList', { authorization, cookie });
      expect([authorization, reply.status, reply.message]).toEqual([authorization, 401, MISSING_TOKEN]);
      // SPEC §4: a 401 from the repair service signs the browser out.
      expect(cookiesOf(reply)['customer_token']).toBe('');
    }
  });

  test('an expired token answers SPEC §8 "Token is Expired."; no token at all the missing-token message', async () => {
    const [header, payload, signature] = signedIn.consumer.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const expired = [
      header,
      Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })).toString(
        'base64url',
      ),
      signature,
    ].join('.');
    const reply = await api('getRepairList', { token: expired });
    expect([reply.status, reply.message]).toEqual([401, 'Token is Expired.']);
    const none = await api('getQuestionsList');
    expect([none.status, none.message]).toEqual([401, MISSING_TOKEN]);
    // The damage catalogue needs no caller, with or without a header.
    expect((await api('damageWarrantyissue', { authorization: 'Bearer nonsense' })).status).toBe(200);
  });

  test('a signed-off token is refused from then on', async () => {
    const { token } = await signIn('consumer');
    expect((await api('getRepairList', { token })).status).toBe(200);
    await app.services.identity.client.signOff(token);
    const reply = await api('getRepairList', { token });
    expect([reply.status, reply.message]).toEqual([401, MISSING_TOKEN]);
    // The first session is another one, and still live.
    expect((await api('getRepairList', { token: signedIn.consumer.token })).status).toBe(200);
  });

  async function customerIdOf(email: string): Promise<number> {
    return (await app.services.customers.credentials(email))!.id;
  }

  async function firstOrderLine(email: string): Promise<number> {
    const history = await app.services.repairs.orderHistory(await customerIdOf(email));
    return history[0]!.orderLineId;
  }
});
