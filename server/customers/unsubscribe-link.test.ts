import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { isUnsubscribeToken, unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from './unsubscribe-link';

const key = 'k'.repeat(43);
const oldKey = 'o'.repeat(43);
/** The oracle: HMAC-SHA256 of "unsubscribe\n" + the lower-cased address, base64url, 32 characters. */
const expected = (k: string, email: string) =>
  crypto.createHmac('sha256', k).update(`unsubscribe\n${email}`).digest('base64url').slice(0, 32);

describe('unsubscribe links', () => {
  test('the token is the keyed hash of the case-folded address', () => {
    expect(unsubscribeToken(key, ' Hunter@Example.COM ')).toBe(expected(key, 'hunter@example.com'));
  });

  test.each([
    ['its own token', 'a@example.com', expected(key, 'a@example.com'), true],
    ['the same address in other case', 'A@Example.com', expected(key, 'a@example.com'), true],
    ['a token made under a previous key', 'a@example.com', expected(oldKey, 'a@example.com'), true],
    ['another address’s token', 'b@example.com', expected(key, 'a@example.com'), false],
    ['a token under an unknown key', 'a@example.com', expected('x'.repeat(43), 'a@example.com'), false],
    ['a shortened token', 'a@example.com', expected(key, 'a@example.com').slice(0, 31), false],
    ['an empty token', 'a@example.com', '', false],
    ['a multi-byte token of the right length', 'a@example.com', 'é'.repeat(32), false],
  ])('%s → %s', (_name, email, token, valid) => {
    expect(isUnsubscribeToken([key, oldKey], email, token)).toBe(valid);
  });

  test('the URL names the address and its token under the first key, and the headers follow RFC 8058', () => {
    const url = unsubscribeUrl('https://shop.example', [key, oldKey], 'a+b@example.com');
    expect(url).toBe(
      `https://shop.example/unsubscribe?email=a%2Bb%40example.com&token=${expected(key, 'a+b@example.com')}`,
    );
    expect(unsubscribeUrl('https://shop.example', [key], 'a+b@example.com', { oneClick: true })).toBe(
      `https://shop.example/unsubscribe/one-click?email=a%2Bb%40example.com&token=${expected(key, 'a+b@example.com')}`,
    );
    expect(unsubscribeHeaders(url)).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
