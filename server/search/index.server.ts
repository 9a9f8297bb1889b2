/**
 * The search context (issue 12): the results page's ranked products (PostgreSQL full-text search with
 * corrections and synonyms, over the search documents kept from the catalogue), suggestions as you type from the
 * in-process index, merchandising redirects, recommendations and beacons. Built once per process
 * (`server/context.server.ts`); routes reach it as `context.services.search`.
 */
import { sql } from 'drizzle-orm';
import type { CatalogueService } from '../catalogue/index.server';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import type { Logger } from '../logger';
import type { PricingService } from '../pricing/index.server';
import { priceFor, saleBadgeFor, type PriceList } from '../pricing/index.server';
import { searchEvents } from './schema';
import {
  analyzeTokens,
  countDocuments,
  hideAllExcept,
  rankProducts,
  readState,
  rebuildLexicon,
  selectDocumentsSince,
  selectRedirects,
  selectSynonyms,
  writeDocuments,
  writeState,
  type IndexedDocument,
} from './engine.server';
import { pickRecommendations, POOL_PER_PICK } from '../catalogue/index.server';
import { boundedCache } from '../cache/index.server';
import { rowsOf } from '../db/rows';
import type { SearchSuggestions, SuggestionProduct } from './public';
import {
  correctedQuery,
  normalizeQuery,
  queryTokens,
  synonymMap,
  synonymsOf,
  type TokenGroup,
} from './query';
import type { SearchService } from './service-types';
import { SuggestionIndex } from './suggestion-index';
import { TYPE_PLURALS } from './type-plurals';

export type { SearchSuggestions, SuggestionProduct } from './public';
export type { Beacon, RecommendOptions, SearchResults, SearchService } from './service-types';
export { parseBeacon, parseRecommendParams } from './params.server';

/** Most products a results page ranks (its facets and pages cover these). */
export const MAX_RESULTS = 1000;
const CURSOR_KEY = 'catalogue_changes';
const MEMORY_BATCH = 5000;
/** How often a process prunes the catalogue's change feed after a sync, at most. */
const PRUNE_EVERY_MS = 60_000;

