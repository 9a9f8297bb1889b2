/**
 * RFC 8058 one-click unsubscribe, the address of a marketing mail's `List-Unsubscribe` header:
 * `POST /unsubscribe/one-click?email=…&token=…` with the body `List-Unsubscribe=One-Click`, sent by the recipient's
 * mail provider with no cookies and no Origin. The link's token is the proof (a keyed hash of the address). Plain
 * text answers: 200 unsubscribed (again: still 200), 400 a link that is not valid or a body that is not the
 * one-click one. A GET (a person who followed the header's link) goes to the page, which asks first.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { UNSUBSCRIBE_LINK_INVALID, unsubscribedMessage } from '~/components/newsletter/unsubscribe-form';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { validLink } from './unsubscribe';

const PLAIN = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_PRIVATE };
const ONE_CLICK = 'List-Unsubscribe=One-Click';
/** The one-click body is 26 bytes; anything much longer is not one. */
const MAX_BODY = 256;

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/unsubscribe${new URL(request.url).search}`, {
    headers: { 'Cache-Control': CACHE_PRIVATE },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const body = (await request.text()).slice(0, MAX_BODY + 1);
  if (body.length > MAX_BODY || new URLSearchParams(body).get('List-Unsubscribe') !== 'One-Click')
    return new Response(`A one-click unsubscribe posts "${ONE_CLICK}".`, { status: 400, headers: PLAIN });
  const link = validLink(new URL(request.url), context.services.newsletter.isValidLink);
  if (!link) return new Response(UNSUBSCRIBE_LINK_INVALID, { status: 400, headers: PLAIN });
  await context.timing.measure('db', () => context.services.newsletter.unsubscribe(link.email, link.token));
  return new Response(unsubscribedMessage(link.email), { status: 200, headers: PLAIN });
}
