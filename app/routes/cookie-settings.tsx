/**
 * Cookie settings (SPEC §2 footer "cookie settings link", §4 consent): the shopper's consent groups, stored in
 * the `consent` cookie. A plain form: without JavaScript it posts, gets the cookie and a 303 back to the page it
 * came from; with JavaScript the same form submits through Remix. The ConsentManager (root) enforces the choice.
 */
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { serialize } from 'cookie';
import { z } from 'zod';
import {
  CONSENT_COOKIE,
  CONSENT_GROUPS,
  CONSENT_MAX_AGE,
  consentFromCookies,
  consentFromForm,
  serializeConsent,
  type Consent,
} from '~/components/consent/consent';
import * as styles from '~/components/consent/cookie-settings.css';
import { returnPath, safeRedirectPath } from '~/components/consent/redirect';
import { domainVariants, trackingCookiesIn } from '~/components/consent/tracking-cookies';
import { pageMeta } from '~/components/seo/meta';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/http/cache';

export const COOKIE_SETTINGS_PATH = '/cookie-settings';

// The page shows this shopper's choice: never shared by a cache.
export const headers: HeadersFunction = () => ({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Cookie Settings', noIndex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  return {
    consent: consentFromCookies(request.headers.get('Cookie')),
    redirectTo: returnPath(
      { url: request.url, referer: request.headers.get('Referer') },
      COOKIE_SETTINGS_PATH,
    ),
  };
}

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save') }),
  z.object({ intent: z.literal('accept-all') }),
  z.object({ intent: z.literal('reject-all') }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = intentSchema.safeParse({ intent: form.get('intent') ?? 'save' });
  if (!parsed.success) throw new Response('Unknown intent', { status: 400 });
  const consent: Consent =
    parsed.data.intent === 'accept-all'
      ? { C0001: true, C0002: true, C0003: true, C0004: true }
      : parsed.data.intent === 'reject-all'
        ? { C0001: true, C0002: false, C0003: false, C0004: false }
        : consentFromForm(form);

  const url = new URL(request.url);
  const headers = new Headers();
  headers.append(
    'Set-Cookie',
    serialize(CONSENT_COOKIE, serializeConsent(consent), {
      path: '/',
      maxAge: CONSENT_MAX_AGE,
      sameSite: 'lax',
      secure: url.protocol === 'https:',
    }),
  );
  // Without JavaScript the ConsentManager cannot run: expire the tracking cookies this request carried.
  if (!consent.C0002) {
    for (const name of trackingCookiesIn(request.headers.get('Cookie') ?? '')) {
      for (const domain of domainVariants(url.hostname)) {
        headers.append(
          'Set-Cookie',
          serialize(name, '', { path: '/', maxAge: 0, expires: new Date(0), domain }),
        );
      }
    }
  }
  headers.set('Cache-Control', 'no-store');
  return redirect(safeRedirectPath(form.get('redirectTo')), { status: 303, headers });
}

export default function CookieSettings() {
  const { consent, redirectTo } = useLoaderData<typeof loader>();
  const saving = useNavigation().formAction === COOKIE_SETTINGS_PATH;
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Cookie Settings</h1>
      <p className={styles.intro}>
        Choose which cookies this store may use. Strictly necessary cookies are always on; the others stay off
        until you turn them on. Your choice is kept for a year in a cookie of its own.
      </p>
      {/* Keyed by the stored choice so that the checkboxes follow it after a save. */}
      <Form method="post" action={COOKIE_SETTINGS_PATH} key={JSON.stringify(consent)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Cookie groups</legend>
          <ul className={styles.groups}>
            {CONSENT_GROUPS.map((group) => (
              <ConsentGroup key={group.id} group={group} checked={consent[group.id]} />
            ))}
          </ul>
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" name="intent" value="save" className={button.primary} disabled={saving}>
            Save my choices
          </button>
          <button
            type="submit"
            name="intent"
            value="accept-all"
            className={button.secondary}
            disabled={saving}
          >
            Allow all
          </button>
          <button
            type="submit"
            name="intent"
            value="reject-all"
            className={button.secondary}
            disabled={saving}
          >
            Reject all
          </button>
        </div>
      </Form>
    </div>
  );
}

function ConsentGroup({ group, checked }: { group: (typeof CONSENT_GROUPS)[number]; checked: boolean }) {
  const inputId = `consent-${group.id}`;
  const descriptionId = `${inputId}-description`;
  return (
    <li className={styles.group}>
      <input
        id={inputId}
        className={styles.checkbox}
        type="checkbox"
        name={group.id}
        value="1"
        defaultChecked={group.required || checked}
        disabled={group.required}
        aria-describedby={descriptionId}
      />
      <label htmlFor={inputId} className={styles.label}>
        {group.title}
      </label>
      <p id={descriptionId} className={styles.description}>
        {group.description}
      </p>
      {group.required ? <p className={styles.always}>Always on</p> : null}
    </li>
  );
}
