/**
 * One mail of the outbox in the mail viewer (see `mail._index.tsx` for who may see it): its sender, headers, the
 * text part with its links clickable, and a link to the HTML part (issue 25 §7), served by `mail.$id.html.ts` as a
 * sandboxed page of its own (a sandboxed `srcdoc` frame here made Chromium log blocked-script errors on every view).
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { isDatabaseId } from '../../server/forms/public';
import { mailSender, mailViewerAllowed } from '../../server/mail/index.server';
import { container } from '../../styles/utilities.css';
import * as styles from '../components/account/account.css';
import { invariantResponse } from '../components/error-page/http-errors';
import { pageMeta } from '../components/seo/meta';

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Mail', noIndex: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const { config, mail, content } = context.services;
  const allowed = mailViewerAllowed({
    clientIp: context.clientIp,
    token,
    key: config.keys.mailViewer,
  });
  invariantResponse(allowed && isDatabaseId(params.id ?? ''), 'Not Found', { status: 404 });
  const found = await mail.get(Number(params.id));
  invariantResponse(found, 'Not Found', { status: 404 });
  const brand = content.seo().siteName;
  return data({
    token,
    mail: {
      id: found.id,
      from: mailSender({ configured: config.mail.from, brand, address: config.mail.address }),
      to: found.to,
      subject: found.subject,
      text: found.text,
      headers: found.headers ?? {},
    },
  });
}

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

export default function MailView() {
  const { mail, token } = useLoaderData<typeof loader>();
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const back = `/mail${query}`;
  return (
    <div className={`${container} ${styles.page}`}>
      <p>
        <Link to={back}>All mails</Link>
      </p>
      <h1 className={styles.heading}>{mail.subject}</h1>
      <p>From: {mail.from}</p>
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
      <section aria-labelledby="text-part" className={styles.section}>
        <h2 id="text-part">Text part</h2>
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
      </section>
      <section aria-labelledby="html-part" className={styles.section}>
        <h2 id="html-part">HTML part</h2>
        <p>
          <a href={`/mail/${mail.id}/html${query}`}>Open the HTML part</a> (shown on a page of its own,
          sandboxed: nothing of a mail runs or loads on this viewer's pages).
        </p>
      </section>
    </div>
  );
}
