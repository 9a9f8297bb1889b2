/**
 * The in-process index behind suggestions as you type (issue 12, decision 021): FlexSearch over each visible
 * product's words (name first), built from the search documents table and patched by `seq`, so every app
 * server answers from memory while the database stays the one truth.
 *
 * A query goes: tokens → unknown tokens corrected against the lexicon of indexed words (Damerau-Levenshtein
 * distance 1, or 2 from 7 letters; most frequent word first) and synonyms resolved to the indexed word of their
 * group → FlexSearch (every word, the last one as a prefix; the best partial matches when nothing has them all)
 * → the first 50 candidates re-ranked by name match, stock, rating and newness.
 */
import FlexSearch from 'flexsearch';
import type { IndexedDocument } from './engine.server';
import { MIN_SUGGEST_CHARS, queryTokens } from './query';

const CANDIDATES = 50;
const MAX_TERMS = 5;

export type SuggestionResult = {
  /** The normalised query. */
  query: string;
  /** The query with misspelt words corrected, when one was. */
  correctedQuery: string | null;
  /** Completions of the query (phrases from matching product names), best first. */
  terms: string[];
  products: IndexedDocument[];
};

/** A document with what scoring reads, worked out once when it is indexed rather than per query. */
type Entry = {
  doc: IndexedDocument;
  /** The name's words, normalised (prefix matches and completions). */
  nameWords: string[];
  /** ×0.6 when out of stock. */
  stock: number;
  /** Up to +0.15 for a good rating. */
  ratingLift: number;
  createdMs: number;
};

export class SuggestionIndex {
  private index = newFlexIndex();
  private documents = new Map<number, Entry>();
  /** Indexed word → number of visible documents holding it. */
  private frequency = new Map<string, number>();
  private sortedWords: string[] = [];
  private synonyms = new Map<string, string[]>();
  /** The highest `seq` applied. */
  seq = 0;
  /** Scratch space of `candidates`, indexed by product id: the pass that last saw it, and how many words it has. */
  private seen = new Int32Array(0);
  private matches = new Uint8Array(0);
  private pass = 0;

  get size(): number {
    return this.documents.size;
  }

  get(productId: number): IndexedDocument | undefined {
    return this.documents.get(productId)?.doc;
  }

  /**
   * Products sharing the most tags (categories, type, gender) with `tags`, lifted by `boost` (co-views) and
   * by stock, rating and newness; `exclude`d ids left out.
   */
  related(options: {
    tags: ReadonlySet<string>;
    exclude: ReadonlySet<number>;
    boost: ReadonlyMap<number, number>;
    limit: number;
    now: Date;
  }): IndexedDocument[] {
    if (options.tags.size === 0 && options.boost.size === 0) return [];
    const now = options.now.getTime();
    const scored: { doc: IndexedDocument; score: number }[] = [];
    for (const entry of this.documents.values()) {
      const { doc } = entry;
      if (options.exclude.has(doc.productId)) continue;
      const shared = doc.tags.filter((tag) => options.tags.has(tag)).length;
      const coViews = options.boost.get(doc.productId) ?? 0;
      if (shared === 0 && coViews === 0) continue;
      // Products viewed together come first (each shared session outweighs every shared tag), then shared tags.
      scored.push({ doc, score: (50 * coViews + shared) * score(entry, [], 0, now) });
    }
    return scored
      .sort((a, b) => b.score - a.score || a.doc.productId - b.doc.productId)
      .slice(0, options.limit)
      .map((item) => item.doc);
  }

  /** The product types with the most visible products, most first (the empty results page offers them). */
  popularTypes(limit: number): string[] {
    const counts = new Map<string, number>();
    for (const { doc } of this.documents.values())
      counts.set(doc.productType, (counts.get(doc.productType) ?? 0) + 1);
    return [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([type]) => type);
  }

  setSynonyms(synonyms: Map<string, string[]>): void {
    this.synonyms = synonyms;
  }

