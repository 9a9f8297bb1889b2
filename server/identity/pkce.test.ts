import { describe, expect, test } from 'vitest';
import { codeChallengeS256, newCodeVerifier, verifierMatches, VERIFIER_PATTERN } from './pkce';

describe('PKCE S256', () => {
  test('the challenge is the base64url SHA-256 of the verifier', () => {
    // SHA-256("abc") = ba7816bf…f20015ad (FIPS 180-2), in base64url without padding.
    expect(codeChallengeS256('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });

  test('verifiers are 64 characters of the RFC 7636 alphabet and differ each time', () => {
    const a = newCodeVerifier();
    expect(a).toMatch(VERIFIER_PATTERN);
    expect(a).toHaveLength(64);
    expect(newCodeVerifier()).not.toBe(a);
  });

  test.each([
    ['the verifier of the challenge', (v: string) => v, true],
    ['another verifier', () => newCodeVerifier(), false],
    ['the challenge itself (plain)', (v: string) => codeChallengeS256(v), false],
    ['a too short verifier', (v: string) => v.slice(0, 42), false],
  ])('%s → %s', (_name, pick, expected) => {
    const verifier = newCodeVerifier();
    expect(verifierMatches(pick(verifier), codeChallengeS256(verifier))).toBe(expected);
  });
});
