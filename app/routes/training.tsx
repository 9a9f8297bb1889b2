/**
 * `/training` (SPEC §2): where shed-app users land after sign-in. Private: what it shows depends on who asks.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import * as styles from '../components/account/account.css';
import { pageMeta } from '../components/seo/meta';

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Shed App Training', noIndex: true });

export async function loader({ context }: LoaderFunctionArgs) {
  const customer = context.viewer.customer;
  return data(
    { signedIn: customer !== null, shedUser: customer?.flags.shedUser ?? false },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export default function Training() {
  const { signedIn, shedUser } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Shed App Training</h1>
      {shedUser ? (
        <p>Welcome to your training. Your shed app membership gives you pro stock and pricing.</p>
      ) : signedIn ? (
        <p>Training is for shed app members.</p>
      ) : (
        <p>
          <Link to="/training?login=true&redirect=true">Sign in</Link> to see your training.
        </p>
      )}
    </div>
  );
}
