/**
 * Issue 23 §3 (decisions 079, 080): behind a TLS terminator. The production HTTP app runs with an https
 * `PUBLIC_URL` and plain http from the terminator (`X-Forwarded-Proto: https`, `TRUST_PROXY=loopback`); the
 * two-step sign-in completes (before: the store fetched its own provider over http, the provider's `Secure` flow
 * cookie never came back, and the password step said "Sign-in could not be completed."), the cookies are
 * `__Host-` and `Secure`, the account page is the customer's, and the token names the configured issuer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts';
import { startHttpApp, type Reply, type RunningApp } from '../helpers/http-app';

const PUBLIC_URL = 'https://shop.example.test';

/** The cookies a browser keeps, as far as this test needs. */
class Jar {
  readonly cookies = new Map<string, string>();
  keep(reply: Reply): void {
    for (const header of reply.headers['set-cookie'] ?? []) {
      const pair = header.split(';', 1)[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describe('sign-in behind a TLS terminator', () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startHttpApp({ env: { PUBLIC_URL, TRUST_PROXY: 'loopback' } });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  /** What the terminator adds to every request it passes on over plain http. */
  const proxied = (extra: Record<string, string> = {}) => ({
    Host: 'shop.example.test',
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-For': '198.51.100.23',
    ...extra,
  });
  const form = (jar: Jar) =>
    proxied({
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: PUBLIC_URL,
      ...(jar.cookies.size > 0 ? { Cookie: jar.header() } : {}),
    });

  it('signs in with Secure __Host- cookies and shows the account', async () => {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.kind === 'consumer')!;
    const jar = new Jar();
    const emailStep = await app.request('/api/sign-in/email', {
      method: 'POST',
      headers: form(jar),
      body: new URLSearchParams({ email: account.email }).toString(),
    });
    expect(emailStep.status).toBeLessThan(400);
    jar.keep(emailStep);
    expect([...jar.cookies.keys()]).toContain('__Host-signin_flow');

    const passwordStep = await app.request('/api/sign-in/password', {
      method: 'POST',
      headers: form(jar),
      body: new URLSearchParams({ password: account.password, from: '/' }).toString(),
    });
    expect(passwordStep.text).not.toContain('Sign-in could not be completed.');
    expect(passwordStep.status).toBe(303);
    const setCookies = passwordStep.headers['set-cookie'] ?? [];
    const session = setCookies.find((header) => header.startsWith('__Host-customer_session='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; Secure/i);
    jar.keep(passwordStep);

    const profile = await app.request('/account/profile', { headers: proxied({ Cookie: jar.header() }) });
    expect(profile.status).toBe(200);
    expect(profile.text).toContain(account.email);
    expect(app.takeErrors()).toEqual([]);

    // The provider's discovery names the configured issuer, not the Host or socket of the request.
    const discovery = await app.request('/idp/.well-known/openid-configuration', {
      headers: proxied({ Host: 'evil.example' }),
    });
    expect(JSON.parse(discovery.text)).toMatchObject({ issuer: `${PUBLIC_URL}/idp` });
  });
});
