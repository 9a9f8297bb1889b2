/**
 * What the catalogue tells the search context about its products (issue 12): one search document per product
 * (its text by field, what ranking lifts, and the card shown in suggestions), and the change feed written by
 * the triggers of migration 0002_search (`change-feed.server.ts`), so the search index follows every write to catalogue
 * data. The search
 * context keeps its own table of these documents and never reads the catalogue's tables.
 */
import { sql } from 'drizzle-orm';
import { cardsByIds, type CardSource } from './product-page-cards.server';
import type { CatalogueSearchDocument } from './types';
import { rowsOf } from '../db/rows';

type DocumentRow = {
  id: number;
  sku: string;
  name: string;
  url: string;
  brand_id: number;
  description: string;
  gender: string;
  product_type: string;
  is_visible: boolean;
  created_at: string | Date;
  categories: string | null;
  category_slugs: string | null;
  patterns: string | null;
  colours: string | null;
  technologies: string | null;
  /** The SKUs that can be bought, a JSON array. */
  skus: string | null;
};

/** What search documents need of the inventory and reviews contexts. */
export type SearchDocumentSources = CardSource & {
  /** Which of these SKUs have stock, upper-cased. */
  skusInStock(skus: readonly string[]): Promise<Set<string>>;
};

/**
 * The search documents of the products with these ids (all products when `ids` is undefined), in id order.
 * Ids of products that no longer exist are simply absent. Statements: one for the text, then the stock of their SKUs
 * (inventory) and their ratings (reviews) together, then the cards of the visible ones (four, batched).
 */
export async function selectSearchDocuments(
  sources: SearchDocumentSources,
  ids?: readonly number[],
): Promise<CatalogueSearchDocument[]> {
  const { db } = sources;
  const filter = ids
    ? sql`where p.id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`
    : sql``;
  const result = await db.execute(sql`
    select p.id, p.sku, p.name, p.url, p.brand_id, p.description, p.gender, p.product_type, p.is_visible,
      p.created_at,
      (select string_agg(distinct c.name, ' ') from product_categories pc join categories c on c.id = pc.category_id
        where pc.product_id = p.id and c.is_visible) as categories,
      (select string_agg(distinct c.slug, ' ') from product_categories pc join categories c on c.id = pc.category_id
        where pc.product_id = p.id and c.is_visible) as category_slugs,
      (select string_agg(ov.label, ' ' order by ov.sort_order) from product_options po
        join product_option_values ov on ov.option_id = po.id
        where po.product_id = p.id and lower(po.display_name) = 'color' and ov.is_pattern) as patterns,
      (select string_agg(ov.label, ' ' order by ov.sort_order) from product_options po
        join product_option_values ov on ov.option_id = po.id
        where po.product_id = p.id and lower(po.display_name) = 'color' and not ov.is_pattern) as colours,
      (select string_agg(btrim(t.name, ' "'), ' ') from product_custom_fields f
        cross join lateral unnest(string_to_array(btrim(f.value, '[] '), ',')) as t(name)
        where f.product_id = p.id and f.name = 'technology_badges') as technologies,
      (select json_agg(v.sku) from variants v where v.product_id = p.id and not v.purchasing_disabled)::text
        as skus
    from products p
    ${filter}
    order by p.id`);
  const rows = rowsOf<DocumentRow>(result);
  const skusOf = new Map(
    rows.map((row) => [Number(row.id), row.skus ? (JSON.parse(row.skus) as string[]) : []]),
  );
  const [inStock, ratings] = await Promise.all([
    sources.skusInStock([...skusOf.values()].flat()),
    sources.ratings(rows.map((row) => Number(row.id))),
  ]);
  const visibleIds = rows.filter((row) => row.is_visible).map((row) => Number(row.id));
  const cards = new Map<number, Awaited<ReturnType<typeof cardsByIds>>[number]>();
  for (let start = 0; start < visibleIds.length; start += CARD_BATCH) {
    for (const card of await cardsByIds(sources, visibleIds.slice(start, start + CARD_BATCH))) {
      cards.set(card.id, card);
    }
  }
  return rows.map((row) => {
    const id = Number(row.id);
    const card = cards.get(id);
    const rating = ratings.get(id);
    const defaultSwatch = card?.swatches.find((swatch) => swatch.isDefault) ?? card?.swatches[0];
    return {
      productId: id,
      visible: Boolean(row.is_visible) && card !== undefined,
      sku: row.sku,
      name: row.name,
      url: row.url,
      brandId: Number(row.brand_id),
      description: row.description,
      gender: row.gender,
      productType: row.product_type,
      categories: row.categories ?? '',
      categorySlugs: (row.category_slugs ?? '').split(' ').filter(Boolean),
      patterns: row.patterns ?? '',
      colours: row.colours ?? '',
      technologies: row.technologies ?? '',
      inStock: (skusOf.get(id) ?? []).some((sku) => inStock.has(sku.toUpperCase())),
      ratingScore: rating ? rating.score : null,
      ratingCount: rating ? rating.totalCount : 0,
      createdAt: new Date(row.created_at).toISOString(),
      card: {
        href: card?.href ?? `/products/${encodeURIComponent(row.url)}`,
        imageUrl: card?.image?.url ?? null,
        imageAlt: card?.image?.alt ?? row.name,
        colorLabel: defaultSwatch?.label ?? null,
        pricing: card?.pricing ?? {
          listCents: 0,
          saleCents: null,
          productType: row.product_type,
          excludeProDiscount: false,
          groupPercents: {},
        },
      },
    };
  });
}

const CARD_BATCH = 1000;
