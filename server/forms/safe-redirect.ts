/**
 * The one check of a redirect target that came from a request (`redirectTo` of a form, `?redirectTo=` of a page,
 * a `Referer`): the answer is always a path of this origin. Pure and browser-safe (`server/forms/public.ts`).
 *
 * A value is refused (the fallback is answered) when it is not a string starting with one `/`, is longer than
 * 2 KB, holds a control character or a backslash, fails to parse, or — after the URL parser removed dot segments
 * (`/.//host`, `/mens/..//host`) or after any of up to three rounds of percent-decoding of its path
 * (`/%2F%2Fhost`, `/%252F%252Fhost`, `/%09/host`, `/%5Chost`) — would start with `//` or `/\`, which browsers and
 * proxies read as another host. Malformed escapes are refused rather than thrown.
 */

const BASE = 'http://same-origin.invalid';
const MAX_LENGTH = 2048;
const DECODING_ROUNDS = 3;
/** C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the backslash. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;

/** `pathname + search + hash` of a same-origin path, or null when it names or could name another origin. */
function parsePath(value: string): { path: string; pathname: string } | null {
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  return { path: `${url.pathname}${url.search}${url.hash}`, pathname: url.pathname };
}

/**
 * `to` when it is a safe same-origin path (normalised by the URL parser: dot segments resolved, unsafe characters
 * percent-encoded), otherwise `fallback`.
 */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string') return fallback;
  const value = to.trim();
  if (value.length === 0 || value.length > MAX_LENGTH || UNSAFE.test(value)) return fallback;
  const parsed = parsePath(value);
  if (!parsed) return fallback;
  // A server, proxy or later redirect may decode the path again: no decoding of it may leave this origin.
  let pathname = parsed.pathname;
  for (let round = 0; round < DECODING_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return fallback;
    }
    if (decoded === pathname) break;
    if (UNSAFE.test(decoded)) return fallback;
    const next = parsePath(decoded);
    if (!next) return fallback;
    pathname = next.pathname;
  }
  return parsed.path;
}
