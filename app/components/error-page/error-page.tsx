import { Form, isRouteErrorResponse, Link } from '@remix-run/react';
import { button } from '../../../styles/button.css';
import { container, visuallyHidden } from '../../../styles/utilities.css';
import { SEARCH_PLACEHOLDER } from '../header/search-disclosure';
import * as styles from './error-page.css';
import { errorCopy, errorData } from './http-errors';

export type SuggestedLink = { title: string; url: string };

/** The 404 page: a search form and the top categories, inside the usual header and footer. */
export function NotFoundPage({ suggestions }: { suggestions: SuggestedLink[] }) {
  return (
    <div className={`${container} ${styles.page}`} data-error-page="404">
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

/**
 * Any other error, with an honest message for its status (http-errors.ts): the thrown response's own message when
 * it carried one, a link back to where the shopper came from when known, and the request id for support. No
 * details of a failure on our side.
 */
export function ErrorPage({
  status,
  message,
  returnTo,
  requestId,
}: {
  status: number;
  message?: string;
  returnTo?: string;
  requestId?: string;
}) {
  const copy = errorCopy(status);
  return (
    <div className={`${container} ${styles.page}`} data-error-page={status}>
      <p className={styles.status}>Error {status}</p>
      <h1 className={styles.heading}>{copy.title}</h1>
      <p className={styles.text}>{message ?? copy.text}</p>
      {message ? <p className={styles.text}>{copy.text}</p> : null}
      <div className={styles.actions}>
        {returnTo ? (
          <Link to={returnTo} className={button.primary}>
            Go back
          </Link>
        ) : null}
        <Link to="/" className={returnTo ? button.secondary : button.primary}>
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

/**
 * What the root error boundary shows (root.tsx; loaded with an error only, error-page-lazy.tsx): a thrown 404
 * Response (or a URL no route matches) gets the 404 page; any other status its honest page (400/401/403/405/413/
 * 429/503…, with the thrown response's message), anything else the 500 page.
 */
export function RootErrorPage({
  error,
  suggestions,
  requestId,
}: {
  error: unknown;
  suggestions: SuggestedLink[];
  requestId?: string;
}) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage suggestions={suggestions} />;
  const { message, returnTo } = isRouteErrorResponse(error) ? errorData(error.data) : {};
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} message={message} returnTo={returnTo} requestId={requestId} />;
}
