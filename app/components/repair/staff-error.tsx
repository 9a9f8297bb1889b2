/**
 * The error page of a staff screen (the repair desk, the pro program review): what a refused or failed request
 * tells the person at the desk — the refusal's own message (server/staff: sign-in needed, role missing, locked),
 * with a link to the staff sign-in when signing in (again, or as someone else) would help.
 */
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { STAFF_SIGN_IN_PATH } from '../../../server/staff/public';
import { container } from '../../../styles/utilities.css';

function staffErrorText(status: number, data: unknown, signInNeeded: string): string {
  const message =
    typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : null;
  if (message && [401, 403, 429].includes(status)) return message;
  if (status === 401) return signInNeeded;
  if (status === 404) return 'Page not found.';
  if (status === 429) return 'Too many attempts. Please try again later.';
  return 'Something went wrong. Please try again.';
}

export function StaffErrorPage({
  heading,
  signInNeeded,
  styles,
}: {
  heading: string;
  /** The text of a 401 without a message of its own. */
  signInNeeded: string;
  styles: { page: string; heading: string };
}) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>{heading}</h1>
      <p>{staffErrorText(status, data, signInNeeded)}</p>
      {status === 401 || status === 403 ? (
        <p>
          <a href={STAFF_SIGN_IN_PATH}>Staff sign-in</a>
        </p>
      ) : null}
    </div>
  );
}
