/**
 * The one-click unsubscribe link of marketing mails (issue 26 §2, RFC 8058): `/unsubscribe?email=…&token=…`, the
 * token a keyed hash of the address (case folded), so the link works without signing in and cannot be made for
 * another address. Keys come from `config.keys.unsubscribe`: the first signs, every one verifies.
 */
import crypto from 'node:crypto';

/** 32 base64url characters: 192 bits of the HMAC. */
const TOKEN_LENGTH = 32;

export function unsubscribeToken(key: string, email: string): string {
  return crypto
    .createHmac('sha256', key)
    .update(`unsubscribe\n${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, TOKEN_LENGTH);
}

export function isUnsubscribeToken(keys: readonly string[], email: string, token: string): boolean {
  if (token.length !== TOKEN_LENGTH) return false;
  const given = Buffer.from(token);
  return keys.some((key) => {
    const expected = Buffer.from(unsubscribeToken(key, email));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

/**
 * The link put in a mail (`/unsubscribe`, a page that asks first), or with `oneClick` the address of its
 * `List-Unsubscribe` header (`/unsubscribe/one-click`, which RFC 8058's POST unsubscribes at once).
 */
export function unsubscribeUrl(
  publicUrl: string,
  keys: readonly [string, ...string[]],
  email: string,
  { oneClick = false }: { oneClick?: boolean } = {},
): string {
  const url = new URL(oneClick ? '/unsubscribe/one-click' : '/unsubscribe', publicUrl);
  url.searchParams.set('email', email.trim());
  url.searchParams.set('token', unsubscribeToken(keys[0], email));
  return url.toString();
}

/** RFC 2369 and RFC 8058: the headers a marketing mail carries. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
