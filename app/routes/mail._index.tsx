/**
 * The mail viewer (issue 10 §6): the outbox of the embedded store, so the person trying it can open the
 * verification and reset mails and click their links. Only for this machine or the operator token (a 404 to
 * anyone else); never cached.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { mailViewerAllowed } from '../../server/mail/index.server';
import { container } from '../../styles/utilities.css';
import * as styles from '../components/account/account.css';
import { invariantResponse } from '../components/error-page/http-errors';
import { pageMeta } from '../components/seo/meta';

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Mail viewer', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const { config, mail } = context.services;
  invariantResponse(
    mailViewerAllowed({ clientIp: context.clientIp, token, key: config.keys.mailViewer }),
    'Not Found',
    { status: 404 },
  );
  const mails = await mail.list(50);
  return data({
    token,
    mails: mails.map((item) => ({
      id: item.id,
      to: item.to,
      subject: item.subject,
      template: item.template,
      createdAt: item.createdAt.toISOString(),
    })),
  });
}

export default function MailViewer() {
  const { mails, token } = useLoaderData<typeof loader>();
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Mail viewer</h1>
      <p>Mails the store has written to its outbox, newest first.</p>
      {mails.length === 0 ? (
        <p>No mail yet.</p>
      ) : (
        <ul aria-label="Mails">
          {mails.map((item) => (
            <li key={item.id}>
              <Link to={`/mail/${item.id}${query}`}>
                {item.subject} — to {item.to}
              </Link>{' '}
              <span>({new Date(item.createdAt).toUTCString()})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
