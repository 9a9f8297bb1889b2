import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, isCrossSiteRequest } from './security';

const origin = 'https://shop.example';

describe('isCrossSiteRequest', () => {
  test.each([
    // method, Origin, Sec-Fetch-Site, refused?
    ['GET', 'https://evil.example', 'cross-site', false],
    ['HEAD', 'https://evil.example', undefined, false],
    ['OPTIONS', 'https://evil.example', 'cross-site', false],
    ['POST', origin, 'same-origin', false],
    ['POST', origin, undefined, false],
    ['POST', undefined, 'same-origin', false],
    ['POST', undefined, 'none', false],
    ['POST', undefined, undefined, false],
    ['post', origin, undefined, false],
    ['POST', 'https://evil.example', undefined, true],
    ['POST', 'https://evil.example', 'cross-site', true],
    ['POST', undefined, 'cross-site', true],
    ['POST', undefined, 'same-site', true],
    ['POST', origin, 'cross-site', true],
    ['POST', 'null', undefined, true],
    ['POST', 'http://shop.example', undefined, true],
    ['POST', 'https://shop.example:8443', undefined, true],
    ['PUT', 'https://evil.example', undefined, true],
    ['DELETE', undefined, 'cross-site', true],
    ['PATCH', 'https://evil.example', 'same-origin', true],
    ['delete', 'https://evil.example', undefined, true],
  ] as const)(
    '%s with Origin %s and Sec-Fetch-Site %s → refused: %s',
    (method, requestOrigin, secFetchSite, refused) => {
      expect(isCrossSiteRequest(method, { origin: requestOrigin, secFetchSite }, origin)).toBe(refused);
    },
  );
});

describe('contentSecurityPolicy', () => {
  const directives = (policy: string) =>
    new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

  test('allows scripts only from this origin and with this response’s nonce; nothing may frame the page', () => {
    const policy = directives(contentSecurityPolicy('abc123', { development: false }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  test('a shareable page allows its inline scripts by hash, without a nonce', () => {
    const policy = directives(
      contentSecurityPolicy({ hashes: ['aGFzaDE=', 'aGFzaDI='] }, { development: false }),
    );
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-aGFzaDE='", "'sha256-aGFzaDI='"]);
  });

  test('development allows inline styles and the HMR websocket, production does not', () => {
    const development = directives(contentSecurityPolicy('n', { development: true }));
    expect(development.get('style-src')).toContain("'unsafe-inline'");
    expect(development.get('connect-src')).toContain('ws:');
  });
});
