/**
 * Cookie settings (SPEC §2 footer "cookie settings link", §4 consent): the shopper's consent groups, stored in
 * the `consent` cookie, on the form kit (docs/decisions/031-form-kit.md). Without JavaScript the form posts, gets
 * the cookie and a 303 back to this page, which says the choice is saved (flash) and links back to the page the
 * shopper came from; with JavaScript a fetcher saves in place. The ConsentManager (root) enforces the choice.
 */
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { serialize } from 'cookie';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE,
  consentFromCookies,
  serializeConsent,
  type Consent,
} from '~/components/consent/consent';
import { CONSENT_GROUPS } from '~/components/consent/consent-groups';
import * as styles from '~/components/consent/cookie-settings.css';
import {
  consentFromChoice,
  COOKIE_SETTINGS_PATH,
  COOKIE_SETTINGS_SAVED,
  cookieSettingsForm,
} from '~/components/consent/cookie-settings-schema';
import { returnPath } from '~/components/consent/redirect';
import { domainVariants, trackingCookiesIn } from '~/components/consent/tracking-cookies';
import { CheckboxField, FormStatus, KitForm, SubmitButton } from '~/components/forms/fields';
import { formRouteHeaders, handleForm } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import { pageMeta } from '~/components/seo/meta';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';

export { COOKIE_SETTINGS_PATH };

// The page shows this shopper's choice: never shared by a cache.
export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE });

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Cookie Settings', noIndex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  /** The page the shopper came from (`?redirectTo=` or a same-origin Referer). */
  const returnTo = returnPath(
    { url: request.url, referer: request.headers.get('Referer') },
    COOKIE_SETTINGS_PATH,
  );
  // Opened from the footer (a Referer, no parameter): the address keeps where to go back, so that the page
  // still knows it after a save (post/redirect/get, or a fetcher's revalidation, both sent from this page).
  if (returnTo !== '/' && url.searchParams.get('redirectTo') !== returnTo)
    throw redirect(`${COOKIE_SETTINGS_PATH}?${new URLSearchParams({ redirectTo: returnTo })}`, {
      headers: { 'Cache-Control': CACHE_PRIVATE },
    });
  return {
    consent: consentFromCookies(request.headers.get('Cookie')),
    returnTo,
    /** This page, where a post without JavaScript comes back to. */
    self: `${url.pathname}${url.search}`,
  };
}

/** Stores the consent and, without C0002, expires the tracking cookies the request carried. */
function consentHeaders(request: Request, consent: Consent): Headers {
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
  return headers;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, cookieSettingsForm, {
    async submit(value, { success }) {
      return success(COOKIE_SETTINGS_SAVED, { headers: consentHeaders(request, consentFromChoice(value)) });
    },
  });
}

export default function CookieSettings() {
  const { consent, returnTo, self } = useLoaderData<typeof loader>();
  // The form below starts again after a save; holding its fetcher here keeps the answer (the saved message)
  // across that remount, since an idle fetcher is dropped with the last component that used it.
  useFetcher({ key: cookieSettingsForm.id });
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Cookie Settings</h1>
      <p className={styles.intro}>
        Choose which cookies this store may use. Strictly necessary cookies are always on; the others stay off
        until you turn them on. Your choice is kept for a year in a cookie of its own.
      </p>
      {/* Keyed by the stored choice: after a save the checkboxes start again from what was stored. */}
      <CookieSettingsForm key={serializeConsent(consent)} consent={consent} redirectTo={self} />
      <p className={styles.back}>
        <Link to={returnTo}>
          {returnTo === '/' ? 'Back to the homepage' : 'Back to the page you were on'}
        </Link>
      </p>
    </div>
  );
}

function CookieSettingsForm({ consent, redirectTo }: { consent: Consent; redirectTo: string }) {
  const kit = useKitForm(cookieSettingsForm, {
    action: COOKIE_SETTINGS_PATH,
    redirectTo,
    defaultValue: { C0002: consent.C0002, C0003: consent.C0003, C0004: consent.C0004 },
  });
  const { fields } = kit;
  return (
    <KitForm kit={kit}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Cookie groups</legend>
        <ul className={styles.groups}>
          {CONSENT_GROUPS.map((group) => (
            <li key={group.id} className={styles.group}>
              {group.required ? (
                <RequiredGroup group={group} />
              ) : (
                <CheckboxField
                  field={fields[group.id]}
                  label={group.title}
                  description={group.description}
                  className={styles.groupField}
                  inputClassName={styles.checkbox}
                  labelClassName={styles.label}
                  descriptionClassName={styles.description}
                />
              )}
            </li>
          ))}
        </ul>
      </fieldset>
      <div className={styles.actions}>
        <SubmitButton kit={kit} name="intent" value="save">
          Save my choices
        </SubmitButton>
        <SubmitButton kit={kit} name="intent" value="accept-all" className={button.secondary}>
          Allow all
        </SubmitButton>
        <SubmitButton kit={kit} name="intent" value="reject-all" className={button.secondary}>
          Reject all
        </SubmitButton>
      </div>
      <FormStatus kit={kit} fields={['intent']} className={styles.status} />
    </KitForm>
  );
}

/** The strictly necessary group: always on, so not a field of the form. */
function RequiredGroup({ group }: { group: (typeof CONSENT_GROUPS)[number] }) {
  const inputId = `consent-${group.id}`;
  const descriptionId = `${inputId}-description`;
  return (
    <div className={styles.groupField}>
      <input
        id={inputId}
        className={styles.checkbox}
        type="checkbox"
        checked
        readOnly
        disabled
        aria-describedby={descriptionId}
      />
      <label htmlFor={inputId} className={styles.label}>
        {group.title}
      </label>
      <p id={descriptionId} className={styles.description}>
        {group.description}
      </p>
      <p className={styles.always}>Always on</p>
    </div>
  );
}
