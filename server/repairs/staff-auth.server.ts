/**
 * The repair desk's door: HTTP Basic with the user `staff` and `STAFF_PASSWORD` (compared in constant time), so the
 * staff pages work in any browser without JavaScript and without the customers' sign-in. Without the setting the
 * pages do not exist (404). Failed attempts are rate limited per client address. Cross-site posts are refused by
 * the HTTP layer's Origin check (a browser sends Basic credentials on its own).
 */
import crypto from 'node:crypto';
import type { RateLimiter } from '../rate-limit/index.server';

export const STAFF_USER = 'staff';
const FAILED_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

function digest(value: string): Buffer {
  return crypto.createHash('sha256').update(value, 'utf8').digest();
}

/** Whether an `Authorization` header carries the staff credentials. */
export function isStaffAuthorization(header: string | null, password: string): boolean {
  if (!header || !/^Basic\s+/i.test(header)) return false;
  let decoded: string;
  try {
    decoded = Buffer.from(header.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
  } catch {
    return false;
  }
  return crypto.timingSafeEqual(digest(decoded), digest(`${STAFF_USER}:${password}`));
}

/** Throws the answer for a request that is not the repair desk's: 404 (off), 429 or 401 with the challenge. */
export async function requireStaff(
  request: Request,
  options: { password: string | undefined; rateLimiter: RateLimiter; clientIp: string },
): Promise<void> {
  const noStore = { 'Cache-Control': 'private, no-store' };
  if (!options.password)
    throw new Response(JSON.stringify({ message: 'Page not found.' }), { status: 404, headers: noStore });
  if (isStaffAuthorization(request.headers.get('Authorization'), options.password)) return;
  if (request.headers.get('Authorization')) {
    const hit = await options.rateLimiter.hit(`staff-auth:${options.clientIp}`, FAILED_LIMIT);
    if (!hit.allowed)
      throw new Response(JSON.stringify({ message: 'Too many attempts. Please try again later.' }), {
        status: 429,
        headers: { ...noStore, 'Retry-After': String(hit.retryAfterSeconds) },
      });
  }
  throw new Response(JSON.stringify({ message: 'The repair desk needs its staff sign-in.' }), {
    status: 401,
    headers: { ...noStore, 'WWW-Authenticate': 'Basic realm="Repair desk", charset="UTF-8"' },
  });
}
