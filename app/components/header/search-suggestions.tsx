/**
 * The suggestions under the header's search field (SPEC §7; search-disclosure.tsx owns the field and the state):
 * their requests, and their markup (a corrected query, term chips, product cards and a link to all results). Its own
 * chunk, loaded when the search opens (issue 7 §6, decisions 049 and 056).
 */
import { Link } from '@remix-run/react';
import { useEffect } from 'react';
import { SEARCH_DEBOUNCE_MS, type SearchSuggestions } from '../../../server/search/public';
import { Price } from '../catalogue/price';
import * as styles from './search-disclosure.css';
import { searchHref } from './search-href';

/**
 * Suggestions per term (SPEC §7 "cached per term"), fetched once each in this tab; a failure counts as no
 * suggestions (SPEC §7: search service errors are swallowed) and is forgotten, so a later try may succeed.
 */
const suggestionRequests = new Map<string, Promise<SearchSuggestions | null>>();

function requestSuggestions(term: string): Promise<SearchSuggestions | null> {
  const key = term.trim().toLowerCase();
  let request = suggestionRequests.get(key);
  if (!request) {
    request = fetch(`/api/search/suggestions?${new URLSearchParams({ q: key })}`, {
      headers: { Accept: 'application/json' },
    })
      .then((response) => (response.ok ? (response.json() as Promise<SearchSuggestions>) : null))
      .catch(() => null)
      .then((result) => {
        if (!result) suggestionRequests.delete(key);
        return result;
      });
    if (suggestionRequests.size > 100) suggestionRequests.delete(suggestionRequests.keys().next().value!);
    suggestionRequests.set(key, request);
  }
  return request;
}

/**
 * SPEC §4 "Search submit": the term's merchandising redirect, once its suggestions have arrived, or null (none, or
 * none within `waitMs`).
 */
export function redirectFor(term: string, waitMs: number): Promise<string | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs));
  return Promise.race([requestSuggestions(term), timeout]).then(
    (result) => result?.merchandising.redirect ?? null,
  );
}

/** Requests the suggestions for `term` 300 ms after it last changed, and hands the answer to the field. */
export function SuggestionRequests({
  term,
  onAnswer,
}: {
  term: string;
  onAnswer: (answer: { term: string; value: SearchSuggestions | null }) => void;
}) {
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void requestSuggestions(term).then((value) => {
        if (current) onAnswer({ term, value });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, onAnswer]);
  return null;
}

export function SuggestionList({
  suggestions,
  terms,
  products,
  term,
}: {
  suggestions: SearchSuggestions;
  /** The suggested and alternative terms, in order. */
  terms: string[];
  /** The products to show (at most SUGGESTION_PRODUCTS). */
  products: SearchSuggestions['products'];
  /** The query as typed, trimmed. */
  term: string;
}) {
  return (
    <>
      {suggestions.correctedQuery ? (
        <p className={styles.corrected}>
          Did you mean <Link to={searchHref(suggestions.correctedQuery)}>{suggestions.correctedQuery}</Link>?
        </p>
      ) : null}
      {terms.length > 0 ? (
        <ul role="list" className={styles.terms} aria-label="Suggested searches">
          {terms.map((text) => (
            <li key={text}>
              <Link className={styles.term} to={searchHref(text)}>
                {text}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {products.length > 0 ? (
        <ul role="list" className={styles.products} aria-label="Suggested products">
          {products.map((product) => (
            <li key={product.id} className={styles.productItem}>
              <Link className={styles.product} to={product.url}>
                {product.selectedVariant.image_url ? (
                  <img
                    className={styles.productImage}
                    src={product.selectedVariant.image_url}
                    alt=""
                    width={160}
                    height={200}
                    loading="lazy"
                  />
                ) : null}
                <span className={styles.productName}>{product.name}</span>
                <Price className={styles.productPrice} price={product.price} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link className={styles.seeAll} to={searchHref(term)}>
        See all results for “{term}”
      </Link>
    </>
  );
}
