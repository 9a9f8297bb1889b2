import { Form, Link } from '@remix-run/react';
import { button } from '../../../styles/button.css';
import { container, visuallyHidden } from '../../../styles/utilities.css';
import { SEARCH_PLACEHOLDER } from '../header/search-disclosure';
import * as styles from './error-page.css';

export type SuggestedLink = { title: string; url: string };

/** The 404 page: a search form and the top categories, inside the usual header and footer. */
export function NotFoundPage({ suggestions }: { suggestions: SuggestedLink[] }) {
  return (
    <div className={`${container} ${styles.page}`}>
      <p className={styles.status}>Error 404</p>
      <h1 className={styles.heading}>Page not found</h1>
      <p className={styles.text}>
        The page you are looking for has moved or no longer exists. Try a search, or pick up the trail from
        one of our top categories.
      </p>
      <Form method="get" action="/search" role="search" className={styles.search}>
        <label htmlFor="not-found-search" className={visuallyHidden}>
          Search
        </label>
        <input
          id="not-found-search"
          className={styles.input}
          type="search"
          name="q"
          placeholder={SEARCH_PLACEHOLDER}
        />
        <button type="submit" className={button.primary}>
          Search
        </button>
      </Form>
      <h2 className={styles.linksHeading}>Popular categories</h2>
      <ul className={styles.links}>
        {suggestions.map((link) => (
          <li key={link.url}>
            <Link to={link.url} className={button.secondary}>
              {link.title}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/" className={button.secondary}>
            Homepage
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** Any other error: no details of the failure, but the request id for support. */
export function ErrorPage({ status, requestId }: { status: number; requestId?: string }) {
  return (
    <div className={`${container} ${styles.page}`}>
      <p className={styles.status}>Error {status}</p>
      <h1 className={styles.heading}>Something went wrong</h1>
      <p className={styles.text}>
        We could not load this page. Please try again in a moment; if it keeps happening, contact us and quote
        the reference below.
      </p>
      <div className={styles.actions}>
        <Link to="/" className={button.primary}>
          Back to the homepage
        </Link>
      </div>
      {/* Server-rendered only (the browser has no request id): hydration keeps the server's text. */}
      <p className={styles.reference} suppressHydrationWarning>
        {requestId ? `Reference: ${requestId}` : ''}
      </p>
    </div>
  );
}
