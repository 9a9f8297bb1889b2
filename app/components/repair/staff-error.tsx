/**
 * The error page of a staff screen (the repair desk, the pro program review): what a refused or failed request
 * tells the person at the desk. Both screens sit behind the same staff sign-in (staff.server.ts).
 */
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { container } from '../../../styles/utilities.css';

function staffErrorText(status: number, signInNeeded: string): string {
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
  /** The text of a 401: which sign-in the screen needs. */
  signInNeeded: string;
  styles: { page: string; heading: string };
}) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>{heading}</h1>
      <p>{staffErrorText(status, signInNeeded)}</p>
    </div>
  );
}
