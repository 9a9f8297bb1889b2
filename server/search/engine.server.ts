/**
 * The search engine on the database (issue 12): PostgreSQL full-text search over weighted fields with English
 * stemming, pg_trgm for corrections, synonyms from data, and ranking that lifts in-stock, well-rated and new
 * products. Plain SQL that PGlite and PostgreSQL run alike; `rowsOf` evens out their result shapes.
 *
 * Indexing: `writeDocuments` upserts the catalogue's search documents (the tsvectors are computed here, in SQL),
 * `rebuildLexicon` recomputes the words corrections choose from. Querying: `analyzeTokens` decides per token
 * whether it is known and what it may have meant; `rankProducts` returns the matching ids, best first.
 */
import { sql } from 'drizzle-orm';
import type { CatalogueSearchDocument } from '../catalogue/index.server';
import type { Database } from '../db/database.server';
import { groupTsQuery, normalizeQuery, type TokenGroup } from './query';
import { rowsOf } from '../db/rows';

const WRITE_BATCH = 1000;

/** Product type → the words a shopper uses for it (the facet labels), indexed with the category path. */
const TYPE_WORDS: Record<string, string> = {
  jacket: 'jacket jackets',
  vest: 'vest vests',
  pant: 'pant pants',
  bib: 'bib bibs',
  shirt: 'shirt shirts',
  hoody: 'hoody hoodies',
  baselayer: 'baselayer baselayers',
  glove: 'glove gloves',
  hat: 'hat hats',
  pack: 'pack packs',
  gaiter: 'gaiter gaiters',
  wader: 'wader waders',
  boot: 'boot boots',
  accessory: 'accessory accessories',
};

/** Upserts documents (a new `seq` each); ids in `missing` (gone from the catalogue) are hidden. */
export async function writeDocuments(
  db: Database,
  documents: readonly CatalogueSearchDocument[],
  missing: readonly number[] = [],
): Promise<void> {
  for (let start = 0; start < documents.length; start += WRITE_BATCH) {
    const batch = documents.slice(start, start + WRITE_BATCH).map((doc) => ({
      product_id: doc.productId,
      visible: doc.visible,
      name: doc.name,
      name_norm: normalizeQuery(doc.name),
      sku: doc.sku,
      url: doc.url,
      brand_id: doc.brandId,
      gender: doc.gender,
      product_type: doc.productType,
      type_words: `${doc.productType} ${TYPE_WORDS[doc.productType] ?? ''} ${doc.gender}`,
      categories: doc.categories,
      patterns: doc.patterns,
      colours: doc.colours,
      technologies: doc.technologies,
      description: doc.description,
      tags: [...doc.categorySlugs, doc.productType, doc.gender.toLowerCase()],
      in_stock: doc.inStock,
      rating_score: doc.ratingScore,
      rating_count: doc.ratingCount,
      product_created_at: doc.createdAt,
      card: doc.card,
    }));
    await db.execute(sql`
      insert into search_documents (product_id, visible, name, name_norm, sku, url, brand_id, gender, product_type,
        categories, patterns, colours, technologies, description, tags, document, words, in_stock, rating_score,
        rating_count, product_created_at, card, seq)
      select r.product_id, r.visible, r.name, r.name_norm, r.sku, r.url, r.brand_id, r.gender, r.product_type,
        r.categories, r.patterns, r.colours, r.technologies, r.description, r.tags,
        setweight(to_tsvector('english', r.name), 'A')
          || setweight(to_tsvector('english', r.categories || ' ' || r.type_words), 'B')
          || setweight(to_tsvector('english', r.patterns || ' ' || r.colours || ' ' || r.technologies), 'C')
          || setweight(to_tsvector('english', r.description), 'D'),
        to_tsvector('simple', concat_ws(' ', r.name, r.categories, r.type_words, r.patterns, r.colours,
          r.technologies, r.description)),
        r.in_stock, r.rating_score, r.rating_count, r.product_created_at, r.card, nextval('search_documents_seq')
      from json_to_recordset(${JSON.stringify(batch)}::json) as r(product_id int, visible boolean, name text,
        name_norm text, sku text, url text, brand_id int, gender text, product_type text, type_words text,
        categories text, patterns text, colours text, technologies text, description text, tags jsonb,
        in_stock boolean, rating_score real, rating_count int, product_created_at timestamptz, card jsonb)
      on conflict (product_id) do update set visible = excluded.visible, name = excluded.name,
        name_norm = excluded.name_norm, sku = excluded.sku, url = excluded.url, brand_id = excluded.brand_id,
        gender = excluded.gender, product_type = excluded.product_type, categories = excluded.categories,
        patterns = excluded.patterns, colours = excluded.colours, technologies = excluded.technologies,
        description = excluded.description, tags = excluded.tags, document = excluded.document,
        words = excluded.words, in_stock = excluded.in_stock, rating_score = excluded.rating_score,
        rating_count = excluded.rating_count, product_created_at = excluded.product_created_at,
        card = excluded.card, seq = excluded.seq`);
  }
  if (missing.length > 0) {
    await db.execute(sql`
      update search_documents set visible = false, seq = nextval('search_documents_seq')
      where visible and product_id in (select value::int from json_array_elements_text(${JSON.stringify(missing)}::json))`);
  }
}

