/**
 * SPEC §7 recommend: `GET /api/search/recommend?tags=a,b&limit=8` (8 by default), or with `lastViewed` and
 * `cart` product ids, up to 10. Errors of the service are swallowed into an empty list (SPEC §7); bad
 * parameters are a 400 with a message.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { CACHE_CATALOGUE, CACHE_NONE } from '../../server/web/cache.server';
import { parseRecommendParams } from '../../server/search/index.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = parseRecommendParams(new URL(request.url).searchParams);
  if (!parsed.ok)
    return json({ error: parsed.error }, { status: 400, headers: { 'Cache-Control': CACHE_NONE } });
  const results = await context.services.search
    .recommend(parsed.value, context.viewer.priceList)
    .catch((error: unknown) => {
      context.logger.warn('Failed to fetch recommendations', {
        error: error instanceof Error ? error.message : String(error),
      });
      return [];
    });
  return json({ results }, { headers: { 'Cache-Control': CACHE_CATALOGUE } });
}