  /** Adds, replaces or (hidden ones) removes documents, then recomputes the lexicon. */
  apply(documents: readonly IndexedDocument[]): void {
    if (documents.length === 0) return;
    for (const doc of documents) {
      this.seq = Math.max(this.seq, doc.seq);
      if (this.documents.has(doc.productId)) this.index.remove(doc.productId);
      if (!doc.visible) {
        this.documents.delete(doc.productId);
        continue;
      }
      this.documents.set(doc.productId, entryOf(doc));
      this.index.add(doc.productId, indexedText(doc));
      if (doc.productId >= this.seen.length) {
        const size = Math.max(doc.productId + 1, this.seen.length * 2);
        this.seen = new Int32Array(size);
        this.matches = new Uint8Array(size);
        this.pass = 0;
      }
    }
    this.rebuildLexicon();
  }

  /**
   * Up to CANDIDATES products holding every word (each as a prefix), in FlexSearch's order for the rarest word
   * (earlier in the text first: the name). FlexSearch answers each word alone, cheaply; its own intersection of
   * several words walks every match of every word through a dictionary, a few tenths of a millisecond for common
   * words ("womens rain shell") and the largest part of a suggestion's cost, where counting over typed arrays
   * indexed by product id takes a few microseconds.
   */
  private candidates(words: readonly string[]): number[] {
    if (words.length === 1) return this.index.search(words[0]!, { limit: CANDIDATES }) as number[];
    const lists = words
      .map((word) => this.index.search(word, { limit: this.documents.size }) as number[])
      .sort((a, b) => a.length - b.length);
    const rarest = lists[0]!;
    if (rarest.length === 0) return [];
    const pass = ++this.pass;
    const { seen, matches } = this;
    for (const id of rarest) {
      seen[id] = pass;
      matches[id] = 1;
    }
    for (let k = 1; k < lists.length; k++) {
      for (const id of lists[k]!) if (seen[id] === pass && matches[id] === k) matches[id] = k + 1;
    }
    const found: number[] = [];
    for (const id of rarest) {
      if (matches[id] !== lists.length) continue;
      found.push(id);
      if (found.length === CANDIDATES) break;
    }
    return found;
  }

  private rebuildLexicon(): void {
    const frequency = new Map<string, number>();
    for (const { doc } of this.documents.values()) {
      for (const word of new Set(queryTokensAll(indexedText(doc)))) {
        frequency.set(word, (frequency.get(word) ?? 0) + 1);
      }
    }
    this.frequency = frequency;
    this.sortedWords = [...frequency.keys()].sort();
  }

  /** Whether some indexed word starts with `token`. */
  private isKnown(token: string): boolean {
    let low = 0;
    let high = this.sortedWords.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.sortedWords[mid]! < token) low = mid + 1;
      else high = mid;
    }
    return this.sortedWords[low]?.startsWith(token) ?? false;
  }

  /** The most frequent indexed word within the allowed edit distance of `token`, or null. */
  correct(token: string): string | null {
    if (token.length < MIN_SUGGEST_CHARS || /^\d+$/.test(token)) return null;
    const maxDistance = token.length >= 7 ? 2 : 1;
    let best: string | null = null;
    let bestDistance = maxDistance + 1;
    let bestFrequency = -1;
    for (const [word, count] of this.frequency) {
      if (Math.abs(word.length - token.length) > maxDistance) continue;
      const distance = editDistance(token, word, maxDistance);
      if (distance < bestDistance || (distance === bestDistance && count > bestFrequency)) {
        best = word;
        bestDistance = distance;
        bestFrequency = count;
      }
    }
    return bestDistance <= maxDistance ? best : null;
  }

  /** A synonym typed that no product uses ("hoodie") becomes its group's most used word ("hoody"). */
  private resolveSynonym(token: string): string {
    if (this.frequency.has(token) || this.isKnown(token)) return token;
    let best = token;
    let bestCount = 0;
    for (const word of this.synonyms.get(token) ?? []) {
      const count = this.frequency.get(word) ?? 0;
      if (count > bestCount) {
        best = word;
        bestCount = count;
      }
    }
    return best;
  }

  search(text: string, options: { limit: number; now: Date }): SuggestionResult {
    const tokens = queryTokens(text);
    const query = tokens.join(' ');
    if (tokens.length === 0) return { query, correctedQuery: null, terms: [], products: [] };
    let corrected = false;
    const words = tokens.map((token, index) => {
      const last = index === tokens.length - 1;
      // The last word may be half typed: a word it starts counts as known.
      if (last ? this.isKnown(token) : this.frequency.has(token) || this.isKnown(token)) {
        return this.resolveSynonym(token);
      }
      const synonym = this.resolveSynonym(token);
      if (synonym !== token) return synonym;
      const correction = this.correct(token);
      if (!correction) return token;
      corrected = true;
      return correction;
    });
    const searchText = words.join(' ');
    let ids = this.candidates([...new Set(words)]);
    if (ids.length === 0)
      ids = this.index.search(searchText, { limit: CANDIDATES, suggest: true }) as number[];
    const now = options.now.getTime();
    const ranked: { entry: Entry; score: number }[] = [];
    for (let position = 0; position < ids.length; position++) {
      const entry = this.documents.get(ids[position]!);
      if (entry) ranked.push({ entry, score: score(entry, words, position, now) });
    }
    ranked.sort((a, b) => b.score - a.score || a.entry.doc.productId - b.entry.doc.productId);
    return {
      query,
      correctedQuery: corrected ? searchText : null,
      terms: completions(
        words,
        ranked.map((item) => item.entry),
      ),
      products: ranked.slice(0, options.limit).map((item) => item.entry.doc),
    };
  }
}

