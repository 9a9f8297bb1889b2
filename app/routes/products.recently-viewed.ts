/**
 * The cards of the recently viewed strip: GET /products/recently-viewed?ids=12,7,3 (at most 10, newest
 * first). The ids are in the URL, not read from the cookie, so the answer is the same for everyone and
 * cacheable like the catalogue.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { parseIds } from '../components/catalogue/recently-viewed-cookie';
import { CACHE_CATALOGUE } from '../../server/web/cache.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ids = parseIds(new URL(request.url).searchParams.get('ids'));
  const products =
    ids.length === 0
      ? []
      : await context.timing.measure('db', () =>
          context.services.catalogue.getProductCards(ids, context.viewer.priceList),
        );
  return json({ products }, { headers: { 'Cache-Control': CACHE_CATALOGUE } });
}
