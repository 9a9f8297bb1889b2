import { describe, expect, test } from 'vitest';
import { bearerToken, callerOfRequest, customerOfBearer, tokenExpiry } from './bearer.server';
import { ProviderUnavailableError } from './client.server';

/** A token-shaped string with these claims (unsigned: the provider stand-in below decides what verifies). */
const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"ES256"}', JSON.stringify(claims), 'sig']
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.');

const NOW = new Date('2026-11-24T02:00:00Z');
const LATER = Math.floor(NOW.getTime() / 1000) + 3600;
const EARLIER = Math.floor(NOW.getTime() / 1000) - 1;

describe('the token of an Authorization header', () => {
  const token = jwt({ sub: '7', exp: LATER });
  test.each([
    [null, undefined],
    [undefined, undefined],
    [`Bearer ${token}`, token],
    [`bearer ${token}`, token],
    [`Bearer   ${token} `, token],
    ['Bearer', null],
    ['Bearer ', null],
    [`Basic ${token}`, null],
    [token, null],
    ['Bearer not-a-jwt', null],
    ['Bearer a.b', null],
    ['Bearer a.b.c.d', null],
    [`Bearer ${token} extra`, null],
    [`Bearer ${'a'.repeat(5000)}.${'b'.repeat(1000)}.c`, null],
  ])('%s → %s', (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});

describe('the customer of a bearer token', () => {
  const live = new Set<string>();
  const client = {
    async verify(token: string) {
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        sub?: string;
        forged?: boolean;
      };
      return claims.forged ? null : ({ sub: claims.sub ?? '' } as { sub: string });
    },
    async isLive(token: string) {
      if (token.includes('down')) throw new ProviderUnavailableError(new Error('ECONNREFUSED'));
      return live.has(token);
    },
  };
  const liveToken = jwt({ sub: '7', exp: LATER });
  const signedOff = jwt({ sub: '7', exp: LATER, n: 2 });
  live.add(liveToken);
  const unavailable = `${jwt({ sub: '7', exp: LATER })}down`;

  test.each([
    ['a live token', liveToken, { ok: true, customerId: 7 }],
    ['a header that is not a bearer token', null, { ok: false, reason: 'malformed' }],
    ['an expired token', jwt({ sub: '7', exp: EARLIER }), { ok: false, reason: 'expired' }],
    [
      'a token the keys do not verify',
      jwt({ sub: '7', exp: LATER, forged: true }),
      { ok: false, reason: 'invalid' },
    ],
    ['a signed-off token', signedOff, { ok: false, reason: 'invalid' }],
    ['a token without a customer id', jwt({ sub: 'admin', exp: LATER }), { ok: false, reason: 'invalid' }],
    ['a provider that cannot be reached', unavailable, { ok: false, reason: 'unavailable' }],
  ] as const)('%s', async (_name, token, expected) => {
    expect(await customerOfBearer(token, { client, now: NOW })).toEqual(expected);
  });

  test('the expiry is read without verifying; garbage has none', () => {
    expect(tokenExpiry(jwt({ exp: 1234 }))).toBe(1234);
    expect(tokenExpiry('x.y.z')).toBeNull();
    expect(tokenExpiry('')).toBeNull();
  });
  describe('the caller of an API request: the bearer header when there is one, else the cookies', () => {
    const request = (authorization?: string) =>
      new Request(
        'http://store.test/api',
        authorization ? { headers: { Authorization: authorization } } : {},
      );
    const call = (
      authorization: string | undefined,
      cookie: Parameters<typeof callerOfRequest>[1]['cookie'],
    ) => callerOfRequest(request(authorization), { client, now: NOW, cookie });

    test('no header: the cookies decide (a known customer, a token to verify, or none)', async () => {
      expect(await call(undefined, { customerId: 9 })).toEqual({
        kind: 'customer',
        via: 'cookie',
        customerId: 9,
      });
      expect(await call(undefined, { token: liveToken })).toEqual({
        kind: 'customer',
        via: 'cookie',
        customerId: 7,
      });
      expect(await call(undefined, { token: signedOff })).toEqual({
        kind: 'none',
        via: 'cookie',
        reason: 'invalid',
      });
      expect(await call(undefined, null)).toEqual({ kind: 'none', via: 'cookie', reason: 'missing' });
    });

    test('a header decides alone, whatever the cookies say', async () => {
      expect(await call(`Bearer ${liveToken}`, null)).toEqual({
        kind: 'customer',
        via: 'bearer',
        customerId: 7,
      });
      expect(await call('Basic abc', { customerId: 9 })).toEqual({
        kind: 'none',
        via: 'bearer',
        reason: 'malformed',
      });
      const expired = jwt({ sub: '7', exp: EARLIER });
      expect(await call(`Bearer ${expired}`, { customerId: 9 })).toEqual({
        kind: 'none',
        via: 'bearer',
        reason: 'expired',
      });
      expect(await call(`Bearer ${unavailable}`, { customerId: 9 })).toEqual({
        kind: 'unavailable',
        via: 'bearer',
      });
    });
  });
});
