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

export class SuggestionIndex {
  private index = newFlexIndex();
  private documents = new Map<number, IndexedDocument>();
  /** Indexed word → number of visible documents holding it. */
  private frequency = new Map<string, number>();
  private sortedWords: string[] = [];
  private synonyms = new Map<string, string[]>();
  /** The highest `seq` applied. */
  seq = 0;

  get size(): number {
    return this.documents.size;
  }

  get(productId: number): IndexedDocument | undefined {
    return this.documents.get(productId);
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
    for (const doc of this.documents.values()) {
      if (options.exclude.has(doc.productId)) continue;
      const shared = doc.tags.filter((tag) => options.tags.has(tag)).length;
      const coViews = options.boost.get(doc.productId) ?? 0;
      if (shared === 0 && coViews === 0) continue;
      // Products viewed together come first (each shared session outweighs every shared tag), then shared tags.
      scored.push({ doc, score: (50 * coViews + shared) * score(doc, [], 0, now) });
    }
    return scored
      .sort((a, b) => b.score - a.score || a.doc.productId - b.doc.productId)
      .slice(0, options.limit)
      .map((item) => item.doc);
  }

  /** The product types with the most visible products, most first (the empty results page offers them). */
  popularTypes(limit: number): string[] {
    const counts = new Map<string, number>();
    for (const doc of this.documents.values())
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
      this.documents.set(doc.productId, doc);
      this.index.add(doc.productId, indexedText(doc));
    }
    this.rebuildLexicon();
  }

  private rebuildLexicon(): void {
    const frequency = new Map<string, number>();
    for (const doc of this.documents.values()) {
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
    let ids = this.index.search(searchText, { limit: CANDIDATES }) as number[];
    if (ids.length === 0)
      ids = this.index.search(searchText, { limit: CANDIDATES, suggest: true }) as number[];
    const now = options.now.getTime();
    const ranked = ids
      .map((id, position) => {
        const doc = this.documents.get(id);
        return doc ? { doc, score: score(doc, words, position, now) } : undefined;
      })
      .filter((item): item is { doc: IndexedDocument; score: number } => item !== undefined)
      .sort((a, b) => b.score - a.score || a.doc.productId - b.doc.productId);
    return {
      query,
      correctedQuery: corrected ? searchText : null,
      terms: completions(
        words,
        ranked.map((item) => item.doc),
      ),
      products: ranked.slice(0, options.limit).map((item) => item.doc),
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

/** FlexSearch's order, lifted when the name holds every word, then for stock, rating and newness (as in SQL). */
function score(doc: IndexedDocument, words: readonly string[], position: number, now: number): number {
  const nameWords = queryTokensAll(doc.name);
  const inName = words.filter((word) => nameWords.some((nameWord) => nameWord.startsWith(word))).length;
  const text = 1 / (1 + position * 0.05) + (words.length > 0 ? inName / words.length : 0);
  const rating = ((doc.ratingScore ?? 0) * doc.ratingCount + 4 * 5) / (doc.ratingCount + 5);
  const ageDays = (now - Date.parse(doc.createdAt)) / 86_400_000;
  const lift = 1 + 0.15 * clamp01((rating - 3.5) / 1.5) + 0.15 * clamp01(1 - ageDays / 120);
  return text * (doc.inStock ? 1 : 0.6) * lift;
}

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));

/**
 * Completions: for the last word, the product-name phrases that complete it ("jack" → "rain jacket", "jacket"),
 * counted over the ranked candidates, the earlier words kept in front.
 */
function completions(words: readonly string[], docs: readonly IndexedDocument[]): string[] {
  const last = words.at(-1) ?? '';
  const head = words.slice(0, -1);
  const counts = new Map<string, number>();
  for (const doc of docs) {
    const name = queryTokensAll(doc.name);
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

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions), giving up past `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, previous2[j - 2]! + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}
