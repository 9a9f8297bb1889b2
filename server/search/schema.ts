/**
 * Tables of the search context: merchandising redirects (search term → URL), synonyms, the search documents
 * (one per product, maintained from the catalogue's search documents), the lexicon behind corrections, the
 * sync cursor, and beacon events (recommendation blocks, basket and product-view tracking).
 * Other contexts reach them through this context's service, never directly; `server/db/schema.ts` gathers
 * every context's tables for drizzle-kit and the typed database handle.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import type { PricedItem } from '../pricing/index.server';

/** Search terms that send the shopper straight to a page (SPEC §3 merchandising.redirect). */
export const searchRedirects = pgTable('search_redirects', {
  term: text('term').primaryKey(),
  url: text('url').notNull(),
});

/** Synonyms kept in data: every term of one group stands for the others (pants, bottoms; hoodie, hoody). */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    term: text('term').primaryKey(),
    groupName: text('group_name').notNull(),
  },
  (t) => [index('search_synonyms_group_idx').on(t.groupName)],
);

/** Orders writes to search_documents: an app server patches its memory index with the rows past its last seq. */
export const searchDocumentsSeq = pgSequence('search_documents_seq');

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What a product card of the header's suggestions shows (kept with the document so memory indexes need no join);
 * its price is worked out per viewer from the pricing inputs.
 */
export type SearchCard = {
  href: string;
  imageUrl: string | null;
  imageAlt: string;
  colorLabel: string | null;
  pricing: PricedItem;
};

/**
 * One row per product: its weighted text (`document`, English stemming: A name, B category path and type,
 * C pattern, colour and technology, D description), its plain words for the lexicon, and what ranking
 * lifts (stock, rating, newness). `seq` grows with every write, so app servers patch their memory indexes.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    productId: integer('product_id').primaryKey(),
    visible: boolean('visible').notNull(),
    name: text('name').notNull(),
    /** Lower-case name without punctuation, for trigram similarity. */
    nameNorm: text('name_norm').notNull(),
    sku: text('sku').notNull(),
    url: text('url').notNull(),
    brandId: integer('brand_id').notNull(),
    gender: text('gender').notNull(),
    productType: text('product_type').notNull(),
    categories: text('categories').notNull(),
    patterns: text('patterns').notNull(),
    colours: text('colours').notNull(),
    technologies: text('technologies').notNull(),
    description: text('description').notNull(),
    /** Category URL slugs, product type and gender: what recommendations by tags match. */
    tags: jsonb('tags').$type<string[]>().notNull(),
    document: tsvector('document').notNull(),
    words: tsvector('words').notNull(),
    inStock: boolean('in_stock').notNull(),
    ratingScore: real('rating_score'),
    ratingCount: integer('rating_count').notNull().default(0),
    productCreatedAt: timestamp('product_created_at', { withTimezone: true }).notNull(),
    card: jsonb('card').$type<SearchCard>().notNull(),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('search_documents_seq')`),
  },
  (t) => [
    index('search_documents_document_idx').using('gin', t.document),
    index('search_documents_name_trgm_idx').using('gin', t.nameNorm.op('gin_trgm_ops')),
    index('search_documents_seq_idx').on(t.seq),
  ],
);

/** The words of the documents (and synonyms) with their document frequency: what corrections choose from. */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    word: text('word').primaryKey(),
    frequency: integer('frequency').notNull(),
  },
  (t) => [index('search_lexicon_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/** Cursors of the search context (how far the catalogue's change feed was applied). */
export const searchState = pgTable('search_state', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/**
 * Beacons (SPEC §7): recommendation block render, impression and click, basket and product-view events, kept
 * for ranking (co-views feed recommendations).
 */
export const searchEvents = pgTable(
  'search_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** render | impression | click | basket | product-view */
    kind: text('kind').notNull(),
    /** The recommendation block (tag) for block events. */
    block: text('block'),
    productIds: jsonb('product_ids').$type<number[]>().notNull(),
    sessionId: text('session_id'),
    pageLoadId: text('page_load_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('search_events_kind_idx').on(t.kind, t.createdAt),
    index('search_events_session_idx').on(t.sessionId),
  ],
);
