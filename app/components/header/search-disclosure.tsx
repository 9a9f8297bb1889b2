import { Form, useNavigate } from '@remix-run/react';
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  MIN_SUGGEST_CHARS,
  SEARCH_PLACEHOLDER,
  SUGGESTION_PRODUCTS,
  type SearchSuggestions,
} from '../../../server/search/public';
import { button } from '../../../styles/button.css';
import { visuallyHidden } from '../../../styles/utilities.css';
import { CloseIcon, SearchIcon } from '../icons/icons';
import { usePanels } from '../panels/panel-context';
import { iconToggle } from './header-panel.css';
import { HEADER_PANEL_GROUP } from './panel-group';
import { searchHref } from './search-href';
import * as styles from './search-disclosure.css';

export { SEARCH_PLACEHOLDER };

/** A submit waits at most this long for the term's suggestions (and their redirect) before going to results. */
const SUBMIT_WAIT_MS = 2000;

/**
 * The suggestions' requests and markup are their own chunk (issue 7 §6, decisions 049 and 056): no page needs them
 * before the shopper opens the search and types, so they are fetched when the search opens, well before the first
 * answer can show (and a submit waits for them, as it waits for the term's suggestions).
 */
const loadSuggestions = () => import('./search-suggestions');
const SuggestionList = lazy(() => loadSuggestions().then((module) => ({ default: module.SuggestionList })));
const SuggestionRequests = lazy(() =>
  loadSuggestions().then((module) => ({ default: module.SuggestionRequests })),
);

/**
 * The header's Search control (SPEC §2 "Search mode"): a `<details>` whose panel replaces the navigation (the
 * logo stays) with a GET form to /search?q=…, a Clear button and Cancel (the toggle itself), so it works
 * without JavaScript. With JavaScript it is the `search` panel of the panel state (opening it closes the
 * burger menu, closing it clears the query), the field takes the focus on opening, Escape closes the panel,
 * and from 3 characters, 300 ms after the last keystroke, suggestions show under it: term chips, a corrected
 * query, alternatives and product cards. Submitting waits for the term's suggestions, then follows a
 * merchandising redirect (clearing the query) or goes to the results.
 */
export function SearchDisclosure() {
  const { state, dispatch } = usePanels();
  const navigate = useNavigate();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [answer, setAnswer] = useState<{ term: string; value: SearchSuggestions | null } | null>(null);
  const query = state.query;
  const open = state.active === 'search';
  const term = query.trim();
  const wanted = open && term.length >= MIN_SUGGEST_CHARS;
  // What shows always belongs to the current term: an older answer never replaces a newer term's.
  const shown = wanted && answer?.term === term ? answer.value : null;
  const loading = wanted && answer?.term !== term;

  const close = useCallback(() => {
    const details = detailsRef.current;
    if (details) details.open = false;
    dispatch({ type: 'closeSearch' });
  }, [dispatch]);

  const onToggle = () => {
    const isOpen = detailsRef.current?.open === true;
    dispatch(isOpen ? { type: 'openSearch' } : { type: 'closeSearch' });
    if (isOpen) {
      inputRef.current?.focus();
      void loadSuggestions().catch(() => undefined);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const details = detailsRef.current;
    if (event.key !== 'Escape' || !details?.open) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  };

  // SPEC §4 "Search submit": wait for the term's suggestions, then follow its redirect or show the results.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitted = (inputRef.current?.value ?? query).trim();
    if (!submitted) return;
    const redirectOf = loadSuggestions().then(
      (module) => module.redirectFor(submitted, SUBMIT_WAIT_MS),
      // The chunk could not be loaded (offline for a moment): the results page.
      () => null,
    );
    void redirectOf.then((redirect) => {
      if (redirect) {
        dispatch({ type: 'setQuery', query: '' });
        close();
        navigate(redirect);
      } else {
        close();
        navigate(searchHref(submitted));
      }
    });
  };

  const terms = shown
    ? [shown.suggested?.text, ...shown.alternatives.map((item) => item.text)].filter(
        (text): text is string => !!text,
      )
    : [];
  const products = shown?.products.slice(0, SUGGESTION_PRODUCTS) ?? [];
  const hasSuggestions =
    shown !== null && (terms.length > 0 || products.length > 0 || !!shown.correctedQuery);

  return (
    <details
      ref={detailsRef}
      className={styles.disclosure}
      name={HEADER_PANEL_GROUP}
      data-panel="search"
      open={open}
      onToggle={onToggle}
      onKeyDown={onKeyDown}
    >
      <summary className={`${iconToggle} ${styles.toggle}`}>
        <span className={styles.closedLabel}>
          <SearchIcon />
          <span className={styles.toggleText}>Search</span>
        </span>
        <span className={styles.openLabel}>Cancel</span>
      </summary>
      <div className={styles.panel}>
        {/* The field and its suggestions share one box, so the suggestions hang from the field (issue 24 §11). */}
        <div className={styles.field}>
          <Form method="get" action="/search" role="search" className={styles.form} onSubmit={onSubmit}>
            <label htmlFor="site-search" className={visuallyHidden}>
              Search
            </label>
            <SearchIcon className={styles.fieldIcon} size={20} />
            <input
              ref={inputRef}
              id="site-search"
              className={styles.input}
              type="search"
              name="q"
              placeholder={SEARCH_PLACEHOLDER}
              autoComplete="off"
              enterKeyHint="search"
              aria-controls="search-suggestions"
              aria-busy={loading || undefined}
              value={query}
              onChange={(event) => dispatch({ type: 'setQuery', query: event.currentTarget.value })}
            />
            <button
              type="reset"
              className={styles.clear}
              onClick={(event) => {
                event.preventDefault();
                dispatch({ type: 'setQuery', query: '' });
                inputRef.current?.focus();
              }}
            >
              <CloseIcon className={styles.clearIcon} size={18} />
              <span className={styles.clearText}>Clear</span>
            </button>
            <button type="submit" className={`${button.primary} ${styles.submit}`}>
              <SearchIcon className={styles.submitIcon} size={20} />
              <span className={styles.submitText}>Search</span>
            </button>
          </Form>
          {wanted ? (
            // Debounced requests for the current term (search-suggestions.tsx).
            <Suspense fallback={null}>
              <SuggestionRequests term={term} onAnswer={setAnswer} />
            </Suspense>
          ) : null}
          <div
            id="search-suggestions"
            className={styles.suggestions}
            hidden={!hasSuggestions}
            aria-live="polite"
          >
            {shown && hasSuggestions ? (
              <Suspense fallback={null}>
                <SuggestionList suggestions={shown} terms={terms} products={products} term={term} />
              </Suspense>
            ) : null}
          </div>
        </div>
      </div>
    </details>
  );
}
