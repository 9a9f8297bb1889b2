/**
 * The unsubscribe link of every marketing mail (issue 26 §2): `/unsubscribe?email=…&token=…`.
 * - A GET shows the address and an "Unsubscribe" button and changes nothing (mail scanners open links).
 * - The button posts the form (the form kit: works without JavaScript, the Origin check guards it).
 * - RFC 8058 one-click goes to `/unsubscribe/one-click` (the `List-Unsubscribe` header's address, a resource route
 *   that answers in plain text): `unsubscribe_.one-click.ts`.
 * No sign-in either way; the token is a keyed hash of the address (server/customers/unsubscribe-link.ts).
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import * as styles from '~/components/consent/cookie-settings.css';
import { FormStatus, KitForm, SubmitButton } from '~/components/forms/fields';
import { formRouteHeaders, handleForm, newIdempotencyKey, perClient } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import {
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBE_PATH,
  unsubscribedMessage,
  unsubscribeForm,
} from '~/components/newsletter/unsubscribe-form';
import { pageMeta } from '~/components/seo/meta';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';

// Personal (the link names an address), and its address never sent to another site in a Referer. `same-origin`,
// not `no-referrer`: under `no-referrer` a browser posts the page's own form with `Origin: null`, which the Origin
// check refuses.
export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE, 'Referrer-Policy': 'same-origin' });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Unsubscribe', noIndex: true });

/** The link's pair, when it parses and its token is the address's. */
export function validLink(url: URL, isValid: (email: string, token: string) => boolean) {
  const parsed = unsubscribeForm.schema().safeParse({
    email: url.searchParams.get('email') ?? undefined,
    token: url.searchParams.get('token') ?? undefined,
  });
  return parsed.success && isValid(parsed.data.email, parsed.data.token) ? parsed.data : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const link = validLink(new URL(request.url), context.services.newsletter.isValidLink);
  return { link, idempotencyKey: newIdempotencyKey() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, unsubscribeForm, {
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit({ email, token }, { success, reject }) {
      const done = await context.timing.measure('db', () =>
        context.services.newsletter.unsubscribe(email, token),
      );
      return done
        ? success(unsubscribedMessage(email))
        : reject({ formErrors: [UNSUBSCRIBE_LINK_INVALID] }, 400);
    },
  });
}

export default function Unsubscribe() {
  const { link, idempotencyKey } = useLoaderData<typeof loader>();
  const kit = useKitForm(unsubscribeForm, {
    action: link
      ? `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ email: link.email, token: link.token }).toString()}`
      : UNSUBSCRIBE_PATH,
    // Without JavaScript the answer comes back to this page without the link in its address.
    redirectTo: UNSUBSCRIBE_PATH,
    idempotencyKey,
  });
  const done = kit.message !== undefined;
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Unsubscribe</h1>
      {link && !done ? (
        <>
          <p className={styles.intro}>
            {`Stop sending marketing emails (the newsletter and offers) to ${link.email}? Order, repair and account emails still come when there is news of them.`}
          </p>
          <KitForm kit={kit}>
            <input type="hidden" name="email" value={link.email} />
            <input type="hidden" name="token" value={link.token} />
            <SubmitButton kit={kit} pendingLabel="Unsubscribing…">
              Unsubscribe
            </SubmitButton>
          </KitForm>
        </>
      ) : null}
      {!link && !done && kit.formErrors.length === 0 ? (
        <p className={styles.intro}>{UNSUBSCRIBE_LINK_INVALID}</p>
      ) : null}
      <FormStatus kit={kit} fields={['email', 'token']} className={styles.status} />
      <p className={styles.back}>
        <Link to="/">Continue shopping</Link>
      </p>
    </div>
  );
}
