/**
 * Reading and writing the cookies of `cookie-registry.ts` on the server: one parser, one signer, one serializer,
 * so that every Set-Cookie carries its definition's attributes (HttpOnly, SameSite, Path, Max-Age, `Secure` and the
 * `__Host-` prefix behind HTTPS) and a signed value can never be forged or moved from one cookie to another.
 *
 * Signing is HMAC-SHA256 over `name=value` under the cookies' own key (keys.ts), with rotation: the first key of
 * the ring signs, any key of it verifies (decision 065). Kept here rather than Remix's `createCookie`, which signs
 * with Web Crypto (asynchronous: the viewer is read synchronously on every request) and stores a different format
 * (every signed cookie of the previous release would read as forged, signing every customer out on deploy).
 */
import crypto from 'node:crypto';
import { parse, serialize } from 'cookie';
import { COOKIES, cookieName, type CookieDefinition, type CookieKey } from './cookie-registry';
import type { Keyring } from './keys';

export { COOKIES, SIGN_OUT_COOKIES, type CookieKey } from './cookie-registry';

/** Longest cookie header we read; browsers send at most about 8 KB, anything beyond is not a real browser. */
const MAX_COOKIE_HEADER = 16 * 1024;

export type CookieJar = Readonly<Record<string, string | undefined>>;

/** The request's cookies by name (first value wins; malformed pairs and oversized headers read as none). */
export function parseCookieHeader(header: string | null | undefined): CookieJar {
  if (!header || header.length > MAX_COOKIE_HEADER) return {};
  try {
    return parse(header) as CookieJar;
  } catch {
    return {};
  }
}

export type CookieOptions = {
  /** The store is served over HTTPS (PUBLIC_URL): `Secure` and, where allowed, the `__Host-` prefix. */
  secure: boolean;
  /** The keys of signed cookies (config `cookies.keys`): the first signs, any verifies. */
  keys: Keyring;
};

function mac(key: string, name: string, value: string): string {
  return crypto.createHmac('sha256', key).update(`${name}=${value}`).digest('base64url');
}

/** `value.mac` under the ring's first key, bound to the cookie's name so it cannot be replayed under another. */
export function signValue(keys: Keyring, name: string, value: string): string {
  return `${value}.${mac(keys[0], name, value)}`;
}

/** The value inside a signed cookie, or null when no key of the ring verifies its signature. */
export function unsignValue(keys: Keyring, name: string, signed: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const verifies = (key: string) => {
    const expected = Buffer.from(mac(key, name, value));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  };
  return keys.some(verifies) ? value : null;
}

/**
 * A cookie's value from the jar: verified when its definition is signed; undefined when absent or forged. Behind
 * HTTPS a cookie with the `__Host-` prefix is read under that name only (issue 27 §5, decision 087): the plain name
 * can be planted by a sibling subdomain or over plain HTTP, so it is ignored; over HTTP (local development) the plain
 * name is the cookie.
 */
export function readCookie(jar: CookieJar, key: CookieKey, options: CookieOptions): string | undefined {
  const definition: CookieDefinition = COOKIES[key];
  const raw = jar[cookieName(definition, options.secure)];
  if (raw === undefined || raw === '') return undefined;
  if (!definition.signed) return raw;
  return unsignValue(options.keys, definition.name, raw) ?? undefined;
}

/** A JSON payload in a signed cookie (base64url), or undefined when absent, forged or malformed. */
export function readJsonCookie<T>(jar: CookieJar, key: CookieKey, options: CookieOptions): T | undefined {
  const value = readCookie(jar, key, options);
  if (value === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The `Set-Cookie` header value that stores `value` under the cookie's definition. */
export function setCookieHeader(
  key: CookieKey,
  value: string,
  options: CookieOptions & { maxAge?: number },
): string {
  const definition: CookieDefinition = COOKIES[key];
  if (definition.writtenBy !== 'server')
    throw new Error(`The ${definition.name} cookie is written by the browser`);
  const name = cookieName(definition, options.secure);
  const stored = definition.signed ? signValue(options.keys, definition.name, value) : value;
  return serialize(name, stored, {
    httpOnly: definition.httpOnly,
    sameSite: definition.sameSite === 'Lax' ? 'lax' : 'strict',
    path: definition.path,
    secure: options.secure,
    ...((options.maxAge ?? definition.maxAge) !== undefined
      ? { maxAge: options.maxAge ?? definition.maxAge }
      : {}),
  });
}

/** A JSON payload in a signed cookie (base64url keeps it free of `;`, `,` and spaces). */
export function setJsonCookieHeader(key: CookieKey, payload: unknown, options: CookieOptions): string {
  return setCookieHeader(key, Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url'), options);
}

/** The `Set-Cookie` header value that removes a cookie (both spellings when it may carry the prefix). */
export function clearCookieHeaders(key: CookieKey, options: { secure: boolean }): string[] {
  const definition: CookieDefinition = COOKIES[key];
  const names = new Set([cookieName(definition, options.secure), definition.name]);
  return [...names]
    .filter((name) => !name.startsWith('__Host-') || options.secure)
    .map((name) =>
      serialize(name, '', {
        httpOnly: definition.httpOnly,
        sameSite: 'lax',
        path: definition.path,
        secure: options.secure || name.startsWith('__Host-'),
        expires: new Date(0),
        maxAge: 0,
      }),
    );
}

/** Expires a cookie this store may not know (SPEC §7's sign-out list), at Path=/. */
export function expireForeignCookieHeader(name: string, options: { secure: boolean }): string {
  return serialize(name, '', { path: '/', expires: new Date(0), maxAge: 0, secure: options.secure });
}