export function createSearchService(deps: {
  db: Database;
  clock: Clock;
  catalogue: CatalogueService;
  pricing: Pick<PricingService, 'priceList'>;
  logger: Logger;
  /** Per-term caches (results ids, suggestions); 0 turns them off (the benchmark measures the work). */
  cacheEntries?: number;
}): SearchService {
  const { db, clock, catalogue, pricing, logger } = deps;
  const memory = new SuggestionIndex();
  const cacheEntries = deps.cacheEntries ?? 1000;
  const rankedCache = boundedCache<{ ids: number[]; corrected: string | null }>({ maxEntries: cacheEntries });
  const suggestionCache = boundedCache<SearchSuggestions>({ maxEntries: cacheEntries });
  let redirects: Promise<Map<string, string>> | undefined;
  let synonyms: Promise<Map<string, string[]>> | undefined;
  let running: Promise<boolean> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let prunedAt = -Infinity;

  const loadRedirects = () =>
    (redirects ??= selectRedirects(db).catch((error: unknown) => {
      redirects = undefined;
      throw error;
    }));
  const loadSynonyms = () =>
    (synonyms ??= selectSynonyms(db).then(synonymMap, (error: unknown) => {
      synonyms = undefined;
      throw error;
    }));

  /** Documents table ← catalogue change feed. */
  async function syncDocuments(): Promise<boolean> {
    const cursor = await readState(db, CURSOR_KEY);
    if (cursor === null || (await countDocuments(db)) === 0) {
      await rebuildAll();
      return true;
    }
    let position = cursor;
    let changed = false;
    for (;;) {
      const changes = await catalogue.changesSince(position);
      if (changes.cursor === position) break;
      if (changes.all) {
        await rebuildAll();
        return true;
      }
      const documents = await catalogue.listSearchDocuments(changes.productIds);
      const found = new Set(documents.map((doc) => doc.productId));
      await writeDocuments(
        db,
        documents,
        changes.productIds.filter((id) => !found.has(id)),
      );
      position = changes.cursor;
      await writeState(db, CURSOR_KEY, position);
      changed = true;
      if (!changes.more) break;
    }
    if (changed) await rebuildLexicon(db);
    return changed;
  }

  async function rebuildAll(): Promise<void> {
    const latest = await catalogue.latestChange();
    const documents = await catalogue.listSearchDocuments();
    await writeDocuments(db, documents);
    await hideAllExcept(
      db,
      documents.map((doc) => doc.productId),
    );
    await rebuildLexicon(db);
    await writeState(db, CURSOR_KEY, latest);
    logger.info('search documents rebuilt', { documents: documents.length });
  }

  /**
   * The search documents are the catalogue feed's one reader outside the catalogue: once they have applied it,
   * rows every reader has applied can go (at most every PRUNE_EVERY_MS). A failure costs nothing but growth.
   */
  async function pruneFeed(): Promise<void> {
    const now = clock.now().getTime();
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    try {
      const cursor = await readState(db, CURSOR_KEY);
      if (cursor === null) return;
      const { deleted, reset } = await catalogue.pruneChanges({ appliedBy: [cursor] });
      if (deleted > 0) logger.info('catalogue change feed pruned', { deleted, reset });
    } catch (error) {
      logger.warn('catalogue change feed pruning failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** Memory index ← documents table (what any app server wrote). */
  async function syncMemory(): Promise<boolean> {
    let changed = false;
    for (;;) {
      const documents: IndexedDocument[] = await selectDocumentsSince(db, memory.seq, MEMORY_BATCH);
      if (documents.length === 0) break;
      memory.apply(documents);
      changed = true;
      if (documents.length < MEMORY_BATCH) break;
    }
    return changed;
  }

  async function sync(): Promise<boolean> {
    // One sync at a time in this process; callers during a sync share it.
    running ??= (async () => {
      try {
        memory.setSynonyms(await loadSynonyms());
        const documents = await syncDocuments();
        await pruneFeed();
        const indexed = await syncMemory();
        if (documents || indexed) {
          rankedCache.clear();
          suggestionCache.clear();
          redirects = undefined;
        }
        return documents || indexed;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  async function tokenGroups(query: string): Promise<TokenGroup[]> {
    const tokens = queryTokens(query);
    const [analysis, synonymsByTerm] = await Promise.all([analyzeTokens(db, tokens), loadSynonyms()]);
    return analysis.map((item) => {
      // pg_trgm first; a short word with swapped letters shares too few trigrams, so then the edit distance
      // over the memory index's words (the same documents) decides.
      const fallback = item.known || item.corrections.length > 0 ? null : memory.correct(item.token);
      const corrections = item.known ? [] : fallback ? [fallback] : item.corrections;
      return {
        token: item.token,
        known: item.known,
        corrections,
        synonyms: synonymsOf(item.token, corrections, synonymsByTerm),
      };
    });
  }

  async function ranked(query: string): Promise<{ ids: number[]; corrected: string | null }> {
    const key = normalizeQuery(query);
    const cached = rankedCache.get(key);
    if (cached) return cached;
    const groups = await tokenGroups(key);
    const products = await rankProducts(db, groups, { now: clock.now(), limit: MAX_RESULTS });
    const value = { ids: products.map((product) => product.productId), corrected: correctedQuery(groups) };
    rankedCache.set(key, value);
    return value;
  }

  const toProduct = (doc: IndexedDocument, list: PriceList): SuggestionProduct => {
    const price = priceFor(list, doc.card.pricing);
    return {
      id: doc.productId,
      uid: String(doc.productId),
      sku: doc.sku,
      name: doc.name,
      url: doc.card.href,
      brand_id: doc.brandId,
      selectedVariant: {
        color: doc.card.colorLabel,
        image_url: doc.card.imageUrl,
        image_alt: doc.card.imageAlt,
        price: doc.card.pricing.listCents,
        sale_price: price.compareAtCents !== null ? price.currentCents : null,
        calculated_price: price.currentCents,
      },
      price: {
        currentCents: price.currentCents,
        compareAtCents: price.compareAtCents,
        source: price.source,
        saleBadge: saleBadgeFor(price),
      },
      custom_fields: { gender: doc.gender, product_type: doc.productType },
    };
  };

  return {
    async start(options = {}) {
      await sync();
      const pollMs = options.pollMs ?? 5000;
      if (pollMs > 0 && !timer) {
        timer = setInterval(() => {
          sync().catch((error: unknown) =>
            logger.warn('search sync failed', {
              error: error instanceof Error ? error.message : String(error),
            }),
          );
        }, pollMs);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    sync,
    async redirectFor(query) {
      const key = normalizeQuery(query);
      if (!key) return null;
      return (await loadRedirects()).get(key) ?? null;
    },
    async results(query, options) {
      const { ids, corrected } = await ranked(query);
      // With the per-term caches on (production), the page of cards and facets is kept per price list too.
      const browse = await catalogue.browseProducts(ids, { ...options, cache: cacheEntries > 0 });
      return { query: normalizeQuery(query), correctedQuery: corrected, browse };
    },
    async suggestions(query, limit = 5, priceList = 'retail') {
      const key = `${priceList}:${limit}:${normalizeQuery(query)}`;
      const cached = suggestionCache.get(key);
      if (cached) return cached;
      const found = memory.search(query, { limit, now: clock.now() });
      const [redirectMap, list] = await Promise.all([loadRedirects(), pricing.priceList(priceList)]);
      const redirect = found.query ? (redirectMap.get(found.query) ?? null) : null;
      const [suggested, ...alternatives] = found.terms;
      const value: SearchSuggestions = {
        query: found.query,
        correctedQuery: found.correctedQuery,
        suggested: suggested ? { text: suggested } : null,
        alternatives: alternatives.map((text) => ({ text })),
        products: found.products.map((doc) => toProduct(doc, list)),
        merchandising: { redirect },
      };
      suggestionCache.set(key, value);
      return value;
    },
    async recommend(options, priceList = 'retail') {
      const list = await pricing.priceList(priceList);
      const personal = (options.lastViewed?.length ?? 0) + (options.cart?.length ?? 0) > 0;
      const limit = Math.max(1, Math.min(personal ? 10 : 8, options.limit ?? (personal ? 10 : 8)));
      const own = options.product === undefined ? [] : [options.product];
      const seeds = [...new Set([...own, ...(options.lastViewed ?? []), ...(options.cart ?? [])])];
      const coViewed = seeds.length > 0 ? await coViews(db, seeds) : new Map<number, number>();
      const tags = new Set(options.tags ?? []);
      for (const id of seeds) for (const tag of memory.get(id)?.tags ?? []) tags.add(tag);
      const ownDoc = options.product === undefined ? undefined : memory.get(options.product);
      // For a product's page: a pool of the closest relations, then its audience and a spread over prices.
      const pool = memory.related({
        tags,
        exclude: new Set(seeds),
        boost: coViewed,
        limit: ownDoc ? POOL_PER_PICK * limit * 2 : limit,
        now: clock.now(),
      });
      if (!ownDoc) return pool.map((doc) => toProduct(doc, list));
      const byId = new Map(pool.map((doc) => [doc.productId, doc]));
      const picked = pickRecommendations(
        ownDoc,
        // The pool is closest first: its rank stands for the relation's closeness.
        pool.map((doc, rank) => ({
          id: doc.productId,
          gender: doc.gender,
          priceCents: doc.card.pricing.saleCents ?? doc.card.pricing.listCents ?? 0,
          shared: pool.length - rank,
        })),
        limit,
      );
      return picked.map((id) => toProduct(byId.get(id)!, list));
    },
    async recordBeacons(beacons) {
      if (beacons.length === 0) return;
      await db.insert(searchEvents).values(
        beacons.map((beacon) => ({
          kind: beacon.kind,
          block: beacon.block ?? null,
          productIds: [...beacon.productIds],
          sessionId: beacon.sessionId ?? null,
          pageLoadId: beacon.pageLoadId ?? null,
        })),
      );
    },
    async alternativesFor(query) {
      const found = memory.search(query, { limit: 1, now: clock.now() });
      const terms = [
        ...new Set([found.correctedQuery, ...found.terms].filter((term): term is string => !!term)),
      ];
      return terms.length > 0
        ? terms.slice(0, 5)
        : memory.popularTypes(6).map((type) => TYPE_PLURALS[type] ?? type);
    },
    stats: () => ({ documents: memory.size, seq: memory.seq }),
  };
}

/** Products viewed in the same sessions as `seeds` (product-view beacons), with how many sessions did. */
async function coViews(db: Database, seeds: readonly number[]): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    with seen as (
      select distinct e.session_id from search_events e, jsonb_array_elements_text(e.product_ids) as p(id)
      where e.kind = 'product-view' and e.session_id is not null
        and p.id::int in (select value::int from json_array_elements_text(${JSON.stringify(seeds)}::json))
      limit 500
    )
    select p.id::int as product_id, count(distinct e.session_id)::int as sessions
    from search_events e join seen s on s.session_id = e.session_id, jsonb_array_elements_text(e.product_ids) as p(id)
    where e.kind = 'product-view'
    group by p.id order by sessions desc limit 50`);
  return new Map(
    rowsOf<{ product_id: number | string; sessions: number | string }>(result).map((row) => [
      Number(row.product_id),
      Number(row.sessions),
    ]),
  );
}

/** The search JSON endpoints the HTTP layer mounts (SPEC §7 autocomplete, suggest). */
export { searchJsonRoutes } from './http.server';