function newFlexIndex() {
  return new FlexSearch.Index({
    tokenize: 'forward',
    encoder: FlexSearch.Charset.LatinBalance,
    resolution: 9,
  });
}

/** Name first (FlexSearch ranks earlier words higher), then type, colours, patterns, technology, categories. */
function indexedText(doc: IndexedDocument): string {
  return [
    doc.name,
    doc.productType,
    doc.gender,
    doc.patterns,
    doc.colours,
    doc.technologies,
    doc.categories,
  ].join(' ');
}

function queryTokensAll(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2);
}

function entryOf(doc: IndexedDocument): Entry {
  // Bayesian mean over 5 prior votes of 4.0, as in SQL (engine.server.ts).
  const rating = ((doc.ratingScore ?? 0) * doc.ratingCount + 4 * 5) / (doc.ratingCount + 5);
  return {
    doc,
    nameWords: queryTokensAll(doc.name),
    stock: doc.inStock ? 1 : 0.6,
    ratingLift: 0.15 * clamp01((rating - 3.5) / 1.5),
    createdMs: Date.parse(doc.createdAt),
  };
}

/** FlexSearch's order, lifted when the name holds every word, then for stock, rating and newness (as in SQL). */
function score(entry: Entry, words: readonly string[], position: number, now: number): number {
  let inName = 0;
  for (const word of words) if (entry.nameWords.some((nameWord) => nameWord.startsWith(word))) inName++;
  const text = 1 / (1 + position * 0.05) + (words.length > 0 ? inName / words.length : 0);
  const ageDays = (now - entry.createdMs) / 86_400_000;
  return text * entry.stock * (1 + entry.ratingLift + 0.15 * clamp01(1 - ageDays / 120));
}

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));

/**
 * Completions: for the last word, the product-name phrases that complete it ("jack" → "rain jacket", "jacket"),
 * counted over the ranked candidates, the earlier words kept in front.
 */
function completions(words: readonly string[], entries: readonly Entry[]): string[] {
  const last = words.at(-1) ?? '';
  const head = words.slice(0, -1);
  const counts = new Map<string, number>();
  for (const { nameWords: name } of entries) {
    const at = name.findIndex((word) => word.startsWith(last));
    if (at < 0) continue;
    const phrases = [name[at]!];
    if (at > 0 && !head.includes(name[at - 1]!)) phrases.push(`${name[at - 1]} ${name[at]}`);
    for (const phrase of phrases) {
      const full = [...head, phrase].join(' ');
      counts.set(full, (counts.get(full) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))
    .slice(0, MAX_TERMS)
    .map(([phrase]) => phrase);
}

/** Rows of the distance table, reused by every call (queries are cut to 100 characters; longer grows them). */
let rows = [new Int32Array(128), new Int32Array(128), new Int32Array(128)];

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions), giving up past `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (b.length + 1 > rows[0]!.length) rows = rows.map(() => new Int32Array(b.length + 1));
  let [previous2, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, previous2[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return previous[b.length]!;
}
