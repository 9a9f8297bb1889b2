/**
 * `/account/privacy`: what the customer controls of their data (issue 26 §4): a copy of it to download
 * (`/account/data`, JSON), the do-not-sell choice (SPEC §6 `dns_flag`, carried into the cart metafields: decision
 * 102), where their marketing choices are changed (the profile) or stopped (any marketing mail's unsubscribe link),
 * and the way to delete the account (`/account/delete`, decision 101).
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import { AccountNav } from '../components/account/account-nav';
import { accountAccess, ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import {
  DELETE_ACCOUNT_PATH,
  doNotSellForm,
  PRIVACY_MESSAGES,
  PRIVACY_PATH,
} from '../components/account/privacy-forms';
import { CheckboxField, FormStatus, KitForm, SubmitButton } from '../components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Privacy and your data', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await accountAccess(request, context);
  if (access.expired) throw redirect('/account/profile', { status: 303, headers: access.headers });
  // The viewer cookies follow a changed choice here (`refreshedSession`), so the next cart change carries it too.
  return data({ doNotSell: access.profile.flags.dnsFlag }, { headers: access.headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const profile = await requireCustomer(request, context);
  return handleForm({ request, context }, doNotSellForm, {
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit(value, { success, reject }) {
      const saved = await context.services.setDoNotSell(profile.id, value.dns_flag);
      if (!saved) return reject({ formErrors: ['Not Found'] }, 404);
      return success(value.dns_flag ? PRIVACY_MESSAGES.doNotSellOn : PRIVACY_MESSAGES.doNotSellOff, {
        resetForm: false,
      });
    },
  });
}

export default function AccountPrivacy() {
  const { doNotSell } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Privacy and your data</h1>
      <AccountNav />
      <section aria-labelledby="your-data" className={styles.section}>
        <h2 id="your-data">A copy of your data</h2>
        <p>
          Download everything we hold about you: your profile and marketing choices, saved addresses, orders
          and repair requests, in one JSON file.
        </p>
        <p>
          <a href="/account/data" download>
            Download my data
          </a>
        </p>
      </section>
      <section aria-labelledby="do-not-sell" className={styles.section}>
        <h2 id="do-not-sell">Do not sell or share</h2>
        <DoNotSellForm doNotSell={doNotSell} />
      </section>
      <section aria-labelledby="your-choices" className={styles.section}>
        <h2 id="your-choices">Your marketing choices</h2>
        <p>
          Change whether we email or text you offers on your <Link to="/account/profile">profile</Link>. Every
          marketing email also has a link that unsubscribes you in one click.
        </p>
      </section>
      <section aria-labelledby="delete-account" className={styles.section}>
        <h2 id="delete-account">Delete your account</h2>
        <p>
          Deleting your account removes your profile, addresses, sessions and sign-ups. Orders you placed are
          kept for our accounts without your name, email address or street address.
        </p>
        <p>
          <Link to={DELETE_ACCOUNT_PATH}>Delete my account</Link>
        </p>
      </section>
    </div>
  );
}

function DoNotSellForm({ doNotSell }: { doNotSell: boolean }) {
  const kit = useKitForm(doNotSellForm, {
    action: PRIVACY_PATH,
    redirectTo: PRIVACY_PATH,
    defaultValue: { dns_flag: doNotSell ? 'on' : undefined } as never,
  });
  return (
    <KitForm kit={kit} className={styles.form}>
      <CheckboxField
        field={kit.fields.dns_flag}
        label="Do not sell or share my personal information"
        description="We do not sell your personal information. With this ticked, your carts also carry your choice, so no one who handles your order may sell or share it."
      />
      <SubmitButton kit={kit} pendingLabel="Saving…">
        Save my choice
      </SubmitButton>
      <FormStatus kit={kit} />
    </KitForm>
  );
}
