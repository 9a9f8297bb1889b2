/**
 * SPEC §7: POST /api/track/event {email or customerId, event, other data}. JSON or a form body; without an
 * e-mail or customer id and an event it answers 400 "Missing required event data" (SPEC §8). Bodies are bounded
 * and each client address may send a bounded number of events per minute (429 with Retry-After beyond it).
 * Cross-site POSTs never get here: the HTTP layer's Origin check refuses them.
 */
import { json, type ActionFunctionArgs } from '@remix-run/node';
import { MISSING_EVENT_DATA } from '../../server/analytics/index.server';
import { CACHE_PRIVATE } from '../../server/web/cache.server';

/** Largest accepted request body, in bytes. */
export const MAX_TRACK_BODY_BYTES = 16 * 1024;
/** Events one client address may send per window. */
export const TRACK_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;

const noStore = { 'Cache-Control': CACHE_PRIVATE };

/** Only POST: a GET (or HEAD) is a 405, not a page. */
export function loader() {
  return json({ error: 'Method Not Allowed' }, { status: 405, headers: { ...noStore, Allow: 'POST' } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST')
    return json({ error: 'Method Not Allowed' }, { status: 405, headers: { ...noStore, Allow: 'POST' } });

  const { analytics, rateLimiter } = context.services;
  const limit = await rateLimiter.hit(`track:${context.clientIp}`, TRACK_RATE_LIMIT);
  if (!limit.allowed)
    return json(
      { error: 'Too many events. Please try again later.' },
      { status: 429, headers: { ...noStore, 'Retry-After': String(limit.retryAfterSeconds) } },
    );

  const body = await readBody(request);
  if (body.kind === 'too-large')
    return json({ error: 'Request body too large' }, { status: 413, headers: noStore });
  if (body.kind === 'unsupported')
    return json({ error: MISSING_EVENT_DATA }, { status: 400, headers: noStore });

  const result = await context.timing.measure('db', () => analytics.track(body.value));
  if (!result.ok) return json({ error: result.error }, { status: 400, headers: noStore });
  return json({ success: true, id: result.id }, { status: 201, headers: noStore });
}

type Body = { kind: 'ok'; value: unknown } | { kind: 'too-large' } | { kind: 'unsupported' };

/** Reads at most MAX_TRACK_BODY_BYTES (whatever Content-Length claims) and parses JSON or a form. */
async function readBody(request: Request): Promise<Body> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_TRACK_BODY_BYTES) return { kind: 'too-large' };
  const text = await readBounded(request);
  if (text === undefined) return { kind: 'too-large' };
  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded')
    return { kind: 'ok', value: Object.fromEntries(new URLSearchParams(text)) };
  // JSON by default: navigator.sendBeacon sends a string as text/plain.
  if (type === 'application/json' || type === 'text/plain' || type === '') {
    try {
      return { kind: 'ok', value: JSON.parse(text) as unknown };
    } catch {
      return { kind: 'unsupported' };
    }
  }
  return { kind: 'unsupported' };
}

async function readBounded(request: Request): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_TRACK_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
