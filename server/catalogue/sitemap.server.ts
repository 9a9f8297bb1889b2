import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { productPath } from './slug';

/**
 * The product pages of the sitemap: every visible product at its default colour (the colour marked default,
 * else patterns first in option order, as `defaultColor` picks it), or at `/products/{url}` for a product
 * without colours. One query, ordered by product id so the file is stable between requests.
 */
export async function selectSitemapProductPaths(db: Database): Promise<string[]> {
  const rows = (await db.execute(sql`
    select p.url as url, c.label as label
    from products p
    left join lateral (
      select v.label
      from product_options o
      join product_option_values v on v.option_id = o.id
      where o.product_id = p.id and lower(o.display_name) = 'color'
      order by v.is_default desc, v.is_pattern desc, v.sort_order, v.id
      limit 1
    ) c on true
    where p.is_visible
    order by p.id
  `)) as unknown as
    { rows?: { url: string; label: string | null }[] } | { url: string; label: string | null }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return list.map((row) =>
    row.label ? productPath(row.url, row.label) : `/products/${encodeURIComponent(row.url)}`,
  );
}
