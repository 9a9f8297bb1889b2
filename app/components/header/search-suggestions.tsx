/**
 * The suggestions under the header's search field (SPEC §7; search-disclosure.tsx owns the field, the requests and
 * the state): a corrected query, term chips, product cards and a link to all results. Its own chunk, loaded when the
 * search opens (issue 7 §6).
 */
import { Link } from '@remix-run/react';
import type { SearchSuggestions } from '../../../server/search/public';
import { Price } from '../catalogue/price';
import * as styles from './search-disclosure.css';
import { searchHref } from './search-href';

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
