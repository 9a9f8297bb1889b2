/** PKCE (RFC 7636) with the S256 method only: a random verifier and its SHA-256 challenge. */
import crypto from 'node:crypto';

/** 43–128 characters of [A-Za-z0-9-._~] (RFC 7636 §4.1). */
export const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

export function newCodeVerifier(): string {
  return crypto.randomBytes(48).toString('base64url');
}

export function codeChallengeS256(verifier: string): string {
  return crypto.createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether `verifier` is well-formed and its S256 challenge is `challenge` (constant time). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER_PATTERN.test(verifier)) return false;
  const expected = Buffer.from(codeChallengeS256(verifier));
  const given = Buffer.from(challenge);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
