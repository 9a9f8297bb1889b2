/**
 * The shopper's search text as the engine reads it (issue 12). Pure: normalising, tokens, and the text-search
 * query built from each token's alternatives (the token itself, its corrections, its synonyms). Shared by the
 * results page (PostgreSQL full-text search) and the memory index of suggestions.
 */

/** SPEC §5/§9: suggestions need at least 3 characters. */
export const MIN_SUGGEST_CHARS = 3;
/** Longer input is cut: nobody types a 100-character product search. */
export const MAX_QUERY_CHARS = 100;
const MAX_TOKENS = 8;

/**
 * Lower case, accents and apostrophes dropped ("Women's" → "womens"), anything but letters and digits a
 * space, runs of spaces collapsed, cut to MAX_QUERY_CHARS.
 */
export function normalizeQuery(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .slice(0, MAX_QUERY_CHARS)
    .trim();
}

/** The words of a query, in order, repeats dropped, at most MAX_TOKENS. */
export function queryTokens(text: string): string[] {
  const normalized = normalizeQuery(text);
  if (!normalized) return [];
  return [...new Set(normalized.split(' '))].slice(0, MAX_TOKENS);
}

/** One word of the query and what it may match. */
export type TokenGroup = {
  token: string;
  /** The token as typed is a word (or the start of one) of the index. */
  known: boolean;
  /** Index words close to a token that is not (best first). */
  corrections: string[];
  /** Words of the same synonym group as the token, or as its best correction. */
  synonyms: string[];
};

/** The words a group matches: the token (as a prefix when 3+ letters), its corrections and synonyms. */
function groupTerms(group: TokenGroup): { word: string; prefix: boolean }[] {
  const terms = new Map<string, boolean>();
  terms.set(group.token, group.token.length >= MIN_SUGGEST_CHARS);
  for (const word of [...group.corrections, ...group.synonyms]) if (!terms.has(word)) terms.set(word, false);
  return [...terms].map(([word, prefix]) => ({ word, prefix }));
}

/**
 * A group as `to_tsquery` text: `'jack':* | 'jacket'`. Words are letters and digits only (normalizeQuery), so
 * quoting them is safe; PostgreSQL stems each operand with the English configuration.
 */
export function groupTsQuery(group: TokenGroup): string {
  return groupTerms(group)
    .filter((term) => /^[a-z0-9]+$/.test(term.word))
    .map((term) => `'${term.word}'${term.prefix ? ':*' : ''}`)
    .join(' | ');
}

/** What the shopper probably meant: each unknown token replaced by its best correction; null if none was. */
export function correctedQuery(groups: readonly TokenGroup[]): string | null {
  let changed = false;
  const words = groups.map((group) => {
    if (group.known || group.corrections.length === 0) return group.token;
    changed = true;
    return group.corrections[0]!;
  });
  return changed ? words.join(' ') : null;
}

/** `term → group` rows of the synonyms table as `term → every term of its group`. */
export function synonymMap(rows: readonly { term: string; groupName: string }[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) groups.set(row.groupName, [...(groups.get(row.groupName) ?? []), row.term]);
  const map = new Map<string, string[]>();
  for (const row of rows) map.set(row.term, groups.get(row.groupName) ?? []);
  return map;
}

/** The synonyms of a token (or of its best correction), without the token itself. */
export function synonymsOf(
  token: string,
  corrections: readonly string[],
  synonyms: ReadonlyMap<string, string[]>,
): string[] {
  const found = synonyms.get(token) ?? (corrections[0] ? synonyms.get(corrections[0]) : undefined) ?? [];
  return found.filter((word) => word !== token);
}