/** Hides every document whose product is not among `keep` (after a full rebuild). */
export async function hideAllExcept(db: Database, keep: readonly number[]): Promise<void> {
  await db.execute(sql`
    update search_documents set visible = false, seq = nextval('search_documents_seq')
    where visible and product_id not in (select value::int from json_array_elements_text(${JSON.stringify(keep)}::json))`);
}

/** The lexicon: every word (2+ characters) of the visible documents with its document count, and the synonyms. */
export async function rebuildLexicon(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // One rebuild at a time across app servers (two starting together both rebuild): without the lock both delete
    // the old rows, both insert the same words, and the second fails on the word key. Readers are not blocked.
    await tx.execute(sql`lock table search_lexicon in exclusive mode`);
    await tx.execute(sql`delete from search_lexicon`);
    await tx.execute(sql`
      insert into search_lexicon (word, frequency)
      select word, ndoc from ts_stat('select words from search_documents where visible')
      where length(word) >= 2 and word ~ '^[a-z0-9]+$'`);
    await tx.execute(sql`
      insert into search_lexicon (word, frequency)
      select term, 1 from search_synonyms where term ~ '^[a-z0-9]+$'
      on conflict (word) do nothing`);
  });
}

export async function countDocuments(db: Database): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from search_documents`);
  return Number(rowsOf<{ count: number | string }>(result)[0]?.count ?? 0);
}

/* ─────────────── state ─────────────── */

export async function readState(db: Database, key: string): Promise<number | null> {
  const result = await db.execute(sql`select value from search_state where key = ${key}`);
  const row = rowsOf<{ value: number | string }>(result)[0];
  return row ? Number(row.value) : null;
}

export async function writeState(db: Database, key: string, value: number): Promise<void> {
  await db.execute(sql`
    insert into search_state (key, value) values (${key}, ${value})
    on conflict (key) do update set value = excluded.value`);
}

/* ─────────────── querying ─────────────── */

/** Below this trigram similarity a lexicon word is no correction (pg_trgm's default threshold for `%`). */
const CORRECTION_LIMIT = 3;

/**
 * Per token: whether it is a word (or the start of one) of the lexicon, and otherwise the lexicon words most
 * similar to it by trigrams (pg_trgm `%`, similarity 0.3 or more), most similar and most frequent first.
 * One statement for the whole query.
 */
export async function analyzeTokens(
  db: Database,
  tokens: readonly string[],
): Promise<{ token: string; known: boolean; corrections: string[] }[]> {
  if (tokens.length === 0) return [];
  const result = await db.execute(sql`
    select t.token,
      exists (select 1 from search_lexicon l where l.word like t.token || '%') as known,
      coalesce((select json_agg(x.word order by x.rank) from (
        select l.word, row_number() over (order by similarity(l.word, t.token) desc, l.frequency desc, l.word) as rank
        from search_lexicon l where l.word % t.token
        order by rank limit ${CORRECTION_LIMIT}) x), '[]'::json)::text as corrections
    from json_array_elements_text(${JSON.stringify(tokens)}::json) with ordinality as t(token, n)
    order by t.n`);
  return rowsOf<{ token: string; known: boolean; corrections: string }>(result).map((row) => ({
    token: row.token,
    known: Boolean(row.known),
    corrections: JSON.parse(row.corrections) as string[],
  }));
}

export type RankOptions = {
  /** Ranking's "new": products created within this many days of `now` are lifted, the newest most. */
  now: Date;
  limit: number;
};

export type RankedProduct = { productId: number; score: number };

/**
 * The visible products matching the most query words (every word when some product has them all), best first:
 * text rank over the weighted fields plus the name's trigram likeness to the query, lifted for stock, rating
 * and newness. A word matches through any of its group's terms (the token as a prefix, corrections, synonyms).
 */
export async function rankProducts(
  db: Database,
  groups: readonly TokenGroup[],
  options: RankOptions,
): Promise<RankedProduct[]> {
  const groupQueries = groups.map(groupTsQuery).filter(Boolean);
  if (groupQueries.length === 0) return [];
  const queryText = groups.map((group) => group.corrections[0] ?? group.token).join(' ');
  // How many of the query's words a product has: the same for every match of a one-word query.
  const coverage =
    groupQueries.length > 1 ? sql`(select count(*) from unnest(q.words) w where d.document @@ w)` : sql`1`;
  const result = await db.execute(sql`
    with q as (
      select to_tsquery('english', ${groupQueries.map((text) => `(${text})`).join(' | ')}) as any_word,
        array(select to_tsquery('english', g) from json_array_elements_text(${JSON.stringify(groupQueries)}::json) as g
          where numnode(to_tsquery('english', g)) > 0) as words
    ),
    matched as (
      select d.product_id, d.name_norm, d.document, d.in_stock, d.rating_score, d.rating_count, d.product_created_at,
        ${coverage} as coverage
      from search_documents d, q
      where d.visible and d.document @@ q.any_word
    ),
    best as (
      select m.*, max(m.coverage) over () as top_coverage from matched m
    )
    select b.product_id,
      (ts_rank('{0.05, 0.2, 0.4, 1.0}', b.document, q.any_word, 1)
        + 0.5 * word_similarity(${queryText}, b.name_norm))
      * (case when b.in_stock then 1.0 else 0.6 end)
      * (1.0
        + 0.15 * greatest(0, least(1, ((coalesce(b.rating_score, 0) * b.rating_count + 4.0 * 5) / (b.rating_count + 5) - 3.5) / 1.5))
        + 0.15 * greatest(0, 1 - extract(epoch from (${options.now.toISOString()}::timestamptz - b.product_created_at)) / 86400 / 120)
      ) as score
    from best b, q
    where b.coverage = b.top_coverage
    order by score desc, b.product_id
    limit ${options.limit}`);
  return rowsOf<{ product_id: number | string; score: number | string }>(result).map((row) => ({
    productId: Number(row.product_id),
    score: Number(row.score),
  }));
}

/** Merchandising redirects, keyed by their normalised term. */
export async function selectRedirects(db: Database): Promise<Map<string, string>> {
  const result = await db.execute(sql`select term, url from search_redirects`);
  return new Map(
    rowsOf<{ term: string; url: string }>(result).map((row) => [normalizeQuery(row.term), row.url]),
  );
}

export async function selectSynonyms(db: Database): Promise<{ term: string; groupName: string }[]> {
  const result = await db.execute(sql`select term, group_name from search_synonyms`);
  return rowsOf<{ term: string; group_name: string }>(result).map((row) => ({
    term: normalizeQuery(row.term),
    groupName: row.group_name,
  }));
}

/** A document as the memory index of suggestions holds it. */
export type IndexedDocument = {
  productId: number;
  visible: boolean;
  name: string;
  sku: string;
  url: string;
  brandId: number;
  gender: string;
  productType: string;
  categories: string;
  patterns: string;
  colours: string;
  technologies: string;
  tags: string[];
  inStock: boolean;
  ratingScore: number | null;
  ratingCount: number;
  createdAt: string;
  card: CatalogueSearchDocument['card'];
  seq: number;
};

/** Documents written after `seq` (all with 0), in seq order, at most `limit`. */
export async function selectDocumentsSince(
  db: Database,
  seq: number,
  limit: number,
): Promise<IndexedDocument[]> {
  const result = await db.execute(sql`
    select product_id, visible, name, sku, url, brand_id, gender, product_type, categories, patterns, colours,
      technologies, tags::text as tags, in_stock, rating_score, rating_count, product_created_at, card::text as card, seq
    from search_documents where seq > ${seq} order by seq limit ${limit}`);
  return rowsOf<{
    product_id: number | string;
    visible: boolean;
    name: string;
    sku: string;
    url: string;
    brand_id: number | string;
    gender: string;
    product_type: string;
    categories: string;
    patterns: string;
    colours: string;
    technologies: string;
    tags: string;
    in_stock: boolean;
    rating_score: number | string | null;
    rating_count: number | string;
    product_created_at: string | Date;
    card: string;
    seq: number | string;
  }>(result).map((row) => ({
    productId: Number(row.product_id),
    visible: Boolean(row.visible),
    name: row.name,
    sku: row.sku,
    url: row.url,
    brandId: Number(row.brand_id),
    gender: row.gender,
    productType: row.product_type,
    categories: row.categories,
    patterns: row.patterns,
    colours: row.colours,
    technologies: row.technologies,
    tags: JSON.parse(row.tags) as string[],
    inStock: Boolean(row.in_stock),
    ratingScore: row.rating_score === null ? null : Number(row.rating_score),
    ratingCount: Number(row.rating_count),
    createdAt: new Date(row.product_created_at).toISOString(),
    card: JSON.parse(row.card) as CatalogueSearchDocument['card'],
    seq: Number(row.seq),
  }));
}
