import { Form } from '@remix-run/react';
import { useRef, type KeyboardEvent } from 'react';
import { button } from '../../../styles/button.css';
import { visuallyHidden } from '../../../styles/utilities.css';
import { SearchIcon } from '../icons/icons';
import { usePanels } from '../panels/panel-context';
import { iconToggle } from './header-panel.css';
import { HEADER_PANEL_GROUP } from './panel-group';
import * as styles from './search-disclosure.css';

export const SEARCH_PLACEHOLDER = 'Search by gear, pursuit or pattern...';

/**
 * The header's Search control (SPEC §2 "Search mode"): a `<details>` whose panel replaces the navigation with
 * a GET form to /search?q=…, a Clear button and Cancel (the toggle itself), so it works without JavaScript.
 * With JavaScript it is the `search` panel of the panel state (opening it closes the burger menu, closing it
 * clears the query), the field takes the focus on opening and Escape closes the panel.
 */
export function SearchDisclosure() {
  const { state, dispatch } = usePanels();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const onToggle = () => {
    const open = detailsRef.current?.open === true;
    dispatch(open ? { type: 'openSearch' } : { type: 'closeSearch' });
    if (open) inputRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const details = detailsRef.current;
    if (event.key !== 'Escape' || !details?.open) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  };

  return (
    <details
      ref={detailsRef}
      className={styles.disclosure}
      name={HEADER_PANEL_GROUP}
      data-panel="search"
      open={state.active === 'search'}
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
        <Form method="get" action="/search" role="search" className={styles.form}>
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
            value={state.query}
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
            Clear
          </button>
          <button type="submit" className={`${button.primary} ${styles.submit}`}>
            <SearchIcon className={styles.submitIcon} size={20} />
            <span className={styles.submitText}>Search</span>
          </button>
        </Form>
      </div>
    </details>
  );
}
