/**
 * `/account/privacy`: what the customer controls of their data (issue 26 §4): a copy of it to download
 * (`/account/data`, JSON), and where their marketing choices are changed (the profile) or stopped (any marketing
 * mail's unsubscribe link).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import { AccountNav } from '../components/account/account-nav';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import { pageMeta } from '../components/seo/meta';

export const headers = () => ACCOUNT_HEADERS;

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Privacy and your data', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(request, context);
  return data({}, { headers: ACCOUNT_HEADERS });
}

export default function AccountPrivacy() {
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Privacy and your data</h1>
      <AccountNav />
      <section aria-labelledby="your-data" className={styles.section}>
        <h2 id="your-data">A copy of your data</h2>
        <p>
          Download everything we hold about you: your profile and marketing choices, saved addresses, orders
          and repair requests, in one JSON file.
        </p>
        <p>
          <a href="/account/data" download>
            Download my data
          </a>
        </p>
      </section>
      <section aria-labelledby="your-choices" className={styles.section}>
        <h2 id="your-choices">Your marketing choices</h2>
        <p>
          Change whether we email or text you offers on your <Link to="/account/profile">profile</Link>. Every
          marketing email also has a link that unsubscribes you in one click.
        </p>
      </section>
    </div>
  );
}
