import { Link, useActionData } from '@remix-run/react';
import { button } from '../../../styles/button.css';
import { container } from '../../../styles/utilities.css';
import * as styles from '../error-page/error-page.css';
import { errorCopy } from '../error-page/http-errors';
import type { FormReply } from './form-kit';

/**
 * The page of a form action's own URL: for a GET, that this address takes form posts only; for a browser that
 * posted here without the form's `redirectTo` (the store's forms always send it without JavaScript), the outcome
 * in words. Either way, a way back.
 */
export function FormReplyPage({ title }: { title: string }) {
  const reply = useActionData<FormReply>();
  const errors = Object.values(reply?.result.error ?? {}).flatMap((messages) => messages ?? []);
  return (
    <div className={`${container} ${styles.page}`}>
      {reply ? null : <p className={styles.status}>Error 405</p>}
      <h1 className={styles.heading}>{reply ? title : errorCopy(405).title}</h1>
      {!reply ? (
        <p className={styles.text}>{errorCopy(405).text}</p>
      ) : errors.length > 0 ? (
        <ul className={styles.text}>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.text}>{reply.message}</p>
      )}
      <div className={styles.actions}>
        <Link to="/" className={button.primary}>
          Back to the homepage
        </Link>
      </div>
    </div>
  );
}
