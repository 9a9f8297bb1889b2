/**
 * The HTML part of one mail of the outbox (issue 25 §7), for the mail viewer (`mail.$id.tsx`; the same who may see
 * it). Served as its own document under a second Content-Security-Policy that sandboxes it (an opaque origin, no
 * scripts, no forms) and lets it load nothing but inline styles and images; both policies hold (the page's own and
 * this one). A mail stored without an HTML part shows the one the delivery makes from its text.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { isDatabaseId } from '../../server/forms/public';
import { mailHtmlFromText, mailViewerAllowed } from '../../server/mail/index.server';
import { invariantResponse } from '../components/error-page/http-errors';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const { config, mail, content } = context.services;
  const allowed = mailViewerAllowed({ clientIp: context.clientIp, token, key: config.keys.mailViewer });
  invariantResponse(allowed && isDatabaseId(params.id ?? ''), 'Not Found', { status: 404 });
  const found = await mail.get(Number(params.id));
  invariantResponse(found, 'Not Found', { status: 404 });
  const html =
    found.html ?? mailHtmlFromText(found.text, { brand: content.seo().siteName, subject: found.subject });
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; sandbox",
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
