/**
 * Where sign-out lands (SPEC §4): a short notice, then `/?login=true` after 2 seconds, by the `Refresh` header
 * without JavaScript and by a navigation with it.
 */
import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { Link, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { SIGN_OUT_DELAY_MS } from '../../server/identity/public';
import { container } from '../../styles/utilities.css';
import * as styles from '../components/account/account.css';

const NEXT = '/?login=true';

export const headers: HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  Refresh: `${SIGN_OUT_DELAY_MS / 1000}; url=${NEXT}`,
});

export const meta: MetaFunction = () => [{ title: 'Signed out' }, { name: 'robots', content: 'noindex' }];

export default function SignedOut() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(NEXT), SIGN_OUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>You are signed out</h1>
      <p role="status">Taking you to the sign-in page…</p>
      <p>
        <Link to={NEXT}>Sign in again</Link>
      </p>
    </div>
  );
}
