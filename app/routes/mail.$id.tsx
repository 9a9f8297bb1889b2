/** One mail of the outbox in the mail viewer, its links clickable (see `mail._index.tsx` for who may see it). */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { isDatabaseId } from '../../server/forms/public';
import { mailViewerAllowed } from '../../server/mail/index.server';
import { container } from '../../styles/utilities.css';
import * as styles from '../components/account/account.css';
import { invariantResponse } from '../components/error-page/http-errors';
import { pageMeta } from '../components/seo/meta';

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Mail', noIndex: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const { config, mail } = context.services;
  const allowed = mailViewerAllowed({
    clientIp: context.clientIp,
    token,
    key: config.keys.mailViewer,
  });
  invariantResponse(allowed && isDatabaseId(params.id ?? ''), 'Not Found', { status: 404 });
  const found = await mail.get(Number(params.id));
  invariantResponse(found, 'Not Found', { status: 404 });
  return data({
    token,
    mail: { to: found.to, subject: found.subject, text: found.text, headers: found.headers ?? {} },
  });
}

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

export default function MailView() {
  const { mail, token } = useLoaderData<typeof loader>();
  const back = token ? `/mail?token=${encodeURIComponent(token)}` : '/mail';
  return (
    <div className={`${container} ${styles.page}`}>
      <p>
        <Link to={back}>All mails</Link>
      </p>
      <h1 className={styles.heading}>{mail.subject}</h1>
      <p>To: {mail.to}</p>
      {Object.keys(mail.headers).length > 0 ? (
        <dl aria-label="Headers">
          {Object.entries(mail.headers).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className={styles.section}>
        {mail.text.split('\n').map((line, index) => (
          <p key={index}>
            {line.split(URL_PATTERN).map((part, partIndex) =>
              /^https?:\/\//.test(part) ? (
                <a key={partIndex} href={part}>
                  {part}
                </a>
              ) : (
                part
              ),
            )}
          </p>
        ))}
      </div>
    </div>
  );
}
