/**
 * SPEC §7 beacons: `POST /api/search/beacon` records a recommendation block's render, impression or click, a
 * basket event or a product view, `{ kind, block?, productIds, sessionId?, pageLoadId? }` as JSON (also
 * `text/plain`, as `navigator.sendBeacon` sends it), or a batch of them, `{ events: [...] }` (at most 20: what
 * the storefront's pages send, recommendation-beacons.ts). Stored for ranking (co-views feed recommendations).
 * 204 when recorded; 400 with a message for a bad body; 405 for other methods. Rate limited per client.
 */
import { json, type ActionFunctionArgs } from '@remix-run/node';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { parseBeacon } from '../../server/search/index.server';

const MAX_BODY_BYTES = 8 * 1024;
const RATE_LIMIT = { limit: 240, windowMs: 60_000 } as const;
const noStore = { 'Cache-Control': CACHE_PRIVATE };

export function loader() {
  return json({ error: 'Method Not Allowed' }, { status: 405, headers: { ...noStore, Allow: 'POST' } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST')
    return json({ error: 'Method Not Allowed' }, { status: 405, headers: { ...noStore, Allow: 'POST' } });
  const limit = await context.services.rateLimiter.hit(`beacon:${context.clientIp}`, RATE_LIMIT);
  if (!limit.allowed)
    return json(
      { error: 'Too many events. Please try again later.' },
      { status: 429, headers: { ...noStore, 'Retry-After': String(limit.retryAfterSeconds) } },
    );
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES)
    return json({ error: 'Request body too large' }, { status: 413, headers: noStore });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ error: 'The body must be JSON' }, { status: 400, headers: noStore });
  }
  const parsed = parseBeacon(body);
  if (!parsed.ok) return json({ error: parsed.error }, { status: 400, headers: noStore });
  await context.timing.measure('db', () => context.services.search.recordBeacons(parsed.value));
  return new Response(null, { status: 204, headers: noStore });
}
