/**
 * `/account/deleted` (issue 26 §4; decision 101): where a deleted account's browser lands, signed out. Says what was
 * removed and what was kept; nothing on it is personal, but it is not a page to index or cache.
 */
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import { ACCOUNT_HEADERS } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import { PRIVACY_MESSAGES } from '../components/account/privacy-forms';
import { pageMeta } from '../components/seo/meta';

export const headers = () => ACCOUNT_HEADERS;

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Account deleted', noIndex: true });

export default function AccountDeleted() {
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Account deleted</h1>
      <p role="status">{PRIVACY_MESSAGES.deleted}</p>
      <p>
        You are signed out everywhere. Orders you placed are kept for our accounts without your name, email
        address or street address. You are welcome to create a new account with the same email address at any
        time.
      </p>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </div>
  );
}
