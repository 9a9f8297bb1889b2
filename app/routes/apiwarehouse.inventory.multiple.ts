/**
 * SPEC §7: GET /apiwarehouse/inventory/multiple?sku=a,b — the anonymous inventory endpoint. It answers the level
 * an anonymous shopper or a consumer can buy of each SKU, its standard stock (SPEC §6, issue 24 §3), in a `data`
 * list; `basedOnSku=true` groups by base SKU. Pro customers' pages use /apiwarehouse/inventory/multiple/auth, whose
 * level counts their pro stock.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { parseSkuList } from '../../server/inventory/index.server';

/** Stock moves: shared caches may keep an answer briefly, as the client cache keeps it 60 s. */
const INVENTORY_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parseSkuList(params.get('sku'));
  if (!parsed.ok)
    return json({ error: parsed.message }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  const { inventory } = context.services;
  const data =
    params.get('basedOnSku') === 'true'
      ? await context.timing.measure('db', () => inventory.getLevelsByBaseSku(parsed.skus, 'anonymous'))
      : await context.timing.measure('db', () => inventory.getLevels(parsed.skus, 'anonymous'));
  return json({ data }, { headers: { 'Cache-Control': INVENTORY_CACHE } });
}
