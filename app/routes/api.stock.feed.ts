/**
 * The stock feed (issue 25 §4, decision 097): `POST /api/stock/feed` with `Authorization: Bearer sft_…` (a token
 * made by `npm run stock-token -- create NAME`) and a JSON batch `{ batchId, items: [{ sku, standard, pro }] }` of
 * absolute quantities. Applied in one transaction, once per batch id: a replay answers the same summary (with
 * `Idempotent-Replayed: true`) and changes nothing. Unknown SKUs are listed in the summary, not applied.
 *
 * A token API, not a form: only the bearer token authenticates, so a request that carries cookies alone (a browser
 * tricked into posting) is a 401 like any other without a token. Limits: per token, and per client address for
 * refused tokens.
 */
import { json, type ActionFunctionArgs } from '@remix-run/node';
import { MAX_FEED_BYTES, parseFeed } from '../../server/inventory/index.server';
import { CACHE_NONE } from '../../server/web/cache.server';

/** Batches one token may send per window. */
export const FEED_TOKEN_LIMIT = { limit: 60, windowMs: 60_000 } as const;
/** Refused tokens one client address may send per window. */
export const FEED_REFUSED_LIMIT = { limit: 20, windowMs: 10 * 60_000 } as const;

const noStore = { 'Cache-Control': CACHE_NONE };

export function loader() {
  return json({ error: 'Method Not Allowed' }, { status: 405, headers: { ...noStore, Allow: 'POST' } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST')
    return json({ error: 'Method Not Allowed' }, { status: 405, headers: { ...noStore, Allow: 'POST' } });
  const { inventory, rateLimiter } = context.services;

  const refusedKey = `stock-feed-refused:${context.clientIp}`;
  const token = await context.timing.measure('db', () =>
    inventory.authenticateFeedToken(request.headers.get('authorization')),
  );
  if (!token) {
    const refused = await rateLimiter.hit(refusedKey, FEED_REFUSED_LIMIT);
    if (!refused.allowed)
      return json(
        { error: 'Too many requests. Please try again later.' },
        { status: 429, headers: { ...noStore, 'Retry-After': String(refused.retryAfterSeconds) } },
      );
    return json(
      { error: 'A valid stock feed token is required (Authorization: Bearer …).' },
      { status: 401, headers: { ...noStore, 'WWW-Authenticate': 'Bearer realm="stock feed"' } },
    );
  }
  const limit = await rateLimiter.hit(`stock-feed:${token.id}`, FEED_TOKEN_LIMIT);
  if (!limit.allowed)
    return json(
      { error: 'Too many batches. Please try again later.' },
      { status: 429, headers: { ...noStore, 'Retry-After': String(limit.retryAfterSeconds) } },
    );

  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    return json({ error: 'Send the batch as application/json.' }, { status: 415, headers: noStore });
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_FEED_BYTES)
    return json({ error: 'The batch is too large.' }, { status: 413, headers: noStore });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ error: 'The body is not valid JSON.' }, { status: 400, headers: noStore });
  }
  const parsed = parseFeed(body);
  if (!parsed.ok)
    return json(
      { error: 'The batch is not valid.', details: parsed.errors },
      { status: 400, headers: noStore },
    );

  const outcome = await context.timing.measure('db', () => inventory.applyFeed(token, parsed.batch));
  if (outcome.kind === 'conflict')
    return json(
      { error: `Batch ${parsed.batch.batchId} was applied before with other content.` },
      { status: 409, headers: noStore },
    );
  context.logger.info('stock feed batch', {
    integration: token.integration,
    batchId: parsed.batch.batchId,
    replayed: outcome.kind === 'replayed',
    updated: outcome.summary.updated,
    unknown: outcome.summary.unknownSkus.length,
    notices: outcome.summary.noticesQueued,
  });
  return json(outcome.summary, {
    status: 200,
    headers: { ...noStore, ...(outcome.kind === 'replayed' ? { 'Idempotent-Replayed': 'true' } : {}) },
  });
}
