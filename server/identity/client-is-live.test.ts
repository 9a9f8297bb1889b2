import { describe, expect, test } from 'vitest';
import { createIdentityClient, type ProviderRequest } from './client.server';

/** The provider's userinfo answer → whether the store takes the token as still honoured. */
describe('isLive', () => {
  test.each([
    [200, true],
    [401, false],
    [403, false],
    [404, false],
    // The provider's own rate limit is no refusal: the store's session record decides (decision 074).
    [429, true],
  ])('userinfo %i → %s', async (status, live) => {
    const seen: ProviderRequest[] = [];
    const client = createIdentityClient({
      issuer: 'https://shop.example/idp',
      clientId: 'storefront',
      clock: { now: () => new Date('2026-11-28T12:00:00Z') },
      keys: async () => [],
      transport: async (request) => {
        seen.push(request);
        return { status, setCookies: [], text: '{}' };
      },
    });
    expect(await client.isLive('a.b.c')).toBe(live);
    expect(
      seen.map((request) => [
        request.method,
        request.url,
        request.headers.Authorization ?? request.headers.authorization,
      ]),
    ).toEqual([['GET', 'https://shop.example/idp/as/userinfo', 'Bearer a.b.c']]);
  });
});
